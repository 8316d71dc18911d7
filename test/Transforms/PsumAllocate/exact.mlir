// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true exact=true remarks=true best-of=5 prune-spills=false" -verify-diagnostics | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true exact=true exact-budget=1 remarks=true best-of=5 prune-spills=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true exact=true exact-max-candidates=2 remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LARGE

// Five results on four banks: every heuristic spills t0 and then t1 (cost
// 256); the exact search proves one spill of t1 enough, since t0 is drained
// before t1's reload needs a bank. (Without prune-spills=false, putting
// t0 back after best-of-n finds the same, and the exact mode, which runs
// after it, proves it optimal: prune-spills.mlir.)
// CHECK-LABEL: bir.func @one_spill_suffices
// CHECK-SAME: psum.heuristic = "exact", psum.score = 128
// CHECK: "t1" psum [128, 2048] {{{.*}}spilled}
// CHECK-NOT: spilled
// BUDGET: remark: exact mode: budget of 1 steps exhausted; kept best-of-n
// LARGE: remark: exact mode: 5 candidates exceed exact-max-candidates; kept best-of-n
// expected-remark @below {{80.00% PSUM demand before spilling}}
// expected-remark @below {{best-of-n loop, heuristic = seed: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = min-cost: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = max-degree: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = longest-range: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = max-banks: PSUM score = 256 (lower is better)}}
// expected-remark @below {{exact mode: improved best-of-n from 256 to 128}}
// expected-remark @below {{best PSUM heuristic = exact}}
// expected-remark @below {{PSUM GCA interation nums = 2}}
// expected-remark @below {{80.00%(psum first iter)}}
// expected-remark @below {{spilling from PSUM cost about 128 cycles}}
// expected-remark @below {{number of tensors spilled from PSUM = 1}}
// expected-remark @below {{100.00% PSUM utilization after allocation}}
bir.func @one_spill_suffices attributes {arch = #bir.arch<gen2, banks = 4>} {
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

// -----

// A kernel that fits: the exact mode confirms a spill-free placement, with
// no search, so even a budget of one step (since session 45).
// BUDGET: remark: exact mode: a spill-free placement exists; best-of-n found one
// CHECK-LABEL: bir.func @fits
// expected-remark @below {{400.00% PSUM demand before spilling}}
// expected-remark @below {{best-of-n loop, heuristic = seed: PSUM score = 0 (lower is better)}}
// expected-remark @below {{exact mode: a spill-free placement exists; best-of-n found one}}
// expected-remark @below {{best PSUM heuristic = seed}}
// expected-remark @below {{PSUM GCA interation nums = 1}}
// expected-remark @below {{100.00%(psum first iter)}}
// expected-remark @below {{number of tensors spilled from PSUM = 0}}
// expected-remark @below {{25.00% PSUM utilization after allocation}}
bir.func @fits attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.matmul %b = %w, %x latency 64
  bir.activation relu %y = %a latency 32
  bir.activation relu %y = %b latency 32
}
