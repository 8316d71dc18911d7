// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Found by code reading (session 10). A `+=` that starts its group in an
// inner loop starts it afresh in every iteration of the loops around it,
// but it writes its own block only. The live range took it to overwrite
// every block a read after it may read, so a block written in one
// iteration of %n and read in the next was not live around %n, and x took
// its bank in between (the checker: acc and x both hold values; psum-check:
// "read a clobbered value"). Now the start counts as a plain write of its
// block: acc is live around %n.
// CHECK-LABEL: bir.func @start_of_the_next_block
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] x 8 {banks = array<i64: 1, 2, 1, 2, 1, 2, 1, 2>, base_bank = 1 : i64}
// CHECK: %x = bir.memloc "x" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// SIM: checked 2 functions: 2 allocated, 0 rejected inputs, 0 violations
bir.func @start_of_the_next_block attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 4
  %y   = bir.memloc "y" sbuf [128, 2048] x 8
  %z   = bir.memloc "z" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048] x 8
  %x   = bir.memloc "x" psum [128, 2048]
  bir.loop %n = 0 to 7 {
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n + 1] += %w[0:128, 0:1024, %k], %w[0:128, 0:1024, 0] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
    bir.inst "scrub" writes(%acc[0:128, 0:2048, %n]) reads() latency 10
    bir.matmul %x = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
    bir.activation relu %z = %x latency 32
  }
}

// The same with constant blocks: the start writes block 2 in each pass of
// %q, and block 0, written at the end of one pass, is read in the next.
// x, used before the start, must not take block 0's bank.
// CHECK-LABEL: bir.func @start_of_another_constant_block
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] x 4 {banks = array<i64: 1, 2, 3, 4>, base_bank = 1 : i64}
// CHECK: %x = bir.memloc "x" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @start_of_another_constant_block attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 4
  %y   = bir.memloc "y" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %x   = bir.memloc "x" psum [128, 2048]
  bir.loop %q = 0 to 3 {
    bir.matmul %x = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
    bir.activation relu %y[0:128, 0:2048, 0] = %x latency 32
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:128, 0:2048, 2] += %w[0:128, 0:1024, %k], %w[0:128, 0:1024, 0] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, 1] = %acc[0:128, 0:2048, 0] latency 32
    bir.activation relu %y[0:128, 0:2048, 2] = %acc[0:128, 0:2048, 2] latency 32
    bir.inst "fill" writes(%acc[0:128, 0:2048, 0]) reads() latency 10
  }
}
