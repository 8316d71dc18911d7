// RUN: psum-opt %s --psum-explain="phase=live" -verify-diagnostics -o /dev/null
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A one-bank tile written as quarters in each pass of %n: the diagonal by
// `=`, the other two quarters by `+=` K loops. Nothing before touched
// either `+=` quarter, so each starts its group in the first pass of %k,
// which overwrites it in every pass of %n: nothing of t is carried around
// %n. The group starts keep the writes so far, a write widened by the next
// only where the two share a whole side (a tile written as thousands of
// pieces in order stays a few rectangles to search): had the diagonal
// quarters merged at their corner into the whole tile, the `+=` quarters
// would continue groups from the previous pass, and t would be live around
// all of %n, [0, 8].
// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations

// Linear points: 0 loop %n, 1-2 matmuls, 3 loop %k, 4-5 matmuls, 6
// back-edge of %k, 7 activation, 8 back-edge of %n.
bir.func @quarters_started_after_a_diagonal attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 8
  %x = bir.memloc "x" sbuf [128, 1024] x 8
  // expected-remark @+1 {{live [1, 7], 1 banks, shrink factor 1}}
  %t = bir.memloc "t" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  bir.loop %n = 0 to 4 {
    bir.matmul %t[0:64, 0:1024] = %w[0:128, 0:128, 0], %x[0:128, 0:1024, 0] latency 64
    bir.matmul %t[64:128, 1024:2048] = %w[0:128, 0:128, 1], %x[0:128, 0:1024, 1] latency 64
    bir.loop %k = 0 to 8 {
      bir.matmul %t[64:128, 0:1024] += %w[0:128, 0:128, %k], %x[0:128, 0:1024, %k] latency 64
      bir.matmul %t[0:64, 1024:2048] += %w[0:128, 0:128, %k], %x[0:128, 0:1024, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %t latency 32
  }
}
