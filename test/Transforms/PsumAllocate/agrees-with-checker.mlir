// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Live blocks as psum-verify-allocation sees them: an allocation finer than
// the checker's rules is one verify=true and psum-pipeline refuse (third
// mutation round: each split fails on its mutant).

// SIM: checked 4 functions: 4 allocated, 0 rejected inputs, 0 violations

// One instruction reads block 0 and writes block 1: the value of block 0
// ends where that of block 1 begins, at one point, so the two blocks may
// not share a bank.
// CHECK-LABEL: bir.func @read_one_block_write_the_next
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @read_one_block_write_the_next attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  bir.inst "shift" writes(%t[0:128, 0:2048, 1]) reads(%t[0:128, 0:2048, 0]) latency 10
  bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
}

// -----

// Block 0's first read is served by the left half written just before it;
// the whole block is written only inside the next loop. Writes add up
// within one body, never across a loop boundary, as in
// psum-verify-allocation's per-block walk: block 0 is not overwritten
// before its reads, so it holds its bank from the start and block 1 may
// not share it.
// CHECK-LABEL: bir.func @read_served_before_a_loop_boundary
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @read_served_before_a_loop_boundary attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.matmul %t[0:128, 0:2048, 1] = %w, %w latency 64
  bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
  bir.matmul %t[0:128, 0:1024, 0] = %w, %w latency 64
  bir.activation relu %y[0:128, 0:1024] = %t[0:128, 0:1024, 0] latency 32
  bir.loop %k = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  }
  bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
}

// -----

// A loop writing t[%j] is no sweep when a loop nested in it accesses t by
// another iv (t[%k]): psum-verify-allocation's loop summary sums only loops
// indexing a location by their own iv alone, so t stays live around %i and
// u may not take one of its banks.
// CHECK-LABEL: bir.func @sweep_with_another_iv_inside
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 1, 2>, base_bank = 1 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @sweep_with_another_iv_inside attributes {arch = #bir.arch<gen2, banks = 3>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %u = %w, %w latency 64
    bir.activation relu %y = %u latency 32
    bir.loop %j = 0 to 2 {
      bir.matmul %t[0:128, 0:2048, %j] = %w, %w latency 64
      bir.loop %k = 0 to 1 {
        bir.matmul %t[0:128, 0:2048, %k] = %w, %w latency 64
      }
    }
    bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
    bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
  }
}

// -----

// A write indexed by an iv kills a read only in the loop whose blocks
// rotate: t[%j + 1] in the step-2 loop rewrites block 1 in each pass of %i,
// but t as a whole stays live around %i for the checker (t[0] is written
// again in every pass), so u may not share t's bank. The rule of
// Overwrites::kills, which only the random property tests covered.
// CHECK-LABEL: bir.func @step_two_loop_in_an_outer_loop
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 3 {banks = array<i64: 1, 1, 1>, base_bank = 1 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @step_two_loop_in_an_outer_loop attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  %t = bir.memloc "t" psum [128, 2048] x 3
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %u = %w, %x latency 16
    bir.activation tanh %y = %u latency 32
    bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 16
    bir.loop %j = 0 to 2 step 2 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 16
      bir.activation tanh %y = %t[0:128, 0:2048, %j + 1] latency 32
    }
  }
}
