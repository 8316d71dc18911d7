// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// An unrolled accumulation group on half of a location's bytes (gen1, four
// banks): three `+=` with the same access pattern and no `start`. Only the
// first starts the group; the repeats add to it, the third after a drain
// and four score tiles, so `acc` holds its bank across the tiles and the
// tiles are spilled. Were a repeat of the latest write taken for a start,
// `acc` would split into three pieces and nothing would be spilled.
// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @repeated_partial_adds
// CHECK-NOT: acc_split
// CHECK: %s_SpillTensorCopy0 = bir.memloc
// CHECK: bir.matmul %acc[0:64, 0:1024] += {{.*}} latency 64
// CHECK-NEXT: bir.matmul %acc[0:64, 0:1024] += {{.*}} latency 64
// CHECK-NEXT: bir.activation gelu %ya = %acc[0:64, 0:1024]
// CHECK: bir.matmul %acc[0:64, 0:1024] += {{.*}} latency 64
// CHECK-NEXT: bir.activation gelu %yc = %acc[0:64, 0:1024]
bir.func @repeated_partial_adds attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 256] x 4
  %x = bir.memloc "x" sbuf [64, 1024] x 4
  %acc = bir.memloc "acc" psum [64, 2048]
  %s = bir.memloc "s" psum [64, 2048] x 4
  %ya = bir.memloc "ya" sbuf [64, 1024]
  %ys = bir.memloc "ys" sbuf [64, 2048] x 4
  %yc = bir.memloc "yc" sbuf [64, 1024]
  bir.matmul %acc[0:64, 0:1024] += %w[0:64, 0:256, 0], %x[0:64, 0:1024, 0] latency 64
  bir.matmul %acc[0:64, 0:1024] += %w[0:64, 0:256, 1], %x[0:64, 0:1024, 1] latency 64
  bir.activation gelu %ya = %acc[0:64, 0:1024] latency 32
  bir.loop %j = 0 to 4 {
    bir.matmul %s[0:64, 0:2048, %j] = %w[0:64, 0:256, %j], %x[0:64, 0:1024, 0] latency 64
  }
  bir.loop %j = 0 to 4 {
    bir.activation exp %ys[0:64, 0:2048, %j] = %s[0:64, 0:2048, %j] latency 32
  }
  bir.matmul %acc[0:64, 0:1024] += %w[0:64, 0:256, 2], %x[0:64, 0:1024, 2] latency 64
  bir.activation gelu %yc = %acc[0:64, 0:1024] latency 32
}
