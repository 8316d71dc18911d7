// RUN: psum-opt %s --psum-allocate="heuristic=max-banks exact=true remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: psum-opt %s --psum-allocate="heuristic=max-banks exact=true verify=true" | FileCheck %s

// The exact search's lower bound counts a node wider than the banks still
// to free by the share it frees (a fractional knapsack): one bank too many
// is live, and spilling the two-bank 'a' (256 cycles) frees two, so the
// bound counts half of it, 128. Counted whole, the bound of the empty set
// would reach max-banks's 256 and "prove" it optimal, though spilling 'b'
// alone (128) suffices (the first mutation round: caught only by the
// property tests).
// REMARK: remark: best-of-n loop, heuristic = max-banks: PSUM score = 256
// REMARK: remark: exact mode: improved best-of-n from 256 to 128
// CHECK-LABEL: bir.func @fractional_bound
// CHECK-SAME: psum.heuristic = "exact", psum.score = 128
// CHECK: %a = bir.memloc "a" psum [128, 4096] {banks = array<i64: {{[0-3]}}>, base_bank = {{[0-3]}} : i64}
// CHECK: %b = bir.memloc "b" psum [128, 2048] {{{.*}}spilled}
bir.func @fractional_bound attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  %a = bir.memloc "a" psum [128, 4096]
  %b = bir.memloc "b" psum [128, 2048]
  %c = bir.memloc "c" psum [128, 2048]
  %d = bir.memloc "d" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.matmul %b = %w, %x[0:128, 0:2048] latency 96
  bir.matmul %c = %w, %x[0:128, 0:2048] latency 200
  bir.matmul %d = %w, %x[0:128, 0:2048] latency 200
  bir.activation relu %y[0:128, 0:2048] = %d latency 32
  bir.activation relu %y[0:128, 0:2048] = %c latency 32
  bir.activation relu %y[0:128, 0:2048] = %b latency 32
  bir.activation relu %y = %a latency 32
}
