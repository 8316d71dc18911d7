// RUN: psum-opt %s --psum-allocate="verify=true" > %t.once.mlir
// RUN: psum-opt %t.once.mlir --psum-allocate="verify=true" > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: psum-opt %t.once.mlir --psum-allocate="verify=true remarks=true" -o /dev/null 2>&1 | FileCheck %s

// Allocated output is valid input, and allocating it again changes nothing:
// the banks it carries still hold, so the function is kept as it is.
// CHECK: remark: best PSUM heuristic = preallocated
// The report and the remarks give the figures of the allocation the function
// carries (before session 41 a score of 0 and no spilled tensor, beside the
// spill copies it listed: the session-41 seed audit).
// CHECK: remark: spilling from PSUM cost about 128 cycles
// CHECK: remark: number of tensors spilled from PSUM = 1
// RUN: psum-opt %t.once.mlir --psum-allocate="report=-" -o /dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: "heuristic": "preallocated",
// REPORT: "score": 128,
// REPORT: "spill_cycles": 128,
// REPORT: "gca_iterations": 0,
bir.func @pressure attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 5
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
