// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// An instruction naming blocks of two locations by two induction variables:
// `b`'s pattern names the second (iv operand 1). A copy has one iv operand,
// so its pattern names operand 0, in the rewrite and in its simulation
// (spillProblem). psum-check spills sets of candidates drawn from each
// function's name (here sets with `b`) and compares the live ranges' inputs
// of both, which differed before (a false VIOLATION, found by the
// session-40 audit).
// SIM: checked 2 functions: 2 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @two_ivs_a
bir.func @two_ivs_a attributes {arch = #bir.arch<gen2, banks = 3>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 8192]
  %y = bir.memloc "y" sbuf [64, 8192]
  %u = bir.memloc "u" psum [64, 2048]
  %a = bir.memloc "a" psum [64, 1024] x 3
  %b = bir.memloc "b" psum [64, 1024] x 2
  bir.matmul %u = %w, %x latency 8
  bir.loop %i = 0 to 3 {
    bir.matmul %a[0:64, 0:1024, %i] = %w, %x latency 1
    bir.loop %j = 0 to 2 {
      bir.matmul %b[0:64, 0:1024, %j] = %w, %x latency 1
      bir.inst "mix" writes(%y) reads(%a[0:64, 0:1024, %i], %b[0:64, 0:1024, %j]) latency 1
    }
  }
  bir.tensor_copy %y[0:64, 0:2048] = %u latency 64
}

// -----

// The same on two banks: `u` is spilled around the loops.
// CHECK-LABEL: bir.func @two_banks
// CHECK-SAME: psum.score = 64
// CHECK: bir.tensor_copy %u_SpillTensorCopy0 = %u latency 64
bir.func @two_banks attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 8192]
  %y = bir.memloc "y" sbuf [64, 8192]
  %u = bir.memloc "u" psum [64, 2048]
  %a = bir.memloc "a" psum [64, 1024] x 3
  %b = bir.memloc "b" psum [64, 1024] x 2
  bir.matmul %u = %w, %x latency 8
  bir.loop %i = 0 to 3 {
    bir.matmul %a[0:64, 0:1024, %i] = %w, %x latency 1
    bir.loop %j = 0 to 2 {
      bir.matmul %b[0:64, 0:1024, %j] = %w, %x latency 1
      bir.inst "mix" writes(%y) reads(%a[0:64, 0:1024, %i], %b[0:64, 0:1024, %j]) latency 1
    }
  }
  bir.tensor_copy %y[0:64, 0:2048] = %u latency 64
}
