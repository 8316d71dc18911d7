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

// -----

// Found by psum-fuzz: an instruction's custom form reads the partitions and
// bytes of a whole-location operand's bir.memloc while parsing, before that
// memloc is verified. A generic-form memloc without them crashed the parser;
// now the instruction reports it.
"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "no_shape"}> ({
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %0 = "bir.memloc"() <{name = "t", space = 32 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{a whole-location access needs the partitions and bytes of its bir.memloc; write the slice explicitly}}
  bir.matmul %0 = %w, %x latency 64
}) : () -> ()
