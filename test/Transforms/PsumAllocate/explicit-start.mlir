// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// One accumulator, two K loops (gen1, four banks), four score tiles live
// in between. Without a mark the second loop's `+=` adds to what the first
// left (an earlier write touched the location, docs/BIR.md), so `acc`
// holds its bank across the tiles and one of them is spilled. `start` makes
// it begin a fresh group: the first value dies at its drain, `acc` splits
// in two, and nothing is spilled. The simulator (psum-check) runs both
// meanings.
// SIM: checked 3 functions: 3 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @reused_accumulator_adds
// CHECK: SpillTensorCopy
bir.func @reused_accumulator_adds attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256] x 4
  %x = bir.memloc "x" sbuf [64, 1024] x 4
  %acc = bir.memloc "acc" psum [64, 2048]
  %s = bir.memloc "s" psum [64, 2048] x 4
  %ya = bir.memloc "ya" sbuf [64, 2048]
  %ys = bir.memloc "ys" sbuf [64, 2048] x 4
  %yc = bir.memloc "yc" sbuf [64, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] latency 64
  }
  bir.activation gelu %ya = %acc latency 32
  bir.loop %j = 0 to 4 {
    bir.matmul %s[0:64, 0:2048, %j] = %w[0:64, 0:256, %j], %x[0:64, 0:1024, 0] latency 64
  }
  bir.loop %j = 0 to 4 {
    bir.activation exp %ys[0:64, 0:2048, %j] = %s[0:64, 0:2048, %j] latency 32
  }
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] latency 64
  }
  bir.activation gelu %yc = %acc latency 32
}

// -----

// CHECK-LABEL: bir.func @reused_accumulator_restarts
// CHECK-NOT: TensorCopy
// CHECK: bir.matmul %acc_split0 += {{.*}} latency 64
// CHECK: bir.activation gelu %ya = %acc_split0
// CHECK: bir.matmul %acc_split1 += {{.*}} start latency 64
// CHECK: bir.activation gelu %yc = %acc_split1
bir.func @reused_accumulator_restarts attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256] x 4
  %x = bir.memloc "x" sbuf [64, 1024] x 4
  %acc = bir.memloc "acc" psum [64, 2048]
  %s = bir.memloc "s" psum [64, 2048] x 4
  %ya = bir.memloc "ya" sbuf [64, 2048]
  %ys = bir.memloc "ys" sbuf [64, 2048] x 4
  %yc = bir.memloc "yc" sbuf [64, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] latency 64
  }
  bir.activation gelu %ya = %acc latency 32
  bir.loop %j = 0 to 4 {
    bir.matmul %s[0:64, 0:2048, %j] = %w[0:64, 0:256, %j], %x[0:64, 0:1024, 0] latency 64
  }
  bir.loop %j = 0 to 4 {
    bir.activation exp %ys[0:64, 0:2048, %j] = %s[0:64, 0:2048, %j] latency 32
  }
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] start latency 64
  }
  bir.activation gelu %yc = %acc latency 32
}

// -----

// The value a start closes must end before the start's loop: here the drain
// in the next pass of %n reads what the previous pass's K loop summed, so
// the location is not cut at the start (and keeps one bank throughout).
// CHECK-LABEL: bir.func @start_value_read_around_outer_loop
// CHECK: bir.memloc "acc" psum
// CHECK-NOT: acc_split
// CHECK: }
bir.func @start_value_read_around_outer_loop attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256] x 4
  %x = bir.memloc "x" sbuf [64, 1024] x 4
  %acc = bir.memloc "acc" psum [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  bir.matmul %acc = %w[0:64, 0:256, 0], %x[0:64, 0:1024, 0] latency 64
  bir.loop %n = 0 to 2 {
    bir.activation gelu %y = %acc latency 32
    bir.loop %k = 0 to 4 {
      bir.matmul %acc += %w[0:64, 0:256, %k], %x[0:64, 0:1024, %k] start latency 64
    }
  }
  bir.activation gelu %y = %acc latency 32
}
