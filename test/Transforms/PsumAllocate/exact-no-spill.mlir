// RUN: psum-opt %s -split-input-file --psum-allocate="exact=true exact-max-candidates=1 remarks=true" -o /dev/null 2>&1 | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="exact=true remarks=true copy-latency=0 num-banks=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE

// Where best-of-n spills nothing, nothing is cheaper: the exact mode says
// so at any size, without a search. Before session 45 a function above
// exact-max-candidates got "3 candidates exceed exact-max-candidates; kept
// best-of-n", and psum-check --quality counted it as undecided (the
// session-45 kernel audit: a 3,600-instruction flash attention).
// CHECK-LABEL: three_live
// CHECK: remark: exact mode: a spill-free placement exists; best-of-n found one
// CHECK-NOT: exceed exact-max-candidates
// Spills of no cost are still spills: on two banks, with copies of 0
// cycles, best-of-n scores 0 and the exact mode does not call it spill-free.
// FREE: remark: best-of-n loop, heuristic = seed: PSUM score = 0
// FREE-NOT: a spill-free placement exists
// FREE: remark: exact mode: no spill-free placement exists for these live ranges; best-of-n is optimal
// FREE: remark: number of tensors spilled from PSUM = 1
bir.func @three_live attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 3
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
}
