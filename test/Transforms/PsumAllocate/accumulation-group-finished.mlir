// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true" | FileCheck %s

// A finished sum keeps its banks to its last read: an accumulation group is
// never spilled (the seed's +inf). Here y, summed over h, is read again
// after the MLP, whose two 2-bank accumulators need all four banks of
// gen1. The error says how the kernel can let y leave PSUM (found by the
// session-41 kernel audit, which took "no allocation exists" for a bug).
bir.func @finished_sum_read_late attributes {arch = #bir.arch<gen1>} {
  %x = bir.memloc "x" sbuf [64, 256] x 4
  %w = bir.memloc "w" sbuf [64, 4096] x 16
  %hs = bir.memloc "hs" sbuf [64, 2048]
  %gs = bir.memloc "gs" sbuf [64, 4096]
  %ys = bir.memloc "ys" sbuf [64, 2048]
  // expected-error @+2 {{cannot allocate PSUM location 'y' (1 banks): it is read-modify-written (an accumulation group) and cannot be spilled}}
  // expected-note @+1 {{'y' keeps its banks from its first write to its last read: a location that some instruction reads and writes (an accumulation group) is never spilled, even after its last '+='; where its finished value must leave PSUM for a while, copy it with a bir.tensor_copy into a PSUM location of its own, which can be spilled, and read that}}
  %y = bir.memloc "y" psum [64, 2048]
  %g = bir.memloc "g" psum [64, 4096]
  %u = bir.memloc "u" psum [64, 4096]
  bir.loop %h = 0 to 4 {
    bir.matmul %y += %x[0:64, 0:128, %h], %w[0:64, 0:2048, %h] latency 64
  }
  bir.activation identity %hs = %y latency 32
  // expected-note @+1 {{PSUM at linear point 4 (bank: tensor [live range]):}}
  bir.loop %k = 0 to 4 {
    // expected-note @+1 {{no allocation exists: this instruction needs 5 of the 4 PSUM banks whatever is spilled}}
    bir.matmul %g += %hs[0:64, 0:128], %w[0:64, 0:4096, %k] latency 64
    bir.matmul %u += %hs[0:64, 0:128], %w[0:64, 0:4096, %k] latency 64
  }
  bir.activation silu %gs = %g latency 32
  bir.inst "mul" writes(%gs) reads(%gs, %u) latency 32
  bir.activation identity %ys = %y latency 32
}

// -----

// The same kernel as the note advises: y's copy yk is written once and
// read once, so it is spilled across the MLP (a save and a reload, 2 x 64
// bank x cycles) and y's bank is free once the copy is made.
// CHECK-LABEL: bir.func @finished_sum_copied
// CHECK-SAME: psum.score = 128
// CHECK: %yk = bir.memloc "yk" psum [64, 2048] {{{.*}}spilled}
// CHECK: bir.tensor_copy %yk = %y latency 64
// CHECK-NEXT: bir.tensor_copy %yk_SpillTensorCopy0 = %yk
// CHECK: bir.tensor_copy %yk_ReloadTensorCopy0 = %yk_SpillTensorCopy0
// CHECK-NEXT: bir.activation identity %ys = %yk_ReloadTensorCopy0
bir.func @finished_sum_copied attributes {arch = #bir.arch<gen1>} {
  %x = bir.memloc "x" sbuf [64, 256] x 4
  %w = bir.memloc "w" sbuf [64, 4096] x 16
  %hs = bir.memloc "hs" sbuf [64, 2048]
  %gs = bir.memloc "gs" sbuf [64, 4096]
  %ys = bir.memloc "ys" sbuf [64, 2048]
  %y = bir.memloc "y" psum [64, 2048]
  %yk = bir.memloc "yk" psum [64, 2048]
  %g = bir.memloc "g" psum [64, 4096]
  %u = bir.memloc "u" psum [64, 4096]
  bir.loop %h = 0 to 4 {
    bir.matmul %y += %x[0:64, 0:128, %h], %w[0:64, 0:2048, %h] latency 64
  }
  bir.activation identity %hs = %y latency 32
  bir.tensor_copy %yk = %y latency 64
  bir.loop %k = 0 to 4 {
    bir.matmul %g += %hs[0:64, 0:128], %w[0:64, 0:4096, %k] latency 64
    bir.matmul %u += %hs[0:64, 0:128], %w[0:64, 0:4096, %k] latency 64
  }
  bir.activation silu %gs = %g latency 32
  bir.inst "mul" writes(%gs) reads(%gs, %u) latency 32
  bir.activation identity %ys = %yk latency 32
}
