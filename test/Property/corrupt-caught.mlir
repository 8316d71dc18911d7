// RUN: psum-check %s | FileCheck %s --check-prefix=OK
// RUN: not psum-check --corrupt --reduce=false %s 2>&1 | FileCheck %s

// The simulator behind psum-check catches a wrong allocation of each kind
// below, where --corrupt (every location moved down by its base bank) makes
// the one clobber of the function: a partial sum read by the next `+=`, a
// write of the upper bytes or partitions only, the second block of a read
// of every block. The random functions of random-kernels.test clobber
// whole tiles with --corrupt and did not tell a simulator that missed these
// (fourth mutation round: each function fails on its mutant).

// OK: checked 4 functions: 4 allocated, 0 rejected inputs, 0 violations

// acc holds its partial sum around %k; t, written and drained in each
// iteration, clobbers it on bank 0, and only the second `+=` reads it.
// CHECK: VIOLATION in {{.*}}:@clobbered_partial_sum: instruction (sim id 2) at {{.*}} read a clobbered value in iteration [1]
bir.func @clobbered_partial_sum attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.loop %k = 0 to 2 {
    bir.matmul %t = %w, %w latency 64
    bir.activation relu %y = %t latency 32
    bir.matmul %acc += %w, %w latency 64
  }
  bir.activation relu %y = %acc latency 32
}

// t writes the upper half of a's bytes only.
// CHECK: VIOLATION in {{.*}}:@clobbered_upper_bytes: instruction (sim id 3) at {{.*}} read a clobbered value
bir.func @clobbered_upper_bytes attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.matmul %t[0:128, 1024:2048] = %w, %w latency 64
  bir.activation relu %y[0:128, 1024:2048] = %t[0:128, 1024:2048] latency 32
  bir.activation relu %y = %a latency 32
}

// t writes the upper half of a's partitions only.
// CHECK: VIOLATION in {{.*}}:@clobbered_upper_partitions: instruction (sim id 3) at {{.*}} read a clobbered value
bir.func @clobbered_upper_partitions attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.matmul %t[64:128, 0:2048] = %w, %w latency 64
  bir.activation relu %y[64:128, 0:2048] = %t[64:128, 0:2048] latency 32
  bir.activation relu %y = %a latency 32
}

// a's blocks take two adjacent banks (here 2 and 3, moved to 0 and 1); t
// writes the second of its two banks only, clobbering a's block 1, which
// the last instruction reads with block 0 as one access.
// CHECK: VIOLATION in {{.*}}:@clobbered_second_block_of_a_whole_read: instruction (sim id 4) at {{.*}} read a clobbered value
bir.func @clobbered_second_block_of_a_whole_read attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 4096]
  %a = bir.memloc "a" psum [128, 2048] x 2
  %t = bir.memloc "t" psum [128, 4096]
  bir.matmul %a[0:128, 0:2048, 0] = %w, %w latency 64
  bir.matmul %a[0:128, 0:2048, 1] = %w, %w latency 64
  bir.matmul %t[0:128, 2048:4096] = %w, %w latency 64
  bir.activation relu %y[0:128, 2048:4096] = %t[0:128, 2048:4096] latency 32
  bir.inst "drain" writes(%y) reads(%a) latency 32
}
// CHECK: checked 4 functions: 0 allocated, 0 rejected inputs, 4 violations
