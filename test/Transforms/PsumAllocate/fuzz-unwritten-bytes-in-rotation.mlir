// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Found by psum-fuzz (session 12), once psum-verify-allocation followed
// rotations that escape its per-offset analysis block by block. Iteration j
// reads all of block j, but bytes 2046..2048 of it were not written before
// (the write of t[j + 1] in the iteration before stops at 2046; the write of
// the upper half comes after the read). The shrink factor looked at blocks
// only: the newest block is written before it is read, so t rotated over
// two banks, and the read of block 2 saw the bytes block 0 left on bank 0
// (the checker: blocks 0 and 2 hold values at once; psum-check: "read a
// clobbered value"). Now every byte a read reads must be written in the
// same pass through the block, at a larger offset or earlier in the
// iteration, before blocks may share banks.
// CHECK-LABEL: bir.func @read_of_bytes_not_yet_written
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
// SIM: checked 3 functions: 3 allocated, 0 rejected inputs, 0 violations
bir.func @read_of_bytes_not_yet_written attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 3 {
    bir.matmul %t[0:128, 0:1024, %i] = %w, %x[0:128, 0:1024] latency 64
    bir.activation identity %y = %t[0:128, 0:2048, %i] latency 32
    bir.matmul %t[0:128, 0:2046, %i + 1] = %w, %x latency 64
    bir.matmul %t[0:128, 1024:2048, %i] = %w, %x[0:128, 0:1024] latency 64
  }
}

// With the next block written in full, every byte of the read comes from
// the iteration before: two banks.
// CHECK-LABEL: bir.func @next_block_written_in_full
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @next_block_written_in_full attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 3 {
    bir.matmul %t[0:128, 0:1024, %i] = %w, %x[0:128, 0:1024] latency 64
    bir.activation identity %y = %t[0:128, 0:2048, %i] latency 32
    bir.matmul %t[0:128, 0:2048, %i + 1] = %w, %x latency 64
    bir.matmul %t[0:128, 1024:2048, %i] = %w, %x[0:128, 0:1024] latency 64
  }
}

// psum-fuzz (session 12, fourth run): bytes 0..2 of the block come from the
// write of the first half in the same iteration, bytes 2..2048 from the
// iteration before, so every byte is written before the read and the
// blocks share two banks. The checker kept its byte coverage per
// iteration and found block 2 unwritten from the start: it rejected a
// correct allocation. Unrolled iterations are straight-line code, and the
// coverage now carries on across them.
// CHECK-LABEL: bir.func @bytes_from_two_iterations
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @bytes_from_two_iterations attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 3 {
    bir.matmul %t[0:128, 0:1024, %i] = %w, %x[0:128, 0:1024] latency 64
    bir.activation identity %y = %t[0:128, 0:2048, %i] latency 32
    bir.matmul %t[0:128, 2:2048, %i + 1] = %w, %x[0:128, 2:2048] latency 64
    bir.matmul %t[0:128, 1024:2048, %i] = %w, %x[0:128, 0:1024] latency 64
  }
}
