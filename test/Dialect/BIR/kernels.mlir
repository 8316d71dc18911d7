// RUN: psum-opt %s | psum-opt | FileCheck %s --check-prefixes=CHECK,ATTN
// RUN: psum-opt %s --mlir-print-op-generic | psum-opt | FileCheck %s --check-prefixes=CHECK,ATTN
// The attention kernel below is examples/attention.mlir; keep them in sync.
// RUN: psum-opt %psum_src_root/examples/attention.mlir | psum-opt | FileCheck %s --check-prefix=ATTN
// RUN: psum-opt %psum_src_root/examples/tiled_matmul.mlir | psum-opt | FileCheck %s --check-prefix=EXAMPLE

// Whole kernels in the shape the PSUM allocator sees them.

//===----------------------------------------------------------------------===//
// Tiled matmul: C = gelu(A B) for A: 128 x 1024, B: 1024 x 1024 in bf16,
// split into 2 output tiles of 512 columns and 8 K tiles of 128 rows.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @tiled_matmul_gelu
// CHECK-SAME:    attributes {arch = #bir.arch<gen3>} {
// CHECK-NEXT:    %a = bir.memloc "a" dram [128, 2048]
// CHECK-NEXT:    %b = bir.memloc "b" dram [128, 16384]
// CHECK-NEXT:    %aT = bir.memloc "aT" sbuf [128, 256] x 8
// CHECK-NEXT:    %bK = bir.memloc "bK" sbuf [128, 2048] x 8
// CHECK-NEXT:    %acc = bir.memloc "acc" psum [128, 2048] x 2
// CHECK-NEXT:    %c = bir.memloc "c" sbuf [128, 1024] x 2
// CHECK-NEXT:    %cd = bir.memloc "cd" dram [128, 1024] x 2
// CHECK-NEXT:    bir.inst "dma_transpose" writes(%aT) reads(%a) latency 1500
// CHECK-NEXT:    bir.inst "dma" writes(%bK) reads(%b) latency 4000
// CHECK-NEXT:    bir.loop %[[N:.*]] = 0 to 2 {
// CHECK-NEXT:      bir.matmul %acc[0:128, 0:2048, %[[N]]] = %aT[0:128, 0:256, 0], %bK[0:128, 0:1024, 0] latency 64
// CHECK-NEXT:      bir.loop %[[K:.*]] = 1 to 8 {
// CHECK-NEXT:        bir.matmul %acc[0:128, 0:2048, %[[N]]] += %aT[0:128, 0:256, %[[K]]], %bK[0:128, 0:1024, %[[K]]] latency 64
// CHECK-NEXT:      }
// CHECK-NEXT:      bir.activation gelu %c[0:128, 0:1024, %[[N]]] = %acc[0:128, 0:2048, %[[N]]] latency 48
// CHECK-NEXT:      bir.inst "dma" writes(%cd[0:128, 0:1024, %[[N]]]) reads(%c[0:128, 0:1024, %[[N]]]) latency 600
// CHECK-NEXT:    }
// CHECK-NEXT:  }
bir.func @tiled_matmul_gelu attributes {arch = #bir.arch<gen3>} {
  // DRAM operands: A row-major (1024 bf16 per row), B as its 8 K tiles
  // side by side (every location, DRAM included, has at most 128 partitions).
  %a = bir.memloc "a" dram [128, 2048]
  %b = bir.memloc "b" dram [128, 16384]
  // SBUF: A^T in 8 K tiles of 128 x 128, B in 8 K tiles of 128 x 1024.
  %aT = bir.memloc "aT" sbuf [128, 256] x 8
  %bK = bir.memloc "bK" sbuf [128, 2048] x 8
  // PSUM: two output tiles of 128 x 512 fp32, one bank each.
  %acc = bir.memloc "acc" psum [128, 2048] x 2
  %c = bir.memloc "c" sbuf [128, 1024] x 2
  %cd = bir.memloc "cd" dram [128, 1024] x 2
  bir.inst "dma_transpose" writes(%aT) reads(%a) latency 1500
  bir.inst "dma" writes(%bK) reads(%b) latency 4000
  bir.loop %n = 0 to 2 {
    // The K loop: an explicit `=` for k = 0, then accumulate k = 1..7.
    bir.matmul %acc[0:128, 0:2048, %n] = %aT[0:128, 0:256, 0], %bK[0:128, 0:1024, 0] latency 64
    bir.loop %k = 1 to 8 {
      bir.matmul %acc[0:128, 0:2048, %n] += %aT[0:128, 0:256, %k], %bK[0:128, 0:1024, %k] latency 64
    }
    // Drain the finished tile to SBUF, then store it.
    bir.activation gelu %c[0:128, 0:1024, %n] = %acc[0:128, 0:2048, %n] latency 48
    bir.inst "dma" writes(%cd[0:128, 0:1024, %n]) reads(%c[0:128, 0:1024, %n]) latency 600
  }
}

//===----------------------------------------------------------------------===//
// Attention-like kernel: score tiles are the 4 blocks of one PSUM location,
// indexed by `%j`, the PE array transposes exp(S) into PSUM, and P V
// accumulates over all key tiles. See examples/attention.mlir.
//===----------------------------------------------------------------------===//

// ATTN-LABEL: bir.func @attention
// ATTN-SAME:    attributes {arch = #bir.arch<gen2>} {
// ATTN-NEXT:    %qT = bir.memloc "qT" sbuf [128, 256] x 4
// ATTN-NEXT:    %kT = bir.memloc "kT" sbuf [128, 1024] x 4
// ATTN-NEXT:    %v = bir.memloc "v" sbuf [128, 1024] x 4
// ATTN-NEXT:    %s = bir.memloc "s" psum [128, 2048] x 4
// ATTN-NEXT:    %p = bir.memloc "p" sbuf [128, 1024] x 4
// ATTN-NEXT:    %pT = bir.memloc "pT" psum [128, 2048]
// ATTN-NEXT:    %pTs = bir.memloc "pTs" sbuf [128, 1024]
// ATTN-NEXT:    %o = bir.memloc "o" psum [128, 512]
// ATTN-NEXT:    %out = bir.memloc "out" sbuf [128, 256] x 4
// ATTN-NEXT:    bir.loop %[[Q:.*]] = 0 to 4 {
// ATTN-NEXT:      bir.loop %[[J:.*]] = 0 to 4 {
// ATTN-NEXT:        bir.matmul %s[0:128, 0:2048, %[[J]]] = %qT[0:128, 0:256, %[[Q]]], %kT[0:128, 0:1024, %[[J]]] latency 128
// ATTN-NEXT:        bir.activation exp %p[0:128, 0:1024, %[[J]]] = %s[0:128, 0:2048, %[[J]]] latency 64
// ATTN-NEXT:        bir.inst "transpose" writes(%pT[0:128, 0:512]) reads(%p[0:128, 0:256, %[[J]]]) latency 40
// ATTN-NEXT:        bir.inst "transpose" writes(%pT[0:128, 512:1024]) reads(%p[0:128, 256:512, %[[J]]]) latency 40
// ATTN-NEXT:        bir.inst "transpose" writes(%pT[0:128, 1024:1536]) reads(%p[0:128, 512:768, %[[J]]]) latency 40
// ATTN-NEXT:        bir.inst "transpose" writes(%pT[0:128, 1536:2048]) reads(%p[0:128, 768:1024, %[[J]]]) latency 40
// ATTN-NEXT:        bir.activation identity %pTs = %pT latency 32
// ATTN-NEXT:        bir.matmul %o += %pTs[0:128, 0:256], %v[0:128, 0:256, %[[J]]] latency 32
// ATTN-NEXT:        bir.matmul %o += %pTs[0:128, 256:512], %v[0:128, 256:512, %[[J]]] latency 32
// ATTN-NEXT:        bir.matmul %o += %pTs[0:128, 512:768], %v[0:128, 512:768, %[[J]]] latency 32
// ATTN-NEXT:        bir.matmul %o += %pTs[0:128, 768:1024], %v[0:128, 768:1024, %[[J]]] latency 32
// ATTN-NEXT:      }
// ATTN-NEXT:      bir.activation identity %out[0:128, 0:256, %[[Q]]] = %o latency 32
// ATTN-NEXT:    }
// ATTN-NEXT:  }
bir.func @attention attributes {arch = #bir.arch<gen2>} {
  %qT  = bir.memloc "qT" sbuf [128, 256] x 4
  %kT  = bir.memloc "kT" sbuf [128, 1024] x 4
  %v   = bir.memloc "v" sbuf [128, 1024] x 4
  %s   = bir.memloc "s" psum [128, 2048] x 4
  %p   = bir.memloc "p" sbuf [128, 1024] x 4
  %pT  = bir.memloc "pT" psum [128, 2048]
  %pTs = bir.memloc "pTs" sbuf [128, 1024]
  %o   = bir.memloc "o" psum [128, 512]
  %out = bir.memloc "out" sbuf [128, 256] x 4
  bir.loop %q = 0 to 4 {
    bir.loop %j = 0 to 4 {
      bir.matmul %s[0:128, 0:2048, %j] = %qT[0:128, 0:256, %q], %kT[0:128, 0:1024, %j] latency 128
      bir.activation exp %p[0:128, 0:1024, %j] = %s[0:128, 0:2048, %j] latency 64
      bir.inst "transpose" writes(%pT[0:128, 0:512]) reads(%p[0:128, 0:256, %j]) latency 40
      bir.inst "transpose" writes(%pT[0:128, 512:1024]) reads(%p[0:128, 256:512, %j]) latency 40
      bir.inst "transpose" writes(%pT[0:128, 1024:1536]) reads(%p[0:128, 512:768, %j]) latency 40
      bir.inst "transpose" writes(%pT[0:128, 1536:2048]) reads(%p[0:128, 768:1024, %j]) latency 40
      bir.activation identity %pTs = %pT latency 32
      bir.matmul %o += %pTs[0:128, 0:256], %v[0:128, 0:256, %j] latency 32
      bir.matmul %o += %pTs[0:128, 256:512], %v[0:128, 256:512, %j] latency 32
      bir.matmul %o += %pTs[0:128, 512:768], %v[0:128, 512:768, %j] latency 32
      bir.matmul %o += %pTs[0:128, 768:1024], %v[0:128, 768:1024, %j] latency 32
    }
    bir.activation identity %out[0:128, 0:256, %q] = %o latency 32
  }
}

//===----------------------------------------------------------------------===//
// examples/tiled_matmul.mlir
//===----------------------------------------------------------------------===//

// EXAMPLE-LABEL: bir.func @tiled_matmul
// EXAMPLE-SAME:    attributes {arch = #bir.arch<gen2>} {
// EXAMPLE:         %acc = bir.memloc "acc" psum [128, 2048] x 4
// EXAMPLE:         bir.loop %[[N:.*]] = 0 to 4 {
// EXAMPLE-NEXT:      bir.loop %[[K:.*]] = 0 to 8 {
// EXAMPLE-NEXT:        bir.matmul %acc[0:128, 0:2048, %[[N]]] += %w[0:128, 0:1024, %[[K]]], %x[0:128, 0:2048, %[[K]]] latency 64
// EXAMPLE-NEXT:      }
// EXAMPLE-NEXT:      bir.activation relu %y[0:128, 0:2048, %[[N]]] = %acc[0:128, 0:2048, %[[N]]] latency 32
// EXAMPLE-NEXT:    }
