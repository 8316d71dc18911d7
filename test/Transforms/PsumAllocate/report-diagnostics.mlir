// RUN: not psum-opt %s --psum-allocate="report=%t.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s < %t.json
// The diagnostics are the same with threads or without.
// RUN: not psum-opt %s --mlir-disable-threading --psum-allocate="report=%t.one.json" -o /dev/null 2>/dev/null
// RUN: diff %t.json %t.one.json
// With verify=true the report is written after the check.
// RUN: not psum-opt %s --psum-allocate="verify=true report=%t.verify.json" -o /dev/null 2>/dev/null
// RUN: diff %t.json %t.verify.json

// The report names the errors and warnings each function got, with their
// locations and notes: a script learns why a function was not allocated
// (before session 45 it read `"allocated": false` and nothing else).

// A warning does not stop the allocation.
// CHECK-LABEL: "function": "restarted_sum",
// CHECK:       "diagnostics": [
// CHECK-NEXT:    {
// CHECK-NEXT:      "severity": "warning",
// CHECK-NEXT:      "message": "'+=' starts the sum in 'acc' afresh in each of the 8 iterations of an enclosing loop, which never reads it: the sum of every iteration but the last is overwritten unread",
// CHECK-NEXT:      "location": "{{.*}}report-diagnostics.mlir:[[# @LINE + 14]]:7",
// CHECK-NEXT:      "notes": [
// CHECK-NEXT:        "the enclosing loop: write 'acc' before it (a memset) to add over its iterations too, or mark the '+=' 'start' to restart on purpose"
// CHECK-NEXT:      ]
// CHECK-NEXT:    }
// CHECK-NEXT:  ],
// CHECK-NEXT:  "allocated": true
bir.func @restarted_sum attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  bir.loop %k = 0 to 8 {
    bir.loop %n = 0 to 4 {
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
    }
  }
  bir.loop %n = 0 to 4 {
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
}

// A function without diagnostics has an empty list.
// CHECK-LABEL: "function": "fits",
// CHECK:       "diagnostics": [],
// CHECK-NEXT:  "allocated": true
bir.func @fits attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}

// A failed function: the error that stopped it.
// CHECK-LABEL: "function": "too_big",
// CHECK-NEXT:  "allocated": false,
// CHECK-NEXT:  "diagnostics": [
// CHECK-NEXT:    {
// CHECK-NEXT:      "severity": "error",
// CHECK-NEXT:      "message": "big is too big for PSUM, requires 10 banks with PSUM size 8",
// CHECK-NEXT:      "location": "{{.*}}report-diagnostics.mlir:[[# @LINE + 8]]:10",
// CHECK-NEXT:      "notes": []
// CHECK-NEXT:    }
// CHECK-NEXT:  ]
bir.func @too_big attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 20480]
  %y = bir.memloc "y" sbuf [128, 20480]
  %big = bir.memloc "big" psum [128, 20480]
  bir.matmul %big = %w, %x latency 64
  bir.activation identity %y = %big latency 32
}
