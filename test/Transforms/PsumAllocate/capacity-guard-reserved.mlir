// RUN: psum-opt %s -verify-diagnostics --psum-allocate="verify=true reserved-banks=3"

// Reserved banks shrink the budget the guard compares against.
bir.func @reserved attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  // expected-error @+1 {{acc is too big for PSUM, requires 4 banks with PSUM size 3}}
  %acc = bir.memloc "acc" psum [128, 8192]
  bir.matmul %acc = %w, %x latency 64
  bir.activation identity %y = %acc latency 32
}
