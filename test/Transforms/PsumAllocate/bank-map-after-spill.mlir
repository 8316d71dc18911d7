// RUN: not psum-opt %s -split-input-file --psum-allocate -o /dev/null 2>&1 | FileCheck %s

// A failure in a later round of the spill fixpoint shows the bank map of
// the function as that round sees it: spilling renumbered the linear
// points and minted tensors (found by the session-14 kernel audit: the
// map named points the input does not have). The note says so.
// CHECK-LABEL: error: cannot allocate PSUM location 'acc0' (1 banks): it is read-modify-written
// CHECK: note: PSUM at linear point 8 (bank: tensor [live range]):
// CHECK-NEXT: bank 0: t7 [8, 9]
// CHECK: unplaced: acc0 (1 banks)
// CHECK-NEXT: unplaced: v8 (1 banks)
// CHECK-NEXT: (linear points and tensors after 1 spill round, which spilled 1 tensor and added their copies)
// CHECK: note: no allocation exists
bir.func @after_a_spill_round attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 8192]
  %y = bir.memloc "y" sbuf [64, 8192]
  %acc0 = bir.memloc "acc0" psum [64, 2048]
  %acc5 = bir.memloc "acc5" psum [64, 2048]
  %t7 = bir.memloc "t7" psum [64, 6144]
  %v8 = bir.memloc "v8" psum [64, 2048]
  bir.loop %i = 0 to 3 {
    bir.matmul %acc0 += %w, %x latency 16
  }
  bir.loop %o = 0 to 1 {
    bir.loop %k = 0 to 3 {
      bir.matmul %acc5 += %w, %x latency 128
    }
    bir.activation square %y = %acc0 latency 128
    bir.matmul %t7 = %w, %x latency 32
    bir.inst "vector_op" writes(%v8) reads(%acc5, %x) latency 64
  }
  bir.tensor_copy %y[0:64, 0:2048] = %v8 latency 64
  bir.activation square %y = %t7 latency 16
}

// -----

// A failure in the first round: the map is of the input, and says nothing
// more.
// CHECK-LABEL: error: cannot allocate PSUM location 'a0' (1 banks)
// CHECK: note: PSUM at linear point
// CHECK-NOT: spill round
// CHECK: note: no allocation exists
bir.func @first_round attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a0 = bir.memloc "a0" psum [128, 2048]
  %a1 = bir.memloc "a1" psum [128, 2048]
  %a2 = bir.memloc "a2" psum [128, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %a0 += %w, %x latency 64
    bir.matmul %a1 += %w, %x latency 64
    bir.matmul %a2 += %w, %x latency 64
  }
  bir.activation identity %y = %a0 latency 32
  bir.activation identity %y = %a1 latency 32
  bir.activation identity %y = %a2 latency 32
}
