// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate

// The pass checks the spill marks of its input against the IR before it
// allocates, with verify=true or without: an earlier run's marks steer the
// live ranges and the idempotence test, so hand-made ones must agree.

// A location marked spilled that its reader reads directly, on input with
// no banks yet.
bir.func @read_directly attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %a = bir.memloc "a" psum [64, 2048] {spilled}
  bir.matmul %a = %w, %x latency 64
  // expected-error @+1 {{reads spilled location 'a' instead of a reload}}
  bir.activation identity %y = %a latency 32
}

// -----

// The same on input that carries banks, which the pass would otherwise keep
// as allocated.
bir.func @read_directly_allocated attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %a = bir.memloc "a" psum [64, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, spilled}
  bir.matmul %a = %w, %x latency 64
  // expected-error @+1 {{reads spilled location 'a' instead of a reload}}
  bir.activation identity %y = %a latency 32
}

// -----

// A spilled value must be saved after its write.
bir.func @not_saved attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %a = bir.memloc "a" psum [64, 2048] {spilled}
  // expected-error @+1 {{spilled value 'a' is not saved after this write}}
  bir.matmul %a = %w, %x latency 64
}

// -----

// A location minted by spilling is never summed into.
bir.func @minted_summed attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %r = bir.memloc "r" psum [64, 2048] {spill_of = "a"}
  bir.matmul %r = %w, %x latency 64
  // expected-error @+1 {{accumulation group 'r' was spilled}}
  bir.matmul %r += %w, %x latency 64
  bir.activation identity %y = %r latency 32
}
