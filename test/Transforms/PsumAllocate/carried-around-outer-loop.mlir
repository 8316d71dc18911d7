// RUN: psum-opt %s -split-input-file --psum-explain="phase=live split=false" -verify-diagnostics -o /dev/null
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Values an inner loop reads that a previous iteration of the outer loop
// wrote: the location is live around the outer loop.

// A pipeline's first tile prefetched at the end of the outer loop's body:
// the inner loop's first read of t[j] sees what the previous iteration of %i
// wrote, so t is live around %i (header 0 to back-edge 8), across u. The
// read's innermost loop holds the first write and the last read, and only
// that loop used to be covered: u took t's bank 0 and clobbered the
// prefetched tile.
// Linear points: 0 loop %i, 1 matmul u, 2 activation, 3 loop %j, 4 matmul,
// 5 activation, 6 back-edge %j, 7 matmul t[0], 8 back-edge %i.

// SIM: checked 5 functions: 5 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @prefetch_carried
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {{{.*}}spilled}
bir.func @prefetch_carried attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [0, 8], 4 banks, shrink factor 1}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  // expected-remark @+1 {{live [1, 2], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
    }
    bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  }
}

// -----

// Reading ahead: t[j + 1] is written in iteration j + 1, after iteration j
// read it, so the inner loop reads blocks 1 and 2 as the previous iteration
// of %i left them (block 3 comes from this iteration's t[3]). Nothing
// covered %i: u took t's bank 0.
// Linear points: 0 loop %i, 1 matmul u, 2 activation, 3 matmul t[3],
// 4 loop %j, 5 matmul, 6 activation, 7 back-edge %j, 8 back-edge %i.
// CHECK-LABEL: bir.func @read_ahead
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {{{.*}}spilled}
bir.func @read_ahead attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [0, 8], 4 banks, shrink factor 1}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  // expected-remark @+1 {{live [1, 2], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
    bir.matmul %t[0:128, 0:2048, 3] = %w, %x latency 64
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j] = %w, %x latency 64
      bir.activation relu %y = %t[0:128, 0:2048, %j + 1] latency 32
    }
  }
}

// -----

// Not carried: the halves of h are each read after their own write in the
// same iteration, so h is live inside one iteration of %i only (points 3
// to 6), though neither write alone covers every byte h's reads read.
// CHECK-LABEL: bir.func @halves_in_iteration
bir.func @halves_in_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{live [1, 2], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  // expected-remark @+1 {{live [3, 6], 1 banks, shrink factor 1}}
  %h = bir.memloc "h" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %u = %w, %x latency 64
    bir.activation relu %y = %u latency 32
    bir.matmul %h[0:128, 0:1024] = %w, %x latency 64
    bir.activation relu %y[0:128, 0:1024] = %h[0:128, 0:1024] latency 32
    bir.matmul %h[0:128, 1024:2048] = %w, %x latency 64
    bir.activation relu %y[0:128, 0:1024] = %h[0:128, 1024:2048] latency 32
  }
}

// -----

// Not carried either: PE transposes packed as the two column halves of
// block %h, each iteration writing both before reading the block whole.
// The halves name their block by the iv every access uses, and add up
// within the iteration: t lives from the first half to the read (points 2
// to 4), and u takes both banks after the loop. (Until session 13 only
// writes without an iv added up, so t was live around %r, [0, 9], and
// spilled.)
// CHECK-LABEL: bir.func @column_halves_of_a_rotating_block
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: [[T:[0-9]]], [[T]]>
bir.func @column_halves_of_a_rotating_block attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256] x 4
  %ident = bir.memloc "ident" sbuf [128, 256]
  // expected-remark @+1 {{live [2, 4], 1 banks, shrink factor 2}}
  %t = bir.memloc "t" psum [128, 2048] x 2
  %ts = bir.memloc "ts" sbuf [128, 2048] x 2
  %b = bir.memloc "b" sbuf [128, 4096]
  // expected-remark @+1 {{live [6, 8], 2 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 4096]
  %us = bir.memloc "us" sbuf [128, 4096] x 2
  bir.loop %r = 0 to 2 {
    bir.loop %h = 0 to 2 {
      bir.matmul %t[0:128, 0:1024, %h] = %a[0:128, 0:256, %h], %ident latency 32
      bir.matmul %t[0:128, 1024:2048, %h] = %a[0:128, 0:256, %h], %ident latency 32
      bir.activation identity %ts[0:128, 0:2048, %h] = %t[0:128, 0:2048, %h] latency 40
    }
    bir.matmul %u[0:128, 0:2048] = %a[0:128, 0:256, 0], %b[0:128, 0:1024] latency 64
    bir.matmul %u[0:128, 2048:4096] = %a[0:128, 0:256, 0], %b[0:128, 1024:2048] latency 64
    bir.activation identity %us[0:128, 0:4096, %r] = %u latency 40
  }
}

// -----

// `t[j] +=` directly in the loop of %j, t's only writer: each iteration
// names a block of its own, whose group starts there, so nothing is carried
// around %i. t's two blocks share one bank, live from the matmul to the
// relu, and u takes the same bank between passes. (Until session 10 the
// start began only in the first iteration of %j and added, in the others,
// to what block %j held after the previous pass: t was live around %i and
// the two took all four banks apart.)
// CHECK-LABEL: bir.func @accumulate_per_block_not_carried
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @accumulate_per_block_not_carried attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128] x 2
  %x = bir.memloc "x" sbuf [128, 2048] x 2
  %xx = bir.memloc "xx" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  // expected-remark @+1 {{live [4, 5], 1 banks, shrink factor 2}}
  %t = bir.memloc "t" psum [128, 2048] x 2
  // expected-remark @+1 {{live [1, 2], 2 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 4096]
  bir.loop %i = 0 to 3 {
    bir.matmul %u = %w[0:128, 0:128, 0], %xx latency 64
    bir.activation relu %y[0:128, 0:2048, 0] = %u[0:128, 0:2048] latency 32
    bir.loop %j = 0 to 2 {
      bir.matmul %t[0:128, 0:2048, %j] += %w[0:128, 0:128, %j], %x[0:128, 0:2048, %j] latency 64
      bir.activation relu %y[0:128, 0:2048, %j] = %t[0:128, 0:2048, %j] latency 32
    }
  }
}
