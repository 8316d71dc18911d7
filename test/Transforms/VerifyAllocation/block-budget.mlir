// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s --psum-allocate | not psum-opt --psum-verify-allocation="max-block-instances=100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMIT

// A pipeline over 65,536 tiles rotates over two banks. Its prologue and
// epilogue name constant blocks, so psum-verify-allocation follows the
// blocks one by one: 131,074 block instances, well under the default limit
// of 2^24, checked in a fraction of a second.
// CHECK: %t = bir.memloc "t" psum [128, 2048] x 65536 {banks = array<i64: 0, 1, 0, 1,

// With a smaller limit the check reports the location instead of running
// (nearly) forever.
// LIMIT: error: 't' shares banks among its 65536 blocks; following them one by one would visit more than 100 block instances (max-block-instances)
bir.func @many_tiles attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 65536
  bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  bir.loop %j = 0 to 65535 {
    bir.matmul %t[0:128, 0:2048, %j + 1] = %w, %x latency 64
    bir.activation relu %y = %t[0:128, 0:2048, %j] latency 32
  }
  bir.activation relu %y = %t[0:128, 0:2048, 65535] latency 32
}
