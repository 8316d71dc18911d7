// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A tile written as partition slices (attention heads stacked on the
// partitions of one score tile, each head's matmul writing its rows) is
// overwritten whole once the slices add up over the partitions and bytes
// its reads read, as column slices are: a rotating tile array written that
// way still rotates. Before, a write counted only if it covered every
// partition read, so such an array kept a bank per block, and on tight
// banks was refused ("too big for PSUM"). verify=true rechecks each
// allocation with psum-verify-allocation, and psum-check simulates it.

// SIM: checked 19 functions: 19 allocated, 0 rejected inputs, 0 violations

// Two partition halves written, then the whole tile read, per iteration:
// each block is dead at the end of its iteration, so t rotates on one bank.
// CHECK-LABEL: bir.func @partition_halves_rotate
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
bir.func @partition_halves_rotate attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %j = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 32
    bir.matmul %t[64:128, 0:2048, %j] = %a, %b latency 32
    bir.activation exp %y = %t[0:128, 0:2048, %j] latency 40
  }
}

// -----

// GQA decode: four heads stacked on 32-partition quarters of each score
// tile, inside a loop over KV groups, then an accumulator: s rotates on one
// bank, is not carried around %h (the quarters overwrite each block before
// its read), and u takes the same bank after the %j loop.
// CHECK-LABEL: bir.func @heads_stacked_on_partitions
// CHECK-NOT: bir.tensor_copy
// CHECK: %s = bir.memloc "s" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @heads_stacked_on_partitions attributes {arch = #bir.arch<gen2, banks = 1>} {
  %q  = bir.memloc "q" sbuf [128, 64]
  %kT = bir.memloc "kT" sbuf [128, 1024] x 4
  %s  = bir.memloc "s" psum [128, 2048] x 4
  %p  = bir.memloc "p" sbuf [128, 1024] x 4
  %u  = bir.memloc "u" psum [128, 2048]
  %y  = bir.memloc "y" sbuf [128, 1024]
  bir.loop %h = 0 to 2 {
    bir.loop %j = 0 to 4 {
      bir.matmul %s[0:32, 0:2048, %j] = %q[0:128, 0:16], %kT[0:128, 0:1024, %j] latency 32
      bir.matmul %s[32:64, 0:2048, %j] = %q[0:128, 16:32], %kT[0:128, 0:1024, %j] latency 32
      bir.matmul %s[64:96, 0:2048, %j] = %q[0:128, 32:48], %kT[0:128, 0:1024, %j] latency 32
      bir.matmul %s[96:128, 0:2048, %j] = %q[0:128, 48:64], %kT[0:128, 0:1024, %j] latency 32
      bir.activation exp %p[0:128, 0:1024, %j] = %s[0:128, 0:2048, %j] latency 40
    }
    bir.matmul %u = %q[0:128, 0:16], %kT[0:128, 0:1024, 0] latency 32
    bir.activation identity %y = %u latency 16
  }
}

// -----

// Quadrants: the lower rows as two column halves, the upper rows whole.
// CHECK-LABEL: bir.func @quadrants_rotate
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
bir.func @quadrants_rotate attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %j = 0 to 4 {
    bir.matmul %t[0:64, 0:1024, %j] = %a, %b latency 32
    bir.matmul %t[0:64, 1024:2048, %j] = %a, %b latency 32
    bir.matmul %t[64:128, 0:2048, %j] = %a, %b latency 32
    bir.activation exp %y = %t[0:128, 0:2048, %j] latency 40
  }
}

// -----

// The upper rows are written once, before the loop, for every block: each
// iteration reads rows of its block written before the loop, so every
// block holds a value from there on and t needs a bank per block.
// CHECK-LABEL: bir.func @upper_rows_from_before_the_loop
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @upper_rows_from_before_the_loop attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.matmul %t[64:128, 0:2048] = %a, %b latency 32
  bir.loop %j = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 32
    bir.activation exp %y = %t[0:128, 0:2048, %j] latency 40
  }
}

// -----

// Only the lower rows are written in the loop and the read reads all of
// them: the upper rows of each block come from the prologue's write of
// that block, so the blocks hold values at once.
// CHECK-LABEL: bir.func @half_written_in_the_loop
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @half_written_in_the_loop attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
  bir.matmul %t[0:128, 0:2048, 1] = %a, %b latency 32
  bir.loop %j = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 32
    bir.activation exp %y = %t[0:128, 0:2048, %j] latency 40
  }
}

// -----

// One score tile per iteration, written as two partition halves and read
// whole: the halves overwrite it before the read, so it is not carried
// around the loop and shares the one bank with u, drained before it. (It
// was carried, and spilled twice per iteration.)
// CHECK-LABEL: bir.func @one_tile_in_halves_per_iteration
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @one_tile_in_halves_per_iteration attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %j = 0 to 2 {
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %y = %u latency 40
    bir.matmul %t[0:64, 0:2048] = %a, %b latency 32
    bir.matmul %t[64:128, 0:2048] = %a, %b latency 32
    bir.activation exp %y = %t latency 40
  }
}

// -----

// The lower half alone is written in the loop: the upper half read in each
// iteration was written before the loop, so t is carried around it and
// cannot share u's bank: on one bank it is spilled.
// CHECK-LABEL: bir.func @one_half_written_in_the_loop
// CHECK: bir.tensor_copy
bir.func @one_half_written_in_the_loop attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.matmul %t[64:128, 0:2048] = %a, %b latency 32
  bir.loop %j = 0 to 2 {
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %y = %u latency 40
    bir.matmul %t[0:64, 0:2048] = %a, %b latency 32
    bir.activation exp %y = %t latency 40
  }
}

// -----

// The halves written in different loop bodies: one in a nested loop that
// ends before the other's write. Loops run at least once, so the tile is
// still overwritten before its read; psum-verify-allocation's loop summary
// carries out what a loop writes before reading it (found by the
// session-15 adversarial audit: the checker refused this allocation).
// CHECK-LABEL: bir.func @half_in_a_nested_loop
// CHECK-NOT: bir.tensor_copy
// CHECK: %s = bir.memloc "s" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @half_in_a_nested_loop attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %s = bir.memloc "s" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.loop %k = 0 to 2 {
      bir.matmul %s[64:128, 0:2048] = %a, %b latency 16
    }
    bir.matmul %s[0:64, 0:2048] = %a, %b latency 16
    bir.activation exp %z = %s latency 16
    bir.matmul %u = %a, %b latency 16
    bir.activation exp %z = %u latency 16
  }
}

// -----

// Column halves: one before a nested loop, the other in it before the
// read there.
// CHECK-LABEL: bir.func @column_half_before_a_nested_loop
// CHECK-NOT: bir.tensor_copy
// CHECK: %s = bir.memloc "s" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @column_half_before_a_nested_loop attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %y = bir.memloc "y" sbuf [128, 4096]
  %s = bir.memloc "s" psum [128, 4096]
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %u = %a, %b latency 16
    bir.activation exp %z = %u latency 16
    bir.matmul %s[0:128, 0:2048] = %a, %b latency 16
    bir.loop %k = 0 to 2 {
      bir.matmul %s[0:128, 2048:4096] = %a, %b latency 16
      bir.tensor_copy %y = %s latency 16
    }
  }
}

// -----

// An accumulator read only in its lower rows, whose upper rows are summed
// by a group nobody reads, started in a loop of its own: that loop's `+=`
// continues only its own group, so acc is not carried around %i and
// shares s's bank. The checker kept acc live around %i (found by the
// session-14 adversarial audit with column halves; the session-15 audit
// met it again with partition halves).
// CHECK-LABEL: bir.func @dead_group_on_the_other_half
// CHECK-NOT: bir.tensor_copy
// CHECK: %s = bir.memloc "s" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @dead_group_on_the_other_half attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %s = bir.memloc "s" psum [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %s = %a, %b latency 16
    bir.activation identity %z = %s latency 8
    bir.loop %k = 0 to 2 {
      bir.matmul %acc[64:128, 0:2048] += %a, %b latency 64
    }
    bir.loop %k2 = 0 to 3 {
      bir.matmul %acc[0:64, 0:2048] += %a, %b latency 32
    }
    bir.activation relu %z = %acc[0:64, 0:2048] latency 32
  }
}

// -----

// A rotating tile written and read as an L: rows 0:64 whole, rows 64:128
// left half. Each read reads only what the writes before it in the
// iteration wrote, so the blocks share a bank; the checker's rotation
// analysis follows what each read needs, not the hull of all reads (found
// by the session-15 adversarial audit).
// CHECK-LABEL: bir.func @l_shape_rotation
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
bir.func @l_shape_rotation attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.loop %j = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 16
    bir.matmul %t[64:128, 0:1024, %j] = %a, %b latency 16
    bir.activation exp %z = %t[0:64, 0:2048, %j] latency 16
    bir.activation exp %z = %t[64:128, 0:1024, %j] latency 16
  }
}

// -----

// A rotating tile's lower half written in a loop of its own, nested in the
// rotating loop, then the upper half, then the read: the blocks share a
// bank. psum-verify-allocation's rotation analysis lost what the read
// needed at the nested loop and refused this (and its column-halves twin,
// before this session too).
// CHECK-LABEL: bir.func @half_in_a_loop_of_its_own
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
bir.func @half_in_a_loop_of_its_own attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.loop %j = 0 to 2 {
    bir.loop %k = 0 to 2 {
      bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 16
    }
    bir.matmul %t[64:128, 0:2048, %j] = %a, %b latency 16
    bir.activation exp %z = %t[0:128, 0:2048, %j] latency 16
  }
}

// -----

// The nested loop reads its half before writing it: that half of the
// block may come from before the rotating loop's iteration, so the blocks
// may not share a bank (t keeps two banks).
// CHECK-LABEL: bir.func @nested_loop_reads_its_half_first
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
bir.func @nested_loop_reads_its_half_first attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.matmul %t[0:128, 0:2048] = %a, %b latency 16
  bir.loop %j = 0 to 2 {
    bir.loop %k = 0 to 2 {
      bir.activation exp %z = %t[0:64, 0:2048, %j] latency 16
      bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 16
    }
    bir.matmul %t[64:128, 0:2048, %j] = %a, %b latency 16
    bir.activation exp %z = %t[0:128, 0:2048, %j] latency 16
  }
}

// -----

// A software pipeline in a row loop whose first tile t[0] is written as
// two partition halves before the pipeline's loop: the halves, run
// whenever the reads are, overwrite block 0, so t is not carried around %r
// and u shares a bank with it on two banks (found by the session-15
// kernel audit: t was carried, and spilled on two banks).
// CHECK-LABEL: bir.func @pipeline_first_tile_in_halves
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @pipeline_first_tile_in_halves attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 0] = %a, %b latency 32
    bir.matmul %t[64:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
      bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %z = %u latency 40
  }
}

// -----

// Only the lower half of t[0] is written in the row loop (the upper half
// once, before it): the upper half the pipeline's first read reads comes
// from before %r, so block 0 holds a value across %r, t keeps a bank per
// block and u takes another.
// CHECK-LABEL: bir.func @pipeline_first_tile_half_before_the_loop
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 1, 2, 3, 4>, base_bank = 1 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @pipeline_first_tile_half_before_the_loop attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.matmul %t[64:128, 0:2048, 0] = %a, %b latency 32
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 0] = %a, %b latency 32
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
      bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %z = %u latency 40
  }
}

// -----

// The halves of t[0] in two loop bodies (one in %m, around the pipeline):
// the checker adds up pieces of a constant block along the walk of one
// body, so the allocator does too, and keeps t carried around %r here
// rather than make an allocation its checker refuses (verify=true).
// CHECK-LABEL: bir.func @first_tile_halves_in_two_bodies
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 1, 2, 3, 4>, base_bank = 1 : i64}
bir.func @first_tile_halves_in_two_bodies attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048]
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 0] = %a, %b latency 32
    bir.loop %m = 0 to 1 {
      bir.matmul %t[64:128, 0:2048, 0] = %a, %b latency 32
      bir.loop %j = 0 to 3 {
        bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
        bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
      }
      bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
    }
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %z = %u latency 40
  }
}

// -----

// The halves of t[0] summed by a K loop of their own, which ends before
// the pipeline reads the tile: the loop runs at least once, so its pieces
// add up to overwrite block 0, and t is not carried around %r; bb shares a
// bank with it on two banks (the session-15 kernel audit's finding B: t was
// carried, and the function refused with a false "no allocation exists").
// CHECK-LABEL: bir.func @first_tile_halves_summed_in_a_k_loop
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK: %bb = bir.memloc "bb" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @first_tile_halves_summed_in_a_k_loop attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %bb = bir.memloc "bb" psum [128, 2048]
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.matmul %bb = %a, %b latency 32
    bir.activation identity %z = %bb latency 16
    bir.loop %k0 = 0 to 2 {
      bir.matmul %t[0:64, 0:2048, 0] += %a, %b latency 32
      bir.matmul %t[64:128, 0:2048, 0] += %a, %b latency 32
    }
    bir.loop %j = 0 to 3 {
      bir.loop %k = 0 to 2 {
        bir.matmul %t[0:128, 0:2048, %j + 1] += %a, %b latency 32
      }
      bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
  }
}

// -----

// The same with column halves written by plain matmuls in a loop of one
// iteration, and a pipeline that writes its next tile around the read
// (psum-check's generator draws this shape; the checker's loop summary
// adds up the pieces too, or verify=true refused the allocation).
// CHECK-LABEL: bir.func @first_tile_column_halves_in_a_loop
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK: %bb = bir.memloc "bb" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @first_tile_column_halves_in_a_loop attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %bb = bir.memloc "bb" psum [128, 2048]
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.matmul %bb = %a, %b latency 32
    bir.activation identity %z = %bb latency 16
    bir.loop %k0 = 0 to 1 {
      bir.matmul %t[0:128, 0:1024, 0] = %a, %b latency 32
      bir.matmul %t[0:128, 1024:2048, 0] = %a, %b latency 32
    }
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:1024, %j + 1] = %a, %b latency 32
      bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
      bir.matmul %t[0:128, 1024:2048, %j + 1] = %a, %b latency 32
    }
    bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
  }
}

// -----

// The halves of t[0] summed by two K loops, one each: pieces add up only
// within one loop body, so block 0 is still carried around %r and t keeps
// a bank per block (a limit: psum-verify-allocation adds up such pieces
// only along one body too for plain writes, but its group rule accepts the
// 2-bank placement of these `+=` halves; the session-16 kernel audit).
// CHECK-LABEL: bir.func @first_tile_halves_in_two_k_loops
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 1, 2, 3, 4>, base_bank = 1 : i64}
bir.func @first_tile_halves_in_two_k_loops attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %bb = bir.memloc "bb" psum [128, 2048]
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.matmul %bb = %a, %b latency 32
    bir.activation identity %z = %bb latency 16
    bir.loop %k0 = 0 to 2 {
      bir.matmul %t[0:64, 0:2048, 0] += %a, %b latency 32
    }
    bir.loop %k1 = 0 to 2 {
      bir.matmul %t[64:128, 0:2048, 0] += %a, %b latency 32
    }
    bir.loop %j = 0 to 3 {
      bir.loop %k = 0 to 2 {
        bir.matmul %t[0:128, 0:2048, %j + 1] += %a, %b latency 32
      }
      bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
  }
}
