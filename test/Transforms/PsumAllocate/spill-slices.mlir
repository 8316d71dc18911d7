// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true heuristic=seed" | FileCheck %s

// One reader through two slices: its reload is a copy per slice, and the
// two share the cost model's figure for the reader, liveN x copy-latency =
// 64, so the copies in the IR add up to the score (64 for the save, 32 + 32
// for the reload: 128). Before, each slice's copy carried 64.
// CHECK-LABEL: bir.func @reader_of_two_slices
// CHECK-SAME: psum.score = 128
// CHECK: bir.tensor_copy %t_SpillTensorCopy0 = %t latency 64
// CHECK: bir.tensor_copy %t_ReloadTensorCopy0[0:128, 0:1024] = %t_SpillTensorCopy0[0:128, 0:1024] latency 32
// CHECK: bir.tensor_copy %t_ReloadTensorCopy0[0:128, 1024:2048] = %t_SpillTensorCopy0[0:128, 1024:2048] latency 32
bir.func @reader_of_two_slices attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.inst "eng" writes(%y) reads(%t[0:128, 0:1024], %t[0:128, 1024:2048]) latency 5
}

// -----

// The same for a writer of three slices: its saves share 64 cycles as
// 22 + 21 + 21.
// CHECK-LABEL: bir.func @writer_of_three_slices
// CHECK: bir.inst "eng"
// CHECK-NEXT: bir.tensor_copy %t_SpillTensorCopy0[0:128, 0:512] = %t[0:128, 0:512] latency 22
// CHECK-NEXT: bir.tensor_copy %t_SpillTensorCopy0[0:128, 512:1024] = %t[0:128, 512:1024] latency 21
// CHECK-NEXT: bir.tensor_copy %t_SpillTensorCopy0[0:128, 1024:2048] = %t[0:128, 1024:2048] latency 21
bir.func @writer_of_three_slices attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.inst "eng" writes(%t[0:128, 0:512], %t[0:128, 512:1024], %t[0:128, 1024:2048]) reads(%x) latency 5
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.activation identity %y = %t latency 32
}

// -----

// A reader of the same slice twice, and of a third one: one copy per
// distinct slice (the second read of the first slice takes the same reload),
// and the two copies share the reader's 64 cycles.
// CHECK-LABEL: bir.func @reader_of_one_slice_twice
// CHECK-SAME: psum.score = 128
// CHECK: bir.tensor_copy %t_SpillTensorCopy0 = %t latency 64
// CHECK: bir.tensor_copy %t_ReloadTensorCopy0[0:128, 0:1024] = %t_SpillTensorCopy0[0:128, 0:1024] latency 32
// CHECK-NEXT: bir.tensor_copy %t_ReloadTensorCopy0[0:128, 1024:2048] = %t_SpillTensorCopy0[0:128, 1024:2048] latency 32
// CHECK-NEXT: bir.inst "eng" writes(%y) reads(%t_ReloadTensorCopy0[0:128, 0:1024], %t_ReloadTensorCopy0[0:128, 1024:2048], %t_ReloadTensorCopy0[0:128, 0:1024])
bir.func @reader_of_one_slice_twice attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.inst "eng" writes(%y) reads(%t[0:128, 0:1024], %t[0:128, 1024:2048], %t[0:128, 0:1024]) latency 5
}

// -----

// A reader of one whole tile twice, in a loop: a single reload copy carries
// the whole figure.
// CHECK-LABEL: bir.func @reader_of_a_tile_twice
// CHECK: bir.tensor_copy %t_ReloadTensorCopy0 = %t_SpillTensorCopy0 latency 64
// CHECK-NEXT: bir.inst "add" writes(%y[0:128, 0:1024]) reads(%t_ReloadTensorCopy0, %t_ReloadTensorCopy0)
bir.func @reader_of_a_tile_twice attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t = %w, %x latency 64
    bir.matmul %u = %w, %x latency 64
    bir.activation identity %y = %u latency 32
    bir.inst "add" writes(%y[0:128, 0:1024]) reads(%t, %t) latency 32
  }
}
