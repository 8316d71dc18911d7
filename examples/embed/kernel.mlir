// The README's kernel: a K loop accumulating into one PSUM bank, drained by
// a relu activation. Input of the embedding example (docs/Embedding.md).
bir.func @mm attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 128] x 8
  %x   = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048]
  %y   = bir.memloc "y" sbuf [128, 2048]
  bir.loop %k = 0 to 8 {
    bir.matmul %acc += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.activation relu %y = %acc latency 32
}
