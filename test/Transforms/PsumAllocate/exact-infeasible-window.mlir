// RUN: not psum-opt %s -split-input-file --psum-allocate 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not psum-opt %s -split-input-file --psum-allocate 2>/dev/null | FileCheck %s

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
