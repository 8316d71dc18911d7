// RUN: split-file %s %t
// RUN: psum-opt %t/allocate.mlir -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %t/conflicts.mlir -split-input-file -verify-diagnostics --psum-verify-allocation

// Found by psum-fuzz (a mutated psum-check kernel whose read of a rotating
// tile covered 2008 of its 2048 bytes): psum-allocate succeeded and
// psum-verify-allocation rejected the result. The allocation was right (the
// reference simulator of psum-check agrees); the checker only counted a
// write as ending the old value when it wrote whole blocks, so a value
// written and read in part looked live around the whole loop. A write now
// ends it when it covers every partition and byte that some read of the
// location reads (bytes never read need no protection); values that are
// really live across a partial write are still caught (conflicts.mlir).

//--- allocate.mlir

// CHECK-LABEL: bir.func @partial_block
// CHECK: %a = bir.memloc "a" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: %b = bir.memloc "b" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @partial_block attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %a[0:128, 0:1024] = %w, %w latency 1
    bir.activation identity %y[0:128, 0:1024] = %a[0:128, 0:1024] latency 1
    bir.matmul %b = %w, %w latency 1
    bir.activation identity %y = %b latency 1
  }
}

// -----

// A spill reload of one block written and read in part: the shape the
// fuzzer found.
// CHECK-LABEL: bir.func @partial_rotating
// CHECK: %r = bir.memloc "r" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
// CHECK: %b = bir.memloc "b" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @partial_rotating attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %r = bir.memloc "r" psum [128, 2048] x 4
  %b = bir.memloc "b" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %b = %w, %w latency 1
    bir.activation identity %y[0:128, 0:2048, 0] = %b latency 1
    bir.tensor_copy %r[0:64, 0:2008, %i] = %y[0:64, 0:2008, %i] latency 1
    bir.activation identity %y[0:64, 0:2008, %i] = %r[0:64, 0:2008, %i] latency 1
  }
}

//--- conflicts.mlir

bir.func @partial_live_across attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  // expected-note @+1 {{'b' is defined here}}
  %b = bir.memloc "b" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %i = 0 to 4 {
    bir.matmul %a[0:128, 0:1024] = %w, %w latency 1
    // expected-error @+1 {{PSUM locations 'a' and 'b' both hold values here but share bank 0}}
    bir.matmul %b = %w, %w latency 1
    bir.activation identity %y = %b latency 1
    bir.activation identity %y[0:128, 0:1024] = %a[0:128, 0:1024] latency 1
  }
}

// -----

bir.func @reads_more_than_written attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  // expected-note @+1 {{'b' is defined here}}
  %b = bir.memloc "b" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.matmul %a[0:128, 1024:2048] = %w, %w latency 1
  bir.loop %i = 0 to 4 {
    bir.matmul %a[0:128, 0:1024] = %w, %w latency 1
    bir.activation identity %y = %a latency 1
    // expected-error @+1 {{PSUM locations 'a' and 'b' both hold values here but share bank 0}}
    bir.matmul %b = %w, %w latency 1
    bir.activation identity %y = %b latency 1
  }
}

// -----

bir.func @partial_rotating_live_across attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %r = bir.memloc "r" psum [128, 2048] x 4 {base_bank = 0, banks = array<i64: 0, 0, 0, 0>}
  // expected-note @+1 {{'b' is defined here}}
  %b = bir.memloc "b" psum [128, 2048] {base_bank = 0, banks = array<i64: 0>}
  bir.loop %i = 0 to 4 {
    bir.tensor_copy %r[0:64, 0:2008, %i] = %y[0:64, 0:2008, %i] latency 1
    // expected-error @+1 {{PSUM locations 'r' and 'b' both hold values here but share bank 0}}
    bir.matmul %b = %w, %w latency 1
    bir.activation identity %y[0:128, 0:2048, 0] = %b latency 1
    bir.activation identity %y[0:64, 0:2008, %i] = %r[0:64, 0:2008, %i] latency 1
  }
}
