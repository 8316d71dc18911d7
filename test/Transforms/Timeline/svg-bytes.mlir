// Names may hold any byte; XML cannot hold control characters or bytes that
// are not UTF-8, even as references. The drawing writes U+FFFD for them and
// stays well-formed (found by the session-39 robustness audit).
// RUN: psum-opt %s --psum-allocate --psum-timeline="svg=%t.svg" -o /dev/null
// RUN: FileCheck %s < %t.svg
// RUN: %python -c "import sys, xml.dom.minidom as m; m.parse(sys.argv[1])" %t.svg
// CHECK: data-function="f�g"
// CHECK: data-tensor="a�b"
// CHECK: data-tensor="c�d"
// CHECK: data-tensor="é"

bir.func @"f\FFg" attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a\00b" psum [128, 2048]
  %c = bir.memloc "c\FFd" psum [128, 2048]
  %e = bir.memloc "\C3\A9" psum [128, 2048]
  bir.matmul %a = %w, %w latency 1
  bir.matmul %c = %w, %w latency 1
  bir.matmul %e = %w, %w latency 1
  bir.activation relu %y = %a latency 1
  bir.activation relu %y = %c latency 1
  bir.activation relu %y = %e latency 1
}
