// An attention-like kernel on gen2 (8 PSUM banks of 2048 bytes, 128
// partitions), for one head with head dimension 128 in bf16.
//
// For each of 4 query tiles (128 queries) and each of 4 key tiles (512 keys):
//   1. the score tile S = Q^T K lands in PSUM: 128 x 512 fp32 = 2048 bytes
//      per partition, exactly one bank. The 4 score tiles are the 4 blocks
//      of `s`, indexed by the key-tile induction variable `%j`; each is
//      drained before the next is written, so they can share one bank.
//   2. exp(S) is drained to SBUF as bf16 (`p`).
//   3. the PE array transposes the 4 128x128 chunks of exp(S) into one PSUM
//      bank (`pT`, 4 x 512 bytes), modelled as `bir.inst "transpose"`.
//   4. pT is drained to SBUF and multiplied by the matching chunks of V; the
//      product accumulates into `o` across all key tiles and chunks.
// After the key loop the accumulator is drained to the output. Footprint:
// 4 + 1 + 1 = 6 banks; allocated, s's blocks rotate over one bank, which pT
// shares, and o takes another: 2 of 8.
bir.func @attention attributes {arch = #bir.arch<gen2>} {
  %qT  = bir.memloc "qT" sbuf [128, 256] x 4      // Q^T per query tile: d x 128 bf16
  %kT  = bir.memloc "kT" sbuf [128, 1024] x 4     // K^T per key tile: d x 512 bf16
  %v   = bir.memloc "v" sbuf [128, 1024] x 4      // V per key tile: 4 chunks of 128 keys x d bf16
  %s   = bir.memloc "s" psum [128, 2048] x 4      // score tiles, one bank each
  %p   = bir.memloc "p" sbuf [128, 1024] x 4      // exp(scores) in bf16
  %pT  = bir.memloc "pT" psum [128, 2048]         // 4 transposed 128x128 chunks, fp32
  %pTs = bir.memloc "pTs" sbuf [128, 1024]        // the same in bf16
  %o   = bir.memloc "o" psum [128, 512]           // output accumulator: 128 x d fp32
  %out = bir.memloc "out" sbuf [128, 256] x 4     // output per query tile, bf16
  bir.loop %q = 0 to 4 {
    bir.loop %j = 0 to 4 {
      bir.matmul %s[0:128, 0:2048, %j] = %qT[0:128, 0:256, %q], %kT[0:128, 0:1024, %j] latency 128
      bir.activation exp %p[0:128, 0:1024, %j] = %s[0:128, 0:2048, %j] latency 64
      bir.inst "transpose" writes(%pT[0:128, 0:512]) reads(%p[0:128, 0:256, %j]) latency 40
      bir.inst "transpose" writes(%pT[0:128, 512:1024]) reads(%p[0:128, 256:512, %j]) latency 40
      bir.inst "transpose" writes(%pT[0:128, 1024:1536]) reads(%p[0:128, 512:768, %j]) latency 40
      bir.inst "transpose" writes(%pT[0:128, 1536:2048]) reads(%p[0:128, 768:1024, %j]) latency 40
      bir.activation identity %pTs = %pT latency 32
      // The first `+=` starts the accumulation group in the first iteration
      // of `%j`; every later matmul accumulates.
      bir.matmul %o += %pTs[0:128, 0:256], %v[0:128, 0:256, %j] latency 32
      bir.matmul %o += %pTs[0:128, 256:512], %v[0:128, 256:512, %j] latency 32
      bir.matmul %o += %pTs[0:128, 512:768], %v[0:128, 512:768, %j] latency 32
      bir.matmul %o += %pTs[0:128, 768:1024], %v[0:128, 768:1024, %j] latency 32
    }
    bir.activation identity %out[0:128, 0:256, %q] = %o latency 32
  }
}
