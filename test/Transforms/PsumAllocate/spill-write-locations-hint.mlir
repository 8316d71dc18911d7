// RUN: not psum-opt %s --psum-allocate="num-banks=3 spill-write-locations=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: psum-opt %s --psum-allocate="num-banks=3 verify=true" | FileCheck %s

// A flash-attention pipeline on three banks (session-36 audit): the S
// tiles of the next K block are written while the current one drains, so
// a spilled S tile is written again after its first writer. With the
// seed's rewrite (spill-write-locations=false) those writes go to the
// tile itself, which then holds its banks from its first writer to its
// last, and no spill set places; the exact mode's note says that this is
// the option's doing. By default each later writer writes a location of
// its own, and the kernel allocates.
// ERR: error: too many reloads required: spilling 's' again cannot relieve PSUM pressure
// ERR: note: the exact mode tried every spill set: no allocation exists with spill-write-locations=false (every write of a spilled tensor goes to the tensor itself, which then holds its banks from its first writer to its last; by default each later writer writes a location of its own)
// CHECK-LABEL: bir.func @flash_pipe
// CHECK-SAME: psum.score
// CHECK: s_SpillWrite
bir.func @flash_pipe attributes {arch = #bir.arch<gen2>} {
  %qT = bir.memloc "qT" sbuf [128, 256] x 2
  %kT = bir.memloc "kT" sbuf [128, 1024] x 8
  %v = bir.memloc "v" sbuf [128, 1024] x 8
  %s = bir.memloc "s" psum [128, 2048] x 8
  %p = bir.memloc "p" sbuf [128, 1024]
  %pT = bir.memloc "pT" psum [128, 2048]
  %pTs = bir.memloc "pTs" sbuf [128, 1024]
  %o = bir.memloc "o" psum [128, 512] x 2
  %out = bir.memloc "out" sbuf [128, 512] x 2
  bir.loop %h = 0 to 2 {
    bir.matmul %s[0:128, 0:2048, 0] = %qT[0:128, 0:256, %h], %kT[0:128, 0:1024, 0] latency 64
    bir.loop %j = 0 to 7 {
      bir.matmul %s[0:128, 0:2048, %j + 1] = %qT[0:128, 0:256, %h], %kT[0:128, 0:1024, %j + 1] latency 64
      bir.activation exp %p = %s[0:128, 0:2048, %j] latency 64
      bir.inst "transpose" writes(%pT[0:128, 0:1024]) reads(%p[0:128, 0:512]) latency 40
      bir.inst "transpose" writes(%pT[0:128, 1024:2048]) reads(%p[0:128, 512:1024]) latency 40
      bir.activation identity %pTs = %pT latency 32
      bir.matmul %o[0:128, 0:512, 0] += %pTs[0:128, 0:512], %v[0:128, 0:512, %j] latency 64
      bir.matmul %o[0:128, 0:512, 1] += %pTs[0:128, 512:1024], %v[0:128, 512:1024, %j] latency 64
    }
    bir.activation exp %p = %s[0:128, 0:2048, 7] latency 64
    bir.activation identity %out[0:128, 0:512, 0] = %o[0:128, 0:512, 0] latency 32
    bir.activation identity %out[0:128, 0:512, 1] = %o[0:128, 0:512, 1] latency 32
  }
}
