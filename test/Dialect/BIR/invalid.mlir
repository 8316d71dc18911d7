// RUN: psum-opt %s -split-input-file -verify-diagnostics

// One split per diagnostic of lib/Dialect/BIR/{BIRDialect,BIROps}.cpp.
// Parse errors come first, then the verifiers op by op.

//===----------------------------------------------------------------------===//
// #bir.arch (BIRDialect.cpp)
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown architecture 'gen9'; expected gen1, gen2, gen3 or gen4}}
bir.func @unknown_arch attributes {arch = #bir.arch<gen9>} {
}

// -----

// expected-error @+1 {{unknown architecture parameter 'psum_banks'; expected banks, bank_size or partitions}}
bir.func @unknown_arch_param attributes {arch = #bir.arch<gen2, psum_banks = 4>} {
}

// -----

// expected-error @+1 {{duplicate architecture parameter 'banks'}}
bir.func @duplicate_arch_param attributes {arch = #bir.arch<gen2, banks = 4, banks = 6>} {
}

// -----

// expected-error @+1 {{architecture parameter 'bank_size' must be in [1, 2147483647], got -2048}}
bir.func @negative_arch_param attributes {arch = #bir.arch<gen2, bank_size = -2048>} {
}

// -----

// expected-error @+1 {{architecture parameter 'partitions' must be in [1, 2147483647], got 4294967296}}
bir.func @huge_arch_param attributes {arch = #bir.arch<gen2, partitions = 4294967296>} {
}

// -----

// expected-error @+1 {{number of PSUM banks must be in [1, 64], got 0}}
bir.func @zero_banks attributes {arch = #bir.arch<gen2, banks = 0>} {
}

// -----

// expected-error @+1 {{number of PSUM banks must be in [1, 64], got 65}}
bir.func @too_many_banks attributes {arch = #bir.arch<gen4, banks = 65>} {
}

// -----

// expected-error @+1 {{PSUM bank size must be in [1, 2147483647], got 0}}
bir.func @zero_bank_size attributes {arch = #bir.arch<gen2, bank_size = 0>} {
}

// -----

// expected-error @+1 {{partition count must be in [1, 2147483647], got 0}}
bir.func @zero_partitions attributes {arch = #bir.arch<gen1, partitions = 0>} {
}

//===----------------------------------------------------------------------===//
// Custom-form parse errors (BIROps.cpp)
//===----------------------------------------------------------------------===//

// -----

bir.func @unknown_activation attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{unknown activation function 'softmax', expected one of identity, relu, gelu, silu, exp, tanh, sigmoid, square}}
  bir.activation softmax %y = %acc latency 32
}

// -----

// A bare location takes its extent from the bir.memloc, which must come first.
bir.func @whole_access_before_definition attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{a whole-location access needs its bir.memloc defined earlier; write the slice explicitly}}
  bir.inst "fill" writes(%a) reads() latency 1
  %a = bir.memloc "a" sbuf [128, 64]
}

// -----

bir.func @empty_range attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 64]
  // expected-error @+1 {{empty access range 5:5}}
  bir.inst "fill" writes(%a[5:5, 0:64]) reads() latency 1
}

// -----

bir.func @reversed_range attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 64]
  // expected-error @+1 {{empty access range 32:16}}
  bir.inst "fill" writes(%a[0:128, 32:16]) reads() latency 1
}

// -----

bir.func @huge_range attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 64]
  // expected-error @+1 {{access range -9223372036854775808:9223372036854775807 is too large}}
  bir.inst "fill" writes(%a[-9223372036854775808:9223372036854775807, 0:64]) reads() latency 1
}

// -----

// A negative block used to be taken as "all blocks".
bir.func @negative_block attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 64] x 4
  // expected-error @+1 {{block index must be non-negative, got -1}}
  bir.inst "fill" writes(%a[0:128, 0:64, -1]) reads() latency 1
}

//===----------------------------------------------------------------------===//
// Access patterns (verifyInstruction)
//===----------------------------------------------------------------------===//

// -----

bir.func @partitions_outside attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [64, 512]
  // expected-error @+1 {{'bir.inst' op access pattern partitions [32, 96) outside location 'a' with 64 partitions}}
  bir.inst "fill" writes(%a[32:96, 0:512]) reads() latency 1
}

// -----

bir.func @bytes_outside attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512]
  // expected-error @+1 {{'bir.inst' op access pattern bytes [0, 1024) outside location 'a' with 512 bytes}}
  bir.inst "fill" writes(%a[0:128, 0:1024]) reads() latency 1
}

// -----

bir.func @negative_offset attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512]
  // expected-error @+1 {{'bir.inst' op access pattern bytes [-8, 8) outside location 'a' with 512 bytes}}
  bir.inst "fill" writes(%a[0:128, -8:8]) reads() latency 1
}

// -----

// An offset near INT64_MAX used to wrap around and pass the check.
"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "overflowing_offset"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op access pattern partitions [9223372036854775807, 9223372036854775807 + 1) outside location 'a' with 128 partitions}}
  "bir.inst"(%0) <{aps = [#bir.ap<9223372036854775807, 1, 0, 2048, -1, -1>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "empty_pattern"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op access pattern partitions [0, 0) outside location 'a' with 128 partitions}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 0, 0, 2048, -1, -1>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

bir.func @block_outside attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512] x 4
  // expected-error @+1 {{'bir.inst' op access pattern block 4 outside location 'a' with 4 blocks}}
  bir.inst "fill" writes(%a[0:128, 0:512, 4]) reads() latency 1
}

// -----

bir.func @iv_blocks_outside attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512] x 4
  bir.loop %i = 0 to 4 {
    // expected-error @+1 {{'bir.inst' op access pattern block index runs from 1 to 4 over the loop, outside location 'a' with 4 blocks}}
    bir.inst "fill" writes(%a[0:128, 0:512, %i + 1]) reads() latency 1
  }
}

// -----

// The last iteration is 0 + 2 * 3 = 6, not the upper bound 7.
bir.func @iv_blocks_outside_step attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512] x 6
  bir.loop %i = 0 to 7 step 3 {
    // expected-error @+1 {{'bir.inst' op access pattern block index runs from 0 to 6 over the loop, outside location 'a' with 6 blocks}}
    bir.inst "fill" writes(%a[0:128, 0:512, %i]) reads() latency 1
  }
}

// -----

bir.func @iv_blocks_below_zero attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512] x 4
  bir.loop %i = 0 to 4 {
    // expected-error @+1 {{'bir.inst' op access pattern block index runs from -1 to 2 over the loop, outside location 'a' with 4 blocks}}
    bir.inst "fill" writes(%a[0:128, 0:512, %i + -1]) reads() latency 1
  }
}

// -----

bir.func @iv_blocks_overflow attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512] x 4
  bir.loop %i = 0 to 4 {
    // expected-error @+1 {{'bir.inst' op access pattern block index overflows over the loop, outside location 'a' with 4 blocks}}
    bir.inst "fill" writes(%a[0:128, 0:512, %i + 9223372036854775807]) reads() latency 1
  }
}

// -----

// bir ops belong in a bir.func, where the function's verifier, the
// allocator and the checker see them; outside one they were accepted and
// ignored (found by the session-14 robustness audit).
// expected-error @+1 {{'bir.memloc' op expects parent op 'bir.func'}}
%a = bir.memloc "a" sbuf [128, 512] x 4

// -----

%b = builtin.unrealized_conversion_cast to !bir.memloc
// expected-error @+1 {{'bir.inst' op expects parent op to be one of 'bir.func, bir.loop'}}
bir.inst "fill" writes(%b[0:128, 0:512]) reads() latency 1

// -----

// expected-error @+1 {{'bir.loop' op expects parent op to be one of 'bir.func, bir.loop'}}
bir.loop %i = 0 to 2 {
}

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "fewer_patterns"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 32 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op has 0 access patterns for 1 locations}}
  "bir.inst"(%0) <{aps = [], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "more_patterns"}> ({
  // expected-error @+1 {{'bir.inst' op has 1 access patterns for 0 locations}}
  "bir.inst"() <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>], latency = 1 : i64, num_writes = 0 : i64, opcode = "nop", operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
}) : () -> ()

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "iv_operand_out_of_range"}> ({
  %0 = "bir.memloc"() <{blocks = 4 : i64, bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op access pattern refers to induction variable operand #3 but the op has 0}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 128, 0, 2048, 3, 0>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "malformed_block"}> ({
  %0 = "bir.memloc"() <{blocks = 4 : i64, bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op access pattern has a malformed block selector (-1, -7); expected (-1, -1) for all blocks, (-1, c) with c >= 0 for block c, or (i, c) for induction variable operand #i plus c}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -7>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "unused_iv"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  "bir.loop"() <{lower = 0 : i64, step = 1 : i64, upper = 4 : i64}> ({
  ^bb0(%i: index):
    // expected-error @+1 {{'bir.inst' op has an induction variable operand that no access pattern uses}}
    "bir.inst"(%0, %i) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 1>}> : (!bir.memloc, index) -> ()
    "bir.backedge"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

bir.func @negative_latency attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 512]
  // expected-error @+1 {{'bir.inst' op latency must be non-negative, got -4}}
  bir.inst "fill" writes(%a) reads() latency -4
}

//===----------------------------------------------------------------------===//
// bir.matmul
//===----------------------------------------------------------------------===//

// -----

bir.func @accumulate_in_dict attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-error @+1 {{attribute 'accumulate' has its own syntax; it cannot be in the attribute dictionary}}
  bir.matmul %acc = %w, %w latency 64 {accumulate}
}

// -----

bir.func @start_in_dict attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-error @+1 {{attribute 'start' has its own syntax; it cannot be in the attribute dictionary}}
  bir.matmul %acc += %w, %w latency 64 {start}
}

// -----

// `=` always overwrites: only a `+=` can be marked as its group's start.
bir.func @start_without_accumulate attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-error @+1 {{'bir.matmul' op marks a group start but overwrites ('='): 'start' applies to an accumulating matmul ('+=')}}
  bir.matmul %acc = %w, %w start latency 64
}

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "matmul_arity"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "acc", partitions = 128 : i64, space = 32 : i32}> : () -> !bir.memloc
  %1 = "bir.memloc"() <{bytes = 2048 : i64, name = "w", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.matmul' op expects 3 access patterns, got 2}}
  "bir.matmul"(%0, %1) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>, #bir.ap<0, 128, 0, 2048, -1, -1>], latency = 1 : i64, operandSegmentSizes = array<i32: 2, 0>}> : (!bir.memloc, !bir.memloc) -> ()
}) : () -> ()

// -----

bir.func @matmul_writes_sbuf attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'bir.matmul' op must write PSUM, but 'y' is in sbuf}}
  bir.matmul %y = %w, %x latency 64
}

// -----

bir.func @matmul_reads_psum attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" psum [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  // expected-error @+1 {{'bir.matmul' op must read its operands outside PSUM, but 'x' is in psum}}
  bir.matmul %acc = %w, %x latency 64
}

//===----------------------------------------------------------------------===//
// bir.activation
//===----------------------------------------------------------------------===//

// -----

bir.func @activation_reads_sbuf attributes {arch = #bir.arch<gen2>} {
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'bir.activation' op must read PSUM, but 'x' is in sbuf}}
  bir.activation relu %y = %x latency 32
}

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "activation_arity"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "y", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.activation' op expects 2 access patterns, got 1}}
  "bir.activation"(%0) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>], func = 1 : i32, latency = 1 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

//===----------------------------------------------------------------------===//
// bir.tensor_copy
//===----------------------------------------------------------------------===//

// -----

bir.func @copy_size_mismatch attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.inst "fill" writes(%acc) reads() latency 1
  // expected-error @+1 {{'bir.tensor_copy' op copies [128, 2048] into [128, 1024]: sizes differ (a copy that converts the element type is marked 'cast')}}
  bir.tensor_copy %s[0:128, 0:1024] = %acc latency 32
}

// -----

bir.func @cast_ratio attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.inst "fill" writes(%acc) reads() latency 1
  // expected-error @+1 {{'bir.tensor_copy' op casts [128, 2048] into [128, 1536]: the byte sizes are not in a ratio of 1, 2 or 4}}
  bir.tensor_copy %s[0:128, 0:1536] = %acc cast latency 32
}

// -----

bir.func @cast_ratio_eight attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.inst "fill" writes(%acc) reads() latency 1
  // expected-error @+1 {{'bir.tensor_copy' op casts [128, 2048] into [128, 256]: the byte sizes are not in a ratio of 1, 2 or 4}}
  bir.tensor_copy %s[0:128, 0:256] = %acc cast latency 32
}

// -----

bir.func @cast_partitions attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %s = bir.memloc "s" sbuf [128, 2048]
  bir.inst "fill" writes(%acc) reads() latency 1
  // expected-error @+1 {{'bir.tensor_copy' op casts [128, 2048] into [64, 1024]: partitions differ}}
  bir.tensor_copy %s[0:64, 0:1024] = %acc cast latency 32
}

// -----

bir.func @copy_onto_itself attributes {arch = #bir.arch<gen2>} {
  %s = bir.memloc "s" sbuf [128, 2048]
  // expected-error @+1 {{'bir.tensor_copy' op copies a location onto itself}}
  bir.tensor_copy %s[0:64, 0:2048] = %s[64:128, 0:2048] latency 32
}

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "copy_arity"}> ({
  // expected-error @+1 {{'bir.tensor_copy' op expects 2 access patterns, got 0}}
  "bir.tensor_copy"() <{aps = [], latency = 1 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
}) : () -> ()

//===----------------------------------------------------------------------===//
// bir.inst
//===----------------------------------------------------------------------===//

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "too_many_writes"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op declares 2 writes but has only 1 access patterns}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>], latency = 1 : i64, num_writes = 2 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "negative_writes"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op num_writes must be non-negative, got -1}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 128, 0, 2048, -1, -1>], latency = 1 : i64, num_writes = -1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

//===----------------------------------------------------------------------===//
// bir.memloc
//===----------------------------------------------------------------------===//

// -----

bir.func @unknown_space attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{expected memory space dram, sbuf or psum, got 'hbm'}}
  %a = bir.memloc "a" hbm [128, 64]
}

// -----

bir.func @name_in_dict attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{attribute 'name' has its own syntax; it cannot be in the attribute dictionary}}
  %a = bir.memloc "a" sbuf [128, 64] {name = "b"}
}

// -----

bir.func @base_bank_not_integer attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{attribute 'base_bank' failed to satisfy constraint: 64-bit signless integer attribute}}
  %a = bir.memloc "a" psum [128, 64] {base_bank = "x"}
}

// -----

bir.func @empty_name attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op needs a non-empty name}}
  %a = bir.memloc "" sbuf [128, 64]
}

// -----

bir.func @zero_partitions attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' must have positive partitions, bytes and blocks, got [0, 64] x 1}}
  %a = bir.memloc "a" sbuf [0, 64]
}

// -----

// Negative sizes used to pass: the generated getters are unsigned.
bir.func @negative_bytes attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' must have positive partitions, bytes and blocks, got [128, -64] x 1}}
  %a = bir.memloc "a" psum [128, -64]
}

// -----

bir.func @zero_blocks attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' must have positive partitions, bytes and blocks, got [128, 64] x 0}}
  %a = bir.memloc "a" psum [128, 64] x 0
}

// -----

bir.func @negative_blocks attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' must have positive partitions, bytes and blocks, got [128, 64] x -2}}
  %a = bir.memloc "a" sbuf [128, 64] x -2
}

// -----

bir.func @too_many_partitions attributes {arch = #bir.arch<gen1>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' has 128 partitions but the architecture has 64}}
  %a = bir.memloc "a" sbuf [128, 64]
}

// -----

// One partition past the architecture's is already too many.
bir.func @one_partition_too_many attributes {arch = #bir.arch<gen1>} {
  // expected-error @+1 {{'bir.memloc' op location 't' has 65 partitions but the architecture has 64}}
  %t = bir.memloc "t" psum [65, 2048]
}

// -----

// The error names what the location carries (a pin said "banks" until
// the session-41 seed audit).
bir.func @pin_on_sbuf attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' is not in PSUM but carries a pin}}
  %a = bir.memloc "a" sbuf [128, 2048] {pin = 0}
}

// -----

bir.func @buffers_on_sbuf attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' is not in PSUM but carries buffers}}
  %a = bir.memloc "a" sbuf [128, 2048] x 2 {buffers = 2}
}

// -----

bir.func @no_buffers attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' asks for 0 buffers but has 2 blocks: buffers must be between 1 and the block count}}
  %a = bir.memloc "a" psum [128, 2048] x 2 {buffers = 0}
}

// -----

bir.func @more_buffers_than_blocks attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' asks for 3 buffers but has 2 blocks: buffers must be between 1 and the block count}}
  %a = bir.memloc "a" psum [128, 2048] x 2 {buffers = 3}
}

// -----

bir.func @banks_on_sbuf attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' is not in PSUM but carries banks}}
  %a = bir.memloc "a" sbuf [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
}

// -----

// The spill rewrite's marks: `spilled` is a unit attribute on a PSUM location,
// `spill_of` names a tensor.
bir.func @spilled_with_a_value attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op 'spilled' on location 'a' takes no value, got false}}
  %a = bir.memloc "a" psum [128, 2048] {spilled = false}
}

// -----

bir.func @spilled_sbuf attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' is not in PSUM but is marked spilled}}
  %a = bir.memloc "a" sbuf [128, 2048] {spilled}
}

// -----

bir.func @spill_of_not_a_name attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op 'spill_of' on location 'a' must name a tensor (a string), got 3 : i64}}
  %a = bir.memloc "a" sbuf [128, 2048] {spill_of = 3}
}

// -----

// expected-error @+1 {{'bir.func' op reserved bank 4 is outside the 4 PSUM banks}}
bir.func @reserved_bank_outside attributes {arch = #bir.arch<gen1>, reserved_banks = array<i64: 4>} {
}

// -----

// expected-error @+1 {{'bir.func' op reserved bank -1 is outside the 8 PSUM banks}}
bir.func @reserved_bank_negative attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: -1>} {
}

// -----

// expected-error @+1 {{'bir.func' op reserved banks must increase, got 3 after 5}}
bir.func @reserved_banks_unordered attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 5, 3>} {
}

// -----

// expected-error @+1 {{'bir.func' op reserved banks must increase, got 5 after 5}}
bir.func @reserved_banks_repeated attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 5, 5>} {
}

// -----

// expected-error @+1 {{'bir.func' op reserves every PSUM bank}}
bir.func @reserved_every_bank attributes {arch = #bir.arch<gen1>, reserved_banks = array<i64: 0, 1, 2, 3>} {
}

// -----

// expected-error @+1 {{'bir.func' op attribute 'reserved_banks' failed to satisfy constraint: i64 dense array attribute}}
bir.func @reserved_banks_not_array attributes {arch = #bir.arch<gen2>, reserved_banks = 7} {
}

// -----

bir.func @pin_outside attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op pinned bank 8 of location 'a' is outside the 8 PSUM banks}}
  %a = bir.memloc "a" psum [128, 2048] {pin = 8}
}

// -----

bir.func @negative_pin attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op pinned bank -1 of location 'a' is outside the 8 PSUM banks}}
  %a = bir.memloc "a" psum [128, 2048] {pin = -1}
}

// -----

bir.func @base_bank_outside attributes {arch = #bir.arch<gen1>} {
  // expected-error @+1 {{'bir.memloc' op base bank 4 of location 'a' is outside the 4 PSUM banks}}
  %a = bir.memloc "a" psum [64, 2048] {base_bank = 4}
}

// -----

bir.func @bank_outside attributes {arch = #bir.arch<gen2, banks = 6>} {
  // expected-error @+1 {{'bir.memloc' op bank 6 of location 'a' is outside the 6 PSUM banks}}
  %a = bir.memloc "a" psum [128, 2048] x 2 {banks = array<i64: 0, 6>}
}

// -----

// A block takes whole banks from its first one: a two-bank block on the
// last bank runs past PSUM (psum-summary printed a bank 8 of 8 before).
bir.func @block_runs_past_the_last_bank attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op block 0 of location 'b' takes banks 7-8, past the last PSUM bank, 7}}
  %b = bir.memloc "b" psum [128, 4096] {banks = array<i64: 7>, base_bank = 7}
}

// -----

bir.func @banks_count_mismatch attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.memloc' op location 'a' lists 2 banks for 4 blocks}}
  %a = bir.memloc "a" psum [128, 2048] x 4 {banks = array<i64: 0, 1>}
}

//===----------------------------------------------------------------------===//
// bir.func
//===----------------------------------------------------------------------===//

// -----

bir.func @duplicate_names attributes {arch = #bir.arch<gen2>} {
  // expected-note @+1 {{first defined here}}
  %a = bir.memloc "a" sbuf [128, 64]
  // expected-error @+1 {{'bir.memloc' op redefines location name 'a'}}
  %b = bir.memloc "a" psum [128, 64]
}

// -----

// A location lives for the whole function: it is declared at the top of
// the body, not in a loop (where the passes never saw it: it was left
// without banks, and its clashes went unchecked).
bir.func @memloc_in_loop attributes {arch = #bir.arch<gen2>} {
  bir.loop %i = 0 to 2 {
    // expected-error @+1 {{'bir.memloc' op expects parent op 'bir.func'}}
    %b = bir.memloc "b" psum [128, 64]
  }
}

// -----

bir.func @foreign_op attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op is not allowed in a bir.func body}}
  %i = builtin.unrealized_conversion_cast to index
}

// -----

bir.func @foreign_op_in_loop attributes {arch = #bir.arch<gen2>} {
  bir.loop %i = 0 to 2 {
    // expected-error @+1 {{'builtin.unrealized_conversion_cast' op is not allowed in a bir.func body}}
    %j = builtin.unrealized_conversion_cast to index
  }
}

// -----

bir.func @nested_func attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.func' op is not allowed in a bir.func body}}
  bir.func @inner attributes {arch = #bir.arch<gen2>} {
  }
}

// -----

// Nothing writes acc at all: the error carries the seed's assert text too.
bir.func @read_before_write attributes {arch = #bir.arch<gen2>} {
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'bir.activation' op reads PSUM location 'acc' before any write; no instruction writes it (the seed's live_range: no first def find)}}
  bir.activation relu %y = %acc latency 32
}

// -----

// Program order counts: a write later in the loop body does not help the
// first iteration.
bir.func @read_before_write_in_loop attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 1024]
  %x = bir.memloc "x" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.loop %i = 0 to 4 {
    // expected-error-re @+1 {{'bir.activation' op reads PSUM location 'acc' before any write{{$}}}}
    bir.activation relu %y = %acc latency 32
    bir.matmul %acc += %w, %x latency 64
  }
}

// -----

bir.func @read_before_write_inst attributes {arch = #bir.arch<gen2>} {
  %t = bir.memloc "t" psum [128, 512]
  %s = bir.memloc "s" sbuf [128, 512]
  // expected-error @+1 {{'bir.tensor_copy' op reads PSUM location 't' before any write}}
  bir.tensor_copy %s = %t latency 8
  bir.inst "transpose" writes(%t) reads(%s) latency 40
}

//===----------------------------------------------------------------------===//
// bir.loop
//===----------------------------------------------------------------------===//

// -----

bir.func @zero_step attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.loop' op step must be positive, got 0}}
  bir.loop %i = 0 to 4 step 0 {
  }
}

// -----

bir.func @negative_step attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.loop' op step must be positive, got -1}}
  bir.loop %i = 4 to 0 step -1 {
  }
}

// -----

bir.func @empty_loop attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.loop' op has a trip count of 0: upper bound 4 is not above lower bound 4}}
  bir.loop %i = 4 to 4 {
  }
}

// -----

// Negative bounds used to compare as unsigned numbers.
bir.func @negative_upper attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.loop' op has a trip count of 0: upper bound -3 is not above lower bound -1}}
  bir.loop %i = -1 to -3 {
  }
}

// -----

bir.func @too_many_iterations attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'bir.loop' op has more than 9223372036854775807 iterations}}
  bir.loop %i = -9223372036854775808 to 9223372036854775807 {
  }
}

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "loop_without_iv"}> ({
  // expected-error @+1 {{'bir.loop' op body must take one index induction variable}}
  "bir.loop"() <{lower = 0 : i64, step = 1 : i64, upper = 4 : i64}> ({
    "bir.backedge"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A value of memloc type that no bir.memloc defines: the parser does not
// keep a bir.func's names to itself, and IsolatedFromAbove is checked after
// the instructions, so an instruction sees the value from outside.
%m = builtin.unrealized_conversion_cast to !bir.memloc
bir.func @location_not_a_memloc attributes {arch = #bir.arch<gen2>} {
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'bir.tensor_copy' op accesses a location not defined by bir.memloc}}
  bir.tensor_copy %y = %m[0:128, 0:2048] latency 1
}

// -----

// A block index from outside the function, not a bir.loop's iv.
%c = builtin.unrealized_conversion_cast to index
bir.func @block_index_not_an_iv attributes {arch = #bir.arch<gen2>} {
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %z = bir.memloc "z" sbuf [128, 2048]
  // expected-error @+1 {{'bir.tensor_copy' op block index must follow the induction variable of an enclosing bir.loop}}
  bir.tensor_copy %y[0:128, 0:2048, %c] = %z latency 1
}

// -----

// Ranges moving with a loop.
bir.func @range_ends_follow_two_ivs attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 2 {
      // expected-error @+1 {{both ends of an access range must follow the same induction variable with the same stride}}
      bir.inst "fill" writes(%a[0:128, %i * 512 : %j * 512 + 512]) reads() latency 1
    }
  }
}

// -----

bir.func @range_ends_differ_in_stride attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 2 {
    // expected-error @+1 {{both ends of an access range must follow the same induction variable with the same stride}}
    bir.inst "fill" writes(%a[0:128, %i * 512 : %i * 256 + 512]) reads() latency 1
  }
}

// -----

bir.func @range_end_fixed attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 2 {
    // expected-error @+1 {{both ends of an access range must follow the same induction variable with the same stride}}
    bir.inst "fill" writes(%a[0:128, %i * 512 : 1024]) reads() latency 1
  }
}

// -----

bir.func @range_stride_not_positive attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 2 {
    // expected-error @+1 {{the stride of a range must be positive, got -512}}
    bir.inst "fill" writes(%a[0:128, %i * -512 + 1024 : %i * -512 + 1536]) reads() latency 1
  }
}

// -----

bir.func @ranges_follow_two_ivs attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.loop %j = 0 to 2 {
      // expected-error @+1 {{the ranges of an access may follow one induction variable, not two}}
      bir.inst "fill" writes(%a[%i * 64 : %i * 64 + 64, %j * 512 : %j * 512 + 512]) reads() latency 1
    }
  }
}

// -----

bir.func @empty_moving_range attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 2 {
    // expected-error @+1 {{empty access range 512:512}}
    bir.inst "fill" writes(%a[0:128, %i * 512 + 512 : %i * 512 + 512]) reads() latency 1
  }
}

// -----

// The last iteration reaches bytes 1536 to 2560: past the end.
bir.func @moving_range_outside attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 5 step 2 {
    // expected-error @+1 {{'bir.inst' op access pattern bytes run over [0, 2560) over the loop, outside location 'a' with 2048 bytes}}
    bir.inst "fill" writes(%a[0:128, %i * 512 : %i * 512 + 512]) reads() latency 1
  }
}

// -----

bir.func @moving_range_below_zero attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 4 {
    // expected-error @+1 {{'bir.inst' op access pattern partitions run over [-32, 96) over the loop, outside location 'a' with 128 partitions}}
    bir.inst "fill" writes(%a[%i * 32 - 32 : %i * 32, 0:2048]) reads() latency 1
  }
}

// -----

%c = builtin.unrealized_conversion_cast to index
bir.func @range_follows_no_loop attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  // expected-error @+1 {{'bir.inst' op access range must follow the induction variable of an enclosing bir.loop}}
  bir.inst "fill" writes(%a[0:128, %c * 512 : %c * 512 + 512]) reads() latency 1
}

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "malformed_range_selector"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op access pattern has a malformed range selector (-1, 0, 512); expected (-1, 0, 0) for fixed ranges or (i, p, b) for ranges moving p partitions and b bytes per step of induction variable operand #i, p and b non-negative and not both 0}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 128, 0, 512, -1, -1, -1, 0, 512>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "range_iv_operand_out_of_range"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{'bir.inst' op access pattern refers to induction variable operand #2 but the op has 0}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 128, 0, 512, -1, -1, 2, 0, 512>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()

// -----

// A PSUM read of bytes that no slice of a moving write reaches.
bir.func @moving_write_misses_read attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  bir.loop %i = 0 to 2 {
    bir.matmul %acc[0:128, %i * 512 : %i * 512 + 512] = %w, %w latency 1
  }
  // expected-error @+1 {{'bir.activation' op reads partitions [0, 128) x bytes [1024, 2048) of PSUM location 'acc', which no instruction writes}}
  bir.activation relu %y = %acc latency 1
}

// -----

bir.func @moving_range_overflows attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 2048]
  bir.loop %i = 0 to 4 {
    // expected-error @+1 {{'bir.inst' op access pattern bytes overflow over the loop}}
    bir.inst "fill" writes(%a[0:128, %i * 4611686018427387904 : %i * 4611686018427387904 + 1]) reads() latency 1
  }
}

// -----

"bir.func"() <{arch = #bir.arch<gen2>, sym_name = "moving_part_cut_short"}> ({
  %0 = "bir.memloc"() <{bytes = 2048 : i64, name = "a", partitions = 128 : i64, space = 16 : i32}> : () -> !bir.memloc
  // expected-error @+1 {{expected ','}}
  "bir.inst"(%0) <{aps = [#bir.ap<0, 128, 0, 512, -1, -1, 0>], latency = 1 : i64, num_writes = 1 : i64, opcode = "fill", operandSegmentSizes = array<i32: 1, 0>}> : (!bir.memloc) -> ()
}) : () -> ()
