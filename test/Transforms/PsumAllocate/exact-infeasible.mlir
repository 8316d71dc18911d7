// RUN: not psum-opt %s --psum-allocate="exact=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT
// RUN: not psum-opt %s --psum-allocate -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOEXACT

// One instruction reads three one-bank tensors on two banks: no spill set
// helps (each reload is read there too). The per-instruction bound proves
// it: a note on the instruction says so, so the error is not mistaken for a
// weak heuristic. With the exact mode, a note on the function adds that it
// tried every spill set.
// EXACT: exact-infeasible.mlir:[[# @LINE + 10]]:8: error: too many reloads required: spilling 'a_ReloadTensorCopy0' again cannot relieve PSUM pressure
// EXACT: exact-infeasible.mlir:[[# @LINE + 15]]:3: note: PSUM at linear point 8
// EXACT: exact-infeasible.mlir:[[# @LINE + 14]]:3: note: no allocation exists: this instruction needs 3 of the 2 PSUM banks whatever is spilled
// EXACT: exact-infeasible.mlir:[[# @LINE + 5]]:1: note: the exact mode tried every spill set: no allocation exists
// NOEXACT: error: too many reloads required
// NOEXACT: note: no allocation exists: this instruction needs 3 of the 2 PSUM banks
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
