// RUN: psum-opt %s --psum-allocate="reserved-banks=0,7" --psum-timeline="svg=-" -o /dev/null | FileCheck %s
// RUN: psum-opt %s --psum-allocate="reserved-banks=0" --psum-timeline="svg=- reserved-banks=7" -o /dev/null | FileCheck %s
// RUN: psum-opt %s --psum-allocate --psum-timeline="svg=-" -o /dev/null | FileCheck %s --check-prefix=NONE

// The banks psum-allocate left free (the function's reserved_banks, which
// the pass writes) and those of the timeline's option are drawn greyed (the
// shading existed, but nothing could set it before session 25).
// CHECK: <rect class="bank-row" data-bank="0" {{.*}} fill="#eeeeee"/>
// CHECK: <rect class="bank-row" data-bank="1" {{.*}} fill="#f7f8fa"/>
// CHECK: <rect class="bank-row" data-bank="6" {{.*}} fill="#ffffff"/>
// CHECK: <rect class="bank-row" data-bank="7" {{.*}} fill="#eeeeee"/>
// NONE-NOT: fill="#eeeeee"
bir.func @f attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 512]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t0 = bir.memloc "t0" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 16
  bir.activation exp %y = %t0 latency 8
}
