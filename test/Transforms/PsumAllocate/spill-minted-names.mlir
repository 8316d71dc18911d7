// RUN: not psum-opt %s -split-input-file --psum-allocate="spill-write-locations=false" -o /dev/null 2>&1 | FileCheck %s

// The "too many reloads required" give-up says in parentheses what the
// location it would spill again holds, read off its minted name
// `<t>_<kind><n>`. A user's own name may hold a kind too: only a kind
// followed by a counter, the last in the name, marks a minted location
// (the session-46 mutation round).

// The user named the tensor like a reload, without a counter after the
// kind, or with more than digits: it is the spilled tensor itself.
// CHECK: error: too many reloads required: spilling 't_ReloadTensorCopy1x' again cannot relieve PSUM pressure (spilled already: what is left of it in PSUM, its writes and their saves, cannot be spilled again){{$}}
// CHECK: error: too many reloads required: spilling 't_SpillWrite' again cannot relieve PSUM pressure (spilled already: what is left of it in PSUM, its writes and their saves, cannot be spilled again){{$}}
bir.func @carried_digits_and_more attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t_ReloadTensorCopy1x" psum [64, 2048]
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %c = bir.memloc "c" psum [64, 2048]
  %d = bir.memloc "d" psum [64, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.loop %i = 0 to 4 {
    bir.activation relu %y = %t latency 32
    bir.matmul %a = %w, %x latency 64
    bir.matmul %b = %w, %x latency 64
    bir.matmul %c = %w, %x latency 64
    bir.matmul %d = %w, %x latency 64
    bir.inst "vector_op" writes(%y) reads(%a, %b, %c, %d) latency 64
    bir.matmul %t = %w, %x latency 64
  }
  bir.activation relu %y = %t latency 32
}

// -----

bir.func @carried_kind_at_the_end attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t_SpillWrite" psum [64, 2048]
  %a = bir.memloc "a" psum [64, 2048]
  %b = bir.memloc "b" psum [64, 2048]
  %c = bir.memloc "c" psum [64, 2048]
  %d = bir.memloc "d" psum [64, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.loop %i = 0 to 4 {
    bir.activation relu %y = %t latency 32
    bir.matmul %a = %w, %x latency 64
    bir.matmul %b = %w, %x latency 64
    bir.matmul %c = %w, %x latency 64
    bir.matmul %d = %w, %x latency 64
    bir.inst "vector_op" writes(%y) reads(%a, %b, %c, %d) latency 64
    bir.matmul %t = %w, %x latency 64
  }
  bir.activation relu %y = %t latency 32
}

// -----

// The tensor's own name holds the reload kind and a counter, so the minted
// reload's name holds it twice: the role is read from the last, and the
// tensor named is the user's whole name.
// CHECK: error: too many reloads required: spilling 'a_ReloadTensorCopy7_ReloadTensorCopy0' again cannot relieve PSUM pressure (the reload of 'a_ReloadTensorCopy7' before a reader){{$}}
bir.func @three_operands attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a_ReloadTensorCopy7" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  %c = bir.memloc "c" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.matmul %b = %w, %w latency 64
  bir.matmul %c = %w, %w latency 64
  bir.inst "sum3" writes(%w) reads(%a, %b, %c) latency 8
}
