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
