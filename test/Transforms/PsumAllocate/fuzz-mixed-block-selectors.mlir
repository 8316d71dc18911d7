// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Found by psum-fuzz (a psum-check kernel mutated to read a rotating tile
// through the outer loop's induction variable): psum-allocate gave the tile
// a live range inside one iteration, psum-verify-allocation rejected the
// result, and the reference simulator read a clobbered value. A block
// written as `iv + c` and read through another selector (a constant block,
// all blocks, another loop's induction variable) can have been written in an
// earlier iteration of any loop holding both accesses, so the value now
// stays live across the outermost such loop.

// SIM: checked 2 functions: 2 allocated, 0 rejected inputs, 0 violations

// Block 0 is written in the first iteration only and read in every one:
// `b` used to share its bank.
// CHECK-LABEL: bir.func @constant_block_read
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {{{.*}}spilled}
// CHECK: bir.tensor_copy %t_SpillTensorCopy0[0:128, 0:2048, %arg0] = %t[0:128, 0:2048, %arg0]
bir.func @constant_block_read attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %b = bir.memloc "b" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %i] = %w, %w latency 1
    bir.activation identity %y = %t[0:128, 0:2048, 0] latency 1
    bir.matmul %b = %w, %w latency 1
    bir.activation identity %y = %b latency 1
  }
}

// -----

// At (%i, %j) with %j < %i, block %i + 1 comes from the previous iteration
// of %i: it is live across b0..b3, which used to take all four of t's banks.
// (The fuzzer's kernel read t[%i], whose block 0 no instruction writes: the
// verifier rejects that now.)
// CHECK-LABEL: bir.func @outer_iv_read
// CHECK: %t = bir.memloc "t" psum [128, 1024] x 4 {{{.*}}spilled}
bir.func @outer_iv_read attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 1024] x 4
  %b0 = bir.memloc "b0" psum [128, 2048]
  %b1 = bir.memloc "b1" psum [128, 2048]
  %b2 = bir.memloc "b2" psum [128, 2048]
  %b3 = bir.memloc "b3" psum [128, 2048]
  bir.loop %i = 0 to 3 {
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:1024, %j + 1] = %w, %w latency 1
      bir.activation identity %y[0:128, 0:1024] = %t[0:128, 0:1024, %i + 1] latency 1
    }
    bir.matmul %b0 = %w, %w latency 1
    bir.matmul %b1 = %w, %w latency 1
    bir.matmul %b2 = %w, %w latency 1
    bir.matmul %b3 = %w, %w latency 1
    bir.inst "vector_op" writes(%y) reads(%b0, %b1, %b2, %b3) latency 1
  }
}
