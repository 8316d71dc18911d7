// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-verify-allocation="reserved-banks=6,7"
// RUN: psum-opt %s -split-input-file --psum-pipeline="reserved-banks=7" | FileCheck %s

// The checker refuses a location on a reserved bank; psum-pipeline passes
// its reserved banks to both passes, so the allocator moves the location
// and the checker accepts the result.
// CHECK-LABEL: bir.func @on_reserved_bank
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @on_reserved_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'t' is on reserved bank 7}}
  %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 7>, base_bank = 7 : i64}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}

// -----

// Banks clear of the reserved ones are a valid earlier allocation: kept.
// CHECK-LABEL: bir.func @clear_of_reserved_banks
// CHECK: %t = bir.memloc "t" psum [128, 4096] {banks = array<i64: 4>, base_bank = 4 : i64}
bir.func @clear_of_reserved_banks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 4096]
  %t = bir.memloc "t" psum [128, 4096] {banks = array<i64: 4>, base_bank = 4 : i64}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}

// -----

// The function's own reserved banks are checked without the option; the
// allocator leaves them free too, and writes the union.
// CHECK-LABEL: bir.func @on_function_reserved_bank
// CHECK-SAME:    reserved_banks = array<i64: 2, 7>
// CHECK: %t = bir.memloc "t" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @on_function_reserved_bank attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 4096]
  // expected-error @+1 {{'t' is on reserved bank 2}}
  %t = bir.memloc "t" psum [128, 4096] {banks = array<i64: 1>, base_bank = 1 : i64}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}
