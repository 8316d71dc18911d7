// RUN: psum-opt %s --psum-allocate="verify=true heuristic=seed" | FileCheck %s
// RUN: psum-opt %s --psum-allocate="verify=true heuristic=seed spill-space=dram" | FileCheck %s --check-prefix=DRAM
// RUN: psum-opt %s --psum-allocate="verify=true trace=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPEAT

// Both gain rankings pick {t1} here, and the two backtracking heuristics
// color alike: the second is not simulated again, it takes the first's score.
// The sweep by reach picks {t3}, as cheap, so the earlier heuristic wins.
// The whole-footprint model picks {t1} too: one more repeat.
// REPEAT: best-of-n loop, heuristic = relief-backtrack
// REPEAT-NEXT: insert spill t1_SpillTensorCopy0
// REPEAT: PSUM score = 128 (lower is better)
// REPEAT-NEXT: best-of-n loop, heuristic = ratio-backtrack
// REPEAT-NEXT: same relief set and coloring as heuristic relief-backtrack: not run again
// REPEAT-NEXT: best-of-n loop, heuristic = reach-backtrack
// REPEAT-NEXT: insert spill t3_SpillTensorCopy0
// REPEAT: PSUM score = 128 (lower is better)
// REPEAT-NEXT: best-of-n loop, heuristic = whole-backtrack
// REPEAT-NEXT: same relief set and coloring as heuristic relief-backtrack: not run again
// REPEAT-NEXT: exact mode: no spill-free placement exists for these live ranges; best-of-n is optimal
// REPEAT-NEXT: best PSUM heuristic = relief

// Five one-bank results live at once on four banks. The seed heuristic
// spills t0 first, whose reload meets the other four, so it spills t1 too
// (exact mode finds that t1 alone suffices: exact.mlir). Each is saved right
// after its matmul and reloaded right before its activation, through
// locations named as the seed names them.
// CHECK-LABEL: bir.func @pressure
// CHECK-DAG: %[[T0:.*]] = bir.memloc "t0" psum [128, 2048] {{{.*}}spilled}
// CHECK-DAG: %[[S0:.*]] = bir.memloc "t0_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "t0"}
// CHECK-DAG: %[[R0:.*]] = bir.memloc "t0_ReloadTensorCopy0" psum [128, 2048] {{{.*}}spill_of = "t0"}
// CHECK-DAG: %[[T1:.*]] = bir.memloc "t1" psum [128, 2048] {{{.*}}spilled}
// CHECK-DAG: %[[S1:.*]] = bir.memloc "t1_SpillTensorCopy1" sbuf [128, 2048] {spill_of = "t1"}
// CHECK-DAG: %[[R1:.*]] = bir.memloc "t1_ReloadTensorCopy1" psum [128, 2048] {{{.*}}spill_of = "t1"}
// CHECK: bir.matmul %[[T0]] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S0]] = %[[T0]] latency 64
// CHECK-NEXT: bir.matmul %[[T1]] = %w, %x latency 64
// CHECK-NEXT: bir.tensor_copy %[[S1]] = %[[T1]] latency 64
// CHECK: bir.tensor_copy %[[R0]] = %[[S0]] latency 64
// CHECK-NEXT: bir.activation relu %y[0:128, 0:2048, 0] = %[[R0]] latency 32
// CHECK-NEXT: bir.tensor_copy %[[R1]] = %[[S1]] latency 64
// CHECK-NEXT: bir.activation relu %y[0:128, 0:2048, 1] = %[[R1]] latency 32
// CHECK-NEXT: bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
// DRAM: bir.memloc "t0_SpillTensorCopy0" dram [128, 2048] {spill_of = "t0"}
bir.func @pressure attributes {arch = #bir.arch<gen2, banks = 4>} {
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
  bir.activation relu %y[0:128, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %t4 latency 32
}
