// RUN: echo stale > %t.json
// RUN: not psum-opt %s --psum-allocate="report=%t.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: FileCheck %s < %t.json
// An option error writes the report too, every function not allocated.
// RUN: echo stale > %t.options.json
// RUN: not psum-opt %s --psum-allocate="heuristic=magic report=%t.options.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTERR
// RUN: FileCheck %s --check-prefix=OPTIONS < %t.options.json
// OPTERR: error: unknown heuristic 'magic'
// OPTIONS-NOT: stale
// OPTIONS:      "function": "fits",
// OPTIONS-NEXT: "allocated": false,
// OPTIONS-NEXT: "diagnostics": [
// OPTIONS-NEXT:   {
// OPTIONS-NEXT:     "severity": "error",
// OPTIONS-NEXT:     "message": "unknown heuristic 'magic'",
// OPTIONS:      "function": "too_big",
// OPTIONS-NEXT: "allocated": false,
// OPTIONS-NEXT: "diagnostics": [
// OPTIONS-NEXT:   {
// OPTIONS-NEXT:     "severity": "error",
// OPTIONS-NEXT:     "message": "unknown heuristic 'magic'",

// The report is written when a function fails too, so that a script never
// reads an older one: the failed function says so, the others are in
// full. (Before session 12 a failure left the previous file in place.)
// ERR: error: big is too big for PSUM
// CHECK-NOT: stale
// CHECK:      "function": "fits"
// A pinned tensor is never spilled: its cost is +inf, like an
// accumulation group's.
// CHECK:        "name": "t",
// CHECK:        "pinned": true,
// CHECK:        "cost": "inf"
// CHECK:      "allocated": true
// CHECK:      "function": "too_big",
// CHECK-NEXT: "allocated": false,
// CHECK-NEXT: "diagnostics": [
// CHECK:        "message": "big is too big for PSUM, requires 10 banks with PSUM size 8",
bir.func @fits attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] {pin = 3}
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}

bir.func @too_big attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 20480]
  %y = bir.memloc "y" sbuf [128, 20480]
  %big = bir.memloc "big" psum [128, 20480]
  bir.matmul %big = %w, %x latency 64
  bir.activation identity %y = %big latency 32
}
