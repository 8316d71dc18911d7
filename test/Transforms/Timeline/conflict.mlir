// The checker is not a rubber stamp: banks that clash (written by hand here,
// the allocator never does this) are drawn as they are, and the checker
// names the co-live pair.
// RUN: psum-opt %s --psum-timeline="svg=%t.svg" -o /dev/null
// RUN: not %python %S/Inputs/check_timeline.py %t.svg | FileCheck %s
// CHECK: OK @clash: 3 bars
// CHECK: error: @clash: a [0, 2] and b [1, 3] are live at the same time on bank(s) [1]
// CHECK-NOT: error:

bir.func @clash attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 3
  %a = bir.memloc "a" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
  %b = bir.memloc "b" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
  %c = bir.memloc "c" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  bir.matmul %a[0:128, 0:2048] = %w, %x latency 64
  bir.matmul %b = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %a[0:128, 0:2048] latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %b latency 32
  bir.matmul %c = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 2] = %c latency 32
}
