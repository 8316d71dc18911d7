// RUN: psum-opt %s --psum-allocate="trace=true verify=true heuristic=seed" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: psum-opt %s --psum-allocate="verify=true heuristic=seed" | FileCheck %s
// RUN: psum-opt %s --psum-allocate="heuristic=seed" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=CHECKED

// The spill fixpoint runs on the problem alone (spillProblem) and replays
// the winner on the IR; with verify=true it compares the rebuilt live ranges
// and locations with those the placement was made for (a difference is an
// error), and without it the placement goes to the locations the replay
// minted (bindMinted): the two outputs are the same. Here
// one instruction writes both spilled tensors: the later spill's save goes
// right after the writer, before the earlier one's (a's save is one point
// closer), and the reloads come in spill order before the reader.

// TRACE: insert spill b_SpillTensorCopy0
// TRACE: insert reload b_ReloadTensorCopy0
// TRACE: insert spill a_SpillTensorCopy1
// TRACE: insert reload a_ReloadTensorCopy1
// TRACE: best PSUM heuristic = seed
// TRACE-NOT: differ on the IR

// CHECK-LABEL: bir.func @two_writes
// CHECK: %a_ReloadTensorCopy1 = bir.memloc "a_ReloadTensorCopy1" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64, spill_of = "a"}
// CHECK: %b_ReloadTensorCopy0 = bir.memloc "b_ReloadTensorCopy0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, spill_of = "b"}
// CHECK: bir.inst "pair" writes(%a, %b) reads(%w) latency 8
// CHECK-NEXT: bir.tensor_copy %a_SpillTensorCopy1 = %a latency 64
// CHECK-NEXT: bir.tensor_copy %b_SpillTensorCopy0 = %b latency 64
// CHECK: bir.tensor_copy %b_ReloadTensorCopy0 = %b_SpillTensorCopy0 latency 64
// CHECK-NEXT: bir.tensor_copy %a_ReloadTensorCopy1 = %a_SpillTensorCopy1 latency 64
// CHECK-NEXT: bir.inst "use" writes(%w) reads(%a_ReloadTensorCopy1, %b_ReloadTensorCopy0) latency 8

// CHECKED: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations

// c and d are accumulation groups (unspillable): a and b must go.
bir.func @two_writes attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  %c = bir.memloc "c" psum [128, 2048]
  %d = bir.memloc "d" psum [128, 2048]
  bir.inst "pair" writes(%a, %b) reads(%w) latency 8
  bir.matmul %c = %w, %w latency 64
  bir.matmul %c += %w, %w latency 64
  bir.matmul %d = %w, %w latency 64
  bir.matmul %d += %w, %w latency 64
  bir.activation identity %w = %c latency 1
  bir.activation identity %w = %d latency 1
  bir.inst "use" writes(%w) reads(%a, %b) latency 8
}
