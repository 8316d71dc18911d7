// Functions whose names agree once unsafe characters become `_` get files
// of their own: `@"k<"` and `@"k>"` both wrote `tl.k_.svg`, the second
// picture over the first (found by the session-14 robustness audit).
// RUN: rm -f %t.*.svg
// RUN: psum-opt %s --psum-allocate --psum-timeline="svg=%t.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=FIRST < %t.k_.svg
// RUN: FileCheck %s --check-prefix=SECOND < %t.k__1.svg
// A device takes both drawings; a directory is an error (the session-39
// robustness audit: `/dev/null.k_.svg` and `<dir>.k_.svg` were written).
// RUN: psum-opt %s --psum-allocate --psum-timeline="svg=/dev/null" -o /dev/null
// RUN: not ls /dev/null.k_.svg
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: not psum-opt %s --psum-allocate --psum-timeline="svg=%t.dir" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: not ls %t.dir.k_.svg
// DIR: error: cannot write a drawing to '{{.*}}.dir': it is a directory
// FIRST: data-function="k&lt;"
// SECOND: data-function="k&gt;"

bir.func @"k<" attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  bir.matmul %a = %w, %w latency 1
  bir.activation relu %y = %a latency 1
}

bir.func @"k>" attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  bir.matmul %b = %w, %w latency 1
  bir.activation relu %y = %b latency 1
}
