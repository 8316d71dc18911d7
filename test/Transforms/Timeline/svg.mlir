// RUN: psum-opt %s --psum-timeline="svg=%t.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=BARS < %t.svg
// RUN: FileCheck %s --check-prefix=DATA < %t.svg
// RUN: FileCheck %s --check-prefix=LABELS < %t.svg
// RUN: FileCheck %s --check-prefix=LOOPS < %t.svg
// RUN: FileCheck %s --check-prefix=SPILLS < %t.svg
// RUN: FileCheck %s --check-prefix=PEAK < %t.svg
// RUN: %python %S/Inputs/check_timeline.py %t.svg | FileCheck %s --check-prefix=PY
//
// The picture is deterministic: a second run writes the same bytes.
// RUN: psum-opt %s --psum-timeline="svg=%t.again.svg" -o /dev/null
// RUN: cmp %t.svg %t.again.svg
//
// The pass only reads the IR.
// RUN: psum-opt %s -o %t.in.mlir
// RUN: psum-opt %s --psum-timeline="svg=%t.2.svg" | diff - %t.in.mlir

// The input is the output of `psum-allocate` on a kernel with four PSUM
// banks where a, b and d are live across the loop that accumulates the
// two-bank `acc`: a is saved after its matmul and reloaded before its
// activation. (The pipeline from the unallocated kernel is tested in
// html.mlir.)
//
// One bar per PSUM tensor, the reload included; the SBUF save location is
// not drawn.
// BARS: <?xml version="1.0" encoding="UTF-8"?>
// BARS: <svg xmlns="http://www.w3.org/2000/svg" class="psum-timeline" id="timeline-pipeline" data-function="pipeline" data-num-banks="4" data-points="16"
// BARS-COUNT-6: <g class="bar"
// BARS-NOT: <g class="bar"
// BARS: </svg>
//
// DATA-DAG: <g class="bar" id="bar-pipeline-acc" data-tensor="acc" data-banks="0 1" data-def="4" data-use="9">
// DATA-DAG: <g class="bar" id="bar-pipeline-a" data-tensor="a" data-banks="0" data-def="0" data-use="1" data-spilled="true">
// DATA-DAG: <g class="bar" id="bar-pipeline-a_ReloadTensorCopy0" data-tensor="a_ReloadTensorCopy0" data-banks="0" data-def="11" data-use="12" data-spill-of="a">
// DATA-DAG: data-tensor="b" data-banks="{{[0-9]}}" data-def="2" data-use="13">
// DATA-DAG: data-tensor="d" data-banks="{{[0-9]}}" data-def="3" data-use="14">
// DATA-DAG: data-tensor="c" data-banks="{{[0-9]}}" data-def="10" data-use="15">
// DATA-NOT: <g class="bar" {{.*}}data-tensor="a_SpillTensorCopy0"

// A two-bank tensor is one rect per bank, labelled on each; long names are
// cut to the bar (the <title> keeps the whole name).
// LABELS-LABEL: data-tensor="acc"
// LABELS-NEXT: <title>acc: banks 0-1, live [4, 9], 2 blocks of 2048 bytes, 2 live banks, accumulation group</title>
// LABELS-NEXT: <rect class="cell" data-bank="0"
// LABELS-NEXT: <rect class="cell" data-bank="1"
// LABELS-NEXT: <text class="label" {{.*}}>acc</text>
// LABELS-NEXT: <text class="label" {{.*}}>acc</text>
// LABELS-NEXT: </g>
// LABELS-LABEL: data-tensor="a"
// LABELS: <text class="label" {{.*}}>a</text>
// LABELS-LABEL: data-tensor="a_ReloadTensorCopy0"
// LABELS-NEXT: <title>a_ReloadTensorCopy0: bank 0, live [11, 12], {{.*}}, reload of a</title>
// LABELS-NEXT: <rect class="cell" data-bank="0" {{.*}} stroke-dasharray="4 2"/>
// LABELS-NEXT: <text class="label" {{.*}}>a_Reload{{.*}}</text>
// LABELS-LABEL: data-tensor="b"
// LABELS: >b</text>
// LABELS-LABEL: data-tensor="d"
// LABELS: >d</text>
// LABELS-LABEL: data-tensor="c"
// LABELS: >c</text>

// The loop spans its header (point 4) to its back-edge (point 7).
// LOOPS: <g class="loops">
// LOOPS-NEXT: <g class="loop" data-header="4" data-backedge="7" data-depth="0"><title>loop 0 to 4: header at point 4, back-edge at point 7</title><rect class="loop-shade"
// LOOPS-NOT: <g class="loop"
// LOOPS: <g class="point" data-point="4"><title>point 4: loop header (0 to 4), loop depth 0</title>
// LOOPS: <g class="point" data-point="7"><title>point 7: loop back-edge, loop depth 1</title>

// SPILLS: <g class="spills">
// SPILLS-NEXT: <g class="spill spill-save" data-kind="save" data-tensor="a" data-copy="a_SpillTensorCopy0" data-at="1"><title>spill save of a into a_SpillTensorCopy0 at point 1</title><path
// SPILLS-NEXT: <g class="spill spill-reload" data-kind="reload" data-tensor="a" data-copy="a_ReloadTensorCopy0" data-at="11"><title>reload of a through a_ReloadTensorCopy0 at point 11</title><path
// SPILLS-NEXT: {{^}}</g>{{$}}
// SPILLS: <g class="point" data-point="1"><title>point 1: bir.tensor_copy (copy); writes a_SpillTensorCopy0; reads a, loop depth 0</title>

// PEAK: <text class="subheading" {{.*}}>gen2, 4 banks of 2048 bytes, heuristic longest-range, score 128, peak 4 banks at point 4, 2 spill copies</text>
// PEAK: <g class="peak" data-point="4" data-banks="4"><title>peak demand: 4 banks live at point 4</title>
// PEAK-SAME: >peak 4 banks</text>

// PY: OK @pipeline: 6 bars, 1 saves, 1 reloads, 1 loops, peak 4 at 4
bir.func @pipeline attributes {arch = #bir.arch<gen2, banks = 4>, psum.heuristic = "longest-range", psum.score = 128 : i64} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 2 {banks = array<i64: 0, 1>, base_bank = 0 : i64}
  %a = bir.memloc "a" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, spilled}
  %a_SpillTensorCopy0 = bir.memloc "a_SpillTensorCopy0" sbuf [128, 2048] {spill_of = "a"}
  %a_ReloadTensorCopy0 = bir.memloc "a_ReloadTensorCopy0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, spill_of = "a"}
  %b = bir.memloc "b" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3 : i64}
  %d = bir.memloc "d" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
  %c = bir.memloc "c" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64}
  bir.matmul %a = %w, %x[0:128, 0:2048, 0] latency 64
  bir.tensor_copy %a_SpillTensorCopy0 = %a latency 64
  bir.matmul %b = %w, %x[0:128, 0:2048, 1] latency 64
  bir.matmul %d = %w, %x[0:128, 0:2048, 2] latency 64
  bir.loop %arg0 = 0 to 4 {
    bir.matmul %acc[0:128, 0:2048, 0] += %w, %x[0:128, 0:2048, %arg0] latency 64
    bir.matmul %acc[0:128, 0:2048, 1] += %w, %x[0:128, 0:2048, %arg0] latency 64
  }
  bir.activation relu %y[0:128, 0:2048, 0] = %acc[0:128, 0:2048, 0] latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %acc[0:128, 0:2048, 1] latency 32
  bir.matmul %c = %w, %x[0:128, 0:2048, 3] latency 64
  bir.tensor_copy %a_ReloadTensorCopy0 = %a_SpillTensorCopy0 latency 64
  bir.activation relu %y[0:128, 0:2048, 2] = %a_ReloadTensorCopy0 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %b latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %d latency 32
  bir.activation relu %y[0:128, 0:2048, 5] = %c latency 32
}
