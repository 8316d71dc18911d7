// RUN: not psum-opt %s --psum-timeline 2>&1 | FileCheck %s --check-prefix=NOOUT --implicit-check-not="see current operation"
// RUN: not psum-opt %s --psum-timeline="svg=%t.svg" 2>&1 | FileCheck %s --check-prefix=UNALLOC
// RUN: not psum-opt %s --psum-allocate --psum-timeline="html=%t.missing/dir/tl.html" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: not psum-opt %s --psum-allocate --psum-timeline="svg=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not psum-opt %s --psum-allocate --psum-summary="output=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL

// NOOUT: error: psum-timeline needs an output: svg=FILE and / or html=FILE

// The pass draws allocated functions only.
// UNALLOC: error: PSUM location 'acc' has no banks: run --psum-allocate before --psum-timeline

// OPEN: error: cannot open '{{.*}}tl.html': No such file or directory

// Output that cannot be written is an error, not a fatal abort.
// FULL: error: cannot write '/dev/full': No space left on device

bir.func @mm attributes {arch = #bir.arch<gen2>} {
  %w   = bir.memloc "w" sbuf [128, 128] x 8
  %x   = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048]
  %y   = bir.memloc "y" sbuf [128, 2048]
  bir.loop %k = 0 to 8 {
    bir.matmul %acc += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.activation relu %y = %acc latency 32
}
