// RUN: psum-opt %s -verify-diagnostics --psum-allocate="num-banks=2" -o /dev/null

// A pin must be a bank of the target the options name, even on a location
// nobody accesses (the output's verifier checks it against that target).
bir.func @pin_outside_the_target attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  // expected-error @+1 {{'pinned' is pinned to bank 7, outside the 2 PSUM banks}}
  %pinned = bir.memloc "pinned" psum [128, 2048] {pin = 7}
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}
