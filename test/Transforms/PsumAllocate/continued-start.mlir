// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true" -o /dev/null
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A `+=` marked `start` starts its sum in the first iteration of its
// innermost loop (docs/BIR.md). Where that loop also holds another write
// overwriting part of the sum, the `+=` adds in every later iteration to
// what that write left: psum-allocate warns, with a note on the write (the
// session-45 kernel audit: a pool buffer reused by an up and a down
// projection, each first K chunk marked `start`, got no warning). The
// allocation follows that meaning (the simulator agrees).
// SIM: checked 5 functions: 5 allocated, 0 rejected inputs, 0 violations

bir.func @two_sums_in_one_buffer attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 2
  %x = bir.memloc "x" sbuf [128, 256]
  %h = bir.memloc "h" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024] x 2
  %ps = bir.memloc "ps" psum [128, 2048]
  bir.loop %t = 0 to 2 {
    // expected-warning @below {{'+=' marked 'start' starts the sum in 'ps' in the first of the 2 iterations of its loop only: in the others it adds to what another write left there}}
    bir.matmul %ps += %x, %w[0:128, 0:1024, 0] start latency 64
    bir.matmul %ps += %x, %w[0:128, 0:1024, 1] latency 64
    bir.activation gelu %h = %ps latency 64
    // expected-note @below {{this write overwrites the sum in each iteration; to start it afresh in every iteration, write the first product with '=' instead of '+= ... start'}}
    bir.matmul %ps[0:128, 0:1024] = %x, %w[0:128, 0:512, 0] latency 32
    bir.activation identity %y[0:128, 0:1024, %t] = %ps[0:128, 0:1024] latency 32
  }
}

// -----

// A K loop whose `+=` is marked `start` (a second sum into a reused
// accumulator): nothing else writes the sum in the loop, no warning.
bir.func @start_in_its_k_loop attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %x = bir.memloc "x" sbuf [128, 256]
  %y = bir.memloc "y" sbuf [128, 1024] x 2
  %acc = bir.memloc "acc" psum [128, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %x, %w[0:128, 0:1024, %k] latency 64
  }
  bir.activation identity %y[0:128, 0:1024, 0] = %acc latency 32
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %x, %w[0:128, 0:1024, %k] start latency 64
  }
  bir.activation identity %y[0:128, 0:1024, 1] = %acc latency 32
}

// -----

// The start names a block of its own in each iteration (its block follows
// the loop's iv), so it starts afresh in every one: no warning, though a
// write of the same tile follows it.
bir.func @start_per_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" sbuf [128, 256]
  %y = bir.memloc "y" sbuf [128, 1024] x 4
  %t = bir.memloc "t" psum [128, 2048] x 4
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %i] = %x, %w latency 32
    bir.activation identity %y[0:128, 0:1024, %i] = %t[0:128, 0:2048, %i] latency 32
    bir.matmul %t[0:128, 0:2048, %i] += %x, %w start latency 64
    bir.activation identity %y[0:128, 0:1024, %i] = %t[0:128, 0:2048, %i] latency 32
  }
}

// -----

// The loop runs once: the `start` starts the sum in its only iteration, no
// warning.
bir.func @one_trip attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 2
  %x = bir.memloc "x" sbuf [128, 256]
  %h = bir.memloc "h" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024] x 2
  %ps = bir.memloc "ps" psum [128, 2048]
  bir.loop %t = 0 to 1 {
    bir.matmul %ps += %x, %w[0:128, 0:1024, 0] start latency 64
    bir.matmul %ps += %x, %w[0:128, 0:1024, 1] latency 64
    bir.activation gelu %h = %ps latency 64
    bir.matmul %ps[0:128, 0:1024] = %x, %w[0:128, 0:512, 0] latency 32
    bir.activation identity %y[0:128, 0:1024, %t] = %ps[0:128, 0:1024] latency 32
  }
}

// -----

// The other write of the loop writes the other half of the tile: it does
// not touch the sum, no warning.
bir.func @disjoint_write attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 2
  %x = bir.memloc "x" sbuf [128, 256]
  %h = bir.memloc "h" sbuf [128, 1024] x 2
  %y = bir.memloc "y" sbuf [128, 1024] x 2
  %ps = bir.memloc "ps" psum [128, 2048]
  bir.loop %t = 0 to 2 {
    bir.matmul %ps[0:128, 0:1024] += %x, %w[0:128, 0:512, 0] start latency 64
    bir.matmul %ps[0:128, 0:1024] += %x, %w[0:128, 0:512, 1] latency 64
    bir.activation gelu %h[0:128, 0:1024, %t] = %ps[0:128, 0:1024] latency 64
    bir.matmul %ps[0:128, 1024:2048] = %x, %w[0:128, 0:512, 0] latency 32
    bir.activation identity %y[0:128, 0:1024, %t] = %ps[0:128, 1024:2048] latency 32
  }
}
