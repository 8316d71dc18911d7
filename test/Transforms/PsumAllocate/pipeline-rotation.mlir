// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM
// RUN: psum-opt %psum_src_root/examples/pipelined_matmul.mlir --psum-allocate="verify=true" | FileCheck %s --check-prefix=EXAMPLE

// The bundled pipelined matmul: eight tiles on two banks, no spill.
// EXAMPLE-LABEL: bir.func @pipelined_matmul
// EXAMPLE-NOT: bir.tensor_copy
// EXAMPLE: %acc = bir.memloc "acc" psum [128, 2048] x 8 {banks = array<i64: 1, 2, 1, 2, 1, 2, 1, 2>, base_bank = 1 : i64}
// EXAMPLE: %b = bir.memloc "b" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}

// Software pipelines: a loop naming tiles as `iv + c` between a prologue and
// an epilogue naming constant tiles; and tiles named by constants only.
// Blocks share banks (k mod the live count) when, over one pass of
// prologue, iterations and epilogue, each block is overwritten by its first
// access and no two blocks on one bank hold values at once. verify=true
// rechecks every allocation with psum-verify-allocation, and psum-check
// simulates each function.

// SIM: checked 25 functions: 25 allocated, 0 rejected inputs, 0 violations

// Read-behind over eight tiles: two are live at once, so t takes two banks
// and the six-bank o fits beside it without a spill (t took all eight
// banks before).
// CHECK-LABEL: bir.func @read_behind
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 6, 7, 6, 7, 6, 7, 6, 7>, base_bank = 6 : i64}
// CHECK: %o = bir.memloc "o" psum [128, 2048] x 6 {banks = array<i64: 0, 1, 2, 3, 4, 5>, base_bank = 0 : i64}
bir.func @read_behind attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 8
  %t = bir.memloc "t" psum [128, 2048] x 8
  %o = bir.memloc "o" psum [128, 2048] x 6
  bir.matmul %o = %w, %x latency 64
  bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  bir.loop %j = 0 to 7 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 7] = %t[0:128, 0:2048, 7] latency 32
  bir.activation identity %y[0:128, 0:2048, 0] = %o[0:128, 0:2048, 0] latency 32
}

// -----

// Two tiles ahead: the prologue fills blocks 0 and 1, each iteration writes
// block j + 2 while j and j + 1 still hold values, the epilogue drains 4
// and 5. Three blocks are live at once, a divisor of six: three banks.
// CHECK-LABEL: bir.func @prefetch_two_ahead
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 6 {banks = array<i64: 0, 1, 2, 0, 1, 2>, base_bank = 0 : i64}
bir.func @prefetch_two_ahead attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 6
  bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  bir.matmul %t[0:128, 0:2048, 1] = %w, %x latency 64
  bir.loop %j = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %j + 2] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 4] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 5] latency 32
}

// -----

// The pipeline inside an outer loop, the prologue tile accumulated over k:
// the `+=` starts its group afresh on entering the k loop, in every pass of
// %i, so nothing is carried from one pass to the next and u takes t's bank
// between passes.
// CHECK-LABEL: bir.func @accumulated_prologue
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @accumulated_prologue attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048] x 2
  bir.loop %i = 0 to 2 {
    bir.loop %k = 0 to 4 {
      bir.matmul %t[0:128, 0:2048, 0] += %w[0:128, 0:128, %k], %x latency 64
    }
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w[0:128, 0:128, 0], %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
    bir.matmul %u = %w[0:128, 0:128, 0], %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The prologue's `+=` starts its group only in the first iteration of %i,
// its innermost loop; later passes add to what block 0 held. Sharing block
// 0's bank with block 2 would add block 2's value, so every block keeps a
// bank of its own.
// CHECK-LABEL: bir.func @prologue_accumulates_across_passes
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
bir.func @prologue_accumulates_across_passes attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] += %w, %x latency 64
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
  }
}

// -----

// A fill loop drained by constant reads after it: all four blocks hold
// values at once, so each keeps its own bank.
// CHECK-LABEL: bir.func @fill_then_constant_drain
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
bir.func @fill_then_constant_drain attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %j = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
  }
  bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 2] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
}

// -----

// The prologue writes block 0 in two column halves before the loop reads
// it whole: the halves add up, so block 0 is overwritten and the blocks
// rotate over two banks.
// CHECK-LABEL: bir.func @prologue_halves_add_up
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @prologue_halves_add_up attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.matmul %t[0:128, 0:1024, 0] = %w, %x[0:128, 0:1024] latency 64
  bir.matmul %t[0:128, 1024:2048, 0] = %w, %x[0:128, 1024:2048] latency 64
  bir.loop %j = 0 to 3 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
}

// -----

// A prefetch pipeline written in column slices (two matmuls of one bank's
// half each, as NKI splits a PE transpose): the halves of block j + 1 are
// written around the read of block j, and add up before block j + 1 is
// read. Two blocks are live at once: two banks, where each block took a
// bank of its own before.
// CHECK-LABEL: bir.func @prefetch_in_column_slices
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 0, 1, 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @prefetch_in_column_slices attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256] x 8
  %id = bir.memloc "id" sbuf [128, 256]
  %t = bir.memloc "t" psum [128, 2048] x 8
  %ts = bir.memloc "ts" sbuf [128, 2048] x 8
  bir.matmul %t[0:128, 0:1024, 0] = %a[0:128, 0:256, 0], %id latency 32
  bir.matmul %t[0:128, 1024:2048, 0] = %a[0:128, 0:256, 0], %id latency 32
  bir.loop %j = 0 to 7 {
    bir.matmul %t[0:128, 0:1024, %j + 1] = %a[0:128, 0:256, %j], %id latency 32
    bir.activation identity %ts[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 40
    bir.matmul %t[0:128, 1024:2048, %j + 1] = %a[0:128, 0:256, %j], %id latency 32
  }
  bir.activation identity %ts[0:128, 0:2048, 7] = %t[0:128, 0:2048, 7] latency 40
}

// -----

// Each half is drained as soon as it is written: the read of the lower half
// sees only bytes written before it in the pass, and the upper half then
// completes what the reads read. Blocks rotate over one bank.
// CHECK-LABEL: bir.func @halves_drained_in_turn
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [64, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
bir.func @halves_drained_in_turn attributes {arch = #bir.arch<gen1>} {
  %a = bir.memloc "a" sbuf [64, 256] x 4
  %id = bir.memloc "id" sbuf [64, 256]
  %t = bir.memloc "t" psum [64, 2048] x 4
  %ts = bir.memloc "ts" sbuf [64, 2048] x 4
  bir.matmul %t[0:64, 0:1024, 0] = %a[0:64, 0:256, 0], %id latency 32
  bir.activation identity %ts[0:64, 0:1024, 0] = %t[0:64, 0:1024, 0] latency 40
  bir.matmul %t[0:64, 1024:2048, 0] = %a[0:64, 0:256, 0], %id latency 32
  bir.activation identity %ts[0:64, 1024:2048, 0] = %t[0:64, 1024:2048, 0] latency 40
  bir.loop %j = 1 to 4 {
    bir.matmul %t[0:64, 0:1024, %j] = %a[0:64, 0:256, %j], %id latency 32
    bir.activation identity %ts[0:64, 0:1024, %j] = %t[0:64, 0:1024, %j] latency 40
    bir.matmul %t[0:64, 1024:2048, %j] = %a[0:64, 0:256, %j], %id latency 32
    bir.activation identity %ts[0:64, 1024:2048, %j] = %t[0:64, 1024:2048, %j] latency 40
  }
}

// -----

// The upper half of block 0 is written after the loop read it, at the end
// of each pass of %i: the read at j = 0 sees the previous pass's upper
// half, so block 0 carries a value across passes and no block shares a
// bank.
// CHECK-LABEL: bir.func @upper_half_from_the_previous_pass
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
bir.func @upper_half_from_the_previous_pass attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:1024, 0] = %w, %x[0:128, 0:1024] latency 64
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
    bir.matmul %t[0:128, 1024:2048, 0] = %w, %x[0:128, 1024:2048] latency 64
  }
}

// -----

// The halves of block 0 are written on either side of a loop: writes add
// up along the pass but not across a loop below it, as in
// psum-verify-allocation's walk, so block 0 is not overwritten (a value
// may come from before the pass) and no block shares a bank.
// CHECK-LABEL: bir.func @halves_across_a_loop
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
bir.func @halves_across_a_loop attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 2
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %k = 0 to 2 {
    bir.matmul %t[0:128, 0:1024, 0] = %w[0:128, 0:128, %k], %x[0:128, 0:1024] latency 64
  }
  bir.matmul %t[0:128, 1024:2048, 0] = %w[0:128, 0:128, 0], %x[0:128, 1024:2048] latency 64
  bir.loop %j = 0 to 3 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w[0:128, 0:128, 0], %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
}

// -----

// Blocks of a pipeline whose loop does not start at block 0: the loop runs
// j = 2..5 over blocks 2..6, the prologue writes block 2; blocks 0 and 1
// are never used.
// CHECK-LABEL: bir.func @offset_pipeline
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 0, 1, 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @offset_pipeline attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 8
  bir.matmul %t[0:128, 0:2048, 2] = %w, %x latency 64
  bir.loop %j = 2 to 6 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 6] latency 32
}

// -----

// Eight tiles on gen1's four banks: the read-behind pipeline needs two.
// Before, the array was "too big for PSUM, requires 8 banks".
// CHECK-LABEL: bir.func @larger_than_psum
// CHECK: %t = bir.memloc "t" psum [64, 2048] x 8 {banks = array<i64: 0, 1, 0, 1, 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @larger_than_psum attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 8
  bir.matmul %t[0:64, 0:2048, 0] = %w, %x latency 64
  bir.loop %j = 0 to 7 {
    bir.matmul %t[0:64, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y = %t[0:64, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:64, 0:2048, 7] latency 32
}

// -----

// Constant tiles drained one after another: one bank serves them all.
// CHECK-LABEL: bir.func @constant_tiles_in_turn
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
bir.func @constant_tiles_in_turn attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
    bir.matmul %t[0:128, 0:2048, 1] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
    bir.matmul %t[0:128, 0:2048, 3] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
  }
}

// -----

// Tiles 0 and 1 are written before either is read: two banks. Tile 2 is
// read first in each iteration of %i, from the iteration before (or from
// before the loop), and rewritten last: it holds a value from the end of one
// iteration to the top of the next, tile 0 in between, so they share one
// bank. (Until session 46 the loop's accesses stood for its whole span, so
// both tiles held values across all of it, and t took a bank per tile.)
// CHECK-LABEL: bir.func @constant_tiles_overlap
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK-LABEL: bir.func @constant_tile_carried
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
bir.func @constant_tiles_overlap attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  bir.matmul %t[0:128, 0:2048, 1] = %w, %x latency 64
  bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
  bir.matmul %t[0:128, 0:2048, 2] = %w, %x latency 64
  bir.activation relu %y = %t[0:128, 0:2048, 2] latency 32
}
bir.func @constant_tile_carried attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.matmul %t[0:128, 0:2048, 2] = %w, %x latency 64
  bir.loop %i = 0 to 2 {
    bir.activation relu %y = %t[0:128, 0:2048, 2] latency 32
    bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
    bir.matmul %t[0:128, 0:2048, 2] = %w, %x latency 64
  }
}

// -----

// Two accumulation groups hold two of gen1's four banks, the pipeline needs
// three: t is spilled. Its first write keeps t itself, which then names
// only blocks 0 and 1 in turn (constants): one bank, where the whole
// array's six were needed before and the function was refused as needing
// "5 of the 4 PSUM banks whatever is spilled".
// CHECK-LABEL: bir.func @spilled_pipeline_on_gen1
// CHECK: %t = bir.memloc "t" psum [64, 2048] x 6 {banks = array<i64: 0, 0, 0, 0, 0, 0>, base_bank = 0 : i64, spilled}
bir.func @spilled_pipeline_on_gen1 attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 6
  bir.loop %k = 0 to 2 {
    bir.matmul %a += %w, %x latency 64
    bir.matmul %b += %w, %x latency 64
  }
  bir.matmul %t[0:64, 0:2048, 0] = %w, %x latency 64
  bir.matmul %t[0:64, 0:2048, 1] = %w, %x latency 64
  bir.loop %j = 0 to 4 {
    bir.matmul %t[0:64, 0:2048, %j + 2] = %w, %x latency 64
    bir.activation relu %y = %t[0:64, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:64, 0:2048, 4] latency 32
  bir.activation relu %y = %t[0:64, 0:2048, 5] latency 32
  bir.activation relu %y = %a latency 32
  bir.activation relu %y = %b latency 32
}

// -----

// A loop unrolled by two (step 2) fills and drains two tiles per
// iteration: two banks, and the six-bank o fits beside t.
// CHECK-LABEL: bir.func @unrolled_by_two
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 6, 7, 6, 7, 6, 7, 6, 7>, base_bank = 6 : i64}
bir.func @unrolled_by_two attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 8
  %t = bir.memloc "t" psum [128, 2048] x 8
  %o = bir.memloc "o" psum [128, 2048] x 6
  bir.matmul %o = %w, %x latency 64
  bir.loop %j = 0 to 8 step 2 {
    bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 32
    bir.activation relu %y[0:128, 0:2048, %j + 1] = %t[0:128, 0:2048, %j + 1] latency 32
  }
  bir.activation identity %y[0:128, 0:2048, 0] = %o[0:128, 0:2048, 0] latency 32
}

// -----

// The unrolled loop as a pipeline: each iteration fills the next pair of
// tiles before draining its own, so four tiles hold values at once.
// CHECK-LABEL: bir.func @unrolled_pipeline
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 2, 3, 0, 1, 2, 3>, base_bank = 0 : i64}
bir.func @unrolled_pipeline attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 8
  bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  bir.matmul %t[0:128, 0:2048, 1] = %w, %x latency 64
  bir.loop %j = 0 to 6 step 2 {
    bir.matmul %t[0:128, 0:2048, %j + 2] = %w, %x latency 64
    bir.matmul %t[0:128, 0:2048, %j + 3] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    bir.activation relu %y = %t[0:128, 0:2048, %j + 1] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 6] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 7] latency 32
}

// -----

// A tile array handled by two loops, each writing and draining its four
// tiles: one tile holds a value at a time, so t rotates over one bank and
// fits beside the three-bank acc (it kept eight banks before, too big for
// gen1's four).
// CHECK-LABEL: bir.func @two_loops_one_array
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [64, 2048] x 8 {banks = array<i64: 3, 3, 3, 3, 3, 3, 3, 3>, base_bank = 3 : i64}
bir.func @two_loops_one_array attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 8
  %t = bir.memloc "t" psum [64, 2048] x 8
  %acc = bir.memloc "acc" psum [64, 6144]
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:64, 0:2048, %i] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %i] = %t[0:64, 0:2048, %i] latency 32
    bir.matmul %acc += %w, %x latency 64
  }
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:64, 0:2048, %i + 4] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %i + 4] = %t[0:64, 0:2048, %i + 4] latency 32
  }
  bir.activation identity %y[0:64, 0:2048, 0] = %acc[0:64, 0:2048] latency 32
}

// -----

// The same with even tiles in one step-2 loop and odd ones in another.
// CHECK-LABEL: bir.func @even_odd_step_two
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [64, 2048] x 8 {banks = array<i64: 3, 3, 3, 3, 3, 3, 3, 3>, base_bank = 3 : i64}
bir.func @even_odd_step_two attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 8
  %t = bir.memloc "t" psum [64, 2048] x 8
  %acc = bir.memloc "acc" psum [64, 6144]
  bir.loop %i = 0 to 8 step 2 {
    bir.matmul %t[0:64, 0:2048, %i] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %i] = %t[0:64, 0:2048, %i] latency 32
    bir.matmul %acc += %w, %x latency 64
  }
  bir.loop %i = 1 to 8 step 2 {
    bir.matmul %t[0:64, 0:2048, %i] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %i] = %t[0:64, 0:2048, %i] latency 32
  }
  bir.activation identity %y[0:64, 0:2048, 0] = %acc[0:64, 0:2048] latency 32
}

// -----

// A tail tile narrower than the others (bytes 0:800 of block 3), written
// and read in part after the loop: its write covers all that reads of
// block 3 read, so it ends the block's old value though it covers less than
// the full tiles' reads. One bank (before: four, too big beside acc).
// CHECK-LABEL: bir.func @narrow_tail_tile
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [64, 2048] x 4 {banks = array<i64: 3, 3, 3, 3>, base_bank = 3 : i64}
bir.func @narrow_tail_tile attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 4
  %t = bir.memloc "t" psum [64, 2048] x 4
  %acc = bir.memloc "acc" psum [64, 6144]
  bir.loop %n = 0 to 3 {
    bir.matmul %t[0:64, 0:2048, %n] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %n] = %t[0:64, 0:2048, %n] latency 32
    bir.matmul %acc += %w, %x latency 64
  }
  bir.matmul %t[0:64, 0:800, 3] = %w, %x latency 32
  bir.activation relu %y[0:64, 0:800, 3] = %t[0:64, 0:800, 3] latency 32
  bir.activation identity %y[0:64, 0:2048, 0] = %acc[0:64, 0:2048] latency 32
}

// -----

// The same with the tail tile peeled before the loop.
// CHECK-LABEL: bir.func @narrow_tail_tile_first
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [64, 2048] x 4 {banks = array<i64: 3, 3, 3, 3>, base_bank = 3 : i64}
bir.func @narrow_tail_tile_first attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 4
  %t = bir.memloc "t" psum [64, 2048] x 4
  %acc = bir.memloc "acc" psum [64, 6144]
  bir.matmul %t[0:64, 0:800, 0] = %w, %x latency 32
  bir.activation relu %y[0:64, 0:800, 0] = %t[0:64, 0:800, 0] latency 32
  bir.loop %n = 1 to 4 {
    bir.matmul %t[0:64, 0:2048, %n] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %n] = %t[0:64, 0:2048, %n] latency 32
    bir.matmul %acc += %w, %x latency 64
  }
  bir.activation identity %y[0:64, 0:2048, 0] = %acc[0:64, 0:2048] latency 32
}

// -----

// A narrow write that does not cover what block 3's reads read: the block
// holds the value written before the loop across it, so it shares a bank
// with no other block (two banks would put it with block 1).
// CHECK-LABEL: bir.func @narrow_tail_reads_more
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 2, 3, 4, 5>, base_bank = 2 : i64}
bir.func @narrow_tail_reads_more attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %t = bir.memloc "t" psum [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 4096]
  bir.matmul %t[0:128, 0:2048, 3] = %w, %x latency 64
  bir.loop %n = 0 to 3 {
    bir.matmul %t[0:128, 0:2048, %n] = %w, %x latency 64
    bir.activation relu %y[0:128, 0:2048, %n] = %t[0:128, 0:2048, %n] latency 32
    bir.matmul %acc += %w, %x latency 64
  }
  bir.matmul %t[0:128, 0:800, 3] = %w, %x latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t[0:128, 0:2048, 3] latency 32
  bir.activation identity %y[0:128, 0:2048, 0] = %acc[0:128, 0:2048] latency 32
}

// -----

// One tile array swept by two GEMM phases, each tile summed by a K loop and
// drained in its iteration; the second phase marks its `+=` `start`. Each
// block holds one value per phase, and a covering write after the last
// access of the first starts the second: one bank serves the array, and u,
// written between the phases and read after, takes the other (NKI MLP
// kernels reuse one PSUM array so; before session 14 each block held one
// value from its first access to its last, and t was too big for PSUM).
// CHECK-LABEL: bir.func @tile_array_swept_twice
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: [[T:[01]]], [[T]], [[T]], [[T]]>
bir.func @tile_array_swept_twice attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %n] += %a, %b latency 64
    }
    bir.activation exp %y = %t[0:128, 0:2048, %n] latency 40
  }
  bir.matmul %u = %a, %b latency 64
  bir.loop %n2 = 0 to 4 {
    bir.loop %k2 = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %n2] += %a, %b start latency 64
    }
    bir.activation exp %y = %t[0:128, 0:2048, %n2] latency 40
  }
  bir.activation exp %y = %u latency 40
}

// -----

// The second sweep adds to the first one's tiles (no `start`): each block
// holds one value across both phases, so no two blocks share a bank.
// CHECK-LABEL: bir.func @tile_array_summed_over_two_sweeps
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
bir.func @tile_array_summed_over_two_sweeps attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %n = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %n] = %a, %b latency 64
  }
  bir.loop %n2 = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %n2] += %a, %b latency 64
    bir.activation exp %y = %t[0:128, 0:2048, %n2] latency 40
  }
}
