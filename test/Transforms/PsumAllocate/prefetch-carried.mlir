// RUN: psum-opt %s --psum-explain="phase=live" -verify-diagnostics -o /dev/null
// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A pipeline's first tile prefetched at the end of the outer loop's body:
// the inner loop's first read of t[j] sees what the previous iteration of %i
// wrote, so t is live around %i (header 0 to back-edge 8), across u. The
// read's innermost loop holds the first write and the last read, and only
// that loop used to be covered: u took t's bank 0 and clobbered the
// prefetched tile.
// Linear points: 0 loop %i, 1 matmul u, 2 activation, 3 loop %j, 4 matmul,
// 5 activation, 6 back-edge %j, 7 matmul t[0], 8 back-edge %i.

// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @prefetch_carried
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {{{.*}}spilled}
bir.func @prefetch_carried attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [0, 8], 4 banks, shrink factor 1}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  // expected-remark @+1 {{live [1, 2], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  }
}
