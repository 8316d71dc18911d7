// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A tile array whose constant blocks are written and drained before a loop
// (a software pipeline's peeled prologue) and again in each iteration. The
// timeline walks such a loop twice, its second iteration standing for every
// later one, so no block looks live across the whole loop. Until session 46
// the loop's accesses stood for its span: every block held a value across
// all of it, t took a bank per block and on one bank was "too big for PSUM"
// (the session-46 audit of public NKI kernels: attention tutorial v10's
// qk_psum, seven such blocks, spilled with bank 7 reserved and was refused
// on four banks).
// SIM: checked 5 functions: 5 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @peeled_prologue
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
bir.func @peeled_prologue attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 64
  bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 0]) latency 32
  bir.matmul %t[0:128, 0:2048, 1] = %a, %b latency 64
  bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 1]) latency 32
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 64
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 0]) latency 32
    bir.matmul %t[0:128, 0:2048, 1] = %a, %b latency 64
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 1]) latency 32
  }
}

// -----

// Block 0 is read at the top of each iteration, from the iteration before
// (or the prologue), and rewritten right after; block 1 is written after
// that rewrite, while block 0 holds the value the next iteration reads:
// they never share a bank. Only the second iteration shows it.
// CHECK-LABEL: bir.func @carried_into_next_iteration
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @carried_into_next_iteration attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 64
  bir.loop %i = 0 to 4 {
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 0]) latency 32
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 64
    bir.matmul %t[0:128, 0:2048, 1] = %a, %b latency 64
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 1]) latency 32
  }
}

// -----

// The same with block 1 written and drained before block 0's rewrite: block
// 0's value runs from the end of one iteration to the top of the next, block
// 1's sits in between, and one bank serves both.
// CHECK-LABEL: bir.func @carried_around_the_other
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
bir.func @carried_around_the_other attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 64
  bir.loop %i = 0 to 4 {
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 0]) latency 32
    bir.matmul %t[0:128, 0:2048, 1] = %a, %b latency 64
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 1]) latency 32
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 64
  }
}

// -----

// A loop of one trip is walked twice as well: psum-verify-allocation
// iterates every loop that no iv of the location names to a fixpoint, so it
// takes block 1, read at the top of the body, as live at its bottom, where
// block 2 is written. Sharing their bank would be refused.
// CHECK-LABEL: bir.func @one_trip
// CHECK: %p = bir.memloc "p" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @one_trip attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %p = bir.memloc "p" psum [128, 2048] x 4
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.matmul %p[0:128, 0:2048, 1] = %a, %b latency 64
  bir.loop %i = 0 to 1 {
    bir.inst "drain" writes(%s) reads(%p[0:128, 0:2048, 1]) latency 32
    bir.matmul %p[0:128, 0:2048, 2] = %a, %b latency 64
  }
}

// -----

// A `start` directly in the loop restarts its sum in the first iteration
// only: later iterations add to the sum of the iteration before, so block 0
// holds a value from its start in the first iteration on, and block 1,
// written and drained before the `+=` in each later iteration, cannot share
// its bank.
// CHECK-LABEL: bir.func @start_in_first_iteration
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @start_in_first_iteration attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 64
  bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 0]) latency 32
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, 1] = %a, %b latency 64
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 1]) latency 32
    bir.matmul %t[0:128, 0:2048, 0] += %a, %b start latency 64
  }
  bir.inst "drain" writes(%s) reads(%t[0:128, 0:2048, 0]) latency 32
}
