// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Found by an audit of session 12 (a wrong allocation since the closed
// form of the shrink factor existed). Every access names its block by %j
// (the closed form), and the read of t[j] is served by the write of
// t[j + 1] in the iteration before, except in the first iteration, which
// has none: at j = 0 it reads what the previous pass of %n left in block 0
// (written at j = 0, after the read). Block 0's value is carried across
// the passes, so it must not share a bank with block 2 (written at j = 1).
// The closed form rotated t over two banks; the simulator found the read
// of a clobbered value. Where a loop repeats the pass, only writes at the
// same offset earlier in the iteration serve a read now: t keeps a bank per
// block.
// SIM: checked 5 functions: 5 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @read_behind_in_a_repeated_pass
// CHECK: "t" psum [128, 2048] x 6 {banks = array<i64: 0, 1, 2, 3, 4, 5>, base_bank = 0 : i64}
bir.func @read_behind_in_a_repeated_pass attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256]
  %x = bir.memloc "x" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 6
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %n = 0 to 2 {
    bir.loop %j = 0 to 5 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
      bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
    }
  }
}

// -----

// The same with an accumulating reader (the `+=` adds to block j, which an
// earlier write names: no group starts there).
// CHECK-LABEL: bir.func @accumulating_read_behind
// CHECK: "t" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, base_bank = 0 : i64}
bir.func @accumulating_read_behind attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256]
  %x = bir.memloc "x" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 8
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %n = 0 to 2 {
    bir.loop %j = 0 to 7 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.matmul %t[0:128, 0:2048, %j] += %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
  }
}

// -----

// Without a loop around it the pass runs once: the first read is of
// garbage, nothing to keep, and t still rotates over two banks.
// CHECK-LABEL: bir.func @read_behind_in_one_pass
// CHECK: "t" psum [128, 2048] x 6 {banks = array<i64: 0, 1, 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @read_behind_in_one_pass attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256]
  %x = bir.memloc "x" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 6
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %j = 0 to 5 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
  }
}

// -----

// Two more from the same audit. A write at an offset below every read
// (`t[j] =`, nobody reads it) still lands in block j's bank; the window
// counted writes from the highest only, rotated t over one bank, and that
// write clobbered block j + 1 before its read. The window now spans all
// accesses: two banks.
// CHECK-LABEL: bir.func @dead_write_below_the_reads
// CHECK: "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @dead_write_below_the_reads attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256]
  %x = bir.memloc "x" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %j = 0 to 3 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
    bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j + 1] latency 32
  }
}

// -----

// An instruction that reads and writes block j reads first: its own write
// does not serve its read, which takes block j from the previous pass of
// %n. No rotation.
// CHECK-LABEL: bir.func @own_write_does_not_serve_the_read
// CHECK: "t" psum [128, 2048] x 6 {banks = array<i64: 0, 1, 2, 3, 4, 5>, base_bank = 0 : i64}
bir.func @own_write_does_not_serve_the_read attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256]
  %x = bir.memloc "x" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 6
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %n = 0 to 2 {
    bir.loop %j = 0 to 5 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.inst "vec" writes(%t[0:128, 0:2048, %j]) reads(%t[0:128, 0:2048, %j]) latency 8
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
  }
}
