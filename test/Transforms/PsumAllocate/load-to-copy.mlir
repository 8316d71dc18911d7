// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true heuristic=seed" | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="trace=true heuristic=seed" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: psum-check %s | FileCheck %s --check-prefix=CHECKED
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true heuristic=seed load-to-copy=false" | FileCheck %s --check-prefix=RELOAD

// The seed's load2Copy: a spilled value read by a TensorCopy needs no
// reload into PSUM, the copy reads the saved value instead. The spill costs
// the save alone (64 bank x cycles: the score), so the seed heuristic
// spills t0 here, and t0 holds its bank only from its matmul to its save.
// CHECK-LABEL: bir.func @copy_reader
// CHECK-SAME: psum.score = 64
// CHECK: %[[T0:.*]] = bir.memloc "t0" psum [128, 2048] {{{.*}}spilled}
// CHECK-NEXT: %[[S0:.*]] = bir.memloc "t0_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "t0"}
// CHECK-NOT: ReloadTensorCopy
// CHECK: bir.matmul %[[T0]] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S0]] = %[[T0]] latency 64
// CHECK: bir.tensor_copy %y[0:128, 0:2048, 0] = %[[S0]] latency 32
// CHECK-NOT: ReloadTensorCopy

// TRACE: find costs
// TRACE-NEXT: add store cost, remove from needSave t0
// TRACE-NEXT: need load2Copy, add to needSave t0
// TRACE-NEXT: add store cost, remove from needSave t1
// TRACE-NEXT: need load, add load cost, add to needSave t1
// TRACE: insert spill t0_SpillTensorCopy0
// TRACE-NOT: insert reload
// TRACE: PSUM score = 64 (lower is better)

// CHECKED: checked 4 functions: 4 allocated, 0 rejected inputs, 0 violations

// load-to-copy=false (a target whose TensorCopy cannot read the spill
// space): the copy reads a reload like any reader; that reload meets the
// four other tensors, so the seed heuristic spills t1 as well.
// RELOAD-LABEL: bir.func @copy_reader
// RELOAD-SAME: psum.score = 256
// RELOAD: bir.tensor_copy %[[R0:.*]] = %t0_SpillTensorCopy0 latency 64
// RELOAD-NEXT: bir.tensor_copy %y[0:128, 0:2048, 0] = %[[R0]] latency 32
bir.func @copy_reader attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  %t4 = bir.memloc "t4" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.tensor_copy %y[0:128, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %t4 latency 32
}

// -----

// Readers of both kinds: the TensorCopy reads the saved value, the
// activation (which can only read PSUM) a reload.
// CHECK-LABEL: bir.func @copy_then_activation
// CHECK-SAME: psum.score = 128
// CHECK-DAG: %[[S0:.*]] = bir.memloc "t0_SpillTensorCopy0" sbuf
// CHECK-DAG: %[[R0:.*]] = bir.memloc "t0_ReloadTensorCopy0" psum
// CHECK: bir.tensor_copy %y[0:128, 0:2048, 0] = %[[S0]] latency 32
// CHECK: bir.tensor_copy %[[R0]] = %[[S0]] latency 64
// CHECK-NEXT: bir.activation relu %y[0:128, 0:2048, 5] = %[[R0]] latency 32
bir.func @copy_then_activation attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 6
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  %t4 = bir.memloc "t4" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.tensor_copy %y[0:128, 0:2048, 0] = %t0 latency 32
  bir.matmul %t4 = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %t4 latency 32
  bir.activation relu %y[0:128, 0:2048, 5] = %t0 latency 32
}

// -----

// A rotating tile array drained in its loop: the spilled tile is saved
// block by block, and the copy reads the saved block of its iteration (the
// access pattern keeps its `%i`). Spilling the tile, not v, frees the bank v
// needs beside the two accumulation groups.
// CHECK-LABEL: bir.func @rotating_copy_reader
// CHECK-SAME: psum.score = 64
// CHECK: %[[S:.*]] = bir.memloc "tile_SpillTensorCopy0" sbuf [128, 2048] x 4 {spill_of = "tile"}
// CHECK-NOT: ReloadTensorCopy
// CHECK: bir.loop %[[I:.*]] = 0 to 4 {
// CHECK: bir.matmul %tile[0:128, 0:2048, %[[I]]] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S]][0:128, 0:2048, %[[I]]] = %tile[0:128, 0:2048, %[[I]]] latency 64
// CHECK: bir.tensor_copy %y[0:128, 0:2048, %[[I]]] = %[[S]][0:128, 0:2048, %[[I]]] latency 32
bir.func @rotating_copy_reader attributes {arch = #bir.arch<gen2, banks = 3>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %acc1 = bir.memloc "acc1" psum [128, 2048]
  %acc2 = bir.memloc "acc2" psum [128, 2048]
  %tile = bir.memloc "tile" psum [128, 2048] x 4
  %v = bir.memloc "v" psum [128, 2048]
  bir.matmul %acc1 = %w, %x latency 64
  bir.matmul %acc2 = %w, %x latency 64
  bir.loop %i = 0 to 4 {
    bir.matmul %acc1 += %w, %x latency 64
    bir.matmul %tile[0:128, 0:2048, %i] = %w, %x latency 64
    bir.matmul %acc2 += %w, %x latency 64
    bir.matmul %v = %w, %x latency 64
    bir.activation relu %y[0:128, 0:2048, 0] = %v latency 32
    bir.tensor_copy %y[0:128, 0:2048, %i] = %tile[0:128, 0:2048, %i] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 1] = %acc1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %acc2 latency 32
}

// -----

// A copy that converts the element type (`cast`: fp32 sums drained into
// bf16) is a TensorCopy too: it reads the saved value, with no reload.
// CHECK-LABEL: bir.func @cast_reader
// CHECK-SAME: psum.score = 64
// CHECK: %[[S0:.*]] = bir.memloc "t0_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "t0"}
// CHECK-NOT: ReloadTensorCopy
// CHECK: bir.tensor_copy %[[S0]] = %t0 latency 64
// CHECK: bir.tensor_copy %h = %[[S0]] cast latency 32
// CHECK-NOT: ReloadTensorCopy
// RELOAD-LABEL: bir.func @cast_reader
// RELOAD: bir.tensor_copy %[[R0:.*]] = %t0_SpillTensorCopy0 latency 64
// RELOAD-NEXT: bir.tensor_copy %h = %[[R0]] cast latency 32
bir.func @cast_reader attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  %h = bir.memloc "h" sbuf [128, 1024]
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  %t4 = bir.memloc "t4" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.tensor_copy %h = %t0 cast latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %t4 latency 32
}
