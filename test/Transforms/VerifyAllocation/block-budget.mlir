// RUN: not psum-opt %s --psum-allocate="verify=true" -o /dev/null 2>&1 | FileCheck %s

// A pipeline over 65,536 tiles rotates over two banks. Following its blocks
// one by one would take 131,072 instruction instances x 1,024 words of
// block bits, over the checker's budget of 2^22 words: psum-verify-allocation
// says so instead of running (nearly) forever.
// CHECK: error: 't' shares banks among its 65536 blocks, and following them one by one over 131072 instruction instances exceeds the checker's budget
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
