// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s

// First fit takes the lowest window of free banks around the holes that
// pinned neighbors leave: banks 0, 2 and 5 are taken, so the two-bank
// tensor lands on 3-4 and the one-bank tensor in the hole at 1.
// CHECK-LABEL: bir.func @first_fit_holes
// CHECK-DAG: "wide" psum [128, 4096] {banks = array<i64: 3>, base_bank = 3 : i64}
// CHECK-DAG: "narrow" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
// CHECK-DAG: "p0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, pin = 0 : i64}
// CHECK-DAG: "p2" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64, pin = 2 : i64}
// CHECK-DAG: "p5" psum [128, 2048] {banks = array<i64: 5>, base_bank = 5 : i64, pin = 5 : i64}
bir.func @first_fit_holes attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  %p0 = bir.memloc "p0" psum [128, 2048] {pin = 0}
  %p2 = bir.memloc "p2" psum [128, 2048] {pin = 2}
  %p5 = bir.memloc "p5" psum [128, 2048] {pin = 5}
  %wide = bir.memloc "wide" psum [128, 4096]
  %narrow = bir.memloc "narrow" psum [128, 2048]
  bir.matmul %p0 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %p2 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %p5 = %w, %x[0:128, 0:2048] latency 64
  bir.matmul %wide = %w, %x latency 64
  bir.matmul %narrow = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y[0:128, 0:2048] = %p0 latency 32
  bir.activation identity %y[0:128, 0:2048] = %p2 latency 32
  bir.activation identity %y[0:128, 0:2048] = %p5 latency 32
  bir.activation identity %y = %wide latency 32
  bir.activation identity %y[0:128, 0:2048] = %narrow latency 32
}

// -----

// Blocks indexed by the loop variable with a window of two live blocks
// (written at %k and %k + 1, read at %k) shrink 4 blocks to 2 live banks:
// block k goes to bank base + (k mod 2), the seed's round-robin.
// CHECK-LABEL: bir.func @round_robin_shrunk
// CHECK: "ring" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @round_robin_shrunk attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %ring = bir.memloc "ring" psum [128, 2048] x 4
  bir.loop %k = 0 to 3 {
    bir.matmul %ring[0:128, 0:2048, %k] = %w, %x latency 64
    bir.matmul %ring[0:128, 0:2048, %k + 1] = %w, %x latency 64
    bir.activation identity %y[0:128, 0:2048, %k] = %ring[0:128, 0:2048, %k] latency 32
  }
}

// -----

// Blocks of two banks each, all read at once: block k starts at base + 2k.
// CHECK-LABEL: bir.func @multi_bank_blocks
// CHECK: "pair" psum [128, 4096] x 2 {banks = array<i64: 0, 2>, base_bank = 0 : i64}
bir.func @multi_bank_blocks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096] x 2
  %y = bir.memloc "y" sbuf [128, 4096] x 2
  %pair = bir.memloc "pair" psum [128, 4096] x 2
  bir.matmul %pair = %w, %x latency 64
  bir.activation identity %y = %pair latency 32
}

// -----

// CHECK-LABEL: bir.func @disjoint_pins
// CHECK: "a" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3 : i64, pin = 3 : i64}
// CHECK: "b" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3 : i64, pin = 3 : i64}
// Pins on one bank at disjoint times are fine, and are honoured exactly.
bir.func @disjoint_pins attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048] {pin = 3}
  %b = bir.memloc "b" psum [128, 2048] {pin = 3}
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %a latency 32
  bir.matmul %b = %w, %x latency 64
  bir.activation identity %y = %b latency 32
}
