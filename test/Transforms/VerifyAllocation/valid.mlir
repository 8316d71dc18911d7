// RUN: psum-opt %s -split-input-file --psum-verify-allocation | FileCheck %s

// One bank reused by a loop-carried accumulator and a later tile: the
// accumulator is dead after its drain, so the reuse is fine.
// CHECK-LABEL: bir.func @reuse_after_drain
bir.func @reuse_after_drain attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:128, 0:128, %k], %w[0:128, 0:128, %k] latency 64
  }
  bir.activation identity %y = %acc latency 32
  bir.matmul %t = %w[0:128, 0:128, 0], %w[0:128, 0:128, 0] latency 64
  bir.activation identity %y = %t latency 32
}

// -----

// Tiles of one location rotating over two banks (the round-robin).
// CHECK-LABEL: bir.func @rotating_tiles
bir.func @rotating_tiles attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %ring = bir.memloc "ring" psum [128, 2048] x 4 {base_bank = 2, banks = array<i64: 2, 3, 2, 3>}
  bir.loop %k = 0 to 4 {
    bir.matmul %ring[0:128, 0:2048, %k] = %w, %w latency 64
    bir.activation identity %y[0:128, 0:2048, %k] = %ring[0:128, 0:2048, %k] latency 32
  }
}

// -----

// Two halves written one after the other, the first read (as a spill saves
// it) between the two writes: before the first write no byte of `h` can
// still be read, so `t` may share its bank at the top of the loop.
// CHECK-LABEL: bir.func @halves_read_between_writes
bir.func @halves_read_between_writes attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  %h = bir.memloc "h" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %i = 0 to 4 {
    bir.matmul %t = %w, %w latency 64
    bir.activation identity %y = %t latency 32
    bir.matmul %h[0:128, 0:1024] = %w, %w latency 64
    bir.activation identity %y[0:128, 0:1024] = %h[0:128, 0:1024] latency 32
    bir.matmul %h[0:128, 1024:2048] = %w, %w latency 64
    bir.activation identity %y[0:128, 1024:2048] = %h[0:128, 1024:2048] latency 32
  }
}

// -----

// A spilled tensor's second write went to a location of its own
// (t_SpillWrite0, spill_of = "t"): it is saved into t's copy, and shares
// t's bank, since each holds its value only until its save.
// CHECK-LABEL: bir.func @spill_write
bir.func @spill_write attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>, spilled}
  %s = bir.memloc "t_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "t"}
  %t1 = bir.memloc "t_SpillWrite0" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>, spill_of = "t", spilled}
  %r = bir.memloc "t_ReloadTensorCopy0" psum [128, 2048] {base_bank = 1, banks = array<i64: 1>, spill_of = "t"}
  bir.matmul %t = %w, %w[0:128, 0:128] latency 64
  bir.tensor_copy %s = %t latency 64
  bir.matmul %t1 = %w, %w[0:128, 0:128] latency 64
  bir.tensor_copy %s = %t1 latency 64
  bir.tensor_copy %r = %s latency 64
  bir.activation identity %y = %r latency 32
}

// -----

// A software pipeline in an outer loop: the prologue writes block 0, the
// loop reads each block after writing the next. Together they overwrite
// every block before reading it in each iteration of %i, so t holds nothing
// around %i and u may take its bank after the inner loop.
// CHECK-LABEL: bir.func @pipeline_prologue
bir.func @pipeline_prologue attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.matmul %u = %w, %w latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// A loop fills blocks 0..2 (of four: block 3 is never read), the next one
// drains them: nothing of t is carried around %i.
// CHECK-LABEL: bir.func @fill_then_drain
bir.func @fill_then_drain attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j] = %w, %w latency 64
    }
    bir.loop %k = 0 to 3 {
      bir.activation relu %y = %t[0:128, 0:2048, %k] latency 32
    }
    bir.matmul %u = %w, %w latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The whole software pipeline on two banks: prologue t[0], the loop writing
// t[j + 1] and reading t[j], epilogue t[3]. At most two consecutive blocks
// hold values at once, so blocks k and k + 2 may share a bank; nothing is
// carried around %i, so u takes bank 0 between passes.
// CHECK-LABEL: bir.func @pipeline_on_two_banks
bir.func @pipeline_on_two_banks attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 0, 1>}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
    bir.matmul %u = %w, %w latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// Halves written, then the whole block read, in each iteration: the blocks
// rotate over one bank. The per-offset analysis sees the halves as values
// from before the loop; block by block, they add up before the read.
// CHECK-LABEL: bir.func @halves_rotate_on_one_bank
bir.func @halves_rotate_on_one_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
  bir.loop %j = 0 to 4 {
    bir.matmul %t[0:128, 0:1024, %j] = %w, %w latency 64
    bir.matmul %t[0:128, 1024:2048, %j] = %w, %w latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
}

// -----

// `t[j] +=` in the loop of j names a block of its own in each iteration and
// starts that block's group there: nothing is carried around %i, and u
// takes t's bank between passes. (Until session 10 the start began only in
// the first iteration of j, block 1 added to what the previous pass left,
// and this was a clash.)
// CHECK-LABEL: bir.func @per_block_accumulation_not_carried
bir.func @per_block_accumulation_not_carried attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128] x 2
  %x = bir.memloc "x" sbuf [128, 2048] x 2
  %xx = bir.memloc "xx" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
  %u = bir.memloc "u" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
  bir.loop %i = 0 to 3 {
    bir.matmul %u = %w[0:128, 0:128, 0], %xx latency 64
    bir.activation relu %y[0:128, 0:2048, 0] = %u[0:128, 0:2048] latency 32
    bir.loop %j = 0 to 2 {
      bir.matmul %t[0:128, 0:2048, %j] += %w[0:128, 0:128, %j], %x[0:128, 0:2048, %j] latency 64
      bir.activation relu %y[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 32
    }
  }
}

// -----

// The halves of acc start their groups in %k in every pass of %n: they add
// up, nothing of acc is carried around %n, and b takes its banks after the
// read. (Until session 11 the check forgot, at a loop, the bytes the loop's
// starts overwrite, and took acc to be live around %n.)
// CHECK-LABEL: bir.func @halves_started_in_an_inner_loop
bir.func @halves_started_in_an_inner_loop attributes {arch = #bir.arch<gen1>} {
  %w   = bir.memloc "w" sbuf [64, 1024] x 8
  %x   = bir.memloc "x" sbuf [64, 2048] x 8
  %acc = bir.memloc "acc" psum [64, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
  %b   = bir.memloc "b" psum [64, 6144] {banks = array<i64: 0>, base_bank = 0 : i64}
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

// An accumulator reused by a second K loop marked `start`: its first value
// dies at the first drain, so a score tile may take its bank in between.
// (Unmarked, the second loop adds to the first value: invalid.mlir
// @accumulator_reused_unmarked.)
// CHECK-LABEL: bir.func @accumulator_restarted_shares_bank
bir.func @accumulator_restarted_shares_bank attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256] x 4
  %x = bir.memloc "x" sbuf [64, 1024] x 4
  %acc = bir.memloc "acc" psum [64, 2048] {base_bank = 0, banks = array<i64: 0>}
  %s = bir.memloc "s" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  %ya = bir.memloc "ya" sbuf [64, 2048]
  %ys = bir.memloc "ys" sbuf [64, 2048] x 4
  %yc = bir.memloc "yc" sbuf [64, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] latency 64
  }
  bir.activation gelu %ya = %acc latency 32
  bir.loop %j = 0 to 4 {
    bir.matmul %s[0:64, 0:2048, %j] = %w[0:64, 0:256, %j], %x[0:64, 0:1024, 0] latency 64
  }
  bir.loop %j = 0 to 4 {
    bir.activation exp %ys[0:64, 0:2048, %j] = %s[0:64, 0:2048, %j] latency 32
  }
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] start latency 64
  }
  bir.activation gelu %yc = %acc latency 32
}

// -----

// A tile array on one bank, filled and drained tile by tile by two loops,
// with a tail tile narrower than the others: its write covers all that the
// reads of block 3 read, so it ends the block's value and the tail may
// share the bank (PsumAllocate/pipeline-rotation.mlir).
// CHECK-LABEL: bir.func @two_loops_and_a_narrow_tail_on_one_bank
bir.func @two_loops_and_a_narrow_tail_on_one_bank attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 5
  %t = bir.memloc "t" psum [64, 2048] x 5 {base_bank = 0, banks = array<i64: 0, 0, 0, 0, 0>}
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %i] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %i] = %t[0:64, 0:2048, %i] latency 32
  }
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %i + 2] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %i + 2] = %t[0:64, 0:2048, %i + 2] latency 32
  }
  bir.matmul %t[0:64, 0:800, 4] = %w, %x latency 32
  bir.activation relu %y[0:64, 0:800, 4] = %t[0:64, 0:800, 4] latency 32
}

// -----

// A dead accumulation group started in an inner K loop (t[j] +=, never
// read) and a read of block 2, which this pass of %n writes first: nothing
// of t is carried around %n, so u may take its bank. The group start's read
// is none (it begins afresh on entering its loop), so it no longer keeps the
// blocks a read may read from being covered by the write of block 2 (a
// false rejection until session 13, found by the session-12 rotation
// audit).
// CHECK-LABEL: bir.func @dead_group_in_inner_loop_not_carried
bir.func @dead_group_in_inner_loop_not_carried attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 0, 0, 0>}
  %u = bir.memloc "u" psum [64, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %n = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 2] = %w, %x latency 64
    bir.loop %j = 1 to 2 {
      bir.activation relu %y = %t[0:64, 0:2048, %j + 1] latency 32
      bir.loop %k = 0 to 1 {
        bir.matmul %t[0:64, 0:2048, %j] += %w, %x latency 64
      }
    }
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// An instruction that reads block 2 of t and rewrites all of t: what it
// leaves is overwritten in the next pass of %n before any read (block 2
// first, then all of t again; the `+=` continues the group on what the
// rewrite wrote), so nothing of t is carried around %n and u may take
// bank 0. Until session 31 the read of block 2 took back the rewrite's
// partitions and bytes for every block, t stayed live around %n, and the
// checker rejected the allocator's output (a fuzzer finding).
// CHECK-LABEL: bir.func @rewritten_whole_after_reading_one_block
bir.func @rewritten_whole_after_reading_one_block attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  %u = bir.memloc "u" psum [64, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %n = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 2] = %w, %x latency 64
    bir.activation relu %t = %t[0:64, 0:2048, 2] latency 32
    bir.matmul %t[0:64, 0:2048, 1] += %w, %x latency 64
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The same in a loop over %j that reads block j + 1 (block 2) before
// rewriting all of t: the loop leaves older values only of the blocks it
// reads first.
// CHECK-LABEL: bir.func @rewritten_whole_in_a_loop_after_reading_one_block
bir.func @rewritten_whole_in_a_loop_after_reading_one_block attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  %u = bir.memloc "u" psum [64, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %n = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 2] = %w, %x latency 64
    bir.loop %j = 1 to 2 {
      bir.activation relu %t = %t[0:64, 0:2048, %j + 1] latency 32
      bir.loop %k = 0 to 1 {
        bir.matmul %t[0:64, 0:2048, %j] += %w, %x latency 64
      }
    }
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// A pipeline of `+=` K-loop tiles inside a row loop: the prologue starts
// t[0] in its K loop, the loop over %n starts t[n + 1] in the K loop nested
// in each of its iterations. Those starts write afresh in every iteration
// of %n, so the loop's summary counts them as writes of the blocks it
// sweeps: nothing of t is carried around %r, and u may take t's bank (a
// false rejection until session 14, found by the session-14 kernel audit).
// CHECK-LABEL: bir.func @pipeline_of_k_loops_not_carried
bir.func @pipeline_of_k_loops_not_carried attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 0, 1>}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.matmul %u = %a, %b latency 64
    bir.activation identity %y = %u latency 32
    bir.loop %k = 0 to 8 {
      bir.matmul %t[0:128, 0:2048, 0] += %a, %b latency 64
    }
    bir.loop %n = 0 to 3 {
      bir.loop %k2 = 0 to 8 {
        bir.matmul %t[0:128, 0:2048, %n + 1] += %a, %b latency 64
      }
      bir.activation gelu %y = %t[0:128, 0:2048, %n] latency 64
    }
    bir.activation gelu %y = %t[0:128, 0:2048, 3] latency 64
  }
}

// -----

// A pipeline's first tile written in a loop of its own (which runs at least
// once and never reads the tile), then the pipeline, in a row loop: the
// loop's summary carries its write of block 0 out of it, so with the
// blocks the pipeline sweeps nothing of t is carried around %o and u may
// take t's bank (a false rejection before session 14, found by the
// session-14 adversarial audit).
// CHECK-LABEL: bir.func @first_tile_in_a_loop_of_its_own
bir.func @first_tile_in_a_loop_of_its_own attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %y = bir.memloc "y" sbuf [128, 4096] x 8
  %t = bir.memloc "t" psum [128, 4096] x 4 {base_bank = 0, banks = array<i64: 0, 2, 0, 2>}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %o = 0 to 2 {
    bir.matmul %u = %a, %b latency 64
    bir.activation relu %y[0:128, 0:4096, 1] = %u latency 16
    bir.loop %m = 0 to 2 {
      bir.loop %k = 0 to 2 {
        bir.matmul %t[0:128, 0:4096, 0] += %a, %b latency 64
      }
    }
    bir.loop %j = 0 to 3 {
      bir.loop %k2 = 0 to 2 {
        bir.matmul %t[0:128, 0:4096, %j + 1] += %a, %b latency 64
      }
      bir.tensor_copy %y[0:128, 0:4096, 3] = %t[0:128, 0:4096, %j] latency 16
    }
  }
}

// -----

// The same, the first tile drained in its own loop right after its write:
// each iteration of %m overwrites block 0 before reading it, so nothing of
// block 0 from before %m is seen in it or left after it (found by the
// session-14 adversarial audit: the summary carried out only blocks the
// loop never reads, and rejected this allocation).
// CHECK-LABEL: bir.func @first_tile_drained_in_its_own_loop
bir.func @first_tile_drained_in_its_own_loop attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %y = bir.memloc "y" sbuf [128, 4096] x 8
  %t = bir.memloc "t" psum [128, 4096] x 4 {base_bank = 0, banks = array<i64: 0, 2, 4, 6>}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %o = 0 to 2 {
    bir.matmul %u = %a, %b latency 64
    bir.activation relu %y[0:128, 0:4096, 1] = %u latency 16
    bir.loop %m = 0 to 2 {
      bir.matmul %t[0:128, 0:4096, 0] = %a, %b latency 64
      bir.activation relu %y[0:128, 0:4096, 2] = %t[0:128, 0:4096, 0] latency 16
    }
    bir.loop %j = 0 to 3 {
      bir.loop %k = 0 to 2 {
        bir.matmul %t[0:128, 0:2048, %j + 1] += %a, %b latency 64
        bir.matmul %t[0:128, 2048:4096, %j + 1] += %a, %b latency 64
      }
      bir.tensor_copy %y[0:128, 0:4096, 3] = %t[0:128, 0:4096, %j] latency 16
    }
  }
}

// -----

// Partition halves of a rotating tile add up, as column halves do: each
// block is overwritten whole in its iteration, so the blocks share a bank.
// CHECK-LABEL: bir.func @partition_halves_share_a_bank
bir.func @partition_halves_share_a_bank attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %j = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 32
    bir.matmul %t[64:128, 0:2048, %j] = %a, %b latency 32
    bir.activation exp %y = %t[0:128, 0:2048, %j] latency 40
  }
}

// -----

// The same tile array after a prologue that writes all of block 0: the
// blocks share a bank by the per-block walk (constant and rotating
// accesses), where partition halves add up too.
// CHECK-LABEL: bir.func @partition_halves_after_a_prologue
bir.func @partition_halves_after_a_prologue attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 3 {banks = array<i64: 0, 0, 0>, base_bank = 0 : i64}
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
  bir.activation exp %y = %t[0:128, 0:2048, 0] latency 40
  bir.loop %j = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %j + 1] = %a, %b latency 32
    bir.matmul %t[64:128, 0:2048, %j + 1] = %a, %b latency 32
    bir.activation exp %y = %t[0:128, 0:2048, %j + 1] latency 40
  }
}

// -----

// A tile written as two partition halves and read whole in each iteration
// is not carried around the loop: u may take its bank before the halves.
// CHECK-LABEL: bir.func @partition_halves_not_carried
bir.func @partition_halves_not_carried attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
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

// A pipeline's first tile written as two partition halves in the row loop:
// the pieces of block 0 add up, so t carries nothing around %r and u may
// take bank 0 after the pipeline.
// CHECK-LABEL: bir.func @first_tile_in_halves
bir.func @first_tile_in_halves attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
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

// The first tile's column halves written in a loop of their own, which
// ends before the pipeline reads the tile: the loop summary adds up the
// pieces of block 0 (the loop runs at least once), so t carries nothing
// around %r and bb may take bank 0 before the halves.
// CHECK-LABEL: bir.func @first_tile_halves_in_a_loop_of_their_own
bir.func @first_tile_halves_in_a_loop_of_their_own attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  %bb = bir.memloc "bb" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
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

// A group restarted in a nested loop needs nothing from before that loop:
// after its drain, `acc` is dead until the next pass restarts it, so `t`
// may take its bank there (the session-39 checker; before, the loop that
// does not read `acc` kept it live over the whole of the outer loop).
// CHECK-LABEL: bir.func @restarted_in_a_nested_loop
bir.func @restarted_in_a_nested_loop attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 3 {
      bir.loop %k = 0 to 2 {
        bir.matmul %acc += %w, %x latency 64
      }
    }
    bir.activation tanh %y = %acc latency 16
    bir.matmul %t = %w, %x latency 64
    bir.activation relu %y = %t latency 16
  }
}

// -----

// A two-buffer pool whose second buffer is reused in each iteration for a
// narrower value after the first buffer's: the narrower write covers every
// read of block 1 from it on, so block 1 holds nothing while block 0 does,
// and both take bank 0. (Refused before session 45, when a write had to
// cover what every read of the block reads: the session-45 kernel audit.)
// CHECK-LABEL: bir.func @pool_reused_narrower
bir.func @pool_reused_narrower attributes {arch = #bir.arch<gen2>} {
  %x = bir.memloc "x" sbuf [128, 256] x 4
  %ident = bir.memloc "ident" sbuf [128, 256]
  %ps = bir.memloc "ps" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
  %xT = bir.memloc "xT" sbuf [128, 1024]
  %sT = bir.memloc "sT" sbuf [128, 512]
  bir.loop %k = 0 to 4 {
    bir.matmul %ps[0:128, 0:2048, 1] = %x[0:128, 0:256, %k], %ident latency 32
    bir.activation identity %xT = %ps[0:128, 0:2048, 1] latency 16
    bir.matmul %ps[0:128, 0:2048, 0] = %x[0:128, 0:256, %k], %ident latency 32
    bir.activation identity %xT = %ps[0:128, 0:2048, 0] latency 16
    bir.matmul %ps[0:128, 0:1024, 1] = %x[0:128, 0:128, %k], %ident latency 32
    bir.activation identity %sT = %ps[0:128, 0:1024, 1] latency 16
  }
}

// -----

// A two-buffer pool (one bank) whose block 1 is reused for a narrower
// value inside a nested loop of the scope: the place of the nested write
// and read is that of their loop in the scope block, after the full read
// of block 1, so the narrower write ends block 1's first value and the
// blocks may share bank 0 (a nested op takes its loop's place, not one of
// its own: the session-45 mutation round).
// CHECK-LABEL: bir.func @pool_narrower_in_nested_loop
bir.func @pool_narrower_in_nested_loop attributes {arch = #bir.arch<gen2>} {
  %x = bir.memloc "x" sbuf [128, 256] x 4
  %ident = bir.memloc "ident" sbuf [128, 256]
  %ps = bir.memloc "ps" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
  %xT = bir.memloc "xT" sbuf [128, 1024]
  %sT = bir.memloc "sT" sbuf [128, 512]
  bir.matmul %ps[0:128, 0:2048, 1] = %x[0:128, 0:256, 0], %ident latency 32
  bir.activation identity %xT = %ps[0:128, 0:2048, 1] latency 16
  bir.matmul %ps[0:128, 0:2048, 0] = %x[0:128, 0:256, 1], %ident latency 32
  bir.activation identity %xT = %ps[0:128, 0:2048, 0] latency 16
  bir.loop %j = 0 to 2 {
    bir.matmul %ps[0:128, 0:1024, 1] = %x[0:128, 0:128, %j], %ident latency 32
    bir.activation identity %sT = %ps[0:128, 0:1024, 1] latency 16
  }
}

// -----

// u is dead before t's first write, whose range moves with the loop; t is
// read slice by slice after it.
// CHECK-LABEL: bir.func @moving_write_after_other_value
bir.func @moving_write_after_other_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %u = %w, %w latency 64
  bir.activation identity %y = %u latency 32
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, %i * 512 : %i * 512 + 512] = %w, %w latency 64
  }
  bir.loop %j = 0 to 4 {
    bir.activation identity %y[0:128, %j * 512 : %j * 512 + 512] = %t[0:128, %j * 512 : %j * 512 + 512] latency 32
  }
}

// -----

// Two constant blocks on one bank, each filled by a loop of slices and
// drained before the other is filled: a loop that only writes a block,
// slice by slice, leaves nothing older of it.
// CHECK-LABEL: bir.func @filled_blocks_share_a_bank
bir.func @filled_blocks_share_a_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 1024]
  %tp = bir.memloc "tp" psum [128, 1024] x 2 {base_bank = 0, banks = array<i64: 0, 0>}
  bir.loop %i = 0 to 4 {
    bir.matmul %tp[0:128, %i * 256 : %i * 256 + 256, 0] = %w, %w latency 16
  }
  bir.activation identity %y = %tp[0:128, 0:1024, 0] latency 32
  bir.loop %j = 0 to 4 {
    bir.matmul %tp[0:128, %j * 256 : %j * 256 + 256, 1] = %w, %w latency 16
  }
  bir.activation identity %y = %tp[0:128, 0:1024, 1] latency 32
}
