// RUN: not psum-opt %s -split-input-file --psum-allocate="exact=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT
// RUN: not psum-opt %s -split-input-file --psum-allocate -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOEXACT

// One instruction reads three one-bank tensors on two banks: no spill set
// helps (each reload is read there too). The per-instruction bound proves
// it: a note on the instruction says so, so the error is not mistaken for a
// weak heuristic. With the exact mode, a note on the function adds that it
// tried every spill set.
// EXACT: exact-infeasible.mlir:[[# @LINE + 10]]:8: error: too many reloads required: spilling 'a_ReloadTensorCopy0' again cannot relieve PSUM pressure (the reload of 'a' before a reader){{$}}
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

// -----

// Three accumulation groups live across the K loop on two banks: no spill
// set helps, since none can be spilled, and every heuristic fails in its
// first round. The exact mode proves it too, with no spill-free verdict.
// EXACT-LABEL: error: cannot allocate PSUM location 'a' (1 banks): it is read-modify-written
// EXACT: note: no allocation exists: this instruction needs 3 of the 2 PSUM banks
// EXACT: exact-infeasible.mlir:[[# @LINE + 4]]:1: note: the exact mode tried every spill set: no allocation exists
// EXACT-NOT: spill-free
// NOEXACT-LABEL: error: cannot allocate PSUM location 'a'
// NOEXACT-NOT: the exact mode
bir.func @three_sums attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 2048] x 4
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  %c = bir.memloc "c" psum [128, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %a += %w[0:128, 0:128, %k], %w[0:128, 0:2048, %k] latency 64
    bir.matmul %b += %w[0:128, 0:128, %k], %w[0:128, 0:2048, %k] latency 64
    bir.matmul %c += %w[0:128, 0:128, %k], %w[0:128, 0:2048, %k] latency 64
  }
  bir.inst "sum3" writes(%w) reads(%a, %b, %c) latency 8
}

// -----

// The give-up names the minted location and, in parentheses, the tensor it
// holds a value of: here the later of two writes of 't' (spilled, so each
// writer writes a location of its own) is live across an instruction that
// reads another tensor on one bank.
// NOEXACT-LABEL: error: too many reloads required: spilling 't_SpillWrite0' again cannot relieve PSUM pressure (a later write of 't' up to its save){{$}}
// NOEXACT: note: no allocation exists: this instruction needs 2 of the 1 PSUM banks
bir.func @later_write attributes {arch = #bir.arch<gen2, banks = 1>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t[0:128, 0:1024] = %w, %w latency 64
  bir.matmul %u = %w, %w latency 64
  bir.inst "mix" writes(%t[0:128, 1024:2048]) reads(%u) latency 8
  bir.activation identity %w = %t latency 32
}
