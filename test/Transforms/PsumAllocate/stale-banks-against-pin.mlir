// RUN: psum-opt %s --psum-allocate="verify=true remarks=true" 2>&1 | FileCheck %s

// Banks that disagree with the location's pin are not kept as a previous
// allocation: the function is allocated again and the pin honoured.
// CHECK-NOT: heuristic = preallocated
// CHECK-LABEL: bir.func @stale
// CHECK: %t = bir.memloc "t" psum [128, 2048] {banks = array<i64: 4>, base_bank = 4 : i64, pin = 4 : i64}
bir.func @stale attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {pin = 4, banks = array<i64: 0>, base_bank = 0 : i64}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}
