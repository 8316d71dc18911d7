// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true split=false" | FileCheck %s --check-prefix=NOSPLIT

// Two halves of one location used at disjoint times become two one-bank
// locations with rebased access patterns, which can share a bank.
// CHECK-LABEL: bir.func @halves
// CHECK-DAG: %[[LO:.*]] = bir.memloc "acc_split0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK-DAG: %[[HI:.*]] = bir.memloc "acc_split1" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: bir.matmul %[[LO]] = %w, %x latency 64
// CHECK: bir.activation identity %y = %[[LO]] latency 32
// CHECK: bir.matmul %[[HI]] = %w, %x latency 64
// CHECK: bir.activation identity %y = %[[HI]] latency 32
// NOSPLIT-LABEL: bir.func @halves
// NOSPLIT: "acc" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @halves attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 4096]
  bir.matmul %acc[0:128, 0:2048] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 0:2048] latency 32
  bir.matmul %acc[0:128, 2048:4096] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 2048:4096] latency 32
}

// -----

// Disjoint ranges live at the same time stay one location.
// CHECK-LABEL: bir.func @co_live_halves
// CHECK: "acc" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @co_live_halves attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 4096]
  bir.matmul %acc[0:128, 0:2048] = %w, %x latency 64
  bir.matmul %acc[0:128, 2048:4096] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 0:2048] latency 32
  bir.activation identity %y = %acc[0:128, 2048:4096] latency 32
}
