// RUN: psum-opt %s --psum-allocate="verify=true exact=true remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: psum-opt %s --psum-allocate="verify=true exact=true" | FileCheck %s

// The exact search reads which placed nodes a node overlaps off the sweep:
// a pin counts only where its live range meets the node's. `wide` needs
// both banks, and bank 0 is pinned to `late`, which starts after `wide` is
// drained: `wide` fits there (one block: its banks list gives the base), with
// no spill.
// REMARK: remark: exact mode: a spill-free placement exists; best-of-n found one
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
