// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" 2>&1 | FileCheck %s --implicit-check-not=warning
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true num-banks=2" 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM
// RUN: psum-check %s --allocate-options="num-banks=2" | FileCheck %s --check-prefix=SIM

// Ranges that move with a loop's iv (NKI's `nl.ds(i * 512, 512)`): the
// analyses take the hull of the slices over the loop wherever an access may
// reach, and never count a moving write as covering anything, since in one
// iteration it writes one slice. verify=true rechecks every allocation with
// psum-verify-allocation, and psum-check simulates it slice by slice.

// SIM: checked 13 functions: 13 allocated, 0 rejected inputs, 0 violations

// Column tiles of one tile, each summed over K: the `+=` starts in the first
// iteration of the K loop for every column, which the unread-restart warning
// knows (the column loop moves the slice: no sum is overwritten unread).
// CHECK-LABEL: bir.func @column_sums
// CHECK: %acc = bir.memloc "acc" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @column_sums attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 4096]
  %acc = bir.memloc "acc" psum [128, 4096]
  bir.loop %i = 0 to 8 {
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:128, %i * 512 : %i * 512 + 512] += %w[0:128, 0:1024, %k], %w[0:128, 0:1024, %k] latency 64
    }
  }
  bir.activation relu %y = %acc latency 32
}

// -----

// A `+=` whose slice follows its own loop starts in every iteration: each
// iteration's slice is fresh (as `t[%i] +=` names a fresh block). u's
// value before it leaves the shared bank dirty: were the rows added to what
// is there, the simulated allocated run would differ from the logical one.
// CHECK-LABEL: bir.func @row_starts_each_iteration
// CHECK: %pT = bir.memloc "pT" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @row_starts_each_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %pT = bir.memloc "pT" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y = %u latency 32
  bir.loop %j = 0 to 4 {
    bir.matmul %pT[%j * 32 : %j * 32 + 32, 0:2048] += %w[0:128, 0:1024, %j], %w[0:128, 0:1024, 0] latency 16
  }
  bir.activation relu %y = %pT latency 32
}

// -----

// Slots: each iteration writes its slice and drains it. The tile is dead
// after the loop, so u takes its bank.
// CHECK-LABEL: bir.func @slots
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @slots attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, %i * 512 : %i * 512 + 512] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
    bir.activation relu %y[0:128, %i * 512 : %i * 512 + 512] = %t[0:128, %i * 512 : %i * 512 + 512] latency 32
  }
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y = %u latency 32
}

// -----

// A loop that only writes t, slice by slice, fills it (every slice, before
// anything reads t again): the value before it is over, split cuts t there
// and u, used in between, shares the bank, as with a fixed rewrite
// (@whole_rewrite_ends_value).
// CHECK-LABEL: bir.func @fill_loop_ends_value
// CHECK: %t_split0 = bir.memloc "t_split0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %t_split1 = bir.memloc "t_split1" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @fill_loop_ends_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  bir.activation relu %y = %t latency 32
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y = %u latency 32
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, %i * 512 : %i * 512 + 512] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
  }
  bir.activation relu %y = %t latency 32
}

// -----

// Where the loop also reads t (each slice drained as it is written), the
// moving write does not fill t: no single iteration writes it all, and the
// rule that would see each read served by its own iteration's slice is not
// there. t keeps one live range from its first write to its last read, and
// u needs a bank of its own.
// CHECK-LABEL: bir.func @moving_rewrite_keeps_value
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @moving_rewrite_keeps_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  bir.activation relu %y = %t latency 32
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y = %u latency 32
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, %i * 512 : %i * 512 + 512] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
    bir.activation relu %y[0:128, %i * 512 : %i * 512 + 512] = %t[0:128, %i * 512 : %i * 512 + 512] latency 32
  }
  bir.activation relu %y = %t latency 32
}

// -----

// A tile array whose tiles are each filled by a loop of slices (PE
// transposes) and drained in the same iteration: the fill loop leaves
// nothing older of the tile, so the tiles rotate over one bank. Before the
// rule the blocks kept a bank each (8 banks); a memset before each slice
// loop was the workaround.
// CHECK-LABEL: bir.func @filled_tiles_rotate
// CHECK: %tp = bir.memloc "tp" psum [128, 1024] x 8 {banks = array<i64: 0, 0, 0, 0, 0, 0, 0, 0>, base_bank = 0 : i64}
bir.func @filled_tiles_rotate attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 1024] x 8
  %tp = bir.memloc "tp" psum [128, 1024] x 8
  bir.loop %pt = 0 to 8 {
    bir.loop %i = 0 to 4 {
      bir.matmul %tp[0:128, %i * 256 : %i * 256 + 256, %pt] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 16
    }
    bir.activation identity %y[0:128, 0:1024, %pt] = %tp[0:128, 0:1024, %pt] latency 32
  }
}

// -----

// Slices with gaps between them (a stride above the size) do not fill the
// tile, though the final read stays within their hull: it reads bytes 256
// to 512 from t's first value, so that value lives on and u, used in
// between, needs a bank of its own. (Taken for a fill, t would be cut
// before the loop and u put on its bank: the simulator would see u's
// bytes read back.)
// CHECK-LABEL: bir.func @gapped_slices_keep_value
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @gapped_slices_keep_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  bir.activation relu %y = %t latency 32
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y = %u latency 32
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, %i * 512 : %i * 512 + 256] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
  }
  bir.activation relu %y[0:128, 0:768] = %t[0:128, 0:768] latency 32
}

// -----

// The same with a fixed write of the whole tile: split cuts t there, and u
// shares the bank.
// CHECK-LABEL: bir.func @whole_rewrite_ends_value
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @whole_rewrite_ends_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  bir.activation relu %y = %t latency 32
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y = %u latency 32
  bir.loop %i = 0 to 1 {
    bir.matmul %t = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
  }
  bir.activation relu %y = %t latency 32
}

// -----

// Spilled on two banks (a and b live at once with s): the save follows each
// slice's write and the reload precedes each slice's read, both moving with
// the loop as the access they copy; the TensorCopy reader reads the saved
// copy (load2Copy).
// TWO-LABEL: bir.func @spilled_slices
// TWO:         %s = bir.memloc "s" psum [128, 2048] {{{.*}}spilled}
// TWO:         bir.loop %[[I:.*]] = 0 to 4 {
// TWO-NEXT:      bir.matmul %s[0:128, %[[I]] * 512 : %[[I]] * 512 + 512] =
// TWO-NEXT:      bir.tensor_copy %s_SpillTensorCopy0[0:128, %[[I]] * 512 : %[[I]] * 512 + 512] = %s[0:128, %[[I]] * 512 : %[[I]] * 512 + 512] latency 64
// TWO:         bir.loop %[[J:.*]] = 0 to 4 {
// TWO-NEXT:      bir.tensor_copy %s_ReloadTensorCopy0[0:128, %[[J]] * 512 : %[[J]] * 512 + 512] = %s_SpillTensorCopy0[0:128, %[[J]] * 512 : %[[J]] * 512 + 512] latency 64
// TWO-NEXT:      bir.activation relu %y[0:128, %[[J]] * 512 : %[[J]] * 512 + 512, 4] = %s_ReloadTensorCopy0[0:128, %[[J]] * 512 : %[[J]] * 512 + 512] latency 32
// TWO-NEXT:      bir.tensor_copy %y[0:128, %[[J]] * 512 : %[[J]] * 512 + 512, 5] = %s_SpillTensorCopy0[0:128, %[[J]] * 512 : %[[J]] * 512 + 512] latency 32
bir.func @spilled_slices attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 8
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  %s = bir.memloc "s" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %s[0:128, %i * 512 : %i * 512 + 512] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
  }
  bir.matmul %a = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  bir.matmul %b = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %a latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %b latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %a latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %b latency 32
  bir.loop %j = 0 to 4 {
    bir.activation relu %y[0:128, %j * 512 : %j * 512 + 512, 4] = %s[0:128, %j * 512 : %j * 512 + 512] latency 32
    bir.tensor_copy %y[0:128, %j * 512 : %j * 512 + 512, 5] = %s[0:128, %j * 512 : %j * 512 + 512] latency 32
  }
}

// -----

// A slice loop whose block follows its own iv writes one slice of each
// block, not a block's hull: the rest of each block comes from the first
// value, which lives on, so u needs a bank of its own.
// CHECK-LABEL: bir.func @slice_per_block_keeps_value
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 1, 2>, base_bank = 1 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @slice_per_block_keeps_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %t = bir.memloc "t" psum [128, 2048] x 2
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  bir.activation relu %y = %t latency 32
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %u latency 32
  bir.loop %i = 0 to 2 {
    bir.matmul %t[0:128, %i * 1024 : %i * 1024 + 1024, %i] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
  }
  bir.activation relu %y = %t latency 32
}

// -----

// The same with constant blocks (a pool of two tiles, each filled by a
// loop of slices and drained before the other is filled): one bank.
// CHECK-LABEL: bir.func @filled_pool_shares_a_bank
// CHECK: %tp = bir.memloc "tp" psum [128, 1024] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
bir.func @filled_pool_shares_a_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 1024]
  %tp = bir.memloc "tp" psum [128, 1024] x 2
  bir.loop %i = 0 to 4 {
    bir.matmul %tp[0:128, %i * 256 : %i * 256 + 256, 0] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 16
  }
  bir.activation identity %y = %tp[0:128, 0:1024, 0] latency 32
  bir.loop %j = 0 to 4 {
    bir.matmul %tp[0:128, %j * 256 : %j * 256 + 256, 1] = %w[0:128, 0:1024, %j], %w[0:128, 0:1024, 1] latency 16
  }
  bir.activation identity %y = %tp[0:128, 0:1024, 1] latency 32
}

// -----

// Partitions and bytes moving together (the diagonal quarters) do not fill
// the tile either: the other quarters come from t's first value.
// CHECK-LABEL: bir.func @diagonal_slices_keep_value
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @diagonal_slices_keep_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:1024, 0], %w[0:128, 0:1024, 1] latency 64
  bir.activation relu %y = %t latency 32
  bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
  bir.activation relu %y = %u latency 32
  bir.loop %i = 0 to 2 {
    bir.matmul %t[%i * 64 : %i * 64 + 64, %i * 1024 : %i * 1024 + 1024] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
  }
  bir.activation relu %y = %t latency 32
}

// -----

// Slots inside a head loop: each slice is drained right after it is
// written, the tile's only write and reads, so no read sees an older value
// and the tile is not carried around the head loop: u, in the head loop
// after the slots, shares its bank on one bank.
// CHECK-LABEL: bir.func @slots_in_head_loop
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @slots_in_head_loop attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %o = 0 to 2 {
    bir.loop %i = 0 to 4 {
      bir.matmul %t[0:128, %i * 512 : %i * 512 + 512] = %w[0:128, 0:1024, %i], %w[0:128, 0:1024, 0] latency 64
      bir.activation relu %y[0:128, %i * 512 : %i * 512 + 512] = %t[0:128, %i * 512 : %i * 512 + 512] latency 32
    }
    bir.matmul %u = %w[0:128, 0:1024, 1], %w[0:128, 0:1024, 2] latency 64
    bir.activation relu %y = %u latency 32
  }
}
