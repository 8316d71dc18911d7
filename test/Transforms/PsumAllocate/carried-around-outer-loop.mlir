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

// SIM: checked 10 functions: 10 allocated, 0 rejected inputs, 0 violations

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

// -----

// A fill loop whose tiles are each summed by a K loop, the group started in
// that loop (`lg[v] +=`, no memset), then a drain loop, inside an outer
// loop: each iteration of %v enters the K loop anew, so its start writes
// block %v afresh, and the fill loop sweeps the blocks the drain reads.
// Nothing is carried around %t: lg dies at the drain and u takes its bank.
// (Before session 14 a `+=` counted only as a read in a sweep: lg was live
// around %t, and on two banks the function was refused with a false "no
// allocation exists".)
// Linear points: 0 loop %t, 1 loop %v, 2 loop %k, 3 matmul, 4 back-edge %k,
// 5 back-edge %v, 6 loop %v2, 7 activation, 8 back-edge %v2, 9 matmul u,
// 10 activation, 11 back-edge %t.
// CHECK-LABEL: bir.func @tiles_started_in_a_k_loop_then_drained
// CHECK-NOT: bir.tensor_copy
// CHECK: %lg = bir.memloc "lg" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @tiles_started_in_a_k_loop_then_drained attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  // expected-remark @+1 {{live [1, 8], 2 banks, shrink factor 1}}
  %lg = bir.memloc "lg" psum [128, 2048] x 2
  // expected-remark @+1 {{live [9, 10], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %t = 0 to 2 {
    bir.loop %v = 0 to 2 {
      bir.loop %k = 0 to 4 {
        bir.matmul %lg[0:128, 0:2048, %v] += %a, %b latency 64
      }
    }
    bir.loop %v2 = 0 to 2 {
      bir.activation exp %y = %lg[0:128, 0:2048, %v2] latency 40
    }
    bir.matmul %u = %a, %b latency 64
    bir.activation identity %y = %u latency 32
  }
}

// -----

// Two-bank tiles summed one bank at a time (NKI's matmul writes at most one
// bank): two `+=` per K step, each group started in the K loop. The halves
// add up to what the drain reads, so each iteration of %n overwrites its
// tile and t is not carried around %r: u shares its banks.
// CHECK-LABEL: bir.func @two_bank_tiles_summed_per_bank
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 4096] x 2 {banks = array<i64: 0, 0>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @two_bank_tiles_summed_per_bank attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  // expected-remark @+1 {{live [5, 11], 2 banks, shrink factor 2}}
  %t = bir.memloc "t" psum [128, 4096] x 2
  // expected-remark @+1 {{live [1, 4], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.loop %k0 = 0 to 4 {
      bir.matmul %u += %a, %b latency 64
    }
    bir.activation identity %y = %u latency 32
    bir.loop %n = 0 to 2 {
      bir.loop %k = 0 to 4 {
        bir.matmul %t[0:128, 0:2048, %n] += %a, %b latency 64
        bir.matmul %t[0:128, 2048:4096, %n] += %a, %b latency 64
      }
      bir.activation gelu %y = %t[0:128, 0:4096, %n] latency 64
    }
  }
}

// -----

// A software pipeline of `+=` K-loop tiles (prologue t[0], the loop summing
// t[n + 1] and draining t[n], epilogue t[3]) inside a row loop: every tile
// is started afresh in each row before it is read, so t is not carried
// around %r and u, drained before the prologue, shares its bank. The
// checker's loop summaries count such starts as writes of the sweep too.
// CHECK-LABEL: bir.func @pipeline_of_k_loops_in_a_row_loop
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @pipeline_of_k_loops_in_a_row_loop attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  // expected-remark @+1 {{live [3, 12], 2 banks, shrink factor 2}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  // expected-remark @+1 {{live [1, 2], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %r = 0 to 2 {
    bir.matmul %u = %a, %b latency 64
    bir.activation identity %y = %u latency 32
    bir.loop %k = 0 to 8 {
      bir.matmul %t[0:128, 0:2048, 0] += %a, %b latency 64
    }
    bir.loop %n = 0 to 3 {
      bir.loop %k2 = 0 to 8 {
        bir.matmul %t[0:128, 0:2048, %n + 1] += %a, %b latency 64
      }
      bir.activation gelu %y = %t[0:128, 0:2048, %n] latency 64
    }
    bir.activation gelu %y = %t[0:128, 0:2048, 3] latency 64
  }
}

// -----

// A fill loop writing each tile as two column halves, then a drain loop,
// inside an outer loop: the halves add up in the sweep, so the fill loop
// overwrites every block the drain reads and t is not carried around %i.
// CHECK-LABEL: bir.func @sliced_fill_then_drain
// CHECK-NOT: bir.tensor_copy
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
// CHECK: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @sliced_fill_then_drain attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 256]
  %b = bir.memloc "b" sbuf [128, 1024]
  // expected-remark @+1 {{live [1, 7], 2 banks, shrink factor 1}}
  %t = bir.memloc "t" psum [128, 2048] x 2
  // expected-remark @+1 {{live [8, 9], 1 banks, shrink factor 1}}
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.loop %i = 0 to 2 {
    bir.loop %v = 0 to 2 {
      bir.matmul %t[0:128, 0:1024, %v] = %a, %b latency 64
      bir.matmul %t[0:128, 1024:2048, %v] = %a, %b latency 64
    }
    bir.loop %v2 = 0 to 2 {
      bir.activation exp %y = %t[0:128, 0:2048, %v2] latency 40
    }
    bir.matmul %u = %a, %b latency 64
    bir.activation identity %y = %u latency 32
  }
}

// -----

// Not carried: each read of block 0 reads only the half the write just
// before it wrote, so every iteration rewrites what it reads before it
// reads it, and t is live inside one iteration only (the session-43
// mutation audit: halves of the one block read were not added up).
// CHECK-LABEL: bir.func @halves_read_apart
// CHECK-SAME: psum.score = 0
bir.func @halves_read_apart attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 2048]
  // expected-remark @+1 {{live [1, 4], 1 banks, shrink factor 2}}
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.loop %k = 0 to 4 {
    bir.matmul %t[0:128, 0:1024, 0] = %a, %b latency 32
    bir.activation relu %z[0:128, 0:1024] = %t[0:128, 0:1024, 0] latency 40
    bir.matmul %t[0:128, 1024:2048, 0] = %a, %b latency 32
    bir.activation relu %z[0:128, 1024:2048] = %t[0:128, 1024:2048, 0] latency 40
  }
}
