// RUN: not psum-opt %s -allow-unregistered-dialect --psum-allocate 2>&1 | FileCheck %s

// A bir.func inside an op that is no module: the error names the op and
// suggests no nested-module pipeline, which would not apply (said "nested
// module" until the session-41 embedder audit).
// CHECK: error: bir.func inside 'my.container': the Psum passes take the bir.func ops of a module
// CHECK-NOT: builtin.module(builtin.module
"my.container"() ({
  bir.func @inner attributes {arch = #bir.arch<gen2>} {
    %w = bir.memloc "w" sbuf [128, 128]
    %x = bir.memloc "x" sbuf [128, 2048]
    %acc = bir.memloc "acc" psum [128, 2048]
    %y = bir.memloc "y" sbuf [128, 2048]
    bir.matmul %acc = %w, %x latency 64
    bir.activation relu %y = %acc latency 32
  }
}) : () -> ()
