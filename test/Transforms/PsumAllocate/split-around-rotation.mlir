// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM
// SIM: checked 9 functions: 9 allocated, 0 rejected inputs, 0 violations

// A tile array rotated by a loop, plus a tile used outside that loop: the
// write of one constant block that ends every block the value before it
// holds starts a new value (split), and each piece holds only the blocks
// it names, renumbered from 0. Found by the session-16 kernel audit: the
// whole array kept a bank per block (no rotation, since an access sits
// outside the rotating loop), and on tight banks was refused as "too big
// for PSUM" or spilled, though the hand placement fits. psum-check
// simulates every function.

// The last tile written after the loop (a peeled diagonal block): the loop
// rotates s_split0 (blocks 0-2) on one bank, which p shares.
// CHECK-LABEL: bir.func @tail_block_after_the_loop
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "s_split0" psum [128, 2048] x 3 {banks = array<i64: 0, 0, 0>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "s_split1" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: bir.matmul %{{.*}}[0:128, 0:2048, %{{.*}}] =
// CHECK: bir.matmul %{{.*}}[0:128, 0:2048, 0] =
bir.func @tail_block_after_the_loop attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %s = bir.memloc "s" psum [128, 2048] x 4
  %p = bir.memloc "p" psum [128, 2048]
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.loop %j = 0 to 3 {
    bir.matmul %s[0:128, 0:2048, %j] = %a, %b latency 64
    bir.activation exp %z = %s[0:128, 0:2048, %j] latency 40
    bir.matmul %p = %a, %b latency 32
    bir.activation identity %z = %p latency 16
  }
  bir.matmul %s[0:128, 0:2048, 3] = %a, %b latency 64
  bir.activation exp %z = %s[0:128, 0:2048, 3] latency 40
  bir.matmul %p = %a, %b latency 32
  bir.activation identity %z = %p latency 16
}

// -----

// The first tile written and drained once before the row loop whose
// pipeline rotates the array: the pipeline's piece rotates over two banks.
// CHECK-LABEL: bir.func @first_tile_used_before_the_row_loop
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "t_split0" psum [128, 2048] {banks = array<i64: {{[01]}}>
// CHECK-DAG: bir.memloc "t_split1" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @first_tile_used_before_the_row_loop attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
  bir.activation gelu %z = %t[0:128, 0:2048, 0] latency 40
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

// The same with the row loop's first tile summed by a K loop (a `+=`
// marked start): the start ends the earlier value when its loop begins.
// CHECK-LABEL: bir.func @first_tile_restarted_in_the_row_loop
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "t_split1" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @first_tile_restarted_in_the_row_loop attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
  bir.activation gelu %z = %t[0:128, 0:2048, 0] latency 40
  bir.loop %r = 0 to 2 {
    bir.loop %k0 = 0 to 2 {
      bir.matmul %t[0:128, 0:2048, 0] += %a, %b start latency 32
    }
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
      bir.activation gelu %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation gelu %z = %t[0:128, 0:2048, 3] latency 40
  }
}

// -----

// The tail tile is written after the loop, but the loop's blocks are read
// again after it: the value before the tail holds them, so nothing splits
// and s keeps a bank per block.
// CHECK-LABEL: bir.func @loop_blocks_read_after_the_tail
// CHECK: bir.memloc "s" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
// CHECK-NOT: _split
bir.func @loop_blocks_read_after_the_tail attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %s = bir.memloc "s" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.loop %j = 0 to 3 {
    bir.matmul %s[0:128, 0:2048, %j] = %a, %b latency 64
    bir.activation exp %z = %s[0:128, 0:2048, %j] latency 40
  }
  bir.matmul %s[0:128, 0:2048, 3] = %a, %b latency 64
  bir.activation exp %z = %s[0:128, 0:2048, 3] latency 40
  bir.loop %i = 0 to 3 {
    bir.activation exp %z = %s[0:128, 0:2048, %i] latency 40
  }
}

// -----

// A tile array whose tiles are all constant blocks, unrolled: the timeline
// already follows each block's values, so the location stays whole (its
// blocks rotate over banks as the timeline finds).
// CHECK-LABEL: bir.func @unrolled_tiles_stay_whole
// CHECK: bir.memloc "u" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
// CHECK-NOT: _split
bir.func @unrolled_tiles_stay_whole attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %u = bir.memloc "u" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.matmul %u[0:128, 0:2048, 0] = %a, %b latency 64
  bir.activation exp %z = %u[0:128, 0:2048, 0] latency 40
  bir.matmul %u[0:128, 0:2048, 1] = %a, %b latency 64
  bir.activation exp %z = %u[0:128, 0:2048, 1] latency 40
  bir.matmul %u[0:128, 0:2048, 2] = %a, %b latency 64
  bir.activation exp %z = %u[0:128, 0:2048, 2] latency 40
  bir.matmul %u[0:128, 0:2048, 3] = %a, %b latency 64
  bir.activation exp %z = %u[0:128, 0:2048, 3] latency 40
}

// -----

// Two phases over the array, a loop over all tiles and then a row loop
// with a pipeline: the first phase's blocks are named again after the row
// loop's first write, but no loop holds both phases and every read of the
// second reads only what the second wrote in the same pass (the live-block
// analysis of its accesses), so the row loop's first write starts a value:
// the first phase rotates on one bank, the pipeline over two.
// CHECK-LABEL: bir.func @two_phases
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "t_split0" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "t_split1" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @two_phases attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:2048, %i] = %a, %b latency 32
    bir.activation gelu %z = %t[0:128, 0:2048, %i] latency 40
  }
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

// Two row loops, each with its pipeline over the same array.
// CHECK-LABEL: bir.func @two_row_loops
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "t_split0" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "t_split1" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 0, 1>, base_bank = 0 : i64}
bir.func @two_row_loops attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
      bir.activation gelu %z = %t[0:128, 0:2048, %j] latency 40
    }
    bir.activation gelu %z = %t[0:128, 0:2048, 3] latency 40
  }
  bir.loop %r2 = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j2 = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j2 + 1] = %a, %b latency 32
      bir.activation gelu %z = %t[0:128, 0:2048, %j2] latency 40
    }
    bir.activation gelu %z = %t[0:128, 0:2048, 3] latency 40
  }
}

// -----

// The same with each tile drained before the next is written: the write
// after a read in the first row loop's pipeline is a cut that fails (the
// timeline test spent on it), and the second row loop's first write still
// gets one of its own: each piece holds one value, on one bank (the
// session-43 mutation audit: with one test per byte group, t was too big).
// CHECK-LABEL: bir.func @two_row_loops_read_first
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "t_split0" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "t_split1" psum [128, 2048] x 4 {banks = array<i64: 0, 0, 0, 0>, base_bank = 0 : i64}
bir.func @two_row_loops_read_first attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j = 0 to 3 {
      bir.activation gelu %z = %t[0:128, 0:2048, %j] latency 40
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
    }
    bir.activation gelu %z = %t[0:128, 0:2048, 3] latency 40
  }
  bir.loop %r2 = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j2 = 0 to 3 {
      bir.activation gelu %z = %t[0:128, 0:2048, %j2] latency 40
      bir.matmul %t[0:128, 0:2048, %j2 + 1] = %a, %b latency 32
    }
    bir.activation gelu %z = %t[0:128, 0:2048, 3] latency 40
  }
}

// -----

// The second row loop reads the last tile the first one left before
// writing its own: that read sees the value before, so nothing splits there.
// CHECK-LABEL: bir.func @second_row_loop_reads_the_first_ones_tile
// CHECK: bir.memloc "t" psum [128, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>, base_bank = 0 : i64}
// CHECK-NOT: _split
bir.func @second_row_loop_reads_the_first_ones_tile attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.loop %r = 0 to 2 {
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j + 1] = %a, %b latency 32
      bir.activation gelu %z = %t[0:128, 0:2048, %j] latency 40
    }
  }
  bir.loop %r2 = 0 to 2 {
    bir.activation gelu %z = %t[0:128, 0:2048, 3] latency 40
    bir.matmul %t[0:128, 0:2048, 0] = %a, %b latency 32
    bir.loop %j2 = 0 to 3 {
      bir.matmul %t[0:128, 0:2048, %j2 + 1] = %a, %b latency 32
      bir.activation gelu %z = %t[0:128, 0:2048, %j2] latency 40
    }
  }
}
