// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: psum-opt %s -split-input-file --psum-allocate="report=-" -o /dev/null | FileCheck %s --check-prefix=REPORT

// A location on all 64 banks of a 64-bank PSUM: banks given by hand that
// clash with it are no allocation to keep (its mask was once the undefined
// 1 << 64 shift, empty here), and it fills PSUM in the report.

// CHECK-LABEL: bir.func @clash_kept_before
// CHECK: %t = bir.memloc "t" psum [128, 131072] {banks = array<i64: 0>, base_bank = 0 : i64, spilled}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, spilled}
// REMARK: remark: best PSUM heuristic = seed
bir.func @clash_kept_before attributes {arch = #bir.arch<gen2, banks = 64>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 131072]
  %y = bir.memloc "y" sbuf [128, 131072]
  %t = bir.memloc "t" psum [128, 131072] {banks = array<i64: 0>, base_bank = 0}
  %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 5>, base_bank = 5}
  bir.matmul %t = %w, %x latency 64
  bir.matmul %u = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y = %t latency 32
  bir.activation identity %y[0:128, 0:2048] = %u latency 32
}

// -----

// CHECK-LABEL: bir.func @whole_psum
// REMARK: remark: best PSUM heuristic = preallocated
// REMARK: remark: 100.00% PSUM utilization after allocation
// REPORT: "function": "whole_psum"
// REPORT: "heuristic": "preallocated"
// REPORT: "utilization": 1,
bir.func @whole_psum attributes {arch = #bir.arch<gen2, banks = 64>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 131072]
  %y = bir.memloc "y" sbuf [128, 131072]
  %t = bir.memloc "t" psum [128, 131072] {banks = array<i64: 0>, base_bank = 0}
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}
