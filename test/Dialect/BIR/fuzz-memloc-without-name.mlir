// RUN: psum-opt %s -split-input-file -verify-diagnostics

// Found by psum-fuzz: bir.func's verifier runs before the ops of its body are
// verified and read the name of every bir.memloc to find duplicates. A
// memloc written in generic form without a `name` crashed it; now the
// memloc's own verifier reports it.

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "no_name"}> ({
  // expected-error @+1 {{'bir.memloc' op requires attribute 'name'}}
  %0 = "bir.memloc"() <{blocks = 4 : i64, bytes = 2048 : i64, partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
}) : () -> ()

// -----

// Duplicate names are still found.
bir.func @duplicate attributes {arch = #bir.arch<gen2>} {
  // expected-note @+1 {{first defined here}}
  %a = bir.memloc "t" psum [128, 2048]
  // expected-error @+1 {{'bir.memloc' op redefines location name 't'}}
  %b = bir.memloc "t" psum [128, 2048]
}
