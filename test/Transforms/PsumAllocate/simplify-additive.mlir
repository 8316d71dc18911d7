// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-explain="phase=simplify" -o /dev/null

// Neighbors sum exactly to the budget: 4 - 2 - (1 + 1) = 0, SAFE.
// expected-remark @+1 {{node stack: a b c}}
bir.func @exact attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  // expected-remark @+1 {{additive test 0: lo}}
  %a = bir.memloc "a" psum [128, 4096]
  // expected-remark @+1 {{additive test 0: lo}}
  %b = bir.memloc "b" psum [128, 2048]
  // expected-remark @+1 {{additive test 0: lo}}
  %c = bir.memloc "c" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.matmul %b = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %c = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y = %a latency 32
  bir.activation identity %y[0:128, 0:2048] = %b latency 32
  bir.activation identity %y[0:128, 0:2048] = %c latency 32
}

// -----

// One bank more: 4 - 2 - (1 + 1 + 1) = -1, UNSAFE; an accumulator is INFINITE.
// The seed heuristic pushes the hi node of least cost per bank (b: 128 / 5)
// optimistically; that frees a bank for every other node, which turn lo.
// expected-remark @+1 {{node stack: b a c d}}
bir.func @one_more attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  // expected-remark @+1 {{additive test -1: hi}}
  %a = bir.memloc "a" psum [128, 4096]
  // expected-remark @+1 {{additive test -1: hi}}
  %b = bir.memloc "b" psum [128, 2048]
  // expected-remark @+1 {{additive test -1: hi}}
  %c = bir.memloc "c" psum [128, 2048]
  // expected-remark @+1 {{additive test -1: inf}}
  %d = bir.memloc "d" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.matmul %b = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %c = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %d += %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y = %a latency 32
  bir.activation identity %y[0:128, 0:2048] = %b latency 32
  bir.activation identity %y[0:128, 0:2048] = %c latency 32
  bir.activation identity %y[0:128, 0:2048] = %d latency 32
}
