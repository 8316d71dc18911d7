// RUN: psum-opt %s --psum-allocate="verify=true remarks=true best-of=5" -verify-diagnostics | FileCheck %s
// RUN: psum-opt %s --psum-allocate="verify=true arch=gen1" | FileCheck %s --check-prefix=OVERRIDE

// The same kernel, five one-bank results live at once: gen2's 8 banks hold
// them all, gen1's 4 banks force spills. The heuristics spill two, t0 in a
// first round and another in a second, which makes t0's spill unnecessary:
// the winner's t0 is put back (prune-spills), one spill as in exact.mlir,
// which the exact mode, run after best-of-n on small functions that spill,
// proves optimal.
// Remarks: one PSUM score per heuristic of the best-of-n loop (it stops at
// the first allocation without spills), then the seed's report lines.

// CHECK-LABEL: bir.func @on_gen2
// CHECK-NOT: TensorCopy
// CHECK: "t4" psum [64, 2048] {banks = array<i64: [[B:[0-7]]]>, base_bank = [[B]] : i64}
// CHECK-NOT: TensorCopy
// OVERRIDE-LABEL: bir.func @on_gen2
// OVERRIDE: SpillTensorCopy
// expected-remark @below {{160.00% PSUM demand before spilling}}
// expected-remark @below {{best PSUM heuristic = seed}}
// expected-remark @below {{PSUM GCA interation nums = 1}}
// expected-remark @below {{100.00%(psum first iter)}}
// expected-remark @below {{number of tensors spilled from PSUM = 0}}
// expected-remark @below {{62.50% PSUM utilization after allocation}}
// expected-remark @below {{best-of-n loop, heuristic = seed: PSUM score = 0 (lower is better)}}
bir.func @on_gen2 attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 5
  %t0 = bir.memloc "t0" psum [64, 2048]
  %t1 = bir.memloc "t1" psum [64, 2048]
  %t2 = bir.memloc "t2" psum [64, 2048]
  %t3 = bir.memloc "t3" psum [64, 2048]
  %t4 = bir.memloc "t4" psum [64, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.activation relu %y[0:64, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:64, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:64, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:64, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:64, 0:2048, 4] = %t4 latency 32
}

// CHECK-LABEL: bir.func @on_gen1
// CHECK: SpillTensorCopy{{[0-9]+}}" sbuf
// CHECK-NOT: SpillTensorCopy{{[0-9]+}}" sbuf
// expected-remark @below {{80.00% PSUM demand before spilling}}
// expected-remark @below {{best PSUM heuristic = seed}}
// expected-remark @below {{PSUM GCA interation nums = 3}}
// expected-remark @below {{80.00%(psum first iter)}}
// expected-remark @below {{put back spills others made unnecessary: t0 (PSUM score 256 -> 128)}}
// expected-remark @below {{exact mode: no spill-free placement exists for these live ranges; best-of-n is optimal}}
// expected-remark @below {{spilling from PSUM cost about 128 cycles}}
// expected-remark @below {{number of tensors spilled from PSUM = 1}}
// expected-remark @below {{100.00% PSUM utilization after allocation}}
// expected-remark @below {{best-of-n loop, heuristic = seed: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = min-cost: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = max-degree: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = longest-range: PSUM score = 256 (lower is better)}}
// expected-remark @below {{best-of-n loop, heuristic = max-banks: PSUM score = 256 (lower is better)}}
bir.func @on_gen1 attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 5
  %t0 = bir.memloc "t0" psum [64, 2048]
  %t1 = bir.memloc "t1" psum [64, 2048]
  %t2 = bir.memloc "t2" psum [64, 2048]
  %t3 = bir.memloc "t3" psum [64, 2048]
  %t4 = bir.memloc "t4" psum [64, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.activation relu %y[0:64, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:64, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:64, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:64, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:64, 0:2048, 4] = %t4 latency 32
}
