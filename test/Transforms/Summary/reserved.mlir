// RUN: psum-opt %s --psum-allocate="reserved-banks=7" --psum-summary="output=-" -o /dev/null | FileCheck %s
// RUN: psum-opt %s --psum-allocate --psum-summary="output=- reserved-banks=7" -o /dev/null | FileCheck %s
// RUN: psum-opt %s --psum-allocate="reserved-banks=0,6" --psum-summary="output=- reserved-banks=7" -o /dev/null | FileCheck %s --check-prefix=THREE
// RUN: psum-opt %s --psum-allocate --psum-summary="output=-" -o /dev/null | FileCheck %s --check-prefix=NONE

// The banks psum-allocate left free (the function's reserved_banks, which
// the pass writes) and those of the summary's option are named in the
// heading and not counted among the banks the tensors could use (the
// session-25 kernel audit found "4 of 8" where the pass's utilization
// counted 7 banks).
// CHECK-LABEL: PSUM summary for @four_results (gen2, 8 banks of 2048 bytes, reserved 7)
// CHECK-NEXT:   tensors in PSUM: 4
// CHECK-NEXT:   banks used:      4 of 7 (0-3)
// THREE-LABEL: PSUM summary for @four_results (gen2, 8 banks of 2048 bytes, reserved 0, 6-7)
// THREE-NEXT:   tensors in PSUM: 4
// THREE-NEXT:   banks used:      4 of 5 (1-4)
// NONE-LABEL: PSUM summary for @four_results (gen2, 8 banks of 2048 bytes)
// NONE-NEXT:   tensors in PSUM: 4
// NONE-NEXT:   banks used:      4 of 8 (0-3)
bir.func @four_results attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 512]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 16
  bir.matmul %t1 = %w, %x latency 16
  bir.matmul %t2 = %w, %x latency 16
  bir.matmul %t3 = %w, %x latency 16
  bir.activation exp %y = %t0 latency 8
  bir.activation exp %y = %t1 latency 8
  bir.activation exp %y = %t2 latency 8
  bir.activation exp %y = %t3 latency 8
}
