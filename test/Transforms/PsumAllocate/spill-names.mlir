// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s

// The function already has locations named as a spill of t1 would name its
// saved copy and its reload: the minted ones take the next free numbers.
// CHECK-LABEL: bir.func @names_taken
// CHECK-DAG: bir.memloc "t1_SpillTensorCopy0" sbuf [128, 2048]{{$}}
// CHECK-DAG: bir.memloc "t1_ReloadTensorCopy0" sbuf [128, 2048]{{$}}
// CHECK-DAG: %[[S:.*]] = bir.memloc "t1_SpillTensorCopy1" sbuf [128, 2048] {spill_of = "t1"}
// CHECK-DAG: %[[R:.*]] = bir.memloc "t1_ReloadTensorCopy1" psum [128, 2048] {{{.*}}spill_of = "t1"}
// CHECK: bir.tensor_copy %[[S]] = %t1 latency 64
// CHECK: bir.tensor_copy %[[R]] = %[[S]] latency 64
// CHECK-NEXT: bir.activation relu %y[0:128, 0:2048, 1] = %[[R]] latency 32
bir.func @names_taken attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  %taken_save = bir.memloc "t1_SpillTensorCopy0" sbuf [128, 2048]
  %taken_reload = bir.memloc "t1_ReloadTensorCopy0" sbuf [128, 2048]
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  %t4 = bir.memloc "t4" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %t4 latency 32
}
