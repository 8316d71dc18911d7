// RUN: psum-opt %s -split-input-file --psum-explain="phase=select" -verify-diagnostics -o /dev/null

// The first round's decisions. Three accumulation groups live at once on
// two banks: the one left for last (a) cannot be placed, and it is never
// spilled (the remark said "spill" before).
bir.func @three_groups_on_two_banks attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{cannot allocate: an accumulation group, which is never spilled}}
  %a = bir.memloc "a" psum [128, 2048]
  // expected-remark @+1 {{base bank 1}}
  %b = bir.memloc "b" psum [128, 2048]
  // expected-remark @+1 {{base bank 0}}
  %c = bir.memloc "c" psum [128, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %a += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %b += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %c += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.activation identity %y = %a latency 32
  bir.activation identity %y = %b latency 32
  bir.activation identity %y = %c latency 32
}

// -----

// A plain tensor that does not fit is spilled.
bir.func @plain_spilled attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{cannot allocate: spill}}
  %t = bir.memloc "t" psum [128, 2048]
  // expected-remark @+1 {{base bank 0}}
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.activation identity %y = %t latency 32
}

// -----

// The function's reserved banks are left free here too (session 26).
bir.func @function_reserved_banks attributes {arch = #bir.arch<gen2, banks = 4>, reserved_banks = array<i64: 0, 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-remark @+1 {{base bank 3}}
  %t = bir.memloc "t" psum [128, 2048]
  // expected-remark @+1 {{base bank 1}}
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.activation identity %y = %t latency 32
}

// -----

// Two reloads an earlier run minted, live at once on one bank: neither is
// spilled again, and the one that does not fit says where it came from (the
// remark said "an accumulation group").
bir.func @reload_from_an_earlier_run attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %s = bir.memloc "t_SpillTensorCopy0" sbuf [128, 2048]
  // expected-remark @+1 {{cannot allocate: made by a spill, which is never spilled}}
  %r = bir.memloc "t_ReloadTensorCopy1" psum [128, 2048] {spill_of = "t"}
  // expected-remark @+1 {{base bank 0}}
  %u = bir.memloc "u" psum [128, 2048] {spill_of = "u0"}
  bir.tensor_copy %r = %s latency 64
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.activation identity %y = %r latency 32
}
