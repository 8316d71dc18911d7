// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Tile arrays whose blocks are named by a loop's induction variable inside
// one piece of an outer loop's body and by constants or another loop
// outside it. A loop that writes every block a later read may read (a
// sweep) leaves nothing of the previous iteration of the outer loop for
// that read, so the array is not carried around the outer loop and u can
// take its bank after the last read.

// SIM: checked 4 functions: 4 allocated, 0 rejected inputs, 0 violations

// One loop fills the tiles, the next drains them (the drain reads through
// its own induction variable, which used to keep t live around %i).
// CHECK-LABEL: bir.func @fill_then_drain
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @fill_then_drain attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 4 {
      bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
    }
    bir.loop %k = 0 to 4 {
      bir.activation relu %y = %t[0:128, 0:2048, %k] latency 32
    }
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// A software pipeline without an epilogue: the prologue writes block 0 in
// each iteration of %i, the loop writes t[j + 1] before reading t[j].
// psum-verify-allocation used to hold t around %i and reject this. Two
// consecutive blocks hold values at once: t rotates over two banks
// (pipeline-rotation.mlir).
// CHECK-LABEL: bir.func @pipeline_prologue
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @pipeline_prologue attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The whole software pipeline: prologue, loop, epilogue. The epilogue reads
// t[3], which the loop wrote in its last iteration; the loop's reads need
// from before it only block 0, which the prologue wrote. Nothing of t is
// carried around %i. t rotates over two banks.
// CHECK-LABEL: bir.func @pipeline_epilogue
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @pipeline_epilogue attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The fill loop misses block 3, which the drain reads: that block comes
// from before %i, so t stays live around %i and is spilled to make room
// for u.
// CHECK-LABEL: bir.func @fill_misses_a_block
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {{{.*}}spilled}
bir.func @fill_misses_a_block attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t[0:128, 0:2048, 3] = %w, %x latency 64
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
    }
    bir.loop %k = 0 to 4 {
      bir.activation relu %y = %t[0:128, 0:2048, %k] latency 32
    }
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}
