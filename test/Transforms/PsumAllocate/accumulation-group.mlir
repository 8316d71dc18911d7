// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s

// Four groups fit; a plain result competing with them is the one spilled,
// never a group.
// CHECK-LABEL: bir.func @groups_stay
// CHECK-DAG: "t" psum [128, 2048] {{{.*}}spilled}
// CHECK-DAG: "t_ReloadTensorCopy0" psum
// CHECK-DAG: "a0" psum [128, 2048] {banks = array<i64: [[B0:[0-3]]]>, base_bank = [[B0]] : i64}
// CHECK-DAG: "a1" psum [128, 2048] {banks = array<i64: [[B1:[0-3]]]>, base_bank = [[B1]] : i64}
// CHECK-DAG: "a2" psum [128, 2048] {banks = array<i64: [[B2:[0-3]]]>, base_bank = [[B2]] : i64}
// CHECK-DAG: "a3" psum [128, 2048] {banks = array<i64: [[B3:[0-3]]]>, base_bank = [[B3]] : i64}
bir.func @groups_stay attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  %t = bir.memloc "t" psum [128, 2048]
  %a0 = bir.memloc "a0" psum [128, 2048]
  %a1 = bir.memloc "a1" psum [128, 2048]
  %a2 = bir.memloc "a2" psum [128, 2048]
  %a3 = bir.memloc "a3" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %k = 0 to 8 {
    bir.matmul %a0 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a1 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a2 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a3 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.activation identity %y[0:128, 0:2048, 0] = %a0 latency 32
  bir.activation identity %y[0:128, 0:2048, 1] = %a1 latency 32
  bir.activation identity %y[0:128, 0:2048, 2] = %a2 latency 32
  bir.activation identity %y[0:128, 0:2048, 3] = %a3 latency 32
  bir.activation identity %y[0:128, 0:2048, 4] = %t latency 32
}
