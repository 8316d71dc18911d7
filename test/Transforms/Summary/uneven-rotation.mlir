// The viewers read an allocation made with uneven-rotation=true: from the
// function's uneven_rotation, which psum-allocate writes, or from their own
// option for IR without it; without either they re-derive the seed's
// footprint and refuse it (found by the session-14 robustness audit: the
// note named an option they did not have; the session-27 kernel audit: the
// option had to be repeated by hand).
// RUN: psum-opt %s --psum-allocate="uneven-rotation=true" -o %t.mlir
// RUN: psum-opt %t.mlir --psum-summary="output=-" -o /dev/null | FileCheck %s
// RUN: psum-opt %t.mlir --psum-timeline="svg=%t.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: sed 's/, uneven_rotation//' %t.mlir > %t.bare.mlir
// RUN: psum-opt %t.bare.mlir --psum-summary="output=- uneven-rotation=true" -o /dev/null | FileCheck %s
// RUN: psum-opt %t.bare.mlir --psum-timeline="svg=%t.bare.svg uneven-rotation=true" -o /dev/null
// RUN: FileCheck %s --check-prefix=SVG < %t.bare.svg
// RUN: not psum-opt %t.bare.mlir --psum-summary -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEED

// CHECK: PSUM summary for @five_tiles_gen1 (gen1, 4 banks of 2048 bytes)
// CHECK: banks used:      2 of 4 (0-1)
// SVG: <svg
// SVG-SAME: five_tiles_gen1
// SEED: error: acc is too big for PSUM, requires 5 banks with PSUM size 4
// SEED: note: {{.*}}uneven-rotation=true

// Five tiles, two live at once, on gen1's four banks.
bir.func @five_tiles_gen1 attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 1024] x 4
  %x = bir.memloc "x" sbuf [64, 2048] x 4
  %acc = bir.memloc "acc" psum [64, 2048] x 5
  %y = bir.memloc "y" sbuf [64, 2048] x 5
  bir.loop %k = 0 to 4 {
    bir.matmul %acc[0:64, 0:2048, 0] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
  }
  bir.loop %n = 0 to 4 {
    bir.loop %k = 0 to 4 {
      bir.matmul %acc[0:64, 0:2048, %n + 1] += %w[0:64, 0:1024, %k], %x[0:64, 0:2048, %k] latency 64
    }
    bir.activation relu %y[0:64, 0:2048, %n] = %acc[0:64, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:64, 0:2048, 4] = %acc[0:64, 0:2048, 4] latency 32
}
