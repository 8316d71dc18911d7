// RUN: not psum-opt %s --psum-allocate="arch=gen1" 2>&1 | FileCheck %s

// The arch option's partitions bound the PSUM locations, as the function's
// own #bir.arch does in the verifier: gen1 has 64. (It used to allocate this
// 128-partition tile on gen1's 4 banks.)
// CHECK: error: 'wide' has 128 partitions but gen1 (the arch option) has 64
// CHECK-NOT: see current operation
bir.func @wide_tile attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %wide = bir.memloc "wide" psum [128, 2048]
  bir.matmul %wide = %w, %x latency 64
  bir.activation identity %y = %wide latency 32
}
