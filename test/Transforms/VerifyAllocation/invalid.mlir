// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-verify-allocation

bir.func @no_banks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{PSUM location 't' has no banks}}
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %w, %w[0:128, 0:128] latency 64
  bir.activation identity %y[0:128, 0:2048] = %t latency 32
}

// -----

bir.func @pin_not_honoured attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'t' is pinned to bank 4 but placed at base bank 0}}
  %t = bir.memloc "t" psum [128, 2048] {pin = 4, banks = array<i64: 0>, base_bank = 0 : i64}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}

// -----

bir.func @not_round_robin attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  // expected-error @+1 {{banks of 't' do not follow base + (k mod 2) x 1: block 2 is on bank 1, expected 0}}
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 1, 0>}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}

// -----

bir.func @shared_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048] {base_bank = 3, banks = array<i64: 3>}
  // expected-note @+1 {{'b' is defined here}}
  %b = bir.memloc "b" psum [128, 2048] {base_bank = 3, banks = array<i64: 3>}
  bir.matmul %a = %w, %w[0:128, 0:128] latency 64
  // expected-error @+1 {{PSUM locations 'a' and 'b' both hold values here but share bank 3}}
  bir.matmul %b = %w, %w[0:128, 0:128] latency 64
  bir.activation identity %y = %a latency 32
  bir.activation identity %y = %b latency 32
}

// -----

// A value live around a back-edge holds its bank across the whole loop.
bir.func @loop_carried_clash attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  // expected-note @+1 {{'b' is defined here}}
  %b = bir.memloc "b" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %a = %w, %w[0:128, 0:128] latency 64
  bir.loop %i = 0 to 4 {
    // expected-error @+1 {{PSUM locations 'a' and 'b' both hold values here but share bank 0}}
    bir.matmul %b = %w, %w[0:128, 0:128] latency 64
    bir.activation identity %y = %b latency 32
    bir.activation identity %y = %a latency 32
  }
}

// -----

bir.func @unsaved_spill attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>, spilled}
  %s = bir.memloc "t_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "t"}
  %r = bir.memloc "t_ReloadTensorCopy0" psum [128, 2048] {base_bank = 1, banks = array<i64: 1>, spill_of = "t"}
  // expected-error @+1 {{spilled value 't' is not saved after this write}}
  bir.matmul %t = %w, %w[0:128, 0:128] latency 64
  bir.tensor_copy %r = %s latency 64
  bir.activation identity %y = %r latency 32
}

// -----

// A copy that converts the element type does not save a spilled value: its
// reload could not restore it.
bir.func @cast_is_no_save attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>, spilled}
  %s = bir.memloc "t_SpillTensorCopy0" sbuf [128, 1024] {spill_of = "t"}
  bir.matmul %t = %w, %w[0:128, 0:128] latency 64
  // expected-error @+1 {{reads spilled location 't' instead of a reload}}
  bir.tensor_copy %s = %t cast latency 64
}

// -----

// A SpillWrite location is saved into a copy of the tensor it was minted
// for (its spill_of), not of another one.
bir.func @spill_write_saved_elsewhere attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %t1 = bir.memloc "t_SpillWrite0" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>, spill_of = "t", spilled}
  %s = bir.memloc "u_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "u"}
  bir.matmul %t1 = %w, %w[0:128, 0:128] latency 64
  // expected-error @+1 {{reads spilled location 't_SpillWrite0' instead of a reload}}
  bir.tensor_copy %s = %t1 latency 64
}

// -----

bir.func @read_spilled attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>, spilled}
  %s = bir.memloc "t_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "t"}
  bir.matmul %t = %w, %w[0:128, 0:128] latency 64
  bir.tensor_copy %s = %t latency 64
  // expected-error @+1 {{reads spilled location 't' instead of a reload}}
  bir.activation identity %y = %t latency 32
}

// -----

bir.func @spilled_group attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %r = bir.memloc "acc_ReloadTensorCopy0" psum [128, 2048] {base_bank = 1, banks = array<i64: 1>, spill_of = "acc"}
  // expected-error @+1 {{accumulation group 'acc_ReloadTensorCopy0' was spilled}}
  bir.matmul %r += %w, %w[0:128, 0:128] latency 64
  bir.activation identity %y = %r latency 32
}

// -----

// The upper half is read before it is written in the loop body: the
// previous iteration's value is live across the back-edge, on t's bank.
bir.func @half_carried_clash attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  // expected-note @+1 {{'h' is defined here}}
  %h = bir.memloc "h" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %h[0:128, 1024:2048] = %w, %w latency 64
  bir.loop %i = 0 to 4 {
    // expected-error @+1 {{PSUM locations 't' and 'h' both hold values here but share bank 0}}
    bir.matmul %t = %w, %w latency 64
    bir.activation identity %y = %t latency 32
    bir.activation identity %y[0:128, 1024:2048] = %h[0:128, 1024:2048] latency 32
    bir.matmul %h[0:128, 0:1024] = %w, %w latency 64
    bir.activation identity %y[0:128, 0:1024] = %h[0:128, 0:1024] latency 32
    bir.matmul %h[0:128, 1024:2048] = %w, %w latency 64
  }
}

// -----

// The fill loop writes blocks 0..2, the drain reads 0..3: block 3 comes
// from before %i, so t holds values around %i, across u.
bir.func @fill_misses_a_block attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t[0:128, 0:2048, 3] = %w, %w latency 64
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j] = %w, %w latency 64
    }
    bir.loop %k = 0 to 4 {
      bir.activation relu %y = %t[0:128, 0:2048, %k] latency 32
    }
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %w, %w latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The pipeline's first tile is written at the end of the previous
// iteration of %i (a prefetch), not before the inner loop: block 0 is read
// before the loop writes it, so t holds it around %i, across u.
bir.func @pipeline_prefetch_clash attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %w, %w latency 64
    bir.activation relu %y = %u latency 32
    bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  }
}

// -----

// Blocks 0 and 2 share bank 0 and hold values at once. Constant block
// indices are no rotation: the blocks are followed one by one.
bir.func @constant_blocks_share_a_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
  bir.matmul %t[0:128, 0:2048, 2] = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %t[0:128, 0:2048, 0] latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t[0:128, 0:2048, 2] latency 32
}

// -----

// All four blocks are written and read at once, on two banks.
bir.func @whole_location_on_half_its_banks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}

// -----

// Two tiles ahead on two banks: when iteration j writes block j + 2, block
// j on the same bank is still to be read.
bir.func @prefetch_on_two_banks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 6 {banks = array<i64: 0, 1, 0, 1, 0, 1>, base_bank = 0 : i64}
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  bir.matmul %t[0:128, 0:2048, 1] = %w, %w latency 64
  bir.loop %j = 0 to 4 {
    // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
    bir.matmul %t[0:128, 0:2048, %j + 2] = %w, %w latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 4] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 5] latency 32
}

// -----

// The prologue's `+=` starts its group only in the first iteration of %i:
// from the second pass on it adds to block 0, which must survive the pass
// before, while block 2 on the same bank is written.
bir.func @prologue_accumulates_across_passes attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] += %w, %w latency 64
    bir.loop %j = 0 to 3 {
      // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.activation relu %y = %t[0:128, 0:2048, 3] latency 32
  }
}

// -----

// A rotation built from halves: the per-offset analysis adds them up
// within the iteration. Block j is still to be read when the first half of
// block j + 1 lands on the one bank.
bir.func @halves_on_one_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
  bir.loop %j = 0 to 3 {
    bir.matmul %t[0:128, 0:1024, %j] = %w, %w latency 64
    bir.matmul %t[0:128, 1024:2048, %j] = %w, %w latency 64
    // expected-error @+1 {{blocks at offsets 0 and 1 of 't' are live at once on the same bank (1 banks rotate)}}
    bir.matmul %t[0:128, 0:1024, %j + 1] = %w, %w latency 64
    bir.matmul %t[0:128, 1024:2048, %j + 1] = %w, %w latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
}

// -----

// A loop of step 2 names two new blocks per iteration: tiles j and j + 1
// hold values at once, so one bank is too few. Around the back-edge, offset
// c of the next iteration is offset c + 2 of this one.
bir.func @unrolled_by_two_on_one_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 8
  %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 0, 0, 0, 0, 0, 0, 0, 0>, base_bank = 0 : i64}
  bir.loop %j = 0 to 8 step 2 {
    bir.matmul %t[0:128, 0:2048, %j] = %w, %w latency 64
    // expected-error @+1 {{blocks at offsets 0 and 1 of 't' are live at once on the same bank (1 banks rotate)}}
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 64
    bir.activation relu %y[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 32
    bir.activation relu %y[0:128, 0:2048, %j + 1] = %t[0:128, 0:2048, %j + 1] latency 32
  }
}

// -----

// psum-fuzz (session 12): block j's bytes 2046..2048 are read before this
// pass writes them, so they are whatever shares the bank: block 0's upper
// half when block 2 is read. Followed block by block (the rotation escapes
// the per-offset analysis), block 2 holds the bank from the start.
bir.func @read_of_bytes_not_yet_written attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  bir.loop %i = 0 to 3 {
    // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
    bir.matmul %t[0:128, 0:1024, %i] = %w, %x[0:128, 0:1024] latency 64
    bir.activation identity %y = %t[0:128, 0:2048, %i] latency 32
    bir.matmul %t[0:128, 0:2046, %i + 1] = %w, %x latency 64
    bir.matmul %t[0:128, 1024:2048, %i] = %w, %x[0:128, 0:1024] latency 64
  }
}

// -----

// The `+=` starting acc's group in %k writes block 2 only: block 0, written
// at the end of one pass of %q and read in the next, is live around %q and
// x may not take its bank. The check took any start to leave nothing of
// the location's older value.
bir.func @start_of_another_constant_block attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 4
  %y   = bir.memloc "y" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
  // expected-note @+1 {{'x' is defined here}}
  %x   = bir.memloc "x" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  bir.loop %q = 0 to 3 {
    // expected-error @+1 {{PSUM locations 'acc' and 'x' both hold values here but share bank 0}}
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

// -----

// The `+=` of block 2 starts its own group (nothing wrote block 2 before),
// at the top of the function: it ends block 2's old value, not block 0's,
// which is written before x and read after the start. x may not take block
// 0's bank.
bir.func @top_level_start_of_another_block attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 4
  %y   = bir.memloc "y" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
  // expected-note @+1 {{'x' is defined here}}
  %x   = bir.memloc "x" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  bir.matmul %acc[0:128, 0:2048, 0] = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  // expected-error @+1 {{PSUM locations 'acc' and 'x' both hold values here but share bank 0}}
  bir.matmul %x = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %x latency 32
  bir.matmul %acc[0:128, 0:2048, 2] += %w[0:128, 0:1024, 2], %w[0:128, 0:1024, 0] latency 64
  bir.activation relu %y[0:128, 0:2048, 1] = %acc[0:128, 0:2048, 0] latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %acc[0:128, 0:2048, 2] latency 32
}

// -----

// Only the lower half of acc starts in %k; the upper half, written before
// %n, is read in every pass: acc is live around %n and b may not take its
// banks.
bir.func @one_half_carried attributes {arch = #bir.arch<gen1>} {
  %w   = bir.memloc "w" sbuf [64, 1024] x 8
  %x   = bir.memloc "x" sbuf [64, 2048] x 8
  %acc = bir.memloc "acc" psum [64, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
  // expected-note @+1 {{'b' is defined here}}
  %b   = bir.memloc "b" psum [64, 6144] {banks = array<i64: 0>, base_bank = 0 : i64}
  %y   = bir.memloc "y" sbuf [64, 4096] x 4
  %z   = bir.memloc "z" sbuf [64, 6144] x 4
  bir.matmul %acc[0:64, 2048:4096] = %w[0:64, 0:1024, 0], %x[0:64, 0:2048, 0] latency 64
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:64, 0:2048] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:64, 0:4096, %n] = %acc latency 32
    // expected-error @+1 {{PSUM locations 'acc' and 'b' both hold values here but share bank 0}}
    bir.inst "fill" writes(%b) reads(%y[0:64, 0:4096, %n]) latency 40
    bir.activation identity %z[0:64, 0:6144, %n] = %b latency 32
  }
}

// -----

// The second K loop is not marked `start`: it adds to the first value, which
// stays live across the score tiles, one of which shares its bank. (Marked,
// it is valid: valid.mlir @accumulator_restarted_shares_bank.)
bir.func @accumulator_reused_unmarked attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256] x 4
  %x = bir.memloc "x" sbuf [64, 1024] x 4
  %acc = bir.memloc "acc" psum [64, 2048] {base_bank = 0, banks = array<i64: 0>}
  // expected-note @+1 {{'s' is defined here}}
  %s = bir.memloc "s" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  %ya = bir.memloc "ya" sbuf [64, 2048]
  %ys = bir.memloc "ys" sbuf [64, 2048] x 4
  %yc = bir.memloc "yc" sbuf [64, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] latency 64
  }
  bir.activation gelu %ya = %acc latency 32
  bir.loop %j = 0 to 4 {
    // expected-error @+1 {{PSUM locations 'acc' and 's' both hold values here but share bank 0}}
    bir.matmul %s[0:64, 0:2048, %j] = %w[0:64, 0:256, %j], %x[0:64, 0:1024, 0] latency 64
  }
  bir.loop %j = 0 to 4 {
    bir.activation exp %ys[0:64, 0:2048, %j] = %s[0:64, 0:2048, %j] latency 32
  }
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] latency 64
  }
  bir.activation gelu %yc = %acc latency 32
}

// -----

// The allocation the closed form gave before session 12's fix
// (PsumAllocate/closed-form-first-iteration.mlir): block 0 is read at
// j = 0 before this pass writes it, so it carries the previous pass's value
// across %n, through block 2's write on the same bank. The rotation's
// per-offset analysis took the read as served by the iteration before; its
// first iteration has none, so such a rotation is followed block by block.
bir.func @rotation_read_first_from_previous_pass attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256]
  %x = bir.memloc "x" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 6 {base_bank = 0, banks = array<i64: 0, 1, 0, 1, 0, 1>}
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %n = 0 to 2 {
    bir.loop %j = 0 to 5 {
      // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
      bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
    }
  }
}

// -----

// A narrow write that does not cover what the reads of block 3 read: the
// block keeps the value written before the loop, across the loop's blocks
// on its bank.
bir.func @narrow_write_keeps_block_value attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048] x 4
  %t = bir.memloc "t" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 0, 0, 0>}
  bir.matmul %t[0:64, 0:2048, 3] = %w, %x latency 64
  bir.loop %n = 0 to 3 {
    // expected-error @+1 {{blocks 0 and 3 of 't' both hold values here but share bank 0}}
    bir.matmul %t[0:64, 0:2048, %n] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %n] = %t[0:64, 0:2048, %n] latency 32
  }
  bir.matmul %t[0:64, 0:800, 3] = %w, %x latency 32
  bir.activation relu %y[0:64, 0:2048, 3] = %t[0:64, 0:2048, 3] latency 32
}

// -----

// A sweep whose K loops start only the lower half of each tile: the upper
// halves come from the loop at the end of the previous row, so t is carried
// around %r, across u on t's bank. Slices started in a nested loop add up
// in the sweep only when they cover what the reads read.
bir.func @half_started_in_k_loop_carried attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2 {base_bank = 0, banks = array<i64: 0, 1>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %a, %b latency 64
    bir.activation identity %y = %u latency 32
    bir.loop %n = 0 to 2 {
      bir.loop %k = 0 to 4 {
        bir.matmul %t[0:128, 0:1024, %n] += %a, %b latency 64
      }
      bir.activation gelu %y = %t[0:128, 0:2048, %n] latency 64
    }
    bir.loop %n3 = 0 to 2 {
      bir.matmul %t[0:128, 1024:2048, %n3] = %a, %b latency 64
    }
  }
}

// -----

// The loop writing block 0 reads it first in each iteration after the
// first: what block 0 held before the loop may be read, so the loop's
// write does not end t's older value, t is carried around %o, and u may
// not take its bank.
bir.func @first_tile_loop_reads_it_first attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  %y = bir.memloc "y" sbuf [128, 4096] x 8
  %t = bir.memloc "t" psum [128, 4096] x 4 {base_bank = 0, banks = array<i64: 0, 2, 4, 6>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t[0:128, 0:4096, 0] = %a, %b latency 64
  bir.loop %o = 0 to 2 {
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %a, %b latency 64
    bir.activation relu %y[0:128, 0:4096, 1] = %u latency 16
    bir.loop %m = 0 to 2 {
      bir.tensor_copy %y[0:128, 0:4096, 2] = %t[0:128, 0:4096, 0] latency 16
      bir.matmul %t[0:128, 0:4096, 0] = %a, %b latency 64
    }
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:4096, %j + 1] = %a, %b latency 64
      bir.tensor_copy %y[0:128, 0:4096, 3] = %t[0:128, 0:4096, %j] latency 16
    }
  }
}

// -----

// Only the lower rows are written in the loop: the upper rows of every
// block, written before it, stay live, so the blocks cannot share a bank.
bir.func @partition_half_from_before_the_loop attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
  %y = bir.memloc "y" sbuf [128, 1024]
  // expected-error @+1 {{blocks 0 and 1 of 't' both hold values here but share bank 0}}
  bir.matmul %t[64:128, 0:2048] = %a, %b latency 32
  bir.loop %j = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, %j] = %a, %b latency 32
    bir.activation exp %y = %t[0:128, 0:2048, %j] latency 40
  }
}

// -----

// The upper half read in each iteration was written before the loop: t is
// carried around it and u may not take its bank.
bir.func @partition_half_carried attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.matmul %t[64:128, 0:2048] = %a, %b latency 32
  bir.loop %j = 0 to 2 {
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %y = %u latency 40
    bir.matmul %t[0:64, 0:2048] = %a, %b latency 32
    bir.activation exp %y = %t latency 40
  }
}

// -----

// Pieces that meet only at a corner do not add up: the diagonal quarters
// written in each iteration leave the other two, written before the loop,
// to be read: t is carried around it and u may not take its bank.
bir.func @diagonal_quarters_carried attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.matmul %t = %a, %b latency 32
  bir.loop %j = 0 to 2 {
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %y = %u latency 40
    bir.matmul %t[0:64, 0:1024] = %a, %b latency 32
    bir.matmul %t[64:128, 1024:2048] = %a, %b latency 32
    bir.activation exp %y = %t latency 40
  }
}

// -----

// The `+=` in %k continues a value written before %i (no group starts
// there): %k reads acc, so acc is carried around %i and s may not take
// its bank.
bir.func @group_continued_around_the_loop attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %s = bir.memloc "s" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  // expected-note @+1 {{'acc' is defined here}}
  %acc = bir.memloc "acc" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  bir.matmul %acc = %a, %b latency 16
  bir.loop %i = 0 to 2 {
    // expected-error @+1 {{PSUM locations 's' and 'acc' both hold values here but share bank 0}}
    bir.matmul %s = %a, %b latency 16
    bir.activation identity %z = %s latency 8
    bir.loop %k = 0 to 2 {
      bir.matmul %acc += %a, %b latency 64
    }
    bir.activation relu %z = %acc latency 32
  }
}

// -----

// The loop nested in the rotating one reads its half before writing it:
// that half comes from the write before %j for every block, so the blocks
// hold values at once.
bir.func @nested_loop_reads_its_half_first attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
  // expected-error @+1 {{blocks 0 and 1 of 't' both hold values here but share bank 0}}
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

// Only the lower half of the pipeline's first tile is written in the row
// loop: block 0 holds its upper half across %r, so it may not share a
// bank with block 2, nor u with t.
bir.func @first_tile_half_carried attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.matmul %t[64:128, 0:2048, 0] = %a, %b latency 32
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 0] = %a, %b latency 32
    bir.loop %j = 0 to 3 {
      // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
      bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %a, %b latency 32
    bir.activation exp %z = %u latency 40
  }
}

// -----

// The first tile's halves written in a loop of their own, but the loop
// reads the whole block between them: the lower half it reads comes from
// the previous row (or from before %r), so block 0 holds a value across
// %r and may share a bank neither with bb nor with block 2.
bir.func @first_tile_read_between_its_halves attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
  // expected-note @+1 {{'bb' is defined here}}
  %bb = bir.memloc "bb" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  %z = bir.memloc "z" sbuf [128, 1024]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
  bir.loop %r = 0 to 2 {
    // expected-error @+1 {{PSUM locations 't' and 'bb' both hold values here but share bank 0}}
    bir.matmul %bb = %a, %b latency 32
    bir.activation identity %z = %bb latency 16
    bir.loop %k0 = 0 to 1 {
      bir.matmul %t[0:128, 1024:2048, 0] = %a, %b latency 32
      bir.activation exp %z = %t[0:128, 0:2048, 0] latency 40
      bir.matmul %t[0:128, 0:1024, 0] = %a, %b latency 32
    }
    bir.loop %j = 0 to 3 {
      // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
      bir.matmul %t[0:128, 0:1024, %j + 1] = %a, %b latency 32
      bir.activation exp %z = %t[0:128, 0:2048, %j] latency 40
      bir.matmul %t[0:128, 1024:2048, %j + 1] = %a, %b latency 32
    }
    bir.activation exp %z = %t[0:128, 0:2048, 3] latency 40
  }
}

// -----

// A location on all 64 banks of a 64-bank PSUM takes every bank (its mask
// was once the undefined 1 << 64 shift, empty here, and the clash passed).
bir.func @all_sixty_four_banks attributes {arch = #bir.arch<gen2, banks = 64>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 131072]
  %y = bir.memloc "y" sbuf [128, 131072]
  %t = bir.memloc "t" psum [128, 131072] {banks = array<i64: 0>, base_bank = 0}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 5>, base_bank = 5}
  bir.matmul %t = %w, %x latency 64
  // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 5}}
  bir.matmul %u = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y = %t latency 32
  bir.activation identity %y[0:128, 0:2048] = %u latency 32
}

// -----

// An instruction that reads block 0 of t and rewrites all of t: block 0,
// rewritten in one pass of %n, is read in the next, so t is carried around
// %n and u may not take block 0's bank (the other blocks are overwritten
// before any read: valid.mlir, @rewritten_whole_after_reading_one_block).
bir.func @rewritten_whole_after_reading_a_carried_block attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [64, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %n = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 2] = %w, %x latency 64
    bir.activation relu %t = %t[0:64, 0:2048, 0] latency 32
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The same in a loop over %j that reads block j = 0 first: the loop leaves
// older values of the blocks it reads before rewriting t.
bir.func @rewritten_whole_in_a_loop_after_reading_a_carried_block attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 2, 3>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [64, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %n = 0 to 2 {
    bir.matmul %t[0:64, 0:2048, 2] = %w, %x latency 64
    bir.loop %j = 0 to 1 {
      bir.activation relu %t = %t[0:64, 0:2048, %j] latency 32
    }
    // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
  }
}

// -----

// The same group, with `t` written before the drain: `acc` holds its sum
// there.
bir.func @written_before_the_drain attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  // expected-note @+1 {{'t' is defined here}}
  %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 3 {
      bir.loop %k = 0 to 2 {
        bir.matmul %acc += %w, %x latency 64
      }
    }
    // expected-error @+1 {{PSUM locations 'acc' and 't' both hold values here but share bank 0}}
    bir.matmul %t = %w, %x latency 64
    bir.activation tanh %y = %acc latency 16
    bir.activation relu %y = %t latency 16
  }
}

// -----

// The splits below come from the third mutation round (session 44): each
// fails on its mutant of the checker, which then accepts the allocation.

// A loop nested in the rotating one reads offset 0 before it rewrites it:
// the value written before the nested loop is live up to it, though the
// nested loop overwrites all that the read after it needs. Offset 2, on
// the same bank (two banks rotate), may not hold a value in between.
bir.func @nested_loop_reads_before_it_rewrites attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 0, 1>}
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, %i] = %w, %w latency 64
    // expected-error @+1 {{blocks at offsets 0 and 2 of 't' are live at once on the same bank (2 banks rotate)}}
    bir.matmul %t[0:128, 0:2048, %i + 2] = %w, %w latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %i + 2] latency 32
    bir.loop %k = 0 to 2 {
      bir.activation relu %y = %t[0:128, 0:2048, %i] latency 32
      bir.matmul %t[0:128, 0:2048, %i] = %w, %w latency 64
    }
    bir.activation relu %y = %t[0:128, 0:2048, %i] latency 32
  }
}

// -----

// Offsets -1 and 1 of a rotation over two banks share a bank (k mod 2 of a
// negative offset taken as its residue): both live at once is a clash.
bir.func @negative_offset_clash attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 0, 1>}
  bir.loop %i = 1 to 3 {
    bir.matmul %t[0:128, 0:2048, %i - 1] = %w, %w latency 64
    // expected-error @+1 {{blocks at offsets -1 and 1 of 't' are live at once on the same bank (2 banks rotate)}}
    bir.matmul %t[0:128, 0:2048, %i + 1] = %w, %w latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %i - 1] latency 32
    bir.activation relu %y = %t[0:128, 0:2048, %i + 1] latency 32
  }
}

// -----

// acc[0] += starts its group in the first iteration of %j only (the loop
// the per-block walk unrolls, as t[%j + 1] names blocks by its iv): it
// accumulates in the later ones, so block 0 holds its sum across every
// iteration, and block 2, on its bank, may not be written meanwhile.
bir.func @constant_start_in_an_unrolled_loop attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 1, 0, 1>}
  bir.loop %j = 0 to 3 {
    bir.matmul %t[0:128, 0:2048, 0] += %w, %w latency 64
    // expected-error @+1 {{blocks 0 and 2 of 't' both hold values here but share bank 0}}
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j + 1] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
}

// -----

// The loop reads all of block 0 between the writes of its halves: the left
// half it reads comes from the write before it, the right half from the
// whole write at the top. Pieces written after a loop do not add up with
// pieces written before it, so block 0 holds its first value until the
// loop, and block 1, on its bank, may not hold one meanwhile.
bir.func @halves_around_a_loop_reading_the_block attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 2 {base_bank = 0, banks = array<i64: 0, 0>}
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  // expected-error @+1 {{blocks 0 and 1 of 't' both hold values here but share bank 0}}
  bir.matmul %t[0:128, 0:2048, 1] = %w, %w latency 64
  bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
  bir.matmul %t[0:128, 0:1024, 0] = %w, %w latency 64
  bir.loop %k = 0 to 2 {
    bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
  }
  bir.matmul %t[0:128, 1024:2048, 0] = %w, %w latency 64
  bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
}

// -----

// The reads read block 0 only; the loop writes t[%j] for %j = 1 only, so
// block 1: an iv-indexed write is no write of the block every read reads,
// and t[0] stays live across the loop and back to its write.
bir.func @iv_write_misses_the_block_read attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 2 {base_bank = 0, banks = array<i64: 0, 1>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
  bir.matmul %u = %w, %w latency 64
  bir.activation relu %y = %u latency 32
  bir.loop %j = 1 to 2 {
    bir.matmul %t[0:128, 0:2048, %j] = %w, %w latency 64
  }
  bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
}

// -----

// A read of every block between the writes of block 1 and of block 0
// takes block 0's first value: t is live from its first write.
bir.func @all_blocks_read_between_block_writes attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %t = bir.memloc "t" psum [128, 2048] x 2 {base_bank = 0, banks = array<i64: 0, 1>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
  bir.matmul %u = %w, %w latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %u latency 32
  bir.matmul %t[0:128, 0:2048, 1] = %w, %w latency 64
  bir.activation relu %y = %t latency 32
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  bir.activation relu %y = %t latency 32
}

// -----

// A loop reads all of t between the writes of its halves, the right half
// from the whole write at the top: t is live from that write.
bir.func @loop_reads_between_the_halves attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t = %w, %w latency 64
  // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
  bir.matmul %u = %w, %w latency 64
  bir.activation relu %y = %u latency 32
  bir.matmul %t[0:128, 0:1024] = %w, %w latency 64
  bir.loop %k = 0 to 2 {
    bir.activation relu %y = %t latency 32
  }
  bir.matmul %t[0:128, 1024:2048] = %w, %w latency 64
  bir.activation relu %y = %t latency 32
}

// -----

// Only the second bank a rotation uses is reserved: the check takes the
// banks of every block, not the base bank's block alone.
bir.func @rotation_onto_reserved_bank attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 6>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'t' is on reserved bank 6}}
  %t = bir.memloc "t" psum [128, 2048] x 4 {base_bank = 5, banks = array<i64: 5, 6, 5, 6>}
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %i] = %w, %w latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %i] latency 32
  }
}

// -----

// The write of block 1's upper half at the end of the body covers every
// read of block 1 after it in the body, but block 1 carries a value into the
// next iteration, whose first read reads it whole: the lower half written
// before block 0 is live across it, so the blocks cannot share a bank.
// (Since session 45 a write ends a block's value when it covers the reads
// from its place on, unless the block carries a value around the loop
// holding the walk.)
bir.func @narrower_write_before_a_carried_read attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %ps = bir.memloc "ps" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %ps[0:128, 1024:2048, 1] = %a, %b latency 32
    bir.activation identity %y = %ps[0:128, 0:2048, 1] latency 16
    bir.matmul %ps[0:128, 0:1024, 1] = %a, %b latency 32
    bir.activation identity %y[0:128, 0:1024] = %ps[0:128, 0:1024, 1] latency 16
    // expected-error @+1 {{blocks 0 and 1 of 'ps' both hold values here but share bank 0}}
    bir.matmul %ps[0:128, 0:2048, 0] = %a, %b latency 32
    bir.activation identity %y = %ps[0:128, 0:2048, 0] latency 16
    bir.matmul %ps[0:128, 1024:2048, 1] = %a, %b latency 32
  }
}

// -----

// Block 1 is rewritten narrower at place 3, then read half at place 4 and
// whole at place 5: the hull of the reads from place 3 on is the whole
// block (the suffix hull of place 4 must include place 5's read), so the
// narrower write does not end block 1's first value, which is live across
// block 0's on the same bank (the suffix of place 4 holds the last read:
// the session-45 mutation round).
bir.func @narrower_write_then_half_then_whole attributes {arch = #bir.arch<gen2>} {
  %x = bir.memloc "x" sbuf [128, 256] x 4
  %ident = bir.memloc "ident" sbuf [128, 256]
  %ps = bir.memloc "ps" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
  %xT = bir.memloc "xT" sbuf [128, 1024]
  bir.matmul %ps[0:128, 0:2048, 1] = %x[0:128, 0:256, 0], %ident latency 32
  // expected-error @+1 {{blocks 0 and 1 of 'ps' both hold values here but share bank 0}}
  bir.matmul %ps[0:128, 0:2048, 0] = %x[0:128, 0:256, 1], %ident latency 32
  bir.activation identity %xT = %ps[0:128, 0:2048, 0] latency 16
  bir.matmul %ps[0:128, 0:1024, 1] = %x[0:128, 0:128, 2], %ident latency 32
  bir.activation identity %xT[0:128, 0:512] = %ps[0:128, 0:1024, 1] latency 16
  bir.activation identity %xT = %ps[0:128, 0:2048, 1] latency 16
}

// -----

// A write whose range moves with a loop writes one slice per iteration: it
// does not end t's earlier value, which the whole read in the loop still
// reads (the slices not rewritten yet), so u on t's bank clashes with it.
bir.func @moving_write_keeps_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t = %w, %w latency 64
  // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
  bir.matmul %u = %w, %w latency 64
  bir.activation identity %y = %u latency 32
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, %i * 512 : %i * 512 + 512] = %w, %w latency 64
    bir.activation identity %y = %t latency 32
  }
}

// -----

// A slice loop whose block follows its own iv writes one slice of each
// block: it does not fill the blocks, whose other bytes the last read reads
// from t's first value, so u on t's bank 0 clashes with it.
bir.func @slice_per_block_does_not_fill attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %t = bir.memloc "t" psum [128, 2048] x 2 {base_bank = 0, banks = array<i64: 0, 1>}
  // expected-note @+1 {{'u' is defined here}}
  %u = bir.memloc "u" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
  // expected-error @+1 {{PSUM locations 't' and 'u' both hold values here but share bank 0}}
  bir.matmul %u = %w, %w latency 64
  bir.activation identity %y[0:128, 0:2048, 0] = %u latency 32
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, %i * 1024 : %i * 1024 + 1024, %i] = %w, %w latency 64
  }
  bir.activation identity %y = %t latency 32
}
