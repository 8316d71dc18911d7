// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate -o /dev/null
// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="uneven-rotation=true" -o /dev/null

// More buffers of two-bank blocks than PSUM holds: the seed's capacity
// guard, with a note that the buffers, not the liveness, ask for the banks.
bir.func @too_many_buffers attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096] x 8
  // expected-error-re @+2 {{t is too big for PSUM, requires {{16|10}} banks with PSUM size 8}}
  // expected-note-re @+1 {{'buffers = 5' makes its blocks rotate over {{8 places \(the smallest count from 5 on that keeps its blocks holding values at once apart and divides its 8 blocks\)|5 places}}; their liveness needs 1}}
  %t = bir.memloc "t" psum [128, 4096] x 8 {buffers = 5}
  bir.loop %i = 0 to 8 {
    bir.matmul %t[0:128, 0:4096, %i] = %w, %x latency 64
    bir.activation relu %y[0:128, 0:4096, %i] = %t[0:128, 0:4096, %i] latency 32
  }
}
