// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM
// RUN: not psum-opt %s --psum-allocate="spill-write-locations=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEED

// Four banks (gen1). t is written before the loop and at the end of each
// iteration, and read at the start of the next one and after the loop: live
// around the loop, it meets a, b, c and d at the vector_op, which reads all
// four, so t must leave PSUM. Spilled, t is saved after each of its writes,
// and only those saves read what it holds. The write in the loop goes to a
// location of its own, t_SpillWrite0, live from that write to its save;
// before, the one spilled t ran from the first write to the last save,
// around the loop through the vector_op, and the next round failed with
// "too many reloads required", as it still does with
// spill-write-locations=false (every write to t, as the seed writes them).
// SEED: error: too many reloads required: spilling 't' again cannot relieve PSUM pressure (spilled already: what is left of it in PSUM, its writes and their saves, cannot be spilled again)
// CHECK-LABEL: bir.func @carried
// CHECK-DAG: %[[T:.*]] = bir.memloc "t" psum [64, 2048] {{{.*}}spilled}
// CHECK-DAG: %[[S:.*]] = bir.memloc "t_SpillTensorCopy0" sbuf [64, 2048] {spill_of = "t"}
// CHECK-DAG: %[[W:.*]] = bir.memloc "t_SpillWrite0" psum [64, 2048] {{{.*}}spill_of = "t", spilled}
// CHECK-DAG: %[[R0:.*]] = bir.memloc "t_ReloadTensorCopy0" psum [64, 2048] {{{.*}}spill_of = "t"}
// CHECK-DAG: %[[R1:.*]] = bir.memloc "t_ReloadTensorCopy1" psum [64, 2048] {{{.*}}spill_of = "t"}
// CHECK: bir.matmul %[[T]] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S]] = %[[T]] latency 64
// CHECK-NEXT: bir.loop
// CHECK-NEXT: bir.tensor_copy %[[R0]] = %[[S]] latency 64
// CHECK-NEXT: bir.activation relu %y = %[[R0]] latency 32
// CHECK: bir.inst "vector_op"
// CHECK-NEXT: bir.matmul %[[W]] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S]] = %[[W]] latency 64
// CHECK-NEXT: }
// CHECK-NEXT: bir.tensor_copy %[[R1]] = %[[S]] latency 64
// CHECK-NEXT: bir.activation relu %y = %[[R1]] latency 32
// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations, 4 spill copies
bir.func @carried attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048]
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %c = bir.memloc "c" psum [64, 2048]
  %d = bir.memloc "d" psum [64, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.loop %i = 0 to 4 {
    bir.activation relu %y = %t latency 32
    bir.matmul %a = %w, %x latency 64
    bir.matmul %b = %w, %x latency 64
    bir.matmul %c = %w, %x latency 64
    bir.matmul %d = %w, %x latency 64
    bir.inst "vector_op" writes(%y) reads(%a, %b, %c, %d) latency 64
    bir.matmul %t = %w, %x latency 64
  }
  bir.activation relu %y = %t latency 32
}
