// The file's module holds another module. A bir.func in a nested module is
// an error on it for every module pass and psum-check, not a function
// silently left without banks (found by the session-14 robustness audit);
// a nested pipeline runs the pass on that module.
// RUN: not psum-opt %s --psum-allocate 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not psum-opt %s --psum-pipeline 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not psum-opt %s --psum-explain 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not psum-opt %s --psum-summary 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not psum-opt %s --psum-timeline="svg=%t.svg" 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not psum-check %s 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: psum-opt %s --pass-pipeline='builtin.module(builtin.module(psum-allocate{verify=true}))' | FileCheck %s

// NESTED: error: bir.func in a nested module: run the pass on that module (e.g. --pass-pipeline='builtin.module(builtin.module(psum-allocate))')

// CHECK-LABEL: bir.func @inner
// CHECK: %acc = bir.memloc "acc" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
module {
  module {
    bir.func @inner attributes {arch = #bir.arch<gen2>} {
      %w = bir.memloc "w" sbuf [128, 128]
      %x = bir.memloc "x" sbuf [128, 2048]
      %acc = bir.memloc "acc" psum [128, 2048]
      bir.matmul %acc = %w, %x latency 64
      bir.activation relu %x = %acc latency 32
    }
  }
}
