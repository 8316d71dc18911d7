// RUN: psum-opt %s --psum-allocate="heuristic=relief-sweep verify=true" | FileCheck %s
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM

// Found by psum-fuzz (relief-swaps.mlir with tile3's first write indexed by
// the outer loop's induction variable). Spilled, tile3 is written as
// tile3[%arg0] and tile3[%arg1 + 1] and each write is saved right after it.
// Each save reads what the write before it stored, so the allocator counted
// nothing as carried around the loops and gave tile3's banks to t4 after the
// saves. psum-verify-allocation tracks blocks indexed by two loops' ivs at
// location level and found tile3 live there. The allocator now treats a
// write as overwriting a read only by the verifier's rules (a write of every
// block without an iv, or of the read's block when one iv indexes every
// access: docs/PsumAllocate.md, Live ranges), so tile3 stays live across the
// outer loop and nothing shares its banks.

// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations

// verify=true fails the run if psum-verify-allocation rejects the result.
// CHECK-LABEL: bir.func @random_108
// CHECK: %tile3 = bir.memloc "tile3" psum [128, 2048] x 4 {{{.*}}spilled}

bir.func @random_108 attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  %t0 = bir.memloc "t0" psum [128, 6144]
  %t1 = bir.memloc "t1" psum [128, 1024]
  %acc2 = bir.memloc "acc2" psum [128, 2048]
  %tile3 = bir.memloc "tile3" psum [128, 2048] x 4
  %t4 = bir.memloc "t4" psum [128, 512]
  %t5 = bir.memloc "t5" psum [128, 512]
  %t6 = bir.memloc "t6" psum [128, 512]
  %v7 = bir.memloc "v7" psum [128, 2048]
  %v8 = bir.memloc "v8" psum [128, 2048]
  %t9 = bir.memloc "t9" psum [128, 2048]
  %v10 = bir.memloc "v10" psum [128, 2048]
  %t11 = bir.memloc "t11" psum [128, 2048]
  %t12 = bir.memloc "t12" psum [128, 6144]
  %t13 = bir.memloc "t13" psum [128, 512]
  bir.loop %arg0 = 0 to 4 {
    bir.matmul %t0 = %w, %x latency 128
    bir.activation sigmoid %y = %t0 latency 128
  }
  bir.matmul %t1 = %w, %x latency 16
  bir.activation silu %y = %t1 latency 64
  bir.loop %arg0 = 0 to 4 {
    bir.matmul %acc2 += %w, %x latency 16
    bir.loop %arg1 = 0 to 3 {
      bir.matmul %tile3[0:128, 0:2048, %arg0] = %w, %x latency 64
      bir.matmul %tile3[0:128, 0:2048, %arg1 + 1] = %w, %x latency 32
      bir.matmul %t4 = %w, %x latency 128
      bir.matmul %t5 = %w, %x latency 32
      bir.matmul %t6 = %w, %x latency 128
      bir.inst "vector_op" writes(%v7) reads(%t6, %x) latency 128
      bir.activation silu %y = %tile3[0:128, 0:2048, %arg1] latency 128
    }
    bir.loop %arg1 = 0 to 1 {
      bir.inst "vector_op" writes(%v8) reads(%t5, %x) latency 64
      bir.matmul %t9 = %w, %x latency 32
      bir.inst "vector_op" writes(%v10) reads(%t4, %x) latency 16
      bir.matmul %t11 = %w, %x latency 64
    }
  }
  bir.activation gelu %y = %v8 latency 16
  bir.matmul %t12 = %w, %x latency 64
  bir.matmul %t13 = %w, %x latency 128
  bir.activation relu %y = %t12 latency 128
  bir.activation tanh %y = %v7 latency 128
  bir.activation relu %y = %t9 latency 32
  bir.activation gelu %y = %t11 latency 16
  bir.activation exp %y = %t5 latency 32
  bir.loop %arg0 = 0 to 1 {
    bir.activation exp %y = %t13 latency 64
    bir.loop %arg1 = 0 to 1 {
      bir.activation silu %y = %acc2 latency 16
      bir.activation sigmoid %y = %t6 latency 128
      bir.activation exp %y = %v10 latency 16
    }
  }
  bir.loop %arg0 = 0 to 3 {
    bir.activation gelu %y = %acc2 latency 64
    bir.loop %arg1 = 0 to 1 {
    }
  }
  bir.loop %arg0 = 0 to 1 {
  }
  bir.loop %arg0 = 0 to 3 {
  }
  bir.loop %arg0 = 0 to 3 {
    bir.loop %arg1 = 0 to 3 {
    }
  }
}
