// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A PSUM pool: one location of two blocks, each a buffer named by a
// constant, one of them reused for a narrower value (a tail tile, a
// transposed scale slab). The narrower write covers what the reads of its
// block read from it on, so it starts a value of its own, and the blocks
// share a bank where their values never overlap. Before session 45 a write
// had to cover what every read of the block reads: the first value of
// block 1 stayed live to the last read, so the pool took two banks, and on
// one bank was refused as too big for PSUM with the note "no two of its 2
// blocks share a bank: all 2 hold values at once here" (the session-45
// kernel audit: a GEMM using such a pool for its PE transposes spilled).
// SIM: checked 3 functions: 3 allocated, 0 rejected inputs, 0 violations, 0 spill copies

// CHECK-LABEL: bir.func @straight_line
// CHECK: %ps = bir.memloc "ps" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
bir.func @straight_line attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 256] x 2
  %ps = bir.memloc "ps" psum [128, 2048] x 2
  %y = bir.memloc "y" sbuf [128, 1024] x 4
  bir.matmul %ps[0:128, 0:2048, 1] = %a[0:128, 0:256, 1], %a[0:128, 0:256, 0] latency 32
  bir.activation identity %y[0:128, 0:1024, 1] = %ps[0:128, 0:2048, 1] latency 16
  bir.matmul %ps[0:128, 0:2048, 0] = %a[0:128, 0:256, 0], %a[0:128, 0:256, 1] latency 32
  bir.activation identity %y[0:128, 0:1024, 0] = %ps[0:128, 0:2048, 0] latency 16
  bir.matmul %ps[0:128, 0:1024, 1] = %a[0:128, 0:256, 1], %a[0:128, 0:256, 0] latency 32
  bir.activation identity %y[0:128, 0:512, 2] = %ps[0:128, 0:1024, 1] latency 16
}

// -----

// Seven accumulators live across the K loop and the pool for the PE
// transposes of each K step take the eight banks, with no spill (a spill
// of 768 cycles before).
// CHECK-LABEL: bir.func @gemm_with_a_transpose_pool
// CHECK-SAME: psum.score = 0
// CHECK: %ps = bir.memloc "ps" psum [128, 2048] x 2 {banks = array<i64: 7, 7>, base_bank = 7 : i64}
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] x 7 {banks = array<i64: 0, 1, 2, 3, 4, 5, 6>, base_bank = 0 : i64}
// CHECK-NOT: bir.tensor_copy
bir.func @gemm_with_a_transpose_pool attributes {arch = #bir.arch<gen2>} {
  %x = bir.memloc "x" sbuf [128, 256] x 8
  %z = bir.memloc "z" sbuf [128, 256] x 8
  %ident = bir.memloc "ident" sbuf [128, 256]
  %w = bir.memloc "w" sbuf [128, 1024] x 7
  %ps = bir.memloc "ps" psum [128, 2048] x 2
  %xT = bir.memloc "xT" sbuf [128, 1024]
  %zT = bir.memloc "zT" sbuf [128, 1024]
  %sT = bir.memloc "sT" sbuf [128, 512]
  %acc = bir.memloc "acc" psum [128, 2048] x 7
  %y = bir.memloc "y" sbuf [128, 1024] x 7
  bir.loop %n0 = 0 to 7 {
    bir.inst "memset" writes(%acc[0:128, 0:2048, %n0]) reads() latency 8
  }
  bir.loop %k = 0 to 8 {
    bir.matmul %ps[0:128, 0:2048, 1] = %x[0:128, 0:256, %k], %ident latency 32
    bir.activation identity %xT = %ps[0:128, 0:2048, 1] latency 16
    bir.matmul %ps[0:128, 0:2048, 0] = %z[0:128, 0:256, %k], %ident latency 32
    bir.activation identity %zT = %ps[0:128, 0:2048, 0] latency 16
    bir.matmul %ps[0:128, 0:1024, 1] = %z[0:128, 0:128, %k], %ident latency 32
    bir.activation identity %sT = %ps[0:128, 0:1024, 1] latency 16
    bir.loop %n = 0 to 7 {
      bir.matmul %acc[0:128, 0:2048, %n] += %xT[0:128, 0:256], %w[0:128, 0:1024, %n] latency 128
    }
  }
  bir.loop %n1 = 0 to 7 {
    bir.inst "scale_gelu" writes(%y[0:128, 0:1024, %n1]) reads(%acc[0:128, 0:2048, %n1], %sT, %zT) latency 64
  }
}

// -----

// A two-buffer pool drained by rotating loops: the first loop writes and
// reads each buffer whole (reads naming both blocks through the iv), the
// second reuses each buffer for a narrower value. From its place on, the
// narrower write covers every read of its block, so the first values end
// and both buffers share one bank, spill-free (the reads naming blocks by
// an iv are counted from a place too: the session-45 mutation round).
// CHECK-LABEL: bir.func @pool_narrower_by_rotating_loops
// CHECK-SAME: psum.score = 0
// CHECK: %ps = bir.memloc "ps" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
// CHECK-NOT: bir.tensor_copy
bir.func @pool_narrower_by_rotating_loops attributes {arch = #bir.arch<gen2, banks = 1>} {
  %x = bir.memloc "x" sbuf [128, 256] x 2
  %ident = bir.memloc "ident" sbuf [128, 256]
  %ps = bir.memloc "ps" psum [128, 2048] x 2
  %y = bir.memloc "y" sbuf [128, 1024] x 2
  %s = bir.memloc "s" sbuf [128, 512] x 2
  bir.loop %i = 0 to 2 {
    bir.matmul %ps[0:128, 0:2048, %i] = %x[0:128, 0:256, %i], %ident latency 32
    bir.activation identity %y[0:128, 0:1024, %i] = %ps[0:128, 0:2048, %i] latency 16
  }
  bir.loop %j = 0 to 2 {
    bir.matmul %ps[0:128, 0:1024, %j] = %x[0:128, 0:128, %j], %ident latency 32
    bir.activation identity %s[0:128, 0:512, %j] = %ps[0:128, 0:1024, %j] latency 16
  }
}
