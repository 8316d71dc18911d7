// RUN: psum-opt %s --psum-allocate="verify=true exact=true remarks=true" -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir

// CHECK: remark: exact mode: no spill-free placement exists for these live ranges; best-of-n is optimal
// CHECK: remark: spilling from PSUM cost about 128 cycles
// IR-LABEL: bir.func @heuristics_optimal
// IR-SAME: psum.score = 128

// Two banks, three results read in order: a spill is unavoidable and the
// heuristics (those that see where reloads land) find the cheapest one,
// and the exact mode proves it optimal.
bir.func @heuristics_optimal attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  %c = bir.memloc "c" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.matmul %b = %w, %x latency 64
  bir.matmul %c = %w, %x latency 64
  bir.activation relu %y = %a latency 32
  bir.activation relu %y = %b latency 32
  bir.activation relu %y = %c latency 32
}
