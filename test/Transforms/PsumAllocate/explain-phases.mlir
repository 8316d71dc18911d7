// RUN: psum-opt %s -split-input-file --psum-explain="phase=linearize" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINEAR
// RUN: psum-opt %s -split-input-file --psum-explain="phase=interference" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GRAPH
// RUN: psum-opt %s -split-input-file --psum-explain="phase=costs" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COSTS

// psum-explain's linearize, interference and costs phases, one remark per
// linear point or candidate.

// An accumulation group in a loop: every kind of linear point, a candidate
// interfering with nothing, and the infinite cost of an accumulation group.
// LINEAR: remark: linear point 0 (loop header, loop depth 0)
// LINEAR-NEXT: bir.loop %k
// LINEAR: remark: linear point 1 (instruction, loop depth 1)
// LINEAR-NEXT: bir.matmul %acc +=
// LINEAR: remark: linear point 2 (back-edge, loop depth 1)
// LINEAR-NEXT: bir.loop %k
// LINEAR: remark: linear point 3 (instruction, loop depth 0)
// LINEAR-NEXT: bir.activation identity %y = %acc
// GRAPH: remark: total demand 1 banks, peak 1 banks at linear point 0
// GRAPH-NEXT: bir.func @one_group
// GRAPH: remark: interferes with nothing
// GRAPH-NEXT: %acc = bir.memloc
// GRAPH-NOT: remark
// COSTS: remark: spill cost inf
// COSTS-NEXT: %acc = bir.memloc
// COSTS-NOT: remark
bir.func @one_group attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.activation identity %y = %acc latency 32
}

// -----

// Two tensors live at once interfere both ways; each spill costs a save
// and a reload of 64 cycles on one bank.
// GRAPH: remark: total demand 2 banks, peak 2 banks at linear point 1
// GRAPH-NEXT: bir.func @two_tensors
// GRAPH: remark: interferes with u
// GRAPH-NEXT: %t = bir.memloc
// GRAPH: remark: interferes with t
// GRAPH-NEXT: %u = bir.memloc
// COSTS: remark: spill cost 128
// COSTS-NEXT: %t = bir.memloc
// COSTS: remark: spill cost 128
// COSTS-NEXT: %u = bir.memloc
bir.func @two_tensors attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.activation identity %y = %t latency 32
}
