// RUN: not psum-opt %s --psum-allocate="verify=true" -o /dev/null 2>&1 | FileCheck %s

// Block %i + 1 is rewritten narrower in iteration %i and read whole at the
// top of iteration %i + 1, before the write's point but after it in time:
// the read sees the upper half of the block's value from before the loop.
// The timeline counts the reads from the write's anchor (the rotating
// loop's header) on, not from the write's own point, or block 1's first
// value would end at its write and block 0 take its bank, which the
// checker refuses (the session-45 mutation round: no other test told).
// On one bank block 1's first value and block 0's overlap: too big.
// CHECK: error: ps is too big for PSUM
// CHECK-NOT: share bank
bir.func @narrower_write_read_next_iteration attributes {arch = #bir.arch<gen2, banks = 1>} {
  %x = bir.memloc "x" sbuf [128, 256] x 2
  %ident = bir.memloc "ident" sbuf [128, 256]
  %ps = bir.memloc "ps" psum [128, 2048] x 3
  %y = bir.memloc "y" sbuf [128, 1024] x 3
  bir.matmul %ps[0:128, 0:2048, 1] = %x[0:128, 0:256, 1], %ident latency 32
  bir.matmul %ps[0:128, 0:2048, 0] = %x[0:128, 0:256, 0], %ident latency 32
  bir.loop %i = 0 to 2 {
    bir.activation identity %y[0:128, 0:1024, %i] = %ps[0:128, 0:2048, %i] latency 16
    bir.matmul %ps[0:128, 0:1024, %i + 1] = %x[0:128, 0:128, %i], %ident latency 32
  }
  bir.activation identity %y[0:128, 0:512, 2] = %ps[0:128, 0:1024, 2] latency 16
}
