// A tiled matmul on gen2 (8 PSUM banks of 2048 bytes): for each of 4 output
// tiles `%n`, the K loop accumulates 8 partial products into block `%n` of
// `acc`, and a relu activation drains that block to SBUF.
//
// Each block of `acc` is 128 partitions x 2048 bytes (512 fp32), so it takes
// exactly one bank and `acc` takes 4. The `+=` matmul starts its accumulation
// group in the first iteration of its innermost loop (`%k = 0`), like the
// hardware's start flag, so no separate zeroing is needed.
bir.func @tiled_matmul attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 8
  %x   = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %y   = bir.memloc "y" sbuf [128, 2048] x 4
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}
