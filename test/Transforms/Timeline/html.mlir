// From the unallocated kernels through psum-allocate to the pictures.
// RUN: rm -rf %t && mkdir -p %t
// RUN: psum-opt %s --psum-allocate="heuristic=seed" --psum-timeline="svg=%t/tl.svg html=%t/tl.html" -o /dev/null
//
// Several functions: one SVG each, the function name inserted before .svg;
// the plain name is not written.
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES: tl.html
// FILES-NEXT: tl.pressure.svg
// FILES-NEXT: tl.tiles.svg
// FILES-NOT: {{.}}
//
// Every SVG, alone or inside the page, is well-formed and its co-live bars
// are on disjoint banks.
// RUN: %python %S/Inputs/check_timeline.py %t/tl.pressure.svg %t/tl.tiles.svg %t/tl.html | FileCheck %s --check-prefix=PY
// PY: OK @pressure: 7 bars, 2 saves, 2 reloads, 0 loops, peak 4 at 7
// PY-NEXT: OK @tiles: 2 bars, 0 saves, 0 reloads, 2 loops, peak 3 at
// PY-NEXT: OK @pressure: 7 bars, 2 saves, 2 reloads, 0 loops, peak 4 at 7
// PY-NEXT: OK @tiles: 2 bars, 0 saves, 0 reloads, 2 loops, peak 3 at
//
// RUN: FileCheck %s --check-prefix=SVG < %t/tl.tiles.svg
// SVG: <?xml version="1.0" encoding="UTF-8"?>
// SVG-NEXT: <svg xmlns="http://www.w3.org/2000/svg" class="psum-timeline" id="timeline-tiles" data-function="tiles"
// SVG-COUNT-2: <g class="loop" data-header
// SVG-NOT: <g class="loop" data-header
// SVG-COUNT-2: <g class="bar"
// SVG-NOT: <g class="bar"
//
// One self-contained page: both functions, hover details by inline script,
// nothing loaded from elsewhere.
// RUN: FileCheck %s --check-prefix=HTML < %t/tl.html
// RUN: FileCheck %s --check-prefix=LOCAL < %t/tl.html
// HTML: <!DOCTYPE html>
// HTML: <nav><a href="#fn-pressure">@pressure</a><a href="#fn-tiles">@tiles</a></nav>
// HTML: <section class="function" id="fn-pressure">
// HTML-NEXT: <h2>@pressure</h2>
// HTML-NEXT: <div class="figure">
// HTML-NEXT: <svg xmlns="http://www.w3.org/2000/svg" class="psum-timeline" id="timeline-pressure"
// HTML-COUNT-7: <g class="bar"
// HTML: <table class="tensors">
// HTML: <tr data-tensor="t0"><td>t0</td><td>{{[0-9]}}</td><td>[0, 1]</td><td>1</td><td>2048</td><td>spilled</td></tr>
// HTML: <tr data-tensor="t0_ReloadTensorCopy0"><td>t0_ReloadTensorCopy0</td>{{.*}}<td>reload of t0</td></tr>
// HTML: <section class="function" id="fn-tiles">
// HTML: <svg xmlns="http://www.w3.org/2000/svg" class="psum-timeline" id="timeline-tiles"
// HTML-COUNT-2: <g class="bar"
// HTML: <tr data-tensor="acc"><td>acc</td><td>{{[0-9]}}-{{[0-9]}}</td>{{.*}}<td>accumulation group</td></tr>
// HTML: <script>
// HTML: addEventListener('mouseenter'
// HTML: </html>
// LOCAL-NOT: <link
// LOCAL-NOT: src=
// LOCAL-NOT: https:
// LOCAL-NOT: @import

// Five one-bank results on four banks (two are spilled).
bir.func @pressure attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  %t4 = bir.memloc "t4" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %t4 latency 32
}

// Nested loops: a two-bank accumulator per output tile and a one-bank
// transpose result.
bir.func @tiles attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 1024] x 8
  %x   = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 4096]
  %tr  = bir.memloc "tr" psum [128, 2048]
  %y   = bir.memloc "y" sbuf [128, 4096] x 4
  %z   = bir.memloc "z" sbuf [128, 2048] x 4
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 8 {
      bir.matmul %acc[0:128, 0:2048] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
      bir.matmul %acc[0:128, 2048:4096] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
    bir.inst "transpose" writes(%tr) reads(%y[0:128, 0:2048, %n]) latency 40
    bir.activation relu %y[0:128, 0:4096, %n] = %acc latency 32
    bir.activation identity %z[0:128, 0:2048, %n] = %tr latency 32
  }
}
