// RUN: psum-opt %s --psum-allocate="verify=true reserved-banks=0" | FileCheck %s
// RUN: psum-opt %s --psum-allocate="verify=true reserved-banks=0,1" -verify-diagnostics -o /dev/null


// A reserved bank is never handed out; reserving all of them is an error.
// CHECK-LABEL: bir.func @reserved_bank
// CHECK: "a" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
// expected-error @+1 {{every PSUM bank is reserved}}
bir.func @reserved_bank attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.activation identity %y = %a latency 32
}
