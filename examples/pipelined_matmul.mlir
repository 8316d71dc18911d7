// A software-pipelined matmul on gen2 (8 PSUM banks of 2048 bytes): eight
// output tiles, each accumulated over K = 4, and the relu that drains tile
// n runs after the matmuls of tile n + 1 were issued, so the vector engine
// drains one tile while the tensor engine fills the next. The prologue
// fills tile 0, the loop fills tile n + 1 and drains tile n, the epilogue
// drains tile 7.
//
// Only two tiles hold values at once, so `acc` (eight blocks) rotates over
// two banks and the bias tile `b`, live across the whole pipeline, fits
// beside it without a spill.
//
// Each tile's first product is written with `=` and the others added with
// `+=`. A `+=` over the full K loop works as well: it starts the group of
// each tile that nothing wrote before (docs/BIR.md, Accumulation).
bir.func @pipelined_matmul attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 4
  %x   = bir.memloc "x" sbuf [128, 2048] x 4
  %y   = bir.memloc "y" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 8
  %b   = bir.memloc "b" psum [128, 2048]
  bir.matmul %b = %w[0:128, 0:1024, 0], %x[0:128, 0:2048, 0] latency 64
  bir.matmul %acc[0:128, 0:2048, 0] = %w[0:128, 0:1024, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %k = 1 to 4 {
    bir.matmul %acc[0:128, 0:2048, 0] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 7 {
    bir.matmul %acc[0:128, 0:2048, %n + 1] = %w[0:128, 0:1024, 0], %x[0:128, 0:2048, 0] latency 64
    bir.loop %k = 1 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n + 1] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 7] = %acc[0:128, 0:2048, 7] latency 32
  bir.inst "bias_add" writes(%y[0:128, 0:2048, 0]) reads(%y[0:128, 0:2048, 0], %b) latency 32
}
