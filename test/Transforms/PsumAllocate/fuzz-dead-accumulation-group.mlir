// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s --psum-explain="phase=live" 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Found by psum-fuzz (a test kernel whose reads after the K loop were
// mutated away): two accumulation groups whose sums nothing reads after the
// loop got one-point live ranges and the same bank, so each `+=` added to
// the other group's partial sum (psum-verify-allocation and the reference
// simulator both reject that). The first `+=` of a group starts it only in
// the first iteration of its innermost loop; in the others it adds to the
// previous iteration's value, so the group is live around that loop.

// LIVE: remark: live [0, 3], 1 banks, shrink factor 1
// LIVE: remark: live [0, 3], 1 banks, shrink factor 1
// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations

// CHECK-LABEL: bir.func @unread_groups
// CHECK: %a0 = bir.memloc "a0" psum [128, 2048] {banks = array<i64: [[B0:[0-9]]]>, base_bank = [[B0]] : i64}
// CHECK-NOT: array<i64: [[B0]]>
// CHECK: bir.loop
bir.func @unread_groups attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %a0 = bir.memloc "a0" psum [128, 2048]
  %a1 = bir.memloc "a1" psum [128, 2048]
  bir.loop %k = 0 to 8 {
    bir.matmul %a0 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a1 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
}
