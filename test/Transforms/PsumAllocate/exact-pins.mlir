// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true exact=true remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true exact=true" | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true heuristic=relief-backtrack" | FileCheck %s

// The placement search (the exact mode's, and the backtracking heuristics'
// before select) reads which placed nodes a node overlaps off the sweep: a
// pin counts where its live range meets the node's, and only there.

// `wide` needs both banks, and bank 0 is pinned to `late`, which starts
// after `wide` is drained: `wide` fits there (one block: its banks list
// gives the base), with no spill.
// REMARK: exact-pins.mlir:[[# @LINE + 5]]:1: remark: exact mode: a spill-free placement exists; best-of-n found one
// CHECK-LABEL: bir.func @pin_after_the_window
// CHECK-SAME: psum.score = 0
// CHECK: "wide" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: "late" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, pin = 0 : i64}
bir.func @pin_after_the_window attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  %wide = bir.memloc "wide" psum [128, 4096]
  %late = bir.memloc "late" psum [128, 2048] {pin = 0}
  bir.matmul %wide = %w, %x latency 64
  bir.activation identity %y = %wide latency 32
  bir.matmul %late = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:2048] = %late latency 32
}

// -----

// `t` is live while the pinned `early` holds bank 0: it takes bank 1.
// REMARK: exact-pins.mlir:[[# @LINE + 5]]:1: remark: exact mode: a spill-free placement exists; best-of-n found one
// CHECK-LABEL: bir.func @pin_across_the_range
// CHECK-SAME: psum.score = 0
// CHECK: "early" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, pin = 0 : i64}
// CHECK: "t" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
bir.func @pin_across_the_range attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %early = bir.memloc "early" psum [128, 2048] {pin = 0}
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %early = %w, %x latency 64
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
  bir.activation identity %y = %early latency 32
}
