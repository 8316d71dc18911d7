// RUN: psum-opt %s -split-input-file --psum-explain="phase=live" -verify-diagnostics -o /dev/null
// RUN: not psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: not psum-opt %s -split-input-file --psum-allocate 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A two-bank tile whose halves are filled by two `+=` matmuls in a K loop
// (one matmul writes at most one bank). Each half starts its group afresh
// in every pass of %n, so nothing of acc is carried around %n. Until
// session 11 only writes in the read's own loops added their bytes up: acc
// was live around the whole %n loop, overlapped b, and the allocation was
// refused (acc's accumulation group cannot be spilled). Now the halves
// written in the ended %k loop add up, and b takes acc's banks after the
// read.
// SIM: checked 3 functions: 2 allocated, 0 rejected inputs, 0 violations
// SIM-NEXT: refused (provably infeasible, accumulation group does not fit): 1

// Linear points: 0 loop %n, 1 loop %k, 2-3 matmuls, 4 back-edge of %k,
// 5 activation, 6 fill, 7 activation, 8 back-edge of %n.
// CHECK-LABEL: bir.func @halves_started_in_the_k_loop
// CHECK: %acc = bir.memloc "acc" psum [64, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %b = bir.memloc "b" psum [64, 6144] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @halves_started_in_the_k_loop attributes {arch = #bir.arch<gen1>} {
  %w   = bir.memloc "w" sbuf [64, 1024] x 8
  %x   = bir.memloc "x" sbuf [64, 2048] x 8
  // expected-remark @+1 {{live [1, 5], 2 banks, shrink factor 1}}
  %acc = bir.memloc "acc" psum [64, 4096]
  // expected-remark @+1 {{live [6, 7], 3 banks, shrink factor 1}}
  %b   = bir.memloc "b" psum [64, 6144]
  %y   = bir.memloc "y" sbuf [64, 4096] x 4
  %z   = bir.memloc "z" sbuf [64, 6144] x 4
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:64, 0:2048] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
      bir.matmul %acc[0:64, 2048:4096] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:64, 0:4096, %n] = %acc latency 32
    bir.inst "fill" writes(%b) reads(%y[0:64, 0:4096, %n]) latency 40
    bir.activation identity %z[0:64, 0:6144, %n] = %b latency 32
  }
}

// -----

// The halves are started in two K loops, one after the other: they add up
// as well.
// CHECK-LABEL: bir.func @halves_started_in_two_loops
// CHECK: %acc = bir.memloc "acc" psum [64, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %b = bir.memloc "b" psum [64, 6144] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @halves_started_in_two_loops attributes {arch = #bir.arch<gen1>} {
  %w   = bir.memloc "w" sbuf [64, 1024] x 8
  %x   = bir.memloc "x" sbuf [64, 2048] x 8
  // expected-remark @+1 {{live [1, 7], 2 banks, shrink factor 1}}
  %acc = bir.memloc "acc" psum [64, 4096]
  // expected-remark @+1 {{live [8, 9], 3 banks, shrink factor 1}}
  %b   = bir.memloc "b" psum [64, 6144]
  %y   = bir.memloc "y" sbuf [64, 4096] x 4
  %z   = bir.memloc "z" sbuf [64, 6144] x 4
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:64, 0:2048] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
    }
    bir.loop %k2 = 0 to 8 {
      bir.matmul %acc[0:64, 2048:4096] += %w[0:64, 0:1024, %k2], %x[0:64, 0:2048, %k2] latency 64
    }
    bir.activation relu %y[0:64, 0:4096, %n] = %acc latency 32
    bir.inst "fill" writes(%b) reads(%y[0:64, 0:4096, %n]) latency 40
    bir.activation identity %z[0:64, 0:6144, %n] = %b latency 32
  }
}

// -----

// Only the lower half is started in %k; the upper half is written once,
// before %n, and read in every pass: acc is live around %n, b cannot
// share its banks, and acc's group cannot be spilled.
// ERR-NOT: cannot allocate
// ERR: :[[@LINE+6]]:10: error: cannot allocate PSUM location 'acc' (2 banks): it is read-modify-written (an accumulation group) and cannot be spilled
// ERR-NOT: cannot allocate
bir.func @one_half_carried attributes {arch = #bir.arch<gen1>} {
  %w   = bir.memloc "w" sbuf [64, 1024] x 8
  %x   = bir.memloc "x" sbuf [64, 2048] x 8
  // expected-remark @+1 {{live [0, 8], 2 banks, shrink factor 1}}
  %acc = bir.memloc "acc" psum [64, 4096]
  // expected-remark @+1 {{live [6, 7], 3 banks, shrink factor 1}}
  %b   = bir.memloc "b" psum [64, 6144]
  %y   = bir.memloc "y" sbuf [64, 4096] x 4
  %z   = bir.memloc "z" sbuf [64, 6144] x 4
  bir.matmul %acc[0:64, 2048:4096] = %w[0:64, 0:1024, 0], %x[0:64, 0:2048, 0] latency 64
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:64, 0:2048] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:64, 0:4096, %n] = %acc latency 32
    bir.inst "fill" writes(%b) reads(%y[0:64, 0:4096, %n]) latency 40
    bir.activation identity %z[0:64, 0:6144, %n] = %b latency 32
  }
}
