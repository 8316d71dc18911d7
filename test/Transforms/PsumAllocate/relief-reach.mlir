// RUN: psum-opt %s --psum-allocate="verify=true remarks=true" -o /dev/null 2>&1 | FileCheck %s
// RUN: psum-opt %s --psum-allocate="verify=true exact=true remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT

// Unrolled heads (session-27 kernel audit): three 2-bank head accumulators,
// never spilled, and ten 1-bank score tiles, each issued two ahead of its
// drain. From point 12 on the accumulators take 6 of the 8 banks and three
// score tiles are often live: every fourth point has one bank too many.
// Spilling a tile frees the points between its write and its read; spilling
// every other tile from s4 on (s4, s6, s8) covers them all. The gain
// rankings take the tile freeing the most overloaded points first (s5),
// then need two more around it, and the swaps do not repair that: four
// spills, 512 bank x cycles, under every other heuristic. The sweep by
// reach covers the points left to right with the spill reaching furthest,
// and finds the optimum the exact mode proves.
// CHECK: heuristic = seed: PSUM score = 512
// CHECK: heuristic = relief-backtrack: PSUM score > 384 (lower is better; abandoned)
// CHECK: heuristic = reach-backtrack: PSUM score = 384
// CHECK: best PSUM heuristic = reach-backtrack
// CHECK: number of tensors spilled from PSUM = 3
// EXACT: exact mode: {{.*}}best-of-n is optimal
// EXACT: best PSUM heuristic = reach-backtrack
bir.func @unrolled_heads attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256] x 16
  %x = bir.memloc "x" sbuf [128, 2048] x 16
  %ys = bir.memloc "ys" sbuf [128, 2048] x 16
  %ob = bir.memloc "ob" sbuf [128, 4096] x 3
  %acc0 = bir.memloc "acc0" psum [128, 4096]
  %acc1 = bir.memloc "acc1" psum [128, 4096]
  %acc2 = bir.memloc "acc2" psum [128, 4096]
  %s0 = bir.memloc "s0" psum [128, 2048]
  %s1 = bir.memloc "s1" psum [128, 2048]
  %s2 = bir.memloc "s2" psum [128, 2048]
  %s3 = bir.memloc "s3" psum [128, 2048]
  %s4 = bir.memloc "s4" psum [128, 2048]
  %s5 = bir.memloc "s5" psum [128, 2048]
  %s6 = bir.memloc "s6" psum [128, 2048]
  %s7 = bir.memloc "s7" psum [128, 2048]
  %s8 = bir.memloc "s8" psum [128, 2048]
  %s9 = bir.memloc "s9" psum [128, 2048]
  bir.matmul %s0 = %w[0:128, 0:256, 0], %x[0:128, 0:1024, 0] latency 64
  bir.matmul %s1 = %w[0:128, 0:256, 1], %x[0:128, 0:1024, 1] latency 64
  bir.matmul %s2 = %w[0:128, 0:256, 2], %x[0:128, 0:1024, 2] latency 64
  bir.activation exp %ys[0:128, 0:1024, 0] = %s0 latency 32
  bir.matmul %acc0[0:128, 0:2048] += %w[0:128, 0:256, 0], %ys[0:128, 0:1024, 0] latency 32
  bir.matmul %acc0[0:128, 2048:4096] += %w[0:128, 0:256, 0], %ys[0:128, 1024:2048, 0] latency 32
  bir.matmul %s3 = %w[0:128, 0:256, 3], %x[0:128, 0:1024, 3] latency 64
  bir.activation exp %ys[0:128, 0:1024, 1] = %s1 latency 32
  bir.matmul %acc1[0:128, 0:2048] += %w[0:128, 0:256, 1], %ys[0:128, 0:1024, 1] latency 32
  bir.matmul %acc1[0:128, 2048:4096] += %w[0:128, 0:256, 1], %ys[0:128, 1024:2048, 1] latency 32
  bir.matmul %s4 = %w[0:128, 0:256, 4], %x[0:128, 0:1024, 4] latency 64
  bir.activation exp %ys[0:128, 0:1024, 2] = %s2 latency 32
  bir.matmul %acc2[0:128, 0:2048] += %w[0:128, 0:256, 2], %ys[0:128, 0:1024, 2] latency 32
  bir.matmul %acc2[0:128, 2048:4096] += %w[0:128, 0:256, 2], %ys[0:128, 1024:2048, 2] latency 32
  bir.matmul %s5 = %w[0:128, 0:256, 5], %x[0:128, 0:1024, 5] latency 64
  bir.activation exp %ys[0:128, 0:1024, 3] = %s3 latency 32
  bir.matmul %acc0[0:128, 0:2048] += %w[0:128, 0:256, 3], %ys[0:128, 0:1024, 3] latency 32
  bir.matmul %acc0[0:128, 2048:4096] += %w[0:128, 0:256, 3], %ys[0:128, 1024:2048, 3] latency 32
  bir.matmul %s6 = %w[0:128, 0:256, 6], %x[0:128, 0:1024, 6] latency 64
  bir.activation exp %ys[0:128, 0:1024, 4] = %s4 latency 32
  bir.matmul %acc1[0:128, 0:2048] += %w[0:128, 0:256, 4], %ys[0:128, 0:1024, 4] latency 32
  bir.matmul %acc1[0:128, 2048:4096] += %w[0:128, 0:256, 4], %ys[0:128, 1024:2048, 4] latency 32
  bir.matmul %s7 = %w[0:128, 0:256, 7], %x[0:128, 0:1024, 7] latency 64
  bir.activation exp %ys[0:128, 0:1024, 5] = %s5 latency 32
  bir.matmul %acc2[0:128, 0:2048] += %w[0:128, 0:256, 5], %ys[0:128, 0:1024, 5] latency 32
  bir.matmul %acc2[0:128, 2048:4096] += %w[0:128, 0:256, 5], %ys[0:128, 1024:2048, 5] latency 32
  bir.matmul %s8 = %w[0:128, 0:256, 8], %x[0:128, 0:1024, 8] latency 64
  bir.activation exp %ys[0:128, 0:1024, 6] = %s6 latency 32
  bir.matmul %acc0[0:128, 0:2048] += %w[0:128, 0:256, 6], %ys[0:128, 0:1024, 6] latency 32
  bir.matmul %acc0[0:128, 2048:4096] += %w[0:128, 0:256, 6], %ys[0:128, 1024:2048, 6] latency 32
  bir.matmul %s9 = %w[0:128, 0:256, 9], %x[0:128, 0:1024, 9] latency 64
  bir.activation exp %ys[0:128, 0:1024, 7] = %s7 latency 32
  bir.matmul %acc1[0:128, 0:2048] += %w[0:128, 0:256, 7], %ys[0:128, 0:1024, 7] latency 32
  bir.matmul %acc1[0:128, 2048:4096] += %w[0:128, 0:256, 7], %ys[0:128, 1024:2048, 7] latency 32
  bir.activation exp %ys[0:128, 0:1024, 8] = %s8 latency 32
  bir.matmul %acc2[0:128, 0:2048] += %w[0:128, 0:256, 8], %ys[0:128, 0:1024, 8] latency 32
  bir.matmul %acc2[0:128, 2048:4096] += %w[0:128, 0:256, 8], %ys[0:128, 1024:2048, 8] latency 32
  bir.activation exp %ys[0:128, 0:1024, 9] = %s9 latency 32
  bir.matmul %acc0[0:128, 0:2048] += %w[0:128, 0:256, 9], %ys[0:128, 0:1024, 9] latency 32
  bir.matmul %acc0[0:128, 2048:4096] += %w[0:128, 0:256, 9], %ys[0:128, 1024:2048, 9] latency 32
  bir.inst "bias_out" writes(%ob[0:128, 0:4096, 0]) reads(%acc0) latency 32
  bir.inst "bias_out" writes(%ob[0:128, 0:4096, 1]) reads(%acc1) latency 32
  bir.inst "bias_out" writes(%ob[0:128, 0:4096, 2]) reads(%acc2) latency 32
}
