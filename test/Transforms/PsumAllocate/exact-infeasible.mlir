// RUN: not psum-opt %s --psum-allocate="exact=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT
// RUN: not psum-opt %s --psum-allocate -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOEXACT

// One instruction reads three one-bank tensors on two banks: no spill set
// helps (each reload is read there too). Without the exact mode the error
// cannot tell a hard kernel from a weak heuristic; with it, a note on the
// function says that the exact mode tried every spill set.
// EXACT: exact-infeasible.mlir:[[# @LINE + 8]]:8: error: too many reloads required: spilling 'a_ReloadTensorCopy0' again cannot relieve PSUM pressure
// EXACT: exact-infeasible.mlir:[[# @LINE + 13]]:3: note: PSUM at linear point 8
// EXACT: exact-infeasible.mlir:[[# @LINE + 4]]:1: note: the exact mode tried every spill set: no allocation exists
// NOEXACT: error: too many reloads required
// NOEXACT-NOT: the exact mode

bir.func @three_operands attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  %c = bir.memloc "c" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.matmul %b = %w, %w latency 64
  bir.matmul %c = %w, %w latency 64
  bir.inst "sum3" writes(%w) reads(%a, %b, %c) latency 8
}
