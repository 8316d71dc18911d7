// RUN: psum-opt %s -verify-diagnostics --psum-allocate="spill-write-locations=false verify=true"
// RUN: psum-check %s --allocate-options=spill-write-locations=false | FileCheck %s --check-prefix=SIM

// Found by psum-fuzz (session 13) on the first version of the slices rule
// (column slices of a rotating block add up). Spilled, t is written as
// t[i] and as bytes 0:2008 of t[i + 1], each saved right after its write.
// The save of the slice reads only what the slice wrote, so that rule, which
// counted the slice's bytes against the read's own bytes, found nothing
// carried around the loop and gave t's banks to b and c. The checker's
// per-offset rotation analysis adds slices up to every byte t's reads read
// (0:2048), so it found block i + 1 live around the loop and rejected the
// allocation. Slices now count by the checker's measure: t stays carried,
// and the function is refused as before the rule.

// SIM: refused (provably infeasible, too many reloads required): 1
// Four banks (gen1). a, b and c meet at the vector_op (three banks).
// expected-note @+1 {{the exact mode tried every spill set: no allocation exists}}
bir.func @rotating_spill attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  // expected-error @+1 {{too many reloads required: spilling 't' again cannot relieve PSUM pressure}}
  %t = bir.memloc "t" psum [64, 2048] x 4
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %c = bir.memloc "c" psum [64, 2048]
  bir.loop %i = 0 to 3 {
    bir.matmul %t[0:64, 0:2048, %i] = %w, %x latency 64
    bir.matmul %t[0:64, 0:2008, %i + 1] = %w, %x latency 64
    bir.matmul %a = %w, %x latency 64
    bir.matmul %b = %w, %x latency 64
    bir.matmul %c = %w, %x latency 64
    // expected-note @+1 {{PSUM at linear point 13}}
    bir.inst "vector_op" writes(%y) reads(%a, %b, %c) latency 64
    bir.activation relu %y = %t[0:64, 0:2048, %i] latency 13
  }
}
