// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true"

// The seed's live_range asserts both anchors: a result never read.
bir.func @no_last_use attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  // expected-error @+1 {{no last use find: PSUM location 'dead' is never read}}
  %dead = bir.memloc "dead" psum [128, 2048]
  bir.matmul %dead = %w, %x latency 64
}

// -----

// A location nobody accesses is not a candidate and gets no banks.
bir.func @unused attributes {arch = #bir.arch<gen2>} {
  %idle = bir.memloc "idle" psum [128, 2048]
}

// -----

// The seed's give-up when a save would follow the last op of its block. In
// bir only the function's last op can be one (a loop body ends with its
// terminator), and a PSUM write there is dead: t must be spilled (u is live
// across its first value on the one bank), and the save of its final write
// has nowhere to go. Every spill set spills t, so none allocates.
// expected-note @+1 {{the exact mode tried every spill set: no allocation exists}}
bir.func @spill_at_end_of_block attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  // expected-note @+1 {{PSUM at linear point 0}}
  bir.matmul %t = %w, %x latency 64
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.activation identity %y = %t latency 32
  // expected-error @+1 {{tried to insert PSUM spill at end of block}}
  bir.matmul %t = %w, %x latency 64
}
