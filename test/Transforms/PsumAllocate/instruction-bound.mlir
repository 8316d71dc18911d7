// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-explain="phase=bound" -o /dev/null
// RUN: not psum-opt %s -split-input-file --psum-allocate="verify=true" 2>/dev/null | FileCheck %s

// Four banks (gen1). The accumulation groups a, b and c live across the
// loop take three. The rotating tile t keeps two blocks live (written as
// t[i] and t[i + 1], read as t[i]), but a spill's reload before the
// activation holds only the block it reads, and so does the location a
// spilled write goes to: one bank. So each instruction touching t needs 4
// banks whatever is spilled (the remark names the first), and the bound
// proves nothing; counting t's whole footprint, 5, would claim wrongly that
// no allocation exists. The allocator spills t.
// CHECK-LABEL: bir.func @rotating_reload
// CHECK: bir.memloc "t" {{.*}}spilled
bir.func @rotating_reload attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128] x 4
  %x = bir.memloc "x" sbuf [64, 2048] x 4
  %y = bir.memloc "y" sbuf [64, 2048] x 4
  %t = bir.memloc "t" psum [64, 2048] x 4
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %c = bir.memloc "c" psum [64, 2048]
  bir.loop %i = 0 to 3 {
    bir.matmul %a += %w[0:64, 0:128, %i], %x[0:64, 0:2048, %i] latency 64
    bir.matmul %b += %w[0:64, 0:128, %i], %x[0:64, 0:2048, %i] latency 64
    bir.matmul %c += %w[0:64, 0:128, %i], %x[0:64, 0:2048, %i] latency 64
    // expected-remark @+1 {{needs 4 of the 4 PSUM banks whatever is spilled: the bound proves nothing}}
    bir.matmul %t[0:64, 0:2048, %i] = %w[0:64, 0:128, %i], %x[0:64, 0:2048, %i] latency 64
    bir.matmul %t[0:64, 0:2048, %i + 1] = %w[0:64, 0:128, %i], %x[0:64, 0:2048, %i] latency 64
    bir.activation relu %y[0:64, 0:2048, %i] = %t[0:64, 0:2048, %i] latency 32
  }
  bir.activation relu %y[0:64, 0:2048, 0] = %a latency 32
  bir.activation relu %y[0:64, 0:2048, 1] = %b latency 32
  bir.activation relu %y[0:64, 0:2048, 2] = %c latency 32
}

// -----

// Five accumulation groups live at once on four banks: the first matmul of
// the loop needs five whatever is spilled (psum-allocate fails, with this
// proof as a note: accumulation-group-error.mlir).
bir.func @five_groups attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  %a0 = bir.memloc "a0" psum [128, 2048]
  %a1 = bir.memloc "a1" psum [128, 2048]
  %a2 = bir.memloc "a2" psum [128, 2048]
  %a3 = bir.memloc "a3" psum [128, 2048]
  %a4 = bir.memloc "a4" psum [128, 2048]
  bir.loop %k = 0 to 8 {
    // expected-remark @+1 {{needs 5 of the 4 PSUM banks whatever is spilled: no allocation exists}}
    bir.matmul %a0 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a1 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a2 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a3 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a4 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.activation identity %y[0:128, 0:2048, 0] = %a0 latency 32
  bir.activation identity %y[0:128, 0:2048, 1] = %a1 latency 32
  bir.activation identity %y[0:128, 0:2048, 2] = %a2 latency 32
  bir.activation identity %y[0:128, 0:2048, 3] = %a3 latency 32
  bir.activation identity %y[0:128, 0:2048, 4] = %a4 latency 32
}
