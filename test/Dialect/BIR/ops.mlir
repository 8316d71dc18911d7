// RUN: psum-opt %s | psum-opt | FileCheck %s
// RUN: psum-opt %s --mlir-print-op-generic | psum-opt | FileCheck %s
// RUN: psum-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of every bir op, type and attribute, in the custom form and
// through the generic form. The GENERIC run pins down the stored encoding:
// properties, `!bir.memloc` values and `#bir.ap` access patterns.

//===----------------------------------------------------------------------===//
// #bir.arch
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @arch_gen1
// CHECK-SAME:    attributes {arch = #bir.arch<gen1>} {
// GENERIC-LABEL: "bir.func"() <{arch = #bir.arch<gen1>, sym_name = "arch_gen1"}> ({
bir.func @arch_gen1 attributes {arch = #bir.arch<gen1>} {
}

// CHECK-LABEL: bir.func @arch_gen2
// CHECK-SAME:    attributes {arch = #bir.arch<gen2>} {
bir.func @arch_gen2 attributes {arch = #bir.arch<gen2>} {
}

// CHECK-LABEL: bir.func @arch_gen3
// CHECK-SAME:    attributes {arch = #bir.arch<gen3>} {
bir.func @arch_gen3 attributes {arch = #bir.arch<gen3>} {
}

// CHECK-LABEL: bir.func @arch_gen4
// CHECK-SAME:    attributes {arch = #bir.arch<gen4>} {
bir.func @arch_gen4 attributes {arch = #bir.arch<gen4>} {
}

// All three overrides; they print in a fixed order.
// CHECK-LABEL: bir.func @arch_overrides
// CHECK-SAME:    attributes {arch = #bir.arch<gen3, banks = 16, bank_size = 4096, partitions = 96>} {
bir.func @arch_overrides attributes {arch = #bir.arch<gen3, partitions = 96, bank_size = 4096, banks = 16>} {
}

// Overrides equal to the generation's default are not printed.
// CHECK-LABEL: bir.func @arch_default_overrides
// CHECK-SAME:    attributes {arch = #bir.arch<gen2>} {
bir.func @arch_default_overrides attributes {arch = #bir.arch<gen2, banks = 8, bank_size = 2048, partitions = 128>} {
}

// The gen1 defaults (4 banks, 64 partitions) differ from gen2's.
// CHECK-LABEL: bir.func @arch_gen1_overrides
// CHECK-SAME:    attributes {arch = #bir.arch<gen1, banks = 8, partitions = 128>} {
bir.func @arch_gen1_overrides attributes {arch = #bir.arch<gen1, banks = 8, bank_size = 2048, partitions = 128>} {
}

// The extremes the verifier allows: 1 and 64 banks.
// CHECK-LABEL: bir.func @arch_one_bank
// CHECK-SAME:    attributes {arch = #bir.arch<gen4, banks = 1, bank_size = 1, partitions = 1>} {
bir.func @arch_one_bank attributes {arch = #bir.arch<gen4, banks = 1, bank_size = 1, partitions = 1>} {
}
// CHECK-LABEL: bir.func @arch_64_banks
// CHECK-SAME:    attributes {arch = #bir.arch<gen2, banks = 64>} {
bir.func @arch_64_banks attributes {arch = #bir.arch<gen2, banks = 64>} {
}

// Banks the function leaves free, stored as a property.
// CHECK-LABEL: bir.func @reserved_banks
// CHECK-SAME:    attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 0, 6, 7>} {
// GENERIC-LABEL: "bir.func"() <{arch = #bir.arch<gen2>, reserved_banks = array<i64: 0, 6, 7>, sym_name = "reserved_banks"}> ({
bir.func @reserved_banks attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 0, 6, 7>} {
}

// Blocks may rotate unevenly (psum-allocate's uneven-rotation), a property.
// CHECK-LABEL: bir.func @uneven_rotation
// CHECK-SAME:    attributes {arch = #bir.arch<gen1>, uneven_rotation} {
// GENERIC-LABEL: "bir.func"() <{arch = #bir.arch<gen1>, sym_name = "uneven_rotation", uneven_rotation}> ({
bir.func @uneven_rotation attributes {arch = #bir.arch<gen1>, uneven_rotation} {
}

// Dialect attributes also round-trip as discardable attributes.
// CHECK-LABEL: bir.func @attrs
// CHECK-SAME:    attributes {arch = #bir.arch<gen2>, other_arch = #bir.arch<gen1, banks = 2>, some_ap = #bir.ap<0, 64, 128, 256, -1, 3>} {
bir.func @attrs attributes {arch = #bir.arch<gen2>, other_arch = #bir.arch<gen1, banks = 2>, some_ap = #bir.ap<0, 64, 128, 256, -1, 3>} {
}

//===----------------------------------------------------------------------===//
// bir.memloc
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @memlocs
// CHECK-NEXT:    %dram = bir.memloc "dram" dram [128, 65536]
// CHECK-NEXT:    %sbuf = bir.memloc "sbuf" sbuf [128, 512] x 2
// CHECK-NEXT:    %acc = bir.memloc "acc" psum [128, 2048]
// CHECK-NEXT:    %one = bir.memloc "one" psum [128, 2048] x 1
// CHECK-NEXT:    %two_banks = bir.memloc "two_banks" psum [128, 4096] x 2 {pin = 2 : i64}
// CHECK-NEXT:    %half = bir.memloc "half" psum [64, 1024] x 3 {banks = array<i64: 5, 6, 7>, base_bank = 5 : i64}
// CHECK-NEXT:    %pinned = bir.memloc "pinned" psum [128, 2048] {base_bank = 7 : i64, pin = 7 : i64}
// CHECK-NEXT:    %placed = bir.memloc "placed" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64, pin = 0 : i64}
// CHECK-NEXT:    %double = bir.memloc "double" psum [128, 2048] x 8 {buffers = 2 : i64}
// CHECK-NEXT:    %own = bir.memloc "own" psum [128, 2048] x 2 {buffers = 2 : i64}
// The SSA name comes from the location name, not from the source.
// CHECK-NEXT:    %renamed = bir.memloc "renamed" sbuf [1, 1] {tag = "kept"}
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "memlocs"
// GENERIC:       "bir.memloc"() <{bytes = 65536 : i64, name = "dram", partitions = 128 : i64, space = 1 : i32}> : () -> !bir.memloc
// GENERIC-NEXT:  "bir.memloc"() <{blocks = 2 : i64, bytes = 512 : i64, name = "sbuf", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
// GENERIC-NEXT:  "bir.memloc"() <{bytes = 2048 : i64, name = "acc", partitions = 128 : i64, space = 32 : i32}> : () -> !bir.memloc
// GENERIC-NEXT:  "bir.memloc"() <{blocks = 1 : i64, bytes = 2048 : i64, name = "one", partitions = 128 : i64, space = 32 : i32}> : () -> !bir.memloc
// GENERIC-NEXT:  "bir.memloc"() <{blocks = 2 : i64, bytes = 4096 : i64, name = "two_banks", partitions = 128 : i64, pin = 2 : i64, space = 32 : i32}> : () -> !bir.memloc
// GENERIC-NEXT:  "bir.memloc"() <{banks = array<i64: 5, 6, 7>, base_bank = 5 : i64, blocks = 3 : i64, bytes = 1024 : i64, name = "half", partitions = 64 : i64, space = 32 : i32}> : () -> !bir.memloc
// GENERIC:       "bir.memloc"() <{blocks = 8 : i64, buffers = 2 : i64, bytes = 2048 : i64, name = "double", partitions = 128 : i64, space = 32 : i32}> : () -> !bir.memloc
bir.func @memlocs attributes {arch = #bir.arch<gen2>} {
  %dram = bir.memloc "dram" dram [128, 65536]
  %sbuf = bir.memloc "sbuf" sbuf [128, 512] x 2
  %acc = bir.memloc "acc" psum [128, 2048]
  %one = bir.memloc "one" psum [128, 2048] x 1
  %two_banks = bir.memloc "two_banks" psum [128, 4096] x 2 {pin = 2}
  %half = bir.memloc "half" psum [64, 1024] x 3 {banks = array<i64: 5, 6, 7>, base_bank = 5}
  %pinned = bir.memloc "pinned" psum [128, 2048] {pin = 7, base_bank = 7}
  %placed = bir.memloc "placed" psum [128, 2048] {pin = 0, base_bank = 0, banks = array<i64: 0>}
  %double = bir.memloc "double" psum [128, 2048] x 8 {buffers = 2}
  // As many buffers as blocks: every block a place of its own.
  %own = bir.memloc "own" psum [128, 2048] x 2 {buffers = 2}
  %0 = bir.memloc "renamed" sbuf [1, 1] {tag = "kept"}
}

// Locations may use every partition of the architecture; gen1 has 64.
// CHECK-LABEL: bir.func @memloc_gen1
// CHECK-NEXT:    %p = bir.memloc "p" psum [64, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>}
bir.func @memloc_gen1 attributes {arch = #bir.arch<gen1>} {
  %p = bir.memloc "p" psum [64, 2048] x 4 {banks = array<i64: 0, 1, 2, 3>}
}

//===----------------------------------------------------------------------===//
// bir.loop
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @loops
// CHECK-NEXT:    %a = bir.memloc "a" sbuf [128, 64] x 16
// CHECK-NEXT:    bir.loop %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:      bir.inst "touch" writes(%a[0:128, 0:64, %[[I]]]) reads() latency 1
// CHECK-NEXT:    }
// The default step of 1 is not printed.
// CHECK-NEXT:    bir.loop %[[J:.*]] = 0 to 16 step 4 {
// CHECK-NEXT:      bir.loop %[[K:.*]] = 0 to 4 {
// CHECK-NEXT:        bir.inst "touch" writes(%a[0:128, 0:64, %[[K]]]) reads(%a[0:128, 0:64, %[[J]]]) latency 1
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    bir.loop %{{.*}} = 0 to 2 {
// CHECK-NEXT:    }
// CHECK-NEXT:    bir.loop %{{.*}} = -2 to 2 step 3 {
// CHECK-NEXT:    } attributes {tag = "loop"}
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "loops"
// GENERIC:       "bir.loop"() <{lower = 0 : i64, step = 1 : i64, upper = 4 : i64}> ({
// GENERIC-NEXT:  ^bb0(%[[GI:.*]]: index):
// GENERIC-NEXT:    "bir.inst"(%{{.*}}, %[[GI]])
// GENERIC-NEXT:    "bir.backedge"() : () -> ()
// GENERIC-NEXT:  }) : () -> ()
// GENERIC:       "bir.loop"() <{lower = 0 : i64, step = 4 : i64, upper = 16 : i64}> ({
bir.func @loops attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 64] x 16
  bir.loop %i = 0 to 4 {
    bir.inst "touch" writes(%a[0:128, 0:64, %i]) reads() latency 1
  }
  bir.loop %j = 0 to 16 step 4 {
    bir.loop %k = 0 to 4 step 1 {
      bir.inst "touch" writes(%a[0:128, 0:64, %k]) reads(%a[0:128, 0:64, %j]) latency 1
    }
  }
  bir.loop %e = 0 to 2 {
  }
  bir.loop %n = -2 to 2 step 3 {
  } attributes {tag = "loop"}
}

// Ranges moving with a loop's iv: bytes or partitions, a stride of 1
// printed bare, constants on either side, a block by another iv. The
// generic form stores the iv operand and the strides after the block.
// CHECK-LABEL: bir.func @moving_ranges
// CHECK:         bir.loop %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:      bir.matmul %acc[0:128, %[[I]] * 512 : %[[I]] * 512 + 512] += %w, %w latency 1
// CHECK-NEXT:      bir.inst "t" writes(%acc[%[[I]] * 32 : %[[I]] * 32 + 32, 0:2048]) reads() latency 1
// CHECK-NEXT:      bir.inst "t" writes(%acc[%[[I]] + 1 : %[[I]] + 3, %[[I]] * 256 + 8 : %[[I]] * 256 + 24]) reads() latency 1
// CHECK-NEXT:      bir.loop %[[K:.*]] = 0 to 2 {
// CHECK-NEXT:        bir.activation relu %y[0:128, %[[I]] * 512 : %[[I]] * 512 + 512, %[[K]]] = %acc[0:128, %[[I]] * 512 : %[[I]] * 512 + 512] latency 1
// CHECK:         bir.loop %[[M:.*]] = 1 to 5 {
// CHECK-NEXT:      bir.inst "t" writes(%acc[0:128, %[[M]] * 512 - 512 : %[[M]] * 512]) reads() latency 1
// GENERIC-LABEL: sym_name = "moving_ranges"
// GENERIC:         "bir.matmul"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{accumulate, aps = [#bir.ap<0, 128, 0, 512, -1, -1, 0, 0, 512>, #bir.ap<0, 128, 0, 2048, -1, -1>, #bir.ap<0, 128, 0, 2048, -1, -1>]
// GENERIC:         "bir.inst"(%{{.*}}, %{{.*}}) <{aps = [#bir.ap<0, 32, 0, 2048, -1, -1, 0, 32, 0>]
// GENERIC:         "bir.inst"(%{{.*}}, %{{.*}}) <{aps = [#bir.ap<1, 2, 8, 16, -1, -1, 0, 1, 256>]
// GENERIC:         "bir.activation"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{aps = [#bir.ap<0, 128, 0, 512, 1, 0, 0, 0, 512>, #bir.ap<0, 128, 0, 512, -1, -1, 0, 0, 512>]
bir.func @moving_ranges attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  %acc = bir.memloc "acc" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %acc[0:128, %i * 512 : %i * 512 + 512] += %w, %w latency 1
    bir.inst "t" writes(%acc[%i * 32 : %i * 32 + 32, 0:2048]) reads() latency 1
    bir.inst "t" writes(%acc[%i + 1 : %i + 3, %i * 256 + 8 : %i * 256 + 24]) reads() latency 1
    bir.loop %k = 0 to 2 {
      bir.activation relu %y[0:128, %i * 512 : %i * 512 + 512, %k] = %acc[0:128, %i * 512 : %i * 512 + 512] latency 1
    }
  }
  bir.loop %m = 1 to 5 {
    bir.inst "t" writes(%acc[0:128, %m * 512 - 512 : %m * 512]) reads() latency 1
  }
}

// The explicit terminator of the generic form is accepted in the custom form
// and left implicit when printed.
// CHECK-LABEL: bir.func @explicit_backedge
// CHECK-NEXT:    bir.loop %{{.*}} = 0 to 1 {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
bir.func @explicit_backedge attributes {arch = #bir.arch<gen2>} {
  bir.loop %i = 0 to 1 {
    bir.backedge
  }
}

//===----------------------------------------------------------------------===//
// bir.matmul
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @matmul
// CHECK-NEXT:    %w = bir.memloc "w" sbuf [128, 1024] x 4
// CHECK-NEXT:    %x = bir.memloc "x" sbuf [128, 2048] x 4
// CHECK-NEXT:    %acc = bir.memloc "acc" psum [128, 2048]
// CHECK-NEXT:    %y = bir.memloc "y" sbuf [128, 2048]
// CHECK-NEXT:    bir.matmul %acc = %w[0:128, 0:1024, 0], %x[0:128, 0:2048, 0] latency 64
// CHECK-NEXT:    bir.loop %[[K:.*]] = 1 to 4 {
// CHECK-NEXT:      bir.matmul %acc += %w[0:128, 0:1024, %[[K]]], %x[0:128, 0:2048, %[[K]]] latency 64
// CHECK-NEXT:    }
// CHECK-NEXT:    bir.matmul %acc[0:64, 0:1024] += %w[0:64, 0:512, 3], %x[0:64, 0:1024, 3] latency 0 {tag}
// CHECK-NEXT:    bir.activation identity %y = %acc latency 32
// CHECK-NEXT:    bir.loop %[[K2:.*]] = 0 to 4 {
// CHECK-NEXT:      bir.matmul %acc += %w[0:128, 0:1024, %[[K2]]], %x[0:128, 0:2048, %[[K2]]] start latency 64
// CHECK-NEXT:    }
// CHECK-NEXT:    bir.activation identity %y = %acc latency 32
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "matmul"
// GENERIC:       "bir.matmul"(%[[ACC:.*]], %[[W:.*]], %[[X:.*]]) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>, #bir.ap<0, 128, 0, 1024, -1, 0>, #bir.ap<0, 128, 0, 2048, -1, 0>], latency = 64 : i64, operandSegmentSizes = array<i32: 3, 0>}> : (!bir.memloc, !bir.memloc, !bir.memloc) -> ()
// GENERIC:       "bir.matmul"(%[[ACC]], %[[W]], %[[X]], %{{.*}}) <{accumulate, aps = [#bir.ap<0, 128, 0, 2048, -1, -1>, #bir.ap<0, 128, 0, 1024, 0, 0>, #bir.ap<0, 128, 0, 2048, 0, 0>], latency = 64 : i64, operandSegmentSizes = array<i32: 3, 1>}> : (!bir.memloc, !bir.memloc, !bir.memloc, index) -> ()
// GENERIC:       "bir.matmul"(%[[ACC]], %[[W]], %[[X]]) <{accumulate, aps = [#bir.ap<0, 64, 0, 1024, -1, -1>, #bir.ap<0, 64, 0, 512, -1, 3>, #bir.ap<0, 64, 0, 1024, -1, 3>], latency = 0 : i64, operandSegmentSizes = array<i32: 3, 0>}> {tag} : (!bir.memloc, !bir.memloc, !bir.memloc) -> ()
// GENERIC:       "bir.matmul"({{.*}}) <{accumulate, aps = [{{.*}}], latency = 64 : i64, operandSegmentSizes = array<i32: 3, 1>, start}>
bir.func @matmul attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.matmul %acc = %w[0:128, 0:1024, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %k = 1 to 4 {
    bir.matmul %acc += %w[0:128, 0:1024, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.matmul %acc[0:64, 0:1024] += %w[0:64, 0:512, 3], %x[0:64, 0:1024, 3] latency 0 {tag}
  bir.activation identity %y = %acc latency 32
  // A second K loop summing afresh into the same accumulator.
  bir.loop %k2 = 0 to 4 {
    bir.matmul %acc += %w[0:128, 0:1024, %k2], %x[0:128, 0:2048, %k2] start latency 64
  }
  bir.activation identity %y = %acc latency 32
}

// A `+=` matmul may start its accumulation group: it is the group's first
// write, so nothing reads PSUM before it is written.
// CHECK-LABEL: bir.func @matmul_starts_group
// CHECK:         bir.matmul %acc += %w, %x latency 64
bir.func @matmul_starts_group attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" dram [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  bir.matmul %acc += %w, %x latency 64
}

//===----------------------------------------------------------------------===//
// bir.activation
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @activation
// CHECK:         bir.activation identity %y = %acc latency 32
// CHECK-NEXT:    bir.activation relu %y = %acc latency 32
// CHECK-NEXT:    bir.activation gelu %y[0:128, 0:1024] = %acc[0:128, 0:1024] latency 40
// CHECK-NEXT:    bir.activation silu %y[0:128, 1024:2048] = %acc[0:128, 1024:2048] latency 40
// CHECK-NEXT:    bir.activation exp %y = %acc latency 48
// CHECK-NEXT:    bir.activation tanh %y = %acc latency 48
// CHECK-NEXT:    bir.activation sigmoid %y = %acc latency 48
// CHECK-NEXT:    bir.activation square %d[0:128, 0:2048, 1] = %acc latency 16 {fused}
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "activation"
// GENERIC:       "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 0 : i32, latency = 32 : i64, operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC-NEXT:  "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 1 : i32,
// GENERIC-NEXT:  "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 2 : i32,
// GENERIC-NEXT:  "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 3 : i32,
// GENERIC-NEXT:  "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 4 : i32,
// GENERIC-NEXT:  "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 5 : i32,
// GENERIC-NEXT:  "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 6 : i32,
// GENERIC-NEXT:  "bir.activation"({{.*}}) <{aps = [{{.*}}], func = 7 : i32,
bir.func @activation attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %d = bir.memloc "d" dram [128, 2048] x 2
  bir.matmul %acc = %w, %x latency 64
  bir.activation identity %y = %acc latency 32
  bir.activation relu %y = %acc latency 32
  bir.activation gelu %y[0:128, 0:1024] = %acc[0:128, 0:1024] latency 40
  bir.activation silu %y[0:128, 1024:2048] = %acc[0:128, 1024:2048] latency 40
  bir.activation exp %y = %acc latency 48
  bir.activation tanh %y = %acc latency 48
  bir.activation sigmoid %y = %acc latency 48
  bir.activation square %d[0:128, 0:2048, 1] = %acc latency 16 {fused}
}

//===----------------------------------------------------------------------===//
// bir.tensor_copy
//===----------------------------------------------------------------------===//

// The spill and reload shape: save a PSUM value out, reload it back in.
// CHECK-LABEL: bir.func @tensor_copy
// CHECK:         bir.tensor_copy %acc_SpillTensorCopy0 = %acc latency 32
// CHECK-NEXT:    bir.tensor_copy %acc2 = %acc_SpillTensorCopy0 latency 32
// CHECK-NEXT:    bir.tensor_copy %d[0:64, 0:512, 1] = %acc[64:128, 1024:1536] latency 8
// CHECK-NEXT:    bir.tensor_copy %h = %acc cast latency 16
// CHECK-NEXT:    bir.tensor_copy %q[0:128, 0:512] = %acc cast latency 16
// CHECK-NEXT:    bir.tensor_copy %acc2 = %h cast latency 16
// CHECK-NEXT:    bir.tensor_copy %acc2 = %q[0:128, 0:512] cast latency 16
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "tensor_copy"
// GENERIC:       "bir.tensor_copy"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>, #bir.ap<0, 128, 0, 2048, -1, -1>], latency = 32 : i64, operandSegmentSizes = array<i32: 2, 0>}> : (!bir.memloc, !bir.memloc) -> ()
// GENERIC:       "bir.tensor_copy"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 1024, -1, -1>, #bir.ap<0, 128, 0, 2048, -1, -1>], cast, latency = 16 : i64, operandSegmentSizes = array<i32: 2, 0>}> : (!bir.memloc, !bir.memloc) -> ()
bir.func @tensor_copy attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  %acc2 = bir.memloc "acc2" psum [128, 2048]
  %spill = bir.memloc "acc_SpillTensorCopy0" sbuf [128, 2048]
  %d = bir.memloc "d" dram [64, 512] x 2
  %h = bir.memloc "h" sbuf [128, 1024]
  %q = bir.memloc "q" sbuf [128, 1024]
  bir.matmul %acc = %w, %x latency 64
  bir.tensor_copy %spill = %acc latency 32
  bir.tensor_copy %acc2 = %spill latency 32
  bir.tensor_copy %d[0:64, 0:512, 1] = %acc[64:128, 1024:1536] latency 8
  // Drains converting fp32 sums to bf16 (half the bytes) and to fp8.
  bir.tensor_copy %h = %acc cast latency 16
  bir.tensor_copy %q[0:128, 0:512] = %acc cast latency 16
  // And back, widening bf16 and fp8 into fp32.
  bir.tensor_copy %acc2 = %h cast latency 16
  bir.tensor_copy %acc2 = %q[0:128, 0:512] cast latency 16
}

//===----------------------------------------------------------------------===//
// bir.inst
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @inst
// CHECK:         bir.inst "nop" writes() reads() latency 1
// CHECK-NEXT:    bir.inst "fill" writes(%s) reads() latency 10
// CHECK-NEXT:    bir.inst "transpose" writes(%t) reads(%s[0:128, 0:256]) latency 40
// CHECK-NEXT:    bir.inst "store" writes() reads(%s, %t) latency 100
// CHECK-NEXT:    bir.inst "split" writes(%s[0:64, 0:512], %s[64:128, 0:512], %d) reads(%t, %s[0:1, 0:1]) latency 3 {engine = "gpsimd"}
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "inst"
// GENERIC:       "bir.inst"() <{aps = [], latency = 1 : i64, num_writes = 0 : i64, opcode = "nop", operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
// GENERIC-NEXT:  "bir.inst"(%{{.*}}) <{aps = [#bir.ap<0, 128, 0, 512, -1, -1>], latency = 10 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}>
// GENERIC-NEXT:  "bir.inst"(%{{.*}}, %{{.*}}) <{aps = [#bir.ap<0, 128, 0, 512, -1, -1>, #bir.ap<0, 128, 0, 256, -1, -1>], latency = 40 : i64, num_writes = 1 : i64, opcode = "transpose"
// GENERIC-NEXT:  "bir.inst"(%{{.*}}, %{{.*}}) <{aps = [{{.*}}], latency = 100 : i64, num_writes = 0 : i64, opcode = "store"
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [{{.*}}], latency = 3 : i64, num_writes = 3 : i64, opcode = "split", operandSegmentSizes = array<i32: 5, 0>}> {engine = "gpsimd"}
bir.func @inst attributes {arch = #bir.arch<gen2>} {
  %s = bir.memloc "s" sbuf [128, 512]
  %t = bir.memloc "t" psum [128, 512]
  %d = bir.memloc "d" dram [1, 4]
  bir.inst "nop" writes() reads() latency 1
  bir.inst "fill" writes(%s) reads() latency 10
  bir.inst "transpose" writes(%t) reads(%s[0:128, 0:256]) latency 40
  bir.inst "store" writes() reads(%s, %t) latency 100
  bir.inst "split" writes(%s[0:64, 0:512], %s[64:128, 0:512], %d) reads(%t, %s[0:1, 0:1]) latency 3 {engine = "gpsimd"}
}

//===----------------------------------------------------------------------===//
// Access patterns
//===----------------------------------------------------------------------===//

// CHECK-LABEL: bir.func @access_patterns
// CHECK-NEXT:    %a = bir.memloc "a" sbuf [128, 256] x 8
// CHECK-NEXT:    %b = bir.memloc "b" sbuf [64, 32]
// A bare location is the whole location, all blocks.
// CHECK-NEXT:    bir.inst "whole" writes(%a) reads() latency 1
// A slice covering the whole location prints as the bare location.
// CHECK-NEXT:    bir.inst "whole_slice" writes(%a) reads(%b) latency 1
// A slice without a block index covers all blocks.
// CHECK-NEXT:    bir.inst "slice" writes(%a[0:64, 128:256]) reads() latency 1
// CHECK-NEXT:    bir.inst "slice_last" writes(%a[127:128, 255:256]) reads() latency 1
// A constant block; block 0 is not elided, even for one-block locations.
// CHECK-NEXT:    bir.inst "const_block" writes(%a[0:128, 0:256, 7]) reads(%b[0:64, 0:32, 0]) latency 1
// CHECK-NEXT:    bir.loop %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:      bir.inst "iv" writes(%a[0:128, 0:256, %[[I]]]) reads() latency 1
// CHECK-NEXT:      bir.inst "iv_plus" writes(%a[0:128, 0:256, %[[I]] + 2]) reads() latency 1
// `%iv + 0` is `%iv`.
// CHECK-NEXT:      bir.inst "iv_plus_zero" writes(%a[0:8, 0:8, %[[I]]]) reads() latency 1
// One induction variable may index several accesses.
// CHECK-NEXT:      bir.inst "iv_twice" writes(%a[0:128, 0:256, %[[I]] + 4]) reads(%a[0:128, 0:256, %[[I]]], %b) latency 1
// CHECK-NEXT:      bir.loop %[[J:.*]] = 0 to 2 {
// CHECK-NEXT:        bir.inst "two_ivs" writes(%a[0:128, 0:256, %[[J]] + 6]) reads(%a[0:128, 0:256, %[[I]] + 1]) latency 1
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// A negative lower bound with a positive offset stays inside the location.
// CHECK-NEXT:    bir.loop %[[N:.*]] = -2 to 2 {
// CHECK-NEXT:      bir.inst "neg_offset" writes(%a[0:128, 0:256, %[[N]] + 2]) reads() latency 1
// CHECK-NEXT:    }
// CHECK-NEXT:    bir.loop %[[M:.*]] = 4 to 8 {
// A negative offset prints as `- c`; `+ -c` parses too.
// CHECK-NEXT:      bir.inst "minus" writes(%a[0:128, 0:256, %[[M]] - 4]) reads() latency 1
// CHECK-NEXT:      bir.inst "minus_sugar" writes(%a[0:128, 0:256, %[[M]] - 3]) reads() latency 1
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "access_patterns"
// GENERIC-NEXT:  "bir.memloc"
// GENERIC-NEXT:  "bir.memloc"
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, -1, -1>], {{.*}}, opcode = "whole",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, -1, -1>, #bir.ap<0, 64, 0, 32, -1, -1>], {{.*}}, opcode = "whole_slice",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 64, 128, 128, -1, -1>], {{.*}}, opcode = "slice",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<127, 1, 255, 1, -1, -1>], {{.*}}, opcode = "slice_last",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, -1, 7>, #bir.ap<0, 64, 0, 32, -1, 0>], {{.*}}, opcode = "const_block",
// GENERIC:       "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, 0, 0>], {{.*}}, opcode = "iv",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, 0, 2>], {{.*}}, opcode = "iv_plus",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 8, 0, 8, 0, 0>], {{.*}}, opcode = "iv_plus_zero",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, 0, 4>, #bir.ap<0, 128, 0, 256, 0, 0>, #bir.ap<0, 64, 0, 32, -1, -1>], {{.*}}, opcode = "iv_twice", operandSegmentSizes = array<i32: 3, 1>}>
// GENERIC:       "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, 0, 6>, #bir.ap<0, 128, 0, 256, 1, 1>], {{.*}}, opcode = "two_ivs", operandSegmentSizes = array<i32: 2, 2>}>
// GENERIC:       "bir.loop"() <{lower = -2 : i64, step = 1 : i64, upper = 2 : i64}>
// GENERIC:       "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, 0, 2>], {{.*}}, opcode = "neg_offset",
// GENERIC:       "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, 0, -4>], {{.*}}, opcode = "minus",
// GENERIC-NEXT:  "bir.inst"({{.*}}) <{aps = [#bir.ap<0, 128, 0, 256, 0, -3>], {{.*}}, opcode = "minus_sugar",
bir.func @access_patterns attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 256] x 8
  %b = bir.memloc "b" sbuf [64, 32]
  bir.inst "whole" writes(%a) reads() latency 1
  bir.inst "whole_slice" writes(%a[0:128, 0:256]) reads(%b[0:64, 0:32]) latency 1
  bir.inst "slice" writes(%a[0:64, 128:256]) reads() latency 1
  bir.inst "slice_last" writes(%a[127:128, 255:256]) reads() latency 1
  bir.inst "const_block" writes(%a[0:128, 0:256, 7]) reads(%b[0:64, 0:32, 0]) latency 1
  bir.loop %i = 0 to 4 {
    bir.inst "iv" writes(%a[0:128, 0:256, %i]) reads() latency 1
    bir.inst "iv_plus" writes(%a[0:128, 0:256, %i + 2]) reads() latency 1
    bir.inst "iv_plus_zero" writes(%a[0:8, 0:8, %i + 0]) reads() latency 1
    bir.inst "iv_twice" writes(%a[0:128, 0:256, %i + 4]) reads(%a[0:128, 0:256, %i], %b) latency 1
    bir.loop %j = 0 to 2 {
      bir.inst "two_ivs" writes(%a[0:128, 0:256, %j + 6]) reads(%a[0:128, 0:256, %i + 1]) latency 1
    }
  }
  bir.loop %n = -2 to 2 {
    bir.inst "neg_offset" writes(%a[0:128, 0:256, %n + 2]) reads() latency 1
  }
  bir.loop %m = 4 to 8 {
    bir.inst "minus" writes(%a[0:128, 0:256, %m + -4]) reads() latency 1
    bir.inst "minus_sugar" writes(%a[0:128, 0:256, %m - 3]) reads() latency 1
  }
}

//===----------------------------------------------------------------------===//
// PSUM dataflow the verifier accepts
//===----------------------------------------------------------------------===//

// A PSUM write inside a loop counts for reads after it in program order,
// and a `bir.inst` may write PSUM.
// CHECK-LABEL: bir.func @psum_written_in_loop
// CHECK:         bir.loop
// CHECK-NEXT:      bir.inst "transpose" writes(%t) reads(%s) latency 40
// CHECK-NEXT:    }
// CHECK-NEXT:    bir.tensor_copy %s = %t latency 8
bir.func @psum_written_in_loop attributes {arch = #bir.arch<gen2>} {
  %s = bir.memloc "s" sbuf [128, 512]
  %t = bir.memloc "t" psum [128, 512]
  bir.loop %i = 0 to 2 {
    bir.inst "transpose" writes(%t) reads(%s) latency 40
  }
  bir.tensor_copy %s = %t latency 8
}
