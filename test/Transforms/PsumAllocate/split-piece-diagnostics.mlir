// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate

// A diagnostic on a piece split made says what the piece is: the user wrote
// `t`, not `t_split1`. Here the seed's capacity guard on the second part of
// `t`, used after the first: 9 banks on 8.
bir.func @guard_on_a_piece attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 20480]
  // expected-error @+1 {{t_split1 is too big for PSUM, requires 9 banks with PSUM size 8}}
  %t = bir.memloc "t" psum [128, 20480]
  %o = bir.memloc "o" sbuf [128, 20480]
  bir.matmul %t[0:128, 0:2048] = %w[0:128, 0:2048], %w[0:128, 0:2048] latency 64
  bir.activation relu %o[0:128, 0:2048] = %t[0:128, 0:2048] latency 32
  // expected-note @+1 {{'t_split1' is bytes [2048, 20480) of 't' from this access on: split made a location of each part used apart}}
  bir.matmul %t[0:128, 2048:20480] = %w[0:128, 2048:20480], %w[0:128, 2048:20480] latency 64
  bir.activation relu %o[0:128, 2048:20480] = %t[0:128, 2048:20480] latency 32
}

// -----

// A piece of some of the blocks: the first tile, summed and drained before
// the row loop's pipeline, is a location of its own, and an accumulation
// group that does not fit beside `u`'s two.
bir.func @group_on_a_piece_of_blocks attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  // expected-error @+1 {{cannot allocate PSUM location 't_split0' (1 banks): it is read-modify-written (an accumulation group) and cannot be spilled}}
  %t = bir.memloc "t" psum [128, 2048] x 4
  %u = bir.memloc "u" psum [128, 2048] x 2
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.matmul %u[0:128, 0:2048, 0] = %a, %b latency 32
  bir.matmul %u[0:128, 0:2048, 1] = %a, %b latency 32
  // expected-note @+3 {{PSUM at linear point 2 (bank: tensor [live range]):}}
  // expected-note @+2 {{no allocation exists: this instruction needs 3 of the 2 PSUM banks}}
  // expected-note @+1 {{'t_split0' is bytes [0, 2048) of blocks [0, 1) of 't' from this access on: split made a location of each part used apart}}
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
  bir.matmul %t[0:128, 0:2048, 0] += %a, %b latency 32
  bir.activation gelu %z = %t[0:128, 0:2048, 0] latency 40
  bir.matmul %u[0:128, 0:2048, 0] += %a, %b latency 32
  bir.matmul %u[0:128, 0:2048, 1] += %a, %b latency 32
  bir.activation gelu %z = %u[0:128, 0:2048, 0] latency 40
  bir.activation gelu %z = %u[0:128, 0:2048, 1] latency 40
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
      bir.activation gelu %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation gelu %z = %t[0:128, 0:2048, 3] latency 40
  }
}

// -----

// Pieces cut in time share their bytes: the note is on the piece's first
// access, which tells `t`'s two values apart (the session-38 audit found
// the same text for both).
bir.func @piece_in_time attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  // expected-error @+1 {{cannot allocate PSUM location 't_split1' (1 banks): it is read-modify-written (an accumulation group) and cannot be spilled}}
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 4096]
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.matmul %t = %a, %b latency 32
  bir.activation gelu %z = %t latency 40
  bir.matmul %u = %a, %b latency 32
  bir.matmul %u += %a, %b latency 32
  // expected-note @+3 {{PSUM at linear point 4 (bank: tensor [live range]):}}
  // expected-note @+2 {{'t_split1' is bytes [0, 2048) of 't' from this access on: split made a location of each part used apart}}
  // expected-note @+1 {{no allocation exists: this instruction needs 3 of the 2 PSUM banks}}
  bir.matmul %t = %a, %b latency 32
  bir.matmul %t += %a, %b latency 32
  bir.activation gelu %z = %u[0:128, 0:2048] latency 40
  bir.activation gelu %z = %t latency 40
}
