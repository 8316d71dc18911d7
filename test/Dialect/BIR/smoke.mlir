// RUN: psum-opt %s | psum-opt | FileCheck %s

// CHECK-LABEL: bir.func @smoke
// CHECK: bir.memloc "acc" psum [128, 2048]
bir.func @smoke attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
}
