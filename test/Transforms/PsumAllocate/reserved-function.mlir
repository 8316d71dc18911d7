// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true reserved-banks=1" | FileCheck %s --check-prefix=UNION
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true reserved-banks=1" | psum-opt -split-input-file --psum-allocate="verify=true" | FileCheck %s --check-prefix=UNION
// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="num-banks=4" -o /dev/null

// A function's reserved_banks are left free as the option's are. The pass
// writes every bank it left free back to the function (the union of both),
// so that a second run, the checker, the summary and the timeline see them
// without the option (the third command: its second run has none).
// CHECK-LABEL: bir.func @function_reserved
// CHECK-SAME:    reserved_banks = array<i64: 0>
// CHECK: "a" psum [128, 4096] {banks = array<i64: 1>, base_bank = 1 : i64}
// UNION-LABEL: bir.func @function_reserved
// UNION-SAME:    reserved_banks = array<i64: 0, 1>
// UNION: "a" psum [128, 4096] {banks = array<i64: 2>, base_bank = 2 : i64}
bir.func @function_reserved attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 0>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  %a = bir.memloc "a" psum [128, 4096]
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %a latency 32
}

// -----

// Without reserved banks, none are written.
// CHECK-LABEL: bir.func @none_reserved
// CHECK-NOT:     reserved_banks
// CHECK: "a" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// UNION-LABEL: bir.func @none_reserved
// UNION-SAME:    reserved_banks = array<i64: 1>
// UNION: "a" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @none_reserved attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %a latency 32
}

// -----

// An empty list is dropped.
// CHECK-LABEL: bir.func @empty_list
// CHECK-NOT:     reserved_banks
// CHECK: "a" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @empty_list attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %a latency 32
}

// -----

// A target override with fewer banks than the function reserves: the
// function's reserved bank is not one of the target's (last command).
// CHECK-LABEL: bir.func @reserved_outside_target
// CHECK-SAME:    reserved_banks = array<i64: 6>
// expected-error @+1 {{reserved bank 6 (the function's reserved_banks) is outside the 4 PSUM banks}}
bir.func @reserved_outside_target attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 6>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %a latency 32
}
