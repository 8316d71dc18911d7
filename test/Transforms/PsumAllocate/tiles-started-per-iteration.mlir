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
// SIM: checked 3 functions: 3 allocated, 0 rejected inputs, 0 violations
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

// A software pipeline accumulating every tile with `+=` from k = 0: the
// prologue's `acc[0] +=` starts tile 0's group, and the loop's
// `acc[n + 1] +=` starts the groups of tiles 1 to 7, which nothing wrote
// before it (bir::GroupStarts), each in the first iteration of its k loop.
// Two tiles hold values at once: they rotate over two banks, as with `=`
// for the first product (examples/pipelined_matmul.mlir). Until session 10
// only the first `+=` op of a location started a group, so the loop's
// added to what its blocks held, and every block kept its own bank.
// CHECK-LABEL: bir.func @pipeline_accumulating_from_the_start
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 0, 1, 0, 1, 0, 1>, base_bank = 0 : i64}
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

// -----

// Unrolled by two (step 2): `acc[n] +=` names blocks 0, 2, 4, 6 and
// `acc[n + 1] +=` blocks 1, 3, 5, 7, so neither touches what the other
// writes and both start their tiles' groups in every iteration. Two tiles
// hold values at once: two banks.
// CHECK-LABEL: bir.func @unrolled_by_two
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 0, 1, 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @unrolled_by_two attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024]
  %x   = bir.memloc "x" sbuf [128, 2048] x 8
  %y   = bir.memloc "y" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 8
  bir.loop %n = 0 to 8 step 2 {
    bir.matmul %acc[0:128, 0:2048, %n] += %w, %x[0:128, 0:2048, %n] latency 64
    bir.matmul %acc[0:128, 0:2048, %n + 1] += %w, %x[0:128, 0:2048, %n + 1] latency 64
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
    bir.activation relu %y[0:128, 0:2048, %n + 1] = %acc[0:128, 0:2048, %n + 1] latency 32
  }
}
