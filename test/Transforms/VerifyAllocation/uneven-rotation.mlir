// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-verify-allocation
// RUN: sed '/expected-/d' %s | psum-opt -split-input-file --psum-verify-allocation=uneven-rotation=true -o /dev/null

// Five tiles rotating over two banks (block k on k mod 2), as a kernel
// writer places a read-behind pipeline by hand. The seed's shrink factor
// divides the block count, so the default rejects the placement;
// uneven-rotation=true accepts it: only two tiles are ever live.
bir.func @five_tiles_on_two_banks attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 1024]
  %x = bir.memloc "x" sbuf [64, 2048]
  // expected-error @+1 {{'acc' rotates 5 blocks over 2 banks unevenly (uneven-rotation=true accepts it)}}
  %acc = bir.memloc "acc" psum [64, 2048] x 5 {base_bank = 0, banks = array<i64: 0, 1, 0, 1, 0>}
  %y = bir.memloc "y" sbuf [64, 2048] x 5
  bir.matmul %acc[0:64, 0:2048, 0] = %w, %x latency 64
  bir.loop %n = 0 to 4 {
    bir.matmul %acc[0:64, 0:2048, %n + 1] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %n] = %acc[0:64, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:64, 0:2048, 4] = %acc[0:64, 0:2048, 4] latency 32
}
