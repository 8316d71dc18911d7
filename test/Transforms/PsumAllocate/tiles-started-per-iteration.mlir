// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Eight tiles of one matmul each, written with `+=` directly in the loop
// whose iv picks the tile: each iteration starts its own tile's group
// (docs/BIR.md, Accumulation), and the tile is drained in the same
// iteration, so all eight share one bank, even on gen1's four. Until
// session 10 the start began only in the first iteration, the others added
// to the tile's old value, and the function was refused: "acc is too big
// for PSUM, requires 8 banks with PSUM size 4".
// CHECK-LABEL: bir.func @one_matmul_tiles_on_gen1
// CHECK: %acc = bir.memloc "acc" psum [64, 2048] x 8 {banks = array<i64: 0, 0, 0, 0, 0, 0, 0, 0>, base_bank = 0 : i64}
// SIM: checked 2 functions: 2 allocated, 0 rejected inputs, 0 violations
bir.func @one_matmul_tiles_on_gen1 attributes {arch = #bir.arch<gen1>} {
  %w   = bir.memloc "w" sbuf [64, 1024]
  %x   = bir.memloc "x" sbuf [64, 2048] x 8
  %y   = bir.memloc "y" sbuf [64, 2048] x 8
  %acc = bir.memloc "acc" psum [64, 2048] x 8
  bir.loop %n = 0 to 8 {
    bir.matmul %acc[0:64, 0:2048, %n] += %w, %x[0:64, 0:2048, %n] latency 64
    bir.activation relu %y[0:64, 0:2048, %n] = %acc[0:64, 0:2048, %n] latency 32
  }
}

// -----

// Only the first `+=` op of a location starts a group. Here the prologue's
// `acc[0] +=` does, so the loop's `acc[n + 1] +=` over k adds to what its
// block held before: every block keeps its own bank. (Written with `=` for
// the first product, as examples/pipelined_matmul.mlir is, the tiles
// rotate over two banks.)
// CHECK-LABEL: bir.func @pipeline_accumulating_from_the_start
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, base_bank = 0 : i64}
bir.func @pipeline_accumulating_from_the_start attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 4
  %x   = bir.memloc "x" sbuf [128, 2048] x 4
  %y   = bir.memloc "y" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 8
  bir.loop %k = 0 to 4 {
    bir.matmul %acc[0:128, 0:2048, 0] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 7 {
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n + 1] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 7] = %acc[0:128, 0:2048, 7] latency 32
}
