// RUN: not psum-opt %s --psum-explain="phase=magic" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PHASE --implicit-check-not="see current operation"
// RUN: not psum-opt %s --psum-explain="heuristic=magic" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HEURISTIC --implicit-check-not="see current operation"
// RUN: not psum-opt %s --psum-explain="phase=live arch=gen9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not psum-opt %s --psum-explain="phase=linearize arch=gen9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not psum-opt %s --psum-explain="phase=linearize num-banks=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIN
// RUN: not psum-opt %s --psum-verify-allocation="arch=gen9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARCH

// Bad options of psum-explain and psum-verify-allocation: a clear error, on
// the module rather than with a dump of it, and the target options are
// checked whatever the phase (linearize once took any arch).

// PHASE: error: unknown phase 'magic'
// HEURISTIC: error: unknown heuristic 'magic'
// ARCH: error: unknown architecture 'gen9' in the arch option
// PIN: error: 't' is pinned to bank 6, outside the 4 PSUM banks
bir.func @pinned attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {pin = 6}
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}
