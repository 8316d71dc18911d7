// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s --psum-allocate="trace=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: psum-opt %s --psum-allocate="exact=true remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT

// The cautious relief model (heuristic whole-backtrack: a spilled tensor
// keeps all its banks at each reader and from its first writer to its last)
// next to the footprint model the other relief heuristics use. t0 is
// written twice, far apart. Spilled, it holds no bank between the two
// writes, so the footprint model's relief sets spill t0 (two saves) and the
// fixpoint ends at 832. The whole model sees no relief in t0
// between its writes and spills v7 and v8 instead: 768, which exact mode
// proves optimal. (Reduced from the session-28 audit's random_100232.)
// CHECK-LABEL: bir.func @rewritten_tensor
// CHECK-SAME: psum.score = 768
// CHECK-NOT: bir.memloc "t0" {{.*}}spilled}
// CHECK: bir.memloc "v7" {{.*}}spilled}
// CHECK: bir.memloc "v8" {{.*}}spilled}
// TRACE: best-of-n loop, heuristic = ratio-backtrack
// TRACE-NEXT: spills cost about 832 cycles
// TRACE: best-of-n loop, heuristic = whole-backtrack
// TRACE: PSUM score = 768 (lower is better)
// TRACE-NEXT: exact mode: no spill-free placement exists for these live ranges; best-of-n is optimal
// TRACE-NEXT: best PSUM heuristic = whole-backtrack
// EXACT: exact mode: no spill-free placement exists for these live ranges; best-of-n is optimal
bir.func @rewritten_tensor attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 4096]
  %t4 = bir.memloc "t4" psum [128, 6144]
  %t5 = bir.memloc "t5" psum [128, 2048]
  %acc6 = bir.memloc "acc6" psum [128, 4096]
  %v7 = bir.memloc "v7" psum [128, 2048]
  %v8 = bir.memloc "v8" psum [128, 2048]
  %t9 = bir.memloc "t9" psum [128, 2048]
  %acc10 = bir.memloc "acc10" psum [128, 2048]
  %v11 = bir.memloc "v11" psum [128, 2048]
  %v12 = bir.memloc "v12" psum [128, 2048]
  %t13 = bir.memloc "t13" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 128
  bir.matmul %t1 = %w, %x latency 32
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.matmul %t5 = %w, %x latency 64
  bir.loop %arg1 = 0 to 4 {
    bir.matmul %acc6 += %w, %x latency 16
    bir.inst "vector_op" writes(%v7) reads(%t5, %x) latency 128
    bir.inst "vector_op" writes(%v8) reads(%t3, %x) latency 32
  }
  bir.matmul %t9 = %w, %x latency 128
  bir.tensor_copy %y[0:128, 0:2048] = %v8 latency 64
  bir.matmul %acc10 += %w, %x latency 32
  bir.inst "vector_op" writes(%v11) reads(%acc10, %x) latency 128
  bir.inst "vector_op" writes(%v12) reads(%t2, %x) latency 32
  bir.matmul %t13 = %w, %x latency 16
  bir.tensor_copy %y[0:128, 0:2048] = %t13 latency 32
  bir.matmul %t5 = %w, %x latency 16
  bir.matmul %t0 = %w, %x latency 16
  bir.activation exp %y = %t4 latency 32
  bir.tensor_copy %y[0:128, 0:4096] = %acc6 latency 16
  bir.activation tanh %y = %t5 latency 128
  bir.activation sigmoid %y = %v12 latency 128
  bir.activation relu %y = %t0 latency 16
  bir.tensor_copy %y[0:128, 0:2048] = %v7 latency 32
  bir.tensor_copy %y[0:128, 0:2048] = %t9 latency 64
  bir.activation relu %y = %t1 latency 128
  bir.tensor_copy %y[0:128, 0:2048] = %v11 latency 64
}
