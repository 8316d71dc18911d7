// RUN: psum-opt %s --psum-allocate="heuristic=seed" --psum-summary -o /dev/null 2>&1 | FileCheck %s
// RUN: psum-opt %s --psum-allocate="heuristic=seed" --psum-summary="output=- tensors=true" | FileCheck %s --check-prefixes=CHECK,TENSORS
// RUN: psum-opt %s --psum-allocate="heuristic=seed" --psum-summary="output=%t.txt" -o /dev/null
// RUN: FileCheck %s < %t.txt
//
// Without psum-allocate: no banks, no heuristic.
// RUN: psum-opt %s --psum-summary -o /dev/null 2>&1 | FileCheck %s --check-prefix=RAW

// Five one-bank results on four banks: t0 and t1 are saved and reloaded.
// CHECK-LABEL: PSUM summary for @pressure (gen2, 4 banks of 2048 bytes)
// CHECK-NEXT:   tensors in PSUM: 7
// CHECK-NEXT:   banks used:      4 of 4 (0-3)
// CHECK-NEXT:   peak demand:     4 banks at linear point 7
// CHECK-NEXT:   spills:          2 tensors spilled, 4 copies inserted (2 saves, 2 reloads)
// CHECK-NEXT:   heuristic:       seed
// CHECK-NEXT:   score:           256 (spill bank x cycles)
// TENSORS-NEXT:     t0                       banks {{[0-3]}}          live [0, 1]     spilled
// TENSORS-NEXT:     t0_ReloadTensorCopy0     banks {{[0-3]}}          live [7, 8]     reload-of=t0
// TENSORS-NEXT:     t1                       banks {{[0-3]}}          live [2, 3]     spilled
// TENSORS-NEXT:     t1_ReloadTensorCopy1     banks {{[0-3]}}          live [9, 10]    reload-of=t1
// TENSORS-NEXT:     t2                       banks {{[0-3]}}          live [4, 11]{{$}}
// TENSORS-NEXT:     t3                       banks {{[0-3]}}          live [5, 12]{{$}}
// TENSORS-NEXT:     t4                       banks {{[0-3]}}          live [6, 13]{{$}}

// The tiled matmul: one two-bank accumulation group and a one-bank tensor,
// live together. Each half's `+=` starts its own group in each %n: the
// halves add up, nothing is carried around %n, and acc is live from the
// header of %k to its read.
// CHECK-LABEL: PSUM summary for @tiles (gen2, 8 banks of 2048 bytes)
// CHECK-NEXT:   tensors in PSUM: 2
// CHECK-NEXT:   banks used:      3 of 8 (0-2)
// CHECK-NEXT:   peak demand:     3 banks at linear point {{[0-9]+}}
// CHECK-NEXT:   spills:          0 tensors spilled, 0 copies inserted (0 saves, 0 reloads)
// CHECK-NEXT:   heuristic:       seed
// CHECK-NEXT:   score:           0 (spill bank x cycles)
// TENSORS-NEXT:     acc                      banks {{[0-9]-[0-9]}}        live [1, 6]     accumulation-group
// TENSORS-NEXT:     tr                       banks {{[0-9]}}          live [5, 7]{{$}}

// The seed heuristic spills a, b, c and d, then t, which is written twice:
// its second write goes to t_SpillWrite0, a location of its own that counts
// as part of the spilled t, not as another spilled tensor.
// CHECK-LABEL: PSUM summary for @carried (gen1, 4 banks of 2048 bytes)
// CHECK:        spills:          5 tensors spilled, 12 copies inserted (6 saves, 6 reloads)
// TENSORS:          t                        banks {{[0-3]}}          live [0, 1]     spilled{{$}}
// TENSORS-NEXT:     t_SpillWrite0            banks {{[0-3]}}          live [18, 19]   spilled write-of=t{{$}}
// TENSORS-NEXT:     t_ReloadTensorCopy4      banks {{[0-3]}}          live [3, 4]     reload-of=t{{$}}

// RAW-LABEL: PSUM summary for @pressure (gen2, 4 banks of 2048 bytes)
// RAW:   banks used:      0 of 4 (none), 5 tensors without banks
// RAW:   peak demand:     5 banks at linear point 4
// RAW:   spills:          0 tensors spilled, 0 copies inserted (0 saves, 0 reloads)
// RAW:   heuristic:       - (not allocated by psum-allocate)
// RAW:   score:           -

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

// One tensor without banks is singular.
// RAW-LABEL: PSUM summary for @single (gen2, 8 banks of 2048 bytes)
// RAW:   banks used:      0 of 8 (none), 1 tensor without banks{{$}}
bir.func @single attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.activation relu %y = %t latency 32
}
