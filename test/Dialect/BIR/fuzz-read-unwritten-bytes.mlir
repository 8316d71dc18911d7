// RUN: psum-opt %s -split-input-file -verify-diagnostics

// Found by psum-fuzz: examples/attention.mlir with one transpose writing
// partitions 1..127 instead of 0..127. The drain of `pT` then read bytes of
// partition 0 that no instruction ever writes; psum-allocate, which tracks
// liveness per location, shared pT's bank with `s`, and
// psum-verify-allocation, which tracks the bytes reads need, rejected that.
// PSUM has no initial contents, so such a read is now an error at the
// source, like a read before any write.

bir.func @partition_never_written attributes {arch = #bir.arch<gen2>} {
  %p = bir.memloc "p" sbuf [128, 1024]
  %pT = bir.memloc "pT" psum [128, 2048]
  %pTs = bir.memloc "pTs" sbuf [128, 1024]
  bir.inst "transpose" writes(%pT[0:128, 0:512]) reads(%p[0:128, 0:256]) latency 40
  bir.inst "transpose" writes(%pT[0:128, 512:1024]) reads(%p[0:128, 256:512]) latency 40
  bir.inst "transpose" writes(%pT[0:128, 1024:1536]) reads(%p[0:128, 512:768]) latency 40
  bir.inst "transpose" writes(%pT[1:128, 1536:2048]) reads(%p[0:128, 768:1024]) latency 40
  // expected-error @+1 {{'bir.activation' op reads partitions [0, 1) x bytes [1536, 2048) of PSUM location 'pT', which no instruction writes}}
  bir.activation identity %pTs = %pT latency 32
}

// -----

bir.func @bytes_never_written attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:1024] = %w, %w latency 1
    // expected-error @+1 {{'bir.activation' op reads partitions [0, 128) x bytes [1024, 2048) of PSUM location 't', which no instruction writes}}
    bir.activation identity %y = %t latency 1
  }
}

// -----

// Pieces that cover the read together are fine, in any order, block by
// block.
bir.func @covered_by_pieces attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.matmul %t[64:128, 1024:2048] = %w, %w latency 1
  bir.matmul %t[0:64, 0:2048, 0] = %w, %w latency 1
  bir.matmul %t[0:64, 0:2048, 1] = %w, %w latency 1
  bir.loop %i = 0 to 2 {
    bir.matmul %t[64:128, 0:1024, %i] = %w, %w latency 1
  }
  bir.activation identity %y = %t latency 1
}

// -----

// A piece of another block does not count: block 1's lower partitions are
// never written.
bir.func @other_block_piece attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.matmul %t[64:128, 0:2048, 1] = %w, %w latency 1
  bir.matmul %t[0:64, 0:2048, 0] = %w, %w latency 1
  bir.matmul %t[64:128, 0:2048, 0] = %w, %w latency 1
  // expected-error @+1 {{'bir.activation' op reads partitions [0, 64) x bytes [0, 2048) of block 1 of PSUM location 't', which no instruction writes}}
  bir.activation identity %y = %t latency 1
}

// -----

// Found by psum-fuzz (session 8): a rotating tile written as t[j] (bytes
// 4:2048) and t[j + 1] (bytes 0:1024) and read whole as t[j]. Bytes 0:4 of
// block 0 are never written; psum-allocate and psum-verify-allocation
// disagreed on whether that garbage is carried around the outer loop.
bir.func @rotating_tile_bytes_never_written attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 4:2048, %j] = %w, %x latency 64
      bir.matmul %t[0:128, 0:1024, %j + 1] = %w, %x latency 64
      // expected-error @+1 {{'bir.activation' op reads partitions [0, 128) x bytes [0, 4) of block 0 of PSUM location 't', which no instruction writes}}
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
  }
}

// -----

// A pipelined tile array without its prologue: the first iteration reads
// block 0, which only t[j + 1] could have written.
bir.func @pipeline_without_prologue attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %j = 0 to 3 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 1
    // expected-error @+1 {{'bir.activation' op reads partitions [0, 128) x bytes [0, 2048) of block 0 of PSUM location 't', which no instruction writes}}
    bir.activation identity %y = %t[0:128, 0:2048, %j] latency 1
  }
}

// -----

// With a step of 2 the loop writes blocks 1 and 3 only (not the range 1..3),
// and reads blocks 0 and 2.
bir.func @strided_blocks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 1
  bir.loop %j = 0 to 4 step 2 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %w latency 1
    // expected-error @+1 {{'bir.activation' op reads partitions [0, 128) x bytes [0, 2048) of block 2 of PSUM location 't', which no instruction writes}}
    bir.activation identity %y = %t[0:128, 0:2048, %j] latency 1
  }
}

// -----

// Coverage does not depend on order (a read needs only some earlier write):
// the whole write after the first read covers the bytes the first write
// left out.
bir.func @whole_write_after_the_read attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t[0:128, 0:1024] = %w, %w latency 1
  bir.activation identity %y = %t latency 1
  bir.matmul %t = %w, %w latency 1
  bir.activation identity %y = %t latency 1
}

// -----

// A loop whose iv runs over every block writes the whole location.
bir.func @loop_writes_every_block attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %j = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %j] = %w, %w latency 1
  }
  bir.activation identity %y = %t latency 1
}

// -----

// A whole write of an earlier location does not cover a later one.
bir.func @whole_write_of_another_location attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %s = bir.memloc "s" psum [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %s = %w, %w latency 1
  bir.matmul %t[0:128, 0:1024] = %w, %w latency 1
  bir.activation identity %y = %s latency 1
  // expected-error @+1 {{'bir.activation' op reads partitions [0, 128) x bytes [1024, 2048) of PSUM location 't', which no instruction writes}}
  bir.activation identity %y = %t latency 1
}
