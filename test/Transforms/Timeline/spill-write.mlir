// RUN: psum-opt %s --psum-allocate --psum-timeline="svg=%t.svg html=%t.html" -o /dev/null
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: FileCheck %s --check-prefix=HTML < %t.html
// RUN: %python %S/Inputs/check_timeline.py %t.svg | FileCheck %s --check-prefix=PY

// t is spilled and written twice: its second write goes to t_SpillWrite0,
// drawn in t's hue, marked as one of t's writes, not as a reload, and
// saved like t.
// SVG: <g class="bar" id="bar-carried-t_SpillWrite0" data-tensor="t_SpillWrite0" {{.*}} data-spilled="true" data-spill-of="t">
// SVG-NEXT: <title>t_SpillWrite0: {{.*}}, spilled (saved out of PSUM), write of t</title>
// SVG: <g class="spill spill-save" data-kind="save" data-tensor="t" data-copy="t_SpillTensorCopy0"
// HTML: <td>t_SpillWrite0</td>{{.*}}<td>spilled write of t</td></tr>
// HTML-NEXT: <td>t_ReloadTensorCopy0</td>{{.*}}<td>reload of t</td></tr>
// PY: OK @carried:
bir.func @carried attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048]
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %c = bir.memloc "c" psum [64, 2048]
  %d = bir.memloc "d" psum [64, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.loop %i = 0 to 4 {
    bir.activation relu %y = %t latency 32
    bir.matmul %a = %w, %x latency 64
    bir.matmul %b = %w, %x latency 64
    bir.matmul %c = %w, %x latency 64
    bir.matmul %d = %w, %x latency 64
    bir.inst "vector_op" writes(%y) reads(%a, %b, %c, %d) latency 64
    bir.matmul %t = %w, %x latency 64
  }
  bir.activation relu %y = %t latency 32
}
