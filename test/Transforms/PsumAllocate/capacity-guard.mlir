// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true"

// A 10-bank tensor on 8 banks: the seed's capacity guard.
bir.func @too_big attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 20480]
  %y = bir.memloc "y" sbuf [128, 20480]
  // expected-error @+1 {{big is too big for PSUM, requires 10 banks with PSUM size 8}}
  %big = bir.memloc "big" psum [128, 20480]
  bir.matmul %big = %w, %x latency 64
  bir.activation identity %y = %big latency 32
}

// -----

// Nine one-bank blocks read all at once cannot shrink: 9 banks.
bir.func @too_many_blocks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048] x 9
  %y = bir.memloc "y" sbuf [128, 2048] x 9
  // expected-error @+1 {{tiles is too big for PSUM, requires 9 banks with PSUM size 8}}
  %tiles = bir.memloc "tiles" psum [128, 2048] x 9
  bir.matmul %tiles = %w, %x latency 64
  bir.activation identity %y = %tiles latency 32
}

// -----

// gen1 has 4 banks: 5 blocks do not fit.
bir.func @gen1_small attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 10240]
  %y = bir.memloc "y" sbuf [64, 10240]
  // expected-error @+1 {{acc is too big for PSUM, requires 5 banks with PSUM size 4}}
  %acc = bir.memloc "acc" psum [64, 10240]
  bir.matmul %acc = %w, %x latency 64
  bir.activation identity %y = %acc latency 32
}
