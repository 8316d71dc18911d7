// RUN: not psum-opt %s -split-input-file --psum-allocate 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not psum-opt %s -split-input-file --psum-allocate 2>/dev/null | FileCheck %s
// RUN: not psum-opt %s -split-input-file --psum-allocate=exact=true 2>&1 >/dev/null | FileCheck %s --check-prefix=EXACT

// A pipelined accumulator has two blocks live at once, which take two
// adjacent banks. With banks 1 and 3 reserved, two banks are free (0 and 2)
// but not adjacent: the exact mode's "no allocation exists" holds as
// modelled only, and the note says so (session-26 audit). The same kernel
// on two banks with none reserved allocates.
// ERR: error: cannot allocate PSUM location 'acc' (2 banks): it is read-modify-written
// ERR: note: the exact mode tried every spill set: no allocation exists as modelled (a location's live blocks take adjacent banks, and the reserved banks split PSUM)
// ERR-NOT: note: the exact mode
bir.func @rotation_across_reserved attributes {arch = #bir.arch<gen2, banks = 4>, reserved_banks = array<i64: 1, 3>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  bir.matmul %acc[0:128, 0:2048, 0] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %k = 1 to 4 {
    bir.matmul %acc[0:128, 0:2048, 0] += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 3 {
    bir.matmul %acc[0:128, 0:2048, %n + 1] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
    bir.loop %k = 1 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n + 1] += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 3] = %acc[0:128, 0:2048, 3] latency 32
}

// -----

// A pin splits PSUM only while it is live: 'p' on bank 2 is dead before the
// two-bank accumulator lives, so the note names the reserved banks alone
// (the session-43 mutation audit: one-bank pins counted too).
// ERR: error: cannot allocate PSUM location 'acc' (2 banks): it is read-modify-written
// ERR: note: the exact mode tried every spill set: no allocation exists as modelled (a location's live blocks take adjacent banks, and the reserved banks split PSUM)
bir.func @rotation_across_reserved_after_a_pin attributes {arch = #bir.arch<gen2, banks = 5>, reserved_banks = array<i64: 1, 3>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %p = bir.memloc "p" psum [128, 2048] {pin = 2 : i64}
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  bir.matmul %p = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %p latency 32
  bir.matmul %acc[0:128, 0:2048, 0] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %k = 1 to 4 {
    bir.matmul %acc[0:128, 0:2048, 0] += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 3 {
    bir.matmul %acc[0:128, 0:2048, %n + 1] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
    bir.loop %k = 1 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n + 1] += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 3] = %acc[0:128, 0:2048, 3] latency 32
}

// -----

// The same where a pin splits PSUM: 'u' on bank 1 of 4, live throughout,
// leaves banks 0, 2 and 3 free but no three adjacent for the three-tile
// accumulator (session-38 audit: the note said only "no allocation
// exists").
// ERR: error: cannot allocate PSUM location 't' (3 banks): it is read-modify-written
// ERR: note: the exact mode tried every spill set: no allocation exists as modelled (a location's live blocks take adjacent banks, and pinned locations split PSUM)
// ERR-NOT: note: the exact mode
bir.func @pin_in_the_middle attributes {arch = #bir.arch<gen2, banks = 4>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %u = bir.memloc "u" psum [128, 2048] {pin = 1 : i64}
  %t = bir.memloc "t" psum [128, 2048] x 3
  %z = bir.memloc "z" sbuf [128, 2048] x 3
  bir.matmul %u = %a, %b latency 32
  bir.loop %k = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, 0] += %a, %b latency 32
    bir.matmul %t[0:128, 0:2048, 1] += %a, %b latency 32
    bir.matmul %t[0:128, 0:2048, 2] += %a, %b latency 32
  }
  bir.activation relu %z[0:128, 0:2048, 0] = %t[0:128, 0:2048, 0] latency 40
  bir.activation relu %z[0:128, 0:2048, 1] = %t[0:128, 0:2048, 1] latency 40
  bir.activation relu %z[0:128, 0:2048, 2] = %t[0:128, 0:2048, 2] latency 40
  bir.activation relu %z[0:128, 0:2048, 0] = %u latency 40
}

// -----

// Not where the bank count alone is proved short: with bank 0 reserved, a
// pin on bank 1 splits nothing, and t's three banks and u's are four of
// the three usable (the session-38 audit of the note above).
// ERR: error: cannot allocate PSUM location 't' (3 banks): it is read-modify-written
// ERR: note: no allocation exists: this instruction needs 4 of the 3 PSUM banks whatever is spilled
// With exact=true the exact mode runs too, and says it plainly.
// EXACT: note: the exact mode tried every spill set: no allocation exists as modelled (a location's live blocks take adjacent banks, and the reserved banks split PSUM)
// EXACT: note: the exact mode tried every spill set: no allocation exists as modelled (a location's live blocks take adjacent banks, and pinned locations split PSUM)
// EXACT: note: no allocation exists: this instruction needs 4 of the 3 PSUM banks
// EXACT: note: the exact mode tried every spill set: no allocation exists{{$}}
bir.func @count_proved_short attributes {arch = #bir.arch<gen2, banks = 4>, reserved_banks = array<i64: 0>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %u = bir.memloc "u" psum [128, 2048] {pin = 1 : i64}
  %t = bir.memloc "t" psum [128, 2048] x 3
  %z = bir.memloc "z" sbuf [128, 2048] x 3
  bir.matmul %u = %a, %b latency 32
  bir.loop %k = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, 0] += %a, %b latency 32
    bir.matmul %t[0:128, 0:2048, 1] += %a, %b latency 32
    bir.matmul %t[0:128, 0:2048, 2] += %a, %b latency 32
  }
  bir.activation relu %z[0:128, 0:2048, 0] = %t[0:128, 0:2048, 0] latency 40
  bir.activation relu %z[0:128, 0:2048, 1] = %t[0:128, 0:2048, 1] latency 40
  bir.activation relu %z[0:128, 0:2048, 2] = %t[0:128, 0:2048, 2] latency 40
  bir.activation relu %z[0:128, 0:2048, 0] = %u latency 40
}

// -----

// CHECK-LABEL: bir.func @two_adjacent_banks
// CHECK: "acc" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @two_adjacent_banks attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  bir.matmul %acc[0:128, 0:2048, 0] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %k = 1 to 4 {
    bir.matmul %acc[0:128, 0:2048, 0] += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 3 {
    bir.matmul %acc[0:128, 0:2048, %n + 1] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
    bir.loop %k = 1 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n + 1] += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 3] = %acc[0:128, 0:2048, 3] latency 32
}
