// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true" -o /dev/null
// RUN: psum-opt %s -split-input-file --psum-allocate -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not="see current operation"
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// A `+=` nothing wrote before starts its group in the first iteration of its
// innermost loop (docs/BIR.md). Inside another loop of more than one trip
// that never reads the sum, each iteration's start overwrites the sum of the
// iteration before, unread: psum-allocate warns, on the `+=`, with a note on
// that loop. The allocation still follows the meaning the warning names (the
// simulator agrees).
// The warnings come by location (MLIR would print the whole function with a
// warning on the op), in program order within a function.
// SIM: checked 13 functions: 13 allocated, 0 rejected inputs, 0 violations

// K outside N: the sum of each tile restarts in every K iteration; what the
// drain after the loops reads is the last K step's product alone.
bir.func @k_outer_n_inner attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  // expected-note @below {{the enclosing loop: write 'acc' before it (a memset) to add over its iterations too, or mark the '+=' 'start' to restart on purpose}}
  bir.loop %k = 0 to 8 {
    bir.loop %n = 0 to 4 {
      // expected-warning @below {{'+=' starts the sum in 'acc' afresh in each of the 8 iterations of an enclosing loop, which never reads it: the sum of every iteration but the last is overwritten unread}}
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
  }
  bir.loop %n = 0 to 4 {
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}

// -----

// A reduction over two loops (a convolution's kh and kw) with the `+=` in
// the inner one.
bir.func @kh_kw attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256] x 9
  %x = bir.memloc "x" sbuf [128, 2048] x 9
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-note @below {{the enclosing loop}}
  bir.loop %kh = 0 to 3 {
    bir.loop %kw = 0 to 3 {
      // expected-warning @below {{afresh in each of the 3 iterations}}
      bir.matmul %acc += %w[0:128, 0:256, %kw], %x[0:128, 0:1024, %kw] latency 64
    }
  }
  bir.activation relu %y = %acc latency 32
}

// -----

// Three loops: the N loop gives each tile a block of its own, so the loop
// named is K's, around it.
bir.func @k_outer_n_kk_inner attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  // expected-note @below {{the enclosing loop}}
  bir.loop %k = 0 to 5 {
    bir.loop %n = 0 to 4 {
      bir.loop %kk = 0 to 2 {
        // expected-warning @below {{afresh in each of the 5 iterations}}
        bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %kk], %x[0:128, 0:2048, %k] latency 64
      }
    }
  }
  bir.loop %n = 0 to 4 {
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}

// -----

// The loop reads only the other half of the tile: the half the `+=` sums is
// still overwritten unread.
bir.func @loop_reads_the_other_half attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-note @below {{the enclosing loop}}
  bir.loop %o = 0 to 2 {
    bir.matmul %acc[0:128, 1024:2048] = %w[0:128, 0:256, 0], %x[0:128, 0:1024, 0] latency 64
    bir.loop %k = 0 to 4 {
      // expected-warning @below {{afresh in each of the 2 iterations}}
      bir.matmul %acc[0:128, 0:1024] += %w[0:128, 0:256, %k], %x[0:128, 0:1024, %k] latency 64
    }
    bir.activation relu %y[0:128, 1024:2048] = %acc[0:128, 1024:2048] latency 32
  }
  bir.activation relu %y[0:128, 0:1024] = %acc[0:128, 0:1024] latency 32
}

// -----

// Column halves summed by K loops inside an outer loop: each warning names
// its half. In program order, though 'lo' is declared before 'hi'.
// TEXT: unread-restart.mlir:[[#@LINE+13]]:{{.*}} warning: '+=' starts the sum in partitions [0, 128) x bytes [1024, 2048) of 'hi' afresh in each of the 2 iterations
// TEXT: unread-restart.mlir:[[#@LINE+16]]:{{.*}} warning: '+=' starts the sum in partitions [0, 64) x bytes [0, 1024) of 'lo' afresh in each of the 2 iterations
bir.func @halves_in_program_order attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %lo = bir.memloc "lo" psum [128, 2048]
  %hi = bir.memloc "hi" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-note @below {{the enclosing loop: write 'hi'}}
  // expected-note @+1 {{the enclosing loop: write 'lo'}}
  bir.loop %o = 0 to 2 {
    bir.loop %k = 0 to 4 {
      // expected-warning @below {{'+=' starts the sum in partitions [0, 128) x bytes [1024, 2048) of 'hi' afresh}}
      bir.matmul %hi[0:128, 1024:2048] += %w[0:128, 0:256, %k], %x[0:128, 0:1024, %k] latency 64
    }
    bir.loop %k = 0 to 4 {
      // expected-warning @below {{'+=' starts the sum in partitions [0, 64) x bytes [0, 1024) of 'lo' afresh}}
      bir.matmul %lo[0:64, 0:1024] += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] latency 64
    }
  }
  bir.activation relu %y[0:128, 1024:2048] = %hi[0:128, 1024:2048] latency 32
  bir.activation relu %y[0:64, 0:1024] = %lo[0:64, 0:1024] latency 32
}

// -----

// No warning: the N loop drains each tile after its K loop.
bir.func @n_outer_k_inner attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}

// -----

// No warning: each iteration of the N loop sums a tile of its own, drained
// after the loops.
bir.func @tile_per_outer_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
  }
  bir.loop %n = 0 to 4 {
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}

// -----

// No warning: zeroed before the loops, every `+=` adds (K outside N, summed
// over both).
bir.func @zeroed_first attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  bir.inst "memset" writes(%acc) reads() latency 8
  bir.loop %k = 0 to 8 {
    bir.loop %n = 0 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
  }
  bir.loop %n = 0 to 4 {
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}

// -----

// No warning: the restart is asked for.
bir.func @marked_start attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256] x 9
  %x = bir.memloc "x" sbuf [128, 2048] x 9
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %kh = 0 to 3 {
    bir.loop %kw = 0 to 3 {
      bir.matmul %acc += %w[0:128, 0:256, %kw], %x[0:128, 0:1024, %kw] start latency 64
    }
  }
  bir.activation relu %y = %acc latency 32
}

// -----

// No warning: an outer loop of one trip restarts nothing.
bir.func @outer_single_trip attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256] x 9
  %x = bir.memloc "x" sbuf [128, 2048] x 9
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %kh = 0 to 1 {
    bir.loop %kw = 0 to 3 {
      bir.matmul %acc += %w[0:128, 0:256, %kw], %x[0:128, 0:1024, %kw] latency 64
    }
  }
  bir.activation relu %y = %acc latency 32
}

// -----

// No warning: the outer loop reads the sum after the inner one.
bir.func @read_in_outer_loop attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 256] x 9
  %x = bir.memloc "x" sbuf [128, 2048] x 9
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 3
  bir.loop %kh = 0 to 3 {
    bir.loop %kw = 0 to 3 {
      bir.matmul %acc += %w[0:128, 0:256, %kw], %x[0:128, 0:1024, %kw] latency 64
    }
    bir.activation relu %y[0:128, 0:2048, %kh] = %acc latency 32
  }
}

// -----

// Sums into two constant blocks of one array: each warning names its block
// (the second NKI audit of session 46: 16 warnings on a gate/up projection
// over two H tiles told the blocks apart by line number only).
bir.func @blocks_named attributes {arch = #bir.arch<gen2>} {
  %x = bir.memloc "x" sbuf [128, 256] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048] x 2
  // expected-note @below {{the enclosing loop: write 'acc'}}
  bir.loop %h = 0 to 2 {
    bir.loop %k = 0 to 4 {
      // expected-warning @below {{'+=' starts the sum in block 0 of 'acc' afresh in each of the 2 iterations}}
      bir.matmul %acc[0:128, 0:2048, 0] += %x[0:128, 0:256, %k], %x[0:128, 0:256, 0] latency 32
    }
  }
  // expected-note @below {{the enclosing loop: write 'acc'}}
  bir.loop %h = 0 to 3 {
    bir.loop %k = 0 to 4 {
      // expected-warning @below {{'+=' starts the sum in block 1 of 'acc' afresh in each of the 3 iterations}}
      bir.matmul %acc[0:128, 0:2048, 1] += %x[0:128, 0:256, %k], %x[0:128, 0:256, 1] latency 32
    }
  }
  bir.inst "copy" writes(%y) reads(%acc) latency 64
}

// -----

// A '+=' into every block of an array at once names no block.
bir.func @all_blocks_not_named attributes {arch = #bir.arch<gen2>} {
  %x = bir.memloc "x" sbuf [128, 256] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %acc = bir.memloc "acc" psum [128, 2048] x 2
  // expected-note @below {{the enclosing loop: write 'acc'}}
  bir.loop %h = 0 to 2 {
    bir.loop %k = 0 to 4 {
      // expected-warning @below {{'+=' starts the sum in 'acc' afresh in each of the 2 iterations}}
      bir.matmul %acc += %x[0:128, 0:256, %k], %x[0:128, 0:256, 0] latency 32
    }
  }
  bir.inst "copy" writes(%y) reads(%acc) latency 64
}
