// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s --psum-allocate="verify=true spill-write-locations=false" | FileCheck %s --check-prefix=SEED

// Four banks (gen1). a, b and c meet at the vector_op (three banks) and
// spilling them cannot help (each is read there); the rotating tile t (two
// live blocks) must leave PSUM. Spilled, t is saved right after each write
// and reloaded before the activation. Each save reads a block written just
// before it in the same iteration, so the spilled t is not live around the
// loop, and b and c take its banks at the vector_op. (When such a save
// counted as carried, t stayed live across the loop and the next round
// failed with "too many reloads required".) The second write goes to a
// location of its own, t_SpillWrite0, so each of the two holds one block
// from its write to its save: one bank, each block on it in turn. With
// spill-write-locations=false both writes go to t, whose accesses then span
// blocks i and i + 1: a window of two live blocks, two banks.
// SEED-LABEL: bir.func @rotating_spill
// SEED: %[[T:.*]] = bir.memloc "t" psum [64, 2048] x 4 {banks = array<i64: [[B0:[0-9]]], [[B1:[0-9]]], [[B0]], [[B1]]>, {{.*}}spilled}
// SEED-NOT: SpillWrite
// SEED: bir.matmul %[[T]][0:64, 0:2048, %{{.*}}] = %w, %x latency 64
// SEED: bir.matmul %[[T]][0:64, 0:2048, %{{.*}} + 1] = %w, %x latency 64
// CHECK-LABEL: bir.func @rotating_spill
// CHECK-DAG: %[[T:.*]] = bir.memloc "t" psum [64, 2048] x 4 {banks = array<i64: [[B:[0-9]]], [[B]], [[B]], [[B]]>, {{.*}}spilled}
// CHECK-DAG: %[[S:.*]] = bir.memloc "t_SpillTensorCopy0" sbuf [64, 2048] x 4 {spill_of = "t"}
// CHECK-DAG: %[[W:.*]] = bir.memloc "t_SpillWrite0" psum [64, 2048] x 4 {banks = array<i64: [[BW:[0-9]]], [[BW]], [[BW]], [[BW]]>, {{.*}}spill_of = "t", spilled}
// CHECK-DAG: %[[R:.*]] = bir.memloc "t_ReloadTensorCopy0" psum [64, 2048] x 4 {{{.*}}spill_of = "t"}
// CHECK: bir.loop %[[I:.*]] = 0 to 3 {
// CHECK-NEXT: bir.matmul %[[T]][0:64, 0:2048, %[[I]]] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S]][0:64, 0:2048, %[[I]]] = %[[T]][0:64, 0:2048, %[[I]]] latency 128
// CHECK-NEXT: bir.matmul %[[W]][0:64, 0:2048, %[[I]] + 1] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S]][0:64, 0:2048, %[[I]] + 1] = %[[W]][0:64, 0:2048, %[[I]] + 1] latency 128
// CHECK: bir.inst "vector_op" writes(%y) reads(%a, %b, %c)
// CHECK-NEXT: bir.tensor_copy %[[R]][0:64, 0:2048, %[[I]]] = %[[S]][0:64, 0:2048, %[[I]]] latency 128
// CHECK-NEXT: bir.activation relu %y = %[[R]][0:64, 0:2048, %[[I]]] latency 32
bir.func @rotating_spill attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 4
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %c = bir.memloc "c" psum [64, 2048]
  bir.loop %i = 0 to 3 {
    bir.matmul %t[0:64, 0:2048, %i] = %w, %x latency 64
    bir.matmul %t[0:64, 0:2048, %i + 1] = %w, %x latency 64
    bir.matmul %a = %w, %x latency 64
    bir.matmul %b = %w, %x latency 64
    bir.matmul %c = %w, %x latency 64
    bir.inst "vector_op" writes(%y) reads(%a, %b, %c) latency 64
    bir.activation relu %y = %t[0:64, 0:2048, %i] latency 32
  }
}
