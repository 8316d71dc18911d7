// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-explain="phase=live" -o /dev/null
// RUN: psum-opt %s -split-input-file --psum-explain="phase=live loop-aware=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAMILYA
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Every function also allocates and simulates correctly.
// SIM: checked 9 functions: 9 allocated, 0 rejected inputs, 0 violations

// Linear points: 0 matmul %before, 1 loop header, 2 activation, 3 matmul
// %inside, 4 back-edge, 5 activation.
bir.func @both_directions attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // Defined before the loop, read inside it: the use anchors at the
  // back-edge, so the value is live across the whole body.
  // expected-remark @+1 {{live [0, 4], 1 banks, shrink factor 1}}
  %before = bir.memloc "before" psum [128, 2048]
  // Defined inside the loop, read after it: the def anchors at the header.
  // expected-remark @+1 {{live [1, 5], 1 banks, shrink factor 1}}
  %inside = bir.memloc "inside" psum [128, 2048]
  bir.matmul %before = %w, %x latency 64
  bir.loop %i = 0 to 4 {
    bir.activation identity %y = %before latency 32
    bir.matmul %inside = %w, %x latency 64
  }
  bir.activation identity %y = %inside latency 32
}
// FAMILYA-LABEL: remark: live [0, 2], 1 banks, shrink factor 1
// FAMILYA-NEXT: bir.memloc "before"
// FAMILYA: remark: live [3, 5], 1 banks, shrink factor 1
// FAMILYA-NEXT: bir.memloc "inside"

// -----

// A loop-carried accumulator: the K loop's matmuls accumulate, the drain
// follows the loop. Points: 0 header n, 1 header k, 2 matmul, 3 back-edge k,
// 4 activation, 5 back-edge n. The def is deeper than the common nest [n],
// so it anchors at k's header: live [1, 4], across the whole K loop.
bir.func @accumulator attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  // expected-remark @+1 {{live [1, 4], 1 banks, shrink factor 4}}
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}
// FAMILYA-LABEL: remark: live [2, 4], 1 banks, shrink factor 4
// FAMILYA-NEXT: bir.memloc "acc"

// -----

// The same `+=` directly in the loop whose iv picks the block: each
// iteration names a block of its own, whose group starts there, so the four
// blocks share one bank. (Until session 10 the start began only in that
// loop's first iteration and added, in the others, to what block %j held
// after the previous pass of %i: the blocks kept their own banks.)
bir.func @accumulate_in_the_rotating_loop attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  // expected-remark @+1 {{live [2, 3], 1 banks, shrink factor 4}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 3 {
    bir.loop %j = 0 to 4 {
      bir.matmul %t[0:128, 0:2048, %j] += %w[0:128, 0:128, %j], %x[0:128, 0:2048, %j] latency 64
      bir.activation relu %y[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 32
    }
  }
}

// -----

// Two halves written before the whole block is read: every block is fresh
// in its own iteration, so the four share one bank, and the halves add up:
// nothing is carried around the loop (the range was the whole loop, [0, 4],
// before session 13).
bir.func @halves_then_whole_in_rotation attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 1024] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  // expected-remark @+1 {{live [1, 3], 1 banks, shrink factor 4}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %j = 0 to 4 {
    bir.matmul %t[0:128, 0:1024, %j] = %w[0:128, 0:128, %j], %x[0:128, 0:1024, %j] latency 64
    bir.matmul %t[0:128, 1024:2048, %j] = %w[0:128, 0:128, %j], %x[0:128, 0:1024, %j] latency 64
    bir.activation relu %y[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 32
  }
}

// -----

// Def and use in sibling loops: the def anchors at the first loop's header,
// the use at the second loop's back-edge.
bir.func @sibling_loops attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [0, 5], 1 banks, shrink factor 1}}
  %t = bir.memloc "t" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %t = %w, %x latency 64
  }
  bir.loop %j = 0 to 2 {
    bir.activation identity %y = %t latency 32
  }
}
// FAMILYA-LABEL: remark: live [1, 4], 1 banks, shrink factor 1

// -----

// A write after the last read still lands in the location's banks: the range
// runs to the last access (points 0-3), not to the last reader (point 1), so
// 'b' cannot take the bank 'a' is written to again at point 3.
bir.func @dead_write attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [0, 3], 1 banks, shrink factor 1}}
  %a = bir.memloc "a" psum [128, 2048]
  // expected-remark @+1 {{live [2, 4], 1 banks, shrink factor 1}}
  %b = bir.memloc "b" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %a latency 32
  bir.matmul %b = %w, %x latency 64
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %b latency 32
}
// FAMILYA-LABEL: remark: live [0, 3], 1 banks, shrink factor 1
// FAMILYA-NEXT: bir.memloc "a"

// -----

// The read follows a write of all it reads in the same iteration: nothing is
// carried around the back-edge although a write follows the read. Points: 0
// header, 1 matmul, 2 activation, 3 matmul, 4 back-edge.
bir.func @own_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [1, 3], 1 banks, shrink factor 1}}
  %t = bir.memloc "t" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t = %w, %x latency 64
    bir.activation identity %y = %t latency 32
    bir.matmul %t = %w, %x latency 64
  }
}

// -----

// The same for a rotating tile: t[i] is read after this iteration's write
// of t[i], so the later write of t[i + 1] carries nothing into the read.
bir.func @rotating_own_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [1, 3], 2 banks, shrink factor 2}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 3 {
    bir.matmul %t[0:128, 0:2048, %i] = %w, %x latency 64
    bir.activation identity %y = %t[0:128, 0:2048, %i] latency 32
    bir.matmul %t[0:128, 0:2048, %i + 1] = %w, %x latency 64
  }
}

// -----

// A write of half the bytes does not cover the read: the other half of
// t[i] was written as t[i + 1] in the previous iteration, so t is live
// across the whole loop (header 0 to back-edge 5). The last write gives
// block 0's upper half a writer, which the verifier asks of every byte read.
bir.func @partial_write_carries attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [0, 5], 2 banks, shrink factor 2}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 3 {
    bir.matmul %t[0:128, 0:1024, %i] = %w, %x[0:128, 0:1024] latency 64
    bir.activation identity %y = %t[0:128, 0:2048, %i] latency 32
    bir.matmul %t[0:128, 0:2048, %i + 1] = %w, %x latency 64
    bir.matmul %t[0:128, 1024:2048, %i] = %w, %x[0:128, 0:1024] latency 64
  }
}
