// A tiled matmul: for each of 4 output tiles, the K loop accumulates 8
// partial products into a one-bank PSUM tile, and an activation drains the
// tile to SBUF. A second accumulator holds a bias-like running sum.
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
