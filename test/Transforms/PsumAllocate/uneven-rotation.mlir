// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true" -o /dev/null
// RUN: not psum-opt %s -split-input-file --psum-allocate="remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// The same functions without the expectations of the runs above:
// RUN: sed '/expected-/d' %s > %t.mlir
// RUN: psum-opt %t.mlir -split-input-file --psum-allocate="verify=true uneven-rotation=true" | FileCheck %s
// RUN: psum-check %t.mlir --allocate-options=uneven-rotation=true | FileCheck %s --check-prefix=SIM
// RUN: psum-opt %t.mlir -split-input-file --psum-explain="phase=live uneven-rotation=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIVE
// The function records the rule (uneven_rotation): a second run, without
// the option, keeps the allocation, and the checker accepts it.
// RUN: psum-opt %t.mlir -split-input-file --psum-allocate="uneven-rotation=true" > %t.once.mlir
// RUN: psum-opt %t.once.mlir -split-input-file --psum-allocate="verify=true" > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: psum-opt %t.once.mlir -split-input-file --psum-verify-allocation -o /dev/null

// The seed's shrink factor divides the block count (`getNBlocks() %
// shrink_factor == 0`), so a tile array rotates over a divisor of its
// blocks: five tiles with two live at once take all five banks. Kernel
// writers rotate N tiles over any K banks (block k on base + k mod K):
// uneven-rotation=true does so, and without it the diagnostics say what it
// would save. The simulator (psum-check) checks the uneven placements.
// SIM: checked 6 functions: 6 allocated, 0 rejected inputs, 0 violations

// A read-behind pipeline over five tiles on gen1's four banks.
// CHECK-LABEL: bir.func @five_tiles_gen1
// CHECK-SAME: uneven_rotation
// CHECK: "acc" psum [64, 2048] x 5 {banks = array<i64: 0, 1, 0, 1, 0>, base_bank = 0 : i64}
// LIVE: remark: live [0, 9], 2 banks, shrink factor none (5 blocks rotate unevenly over 2)
bir.func @five_tiles_gen1 attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 1024] x 4
  %x = bir.memloc "x" sbuf [64, 2048] x 4
  // expected-error @+2 {{acc is too big for PSUM, requires 5 banks with PSUM size 4}}
  // expected-note @+1 {{its 5 blocks could rotate over 2 places (block k in place k mod 2) with no two live at once in one, but the seed's shrink factor rotates them over a divisor of the block count; uneven-rotation=true rotates them over 2 banks}}
  %acc = bir.memloc "acc" psum [64, 2048] x 5
  %y = bir.memloc "y" sbuf [64, 2048] x 5
  bir.loop %k = 0 to 4 {
    bir.matmul %acc[0:64, 0:2048, 0] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:64, 0:2048, %n + 1] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:64, 0:2048, %n] = %acc[0:64, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:64, 0:2048, 4] = %acc[0:64, 0:2048, 4] latency 32
}

// -----

// The closed form (every access `%j + c` of one loop): two tiles live in
// each iteration, seven blocks.
// CHECK-LABEL: bir.func @seven_blocks_in_one_loop
// CHECK: "t" psum [64, 2048] x 7 {banks = array<i64: 0, 1, 0, 1, 0, 1, 0>, base_bank = 0 : i64}
// LIVE: remark: live [1, 3], 2 banks, shrink factor none (7 blocks rotate unevenly over 2)
bir.func @seven_blocks_in_one_loop attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 7
  // expected-error @+2 {{t is too big for PSUM, requires 7 banks with PSUM size 4}}
  // expected-note @+1 {{uneven-rotation=true rotates them over 2 banks}}
  %t = bir.memloc "t" psum [64, 2048] x 7
  bir.loop %j = 0 to 6 {
    bir.matmul %t[0:64, 0:2048, %j] = %w, %x latency 64
    bir.matmul %t[0:64, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %j] = %t[0:64, 0:2048, %j] latency 32
  }
}

// -----

// Triple buffering (fill n + 2, drain n) over eight tiles and a bias bank on
// gen1: 3 + 1 banks. The divisor rule asks for 4 + 1; the accumulation
// groups cannot be spilled, and the error says what uneven rotation saves.
// CHECK-LABEL: bir.func @triple_buffer_gen1
// CHECK: "acc" psum [64, 2048] x 8 {banks = array<i64: [[A:[0-9]]], [[B:[0-9]]], [[C:[0-9]]], [[A]], [[B]], [[C]], [[A]], [[B]]>
bir.func @triple_buffer_gen1 attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 1024] x 4
  %x = bir.memloc "x" sbuf [64, 2048] x 4
  %ones = bir.memloc "ones" sbuf [64, 128]
  // expected-error @+2 {{cannot allocate PSUM location 'acc' (4 banks): it is read-modify-written (an accumulation group) and cannot be spilled}}
  // expected-note @+1 {{'acc' keeps 4 banks, though its 8 blocks could rotate over 3 places (block k in place k mod 3) with no two live at once in one, but the seed's shrink factor rotates them over a divisor of the block count; uneven-rotation=true rotates them over 3 banks}}
  %acc = bir.memloc "acc" psum [64, 2048] x 8
  %bias = bir.memloc "bias" psum [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 8
  bir.loop %k = 0 to 4 {
    bir.matmul %bias += %ones, %x[0:64, 0:2048, %k] latency 64
  }
  // expected-note @+1 {{PSUM at linear point 3}}
  bir.loop %k = 0 to 4 {
    // expected-note @+1 {{no allocation exists: this instruction needs 5 of the 4 PSUM banks whatever is spilled}}
    bir.matmul %acc[0:64, 0:2048, 0] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
  }
  bir.loop %k = 0 to 4 {
    bir.matmul %acc[0:64, 0:2048, 1] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 6 {
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:64, 0:2048, %n + 2] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
    }
    bir.inst "bias_relu" writes(%y[0:64, 0:2048, %n]) reads(%acc[0:64, 0:2048, %n], %bias) latency 32
  }
  bir.inst "bias_relu" writes(%y[0:64, 0:2048, 6]) reads(%acc[0:64, 0:2048, 6], %bias) latency 32
  bir.inst "bias_relu" writes(%y[0:64, 0:2048, 7]) reads(%acc[0:64, 0:2048, 7], %bias) latency 32
}

// -----

// Seven tiles (two live) and two tensors live across them on gen2's eight
// banks: the divisor rule spills, which a remark (remarks=true) explains.
// REMARK: uneven-rotation.mlir:[[# @LINE + 7]]:10: remark: 'acc' keeps 7 banks, though its 7 blocks could rotate over 2 places (block k in place k mod 2) with no two live at once in one, but the seed's shrink factor rotates them over a divisor of the block count; uneven-rotation=true rotates them over 2 banks
// CHECK-LABEL: bir.func @seven_tiles_spill
// CHECK-NOT: TensorCopy
// CHECK: }
bir.func @seven_tiles_spill attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048] x 7
  %long = bir.memloc "long" psum [128, 2048]
  %long2 = bir.memloc "long2" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 7
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.matmul %long = %w, %x latency 64
  bir.matmul %long2 = %w, %x latency 64
  bir.matmul %acc[0:128, 0:2048, 0] = %w, %x latency 64
  bir.loop %n = 0 to 6 {
    bir.matmul %acc[0:128, 0:2048, %n + 1] = %w, %x latency 64
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 6] = %acc[0:128, 0:2048, 6] latency 32
  bir.activation relu %z = %long latency 32
  bir.activation relu %z = %long2 latency 32
}

// -----

// Blocks 3 and 7 only, written by one step-4 loop and read by another: two
// are live at once, but mod 2 they meet (3 and 7 are both odd), so the
// note counts the places they rotate over, three, not the blocks live.
// CHECK-LABEL: bir.func @sparse_blocks
// CHECK: "acc" psum [64, 2048] x 8 {banks = array<i64: 0, 1, 2, 0, 1, 2, 0, 1>
bir.func @sparse_blocks attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128] x 8
  %x = bir.memloc "x" sbuf [64, 1024] x 8
  // expected-error @+2 {{acc is too big for PSUM, requires 8 banks with PSUM size 4}}
  // expected-note @+1 {{its 8 blocks could rotate over 3 places (block k in place k mod 3) with no two live at once in one, but the seed's shrink factor rotates them over a divisor of the block count; uneven-rotation=true rotates them over 3 banks}}
  %acc = bir.memloc "acc" psum [64, 2048] x 8
  %y = bir.memloc "y" sbuf [64, 2048] x 8
  bir.loop %n = 0 to 8 step 4 {
    bir.matmul %acc[0:64, 0:2048, %n + 3] = %w[0:64, 0:128, 0], %x[0:64, 0:1024, %n] latency 64
  }
  bir.loop %n = 4 to 9 step 4 {
    bir.activation relu %y[0:64, 0:2048, %n - 1] = %acc[0:64, 0:2048, %n - 1] latency 32
  }
}

// -----

// The same pipeline with tiles of two banks: two places of two banks each
// take all four of gen1's banks, which the hint counts in banks, not places
// (the session-43 mutation audit: every other case has one-bank tiles).
// CHECK-LABEL: bir.func @five_wide_tiles_gen1
// CHECK: "acc" psum [64, 4096] x 5 {banks = array<i64: 0, 2, 0, 2, 0>, base_bank = 0 : i64}
bir.func @five_wide_tiles_gen1 attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 1024] x 4
  %x = bir.memloc "x" sbuf [64, 4096] x 4
  // expected-error @+2 {{acc is too big for PSUM, requires 10 banks with PSUM size 4}}
  // expected-note @+1 {{its 5 blocks could rotate over 2 places (block k in place k mod 2) with no two live at once in one, but the seed's shrink factor rotates them over a divisor of the block count; uneven-rotation=true rotates them over 4 banks}}
  %acc = bir.memloc "acc" psum [64, 4096] x 5
  %y = bir.memloc "y" sbuf [64, 4096] x 5
  bir.loop %k = 0 to 4 {
    bir.matmul %acc[0:64, 0:4096, 0] += %w[0:64, 0:1024, %k], %x[0:64, 0:4096, %k] latency 64
  }
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:64, 0:4096, %n + 1] += %w[0:64, 0:1024, %k], %x[0:64, 0:4096, %k] latency 64
    }
    bir.activation relu %y[0:64, 0:4096, %n] = %acc[0:64, 0:4096, %n] latency 32
  }
  bir.activation relu %y[0:64, 0:4096, 4] = %acc[0:64, 0:4096, 4] latency 32
}
