// RUN: psum-opt %s --psum-allocate="heuristic=sweep exact=true exact-budget=700 remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUND
// RUN: psum-opt %s --psum-allocate="heuristic=sweep exact=true exact-budget=100 remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: psum-opt %s --psum-allocate="verify=true heuristic=relief-backtrack" | FileCheck %s

// The placement search backjumps: where nothing fits from a node on, only
// the windows of the nodes live at its start can change that, so the
// search goes back to the last of them and skips the nodes placed after it.
//
// t10 takes four adjacent banks at point 16, beside t3, t5, t6 and t9. When
// no window of t9 leaves them, its state is refuted by the windows of t3 to
// t6 alone: t7 and t8 end before t9 starts, and none of their windows is
// tried again. The search needs between 550 and 600 steps here (more than
// 100: SHORT runs out); without backjumping it needed more than 1,000 (the
// exact mode of 40718f2 ran out of exact-budget=1000). It finds the
// placement a plain depth-first search finds (lowest bank first, nodes by
// start), which the backtracking heuristics keep. The exact mode runs after
// the sweep heuristic, which spills here (score 640): where best-of-n spills
// nothing, it has nothing to search for (since session 45).

// FOUND: remark: exact mode: spill-free placement found
// SHORT: remark: exact mode: budget of 100 steps exhausted; kept best-of-n
// CHECK-LABEL: bir.func @backjump
// CHECK-SAME: psum.heuristic = "relief-backtrack", psum.score = 0
// CHECK: "t0" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: "t1" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
// CHECK: "t2" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3 : i64}
// CHECK: "t3" psum [128, 2048] {banks = array<i64: 5>, base_bank = 5 : i64}
// CHECK: "t4" psum [128, 2048] {banks = array<i64: 4>, base_bank = 4 : i64}
// CHECK: "t5" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: "t6" psum [128, 2048] {banks = array<i64: 6>, base_bank = 6 : i64}
// CHECK: "t7" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
// CHECK: "t8" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
// CHECK: "t9" psum [128, 2048] {banks = array<i64: 7>, base_bank = 7 : i64}
// CHECK: "t10" psum [128, 8192] {banks = array<i64: 1>, base_bank = 1 : i64}
// CHECK: "t11" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: "t12" psum [128, 2048] {banks = array<i64: 5>, base_bank = 5 : i64}
// CHECK: "t13" psum [128, 2048] {banks = array<i64: 5>, base_bank = 5 : i64}
bir.func @backjump attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  %t0 = bir.memloc "t0" psum [128, 4096]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  %t4 = bir.memloc "t4" psum [128, 2048]
  %t5 = bir.memloc "t5" psum [128, 2048]
  %t6 = bir.memloc "t6" psum [128, 2048]
  %t7 = bir.memloc "t7" psum [128, 2048]
  %t8 = bir.memloc "t8" psum [128, 2048]
  %t9 = bir.memloc "t9" psum [128, 2048]
  %t10 = bir.memloc "t10" psum [128, 8192]
  %t11 = bir.memloc "t11" psum [128, 2048]
  %t12 = bir.memloc "t12" psum [128, 2048]
  %t13 = bir.memloc "t13" psum [128, 2048]
  bir.matmul %t0 = %w, %x[0:128, 0:4096] latency 64
  bir.matmul %t1 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %t2 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %t3 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %t4 = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:4096] = %t0 latency 32
  bir.activation identity %y[0:128, 0:2048] = %t1 latency 32
  bir.matmul %t5 = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:2048] = %t2 latency 32
  bir.matmul %t6 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %t7 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %t8 = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:2048] = %t8 latency 32
  bir.activation identity %y[0:128, 0:2048] = %t7 latency 32
  bir.matmul %t9 = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:2048] = %t4 latency 32
  bir.matmul %t10 = %w, %x[0:128, 0:8192] latency 64
  bir.activation identity %y[0:128, 0:2048] = %t6 latency 32
  bir.activation identity %y[0:128, 0:2048] = %t5 latency 32
  bir.activation identity %y[0:128, 0:2048] = %t3 latency 32
  bir.activation identity %y[0:128, 0:2048] = %t9 latency 32
  bir.matmul %t11 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %t12 = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:2048] = %t12 latency 32
  bir.matmul %t13 = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:2048] = %t13 latency 32
  bir.activation identity %y[0:128, 0:2048] = %t11 latency 32
  bir.activation identity %y[0:128, 0:8192] = %t10 latency 32
}
