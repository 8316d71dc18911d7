// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s

// Halves of a block written and read in two iterations of the rotating loop
// %i, each inside the inner loop %j, do not add up to a cover:
// psum-verify-allocation restarts the cover at every bound of %j, so each
// block carries a value from the pass before (the loop %o) and takes a bank
// of its own. The constant block 6 sends the location down the timeline
// (not the single-iv window); `buffers = 1` only keeps split from cutting t
// in halves. (The session-46 mutation round: covers adding up across the
// iterations of such a loop rotated the blocks over two banks, and the
// checker refused "blocks 1 and 3 of 't' both hold values here but share
// bank 1".)
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, base_bank = 0 : i64, buffers = 1 : i64}
bir.func @halves_in_turn attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 1024]
  %s = bir.memloc "s" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 8 {buffers = 1}
  bir.loop %o = 0 to 2 {
    bir.loop %i = 1 to 6 {
      bir.loop %j = 0 to 2 {
        bir.matmul %t[0:128, 0:1024, %i] = %w, %x latency 64
        bir.inst "drain" writes(%s) reads(%t[0:128, 0:1024, %i]) latency 32
        bir.matmul %t[0:128, 1024:2048, %i - 1] = %w, %x latency 64
        bir.inst "drain" writes(%s) reads(%t[0:128, 1024:2048, %i - 1]) latency 32
      }
    }
    bir.matmul %t[0:128, 0:1024, 6] = %w, %x latency 64
    bir.inst "drain" writes(%s) reads(%t[0:128, 0:1024, 6]) latency 32
  }
}
