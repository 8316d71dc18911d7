// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true" | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true split=false" | FileCheck %s --check-prefix=NOSPLIT
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM
// SIM: checked 15 functions: 15 allocated, 0 rejected inputs, 0 violations

// Two halves of one location used at disjoint times become two one-bank
// locations with rebased access patterns, which can share a bank.
// CHECK-LABEL: bir.func @halves
// CHECK-DAG: %[[LO:.*]] = bir.memloc "acc_split0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK-DAG: %[[HI:.*]] = bir.memloc "acc_split1" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK: bir.matmul %[[LO]] = %w, %x latency 64
// CHECK: bir.activation identity %y = %[[LO]] latency 32
// CHECK: bir.matmul %[[HI]] = %w, %x latency 64
// CHECK: bir.activation identity %y = %[[HI]] latency 32
// NOSPLIT-LABEL: bir.func @halves
// NOSPLIT: "acc" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @halves attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 4096]
  bir.matmul %acc[0:128, 0:2048] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 0:2048] latency 32
  bir.matmul %acc[0:128, 2048:4096] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 2048:4096] latency 32
}

// -----

// Disjoint ranges live at the same time stay one location.
// CHECK-LABEL: bir.func @co_live_halves
// CHECK: "acc" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
bir.func @co_live_halves attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 4096]
  bir.matmul %acc[0:128, 0:2048] = %w, %x latency 64
  bir.matmul %acc[0:128, 2048:4096] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 0:2048] latency 32
  bir.activation identity %y = %acc[0:128, 2048:4096] latency 32
}

// -----

// A last write nobody reads holds no value of its own: it joins the value
// before it, and the two values before it still become pieces (the
// session-43 mutation audit: a piece with no reader made split give up).
// CHECK-LABEL: bir.func @two_values_then_an_unread_write
// CHECK-DAG: %[[FIRST:.*]] = bir.memloc "t_split0" psum [128, 2048]
// CHECK-DAG: %[[SECOND:.*]] = bir.memloc "t_split1" psum [128, 2048]
// CHECK: bir.matmul %[[FIRST]] = %a, %b latency 32
// CHECK-NEXT: bir.activation relu %z = %[[FIRST]] latency 40
// CHECK-NEXT: bir.matmul %[[SECOND]] = %a, %b latency 32
// CHECK-NEXT: bir.activation relu %z = %[[SECOND]] latency 40
// CHECK-NEXT: bir.matmul %[[SECOND]] = %a, %b latency 32
bir.func @two_values_then_an_unread_write attributes {arch = #bir.arch<gen2>} {
  %a = bir.memloc "a" sbuf [128, 128]
  %b = bir.memloc "b" sbuf [128, 1024]
  %z = bir.memloc "z" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %a, %b latency 32
  bir.activation relu %z = %t latency 40
  bir.matmul %t = %a, %b latency 32
  bir.activation relu %z = %t latency 40
  bir.matmul %t = %a, %b latency 32
}

// -----

// Pieces merge while their ranges overlap the merge's whole range so far:
// the upper half holds two values one after another, both while the lower
// half is live, so the second one overlaps the merge too and t stays whole
// (the session-43 mutation audit: a merge ending at the last piece's end
// left it out, and took three banks).
// CHECK-LABEL: bir.func @values_within_a_live_half
// CHECK: "t" psum [128, 4096] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK-NOT: t_split
bir.func @values_within_a_live_half attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 4096]
  bir.matmul %t[0:128, 0:2048] = %w, %x latency 64
  bir.matmul %t[0:128, 2048:4096] = %w, %x latency 64
  bir.activation identity %y = %t[0:128, 2048:4096] latency 32
  bir.matmul %t[0:128, 2048:4096] = %w, %x latency 64
  bir.activation identity %y = %t[0:128, 2048:4096] latency 32
  bir.activation identity %y = %t[0:128, 0:2048] latency 32
}

// -----

// One location holding two values one after another: the second matmul
// writes all of it before anything reads it again, so split cuts it in time
// and the two values can share a bank with the tensors between them.
// CHECK-LABEL: bir.func @reused_in_sequence
// CHECK-DAG: %[[FIRST:.*]] = bir.memloc "t_split0" psum [128, 2048]
// CHECK-DAG: %[[SECOND:.*]] = bir.memloc "t_split1" psum [128, 2048]
// CHECK: bir.matmul %[[FIRST]] = %w, %x latency 64
// CHECK-NEXT: bir.activation identity %y = %[[FIRST]] latency 32
// CHECK: bir.loop
// CHECK-NEXT: bir.matmul %[[SECOND]] = %w, %x latency 64
// CHECK-NEXT: bir.activation identity %y = %[[SECOND]] latency 32
// NOSPLIT-LABEL: bir.func @reused_in_sequence
// NOSPLIT: bir.memloc "t" psum [128, 2048]
bir.func @reused_in_sequence attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
  bir.matmul %u = %w, %x latency 64
  bir.activation identity %y = %u latency 32
  bir.loop %i = 0 to 4 {
    bir.matmul %t = %w, %x latency 64
    bir.activation identity %y = %t latency 32
  }
}

// -----

// No cut where an older value can still be read: the rewrite covers half of
// the location (the other half is read afterwards), or it sits in the loop
// that already used the location (a later iteration reads after it).
// CHECK-LABEL: bir.func @not_a_new_value
// CHECK: bir.memloc "half" psum [128, 2048]
// CHECK: bir.memloc "looped" psum [128, 2048]
// CHECK-NOT: _split
bir.func @not_a_new_value attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %half = bir.memloc "half" psum [128, 2048]
  %looped = bir.memloc "looped" psum [128, 2048]
  bir.matmul %half = %w, %x latency 64
  bir.activation identity %y = %half latency 32
  bir.matmul %half[0:128, 0:1024] = %w, %x[0:128, 0:1024] latency 64
  bir.activation identity %y = %half latency 32
  bir.matmul %looped = %w, %x latency 64
  bir.loop %i = 0 to 4 {
    bir.activation identity %y = %looped latency 32
    bir.matmul %looped = %w, %x latency 64
    bir.activation identity %y = %looped latency 32
    bir.matmul %looped = %w, %x latency 64
  }
  bir.activation identity %y = %looped latency 32
}

// -----

// A transpose tile reused for two values, each written as two column
// halves (two PE transposes) and read whole, with u in between: the halves
// after the first read add up to all the reads read, so they start a new
// value, and on one bank the three values take turns (a 384-cycle spill
// before session 14, found by the session-14 kernel audit). A rewrite of
// one half followed by a read is no new value (`@not_a_new_value`).
// CHECK-LABEL: bir.func @reused_in_column_halves
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "t_split0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "t_split1" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// NOSPLIT-LABEL: bir.func @reused_in_column_halves
// NOSPLIT: bir.tensor_copy
bir.func @reused_in_column_halves attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 512]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 1024]
  bir.inst "transpose" writes(%t[0:128, 0:1024]) reads(%a) latency 20
  bir.inst "transpose" writes(%t[0:128, 1024:2048]) reads(%a) latency 20
  bir.activation identity %y = %t latency 32
  bir.matmul %u = %a, %b latency 64
  bir.activation identity %y = %u latency 32
  bir.inst "transpose" writes(%t[0:128, 0:1024]) reads(%a) latency 20
  bir.inst "transpose" writes(%t[0:128, 1024:2048]) reads(%a) latency 20
  bir.activation identity %y = %t latency 32
}

// -----

// A tile reused for a narrower value: a write of its top-left quarter
// that covers what every later read reads starts a new value, though it
// does not cover what the first value's read read (until session 41 the
// cut needed that, and on one bank a value was spilled; found by the
// session-41 kernel audit).
// CHECK-LABEL: bir.func @reused_narrower
// CHECK-NOT: bir.tensor_copy
// CHECK-DAG: bir.memloc "t_split0" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "t_split1" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// NOSPLIT-LABEL: bir.func @reused_narrower
// NOSPLIT: bir.tensor_copy
bir.func @reused_narrower attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 512]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.inst "transpose" writes(%t) reads(%a) latency 20
  bir.activation identity %y = %t latency 32
  bir.matmul %u = %a, %b latency 64
  bir.activation identity %y = %u latency 32
  bir.inst "transpose" writes(%t[0:64, 0:1024]) reads(%a) latency 20
  bir.activation identity %y[0:64, 0:1024] = %t[0:64, 0:1024] latency 32
}

// -----

// No new value where a later read reads more than the write wrote: the
// rest of the tile still holds the first value.
// CHECK-LABEL: bir.func @narrower_write_then_whole_read
// CHECK-NOT: _split
// CHECK: bir.tensor_copy
bir.func @narrower_write_then_whole_read attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 512]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.inst "transpose" writes(%t) reads(%a) latency 20
  bir.activation identity %y = %t latency 32
  bir.matmul %u = %a, %b latency 64
  bir.activation identity %y = %u latency 32
  bir.inst "transpose" writes(%t[0:64, 0:1024]) reads(%a) latency 20
  bir.activation identity %y = %t latency 32
}

// -----

// Nor where a read before the narrower write in its loop reads what the
// first value left there, in the first iteration.
// CHECK-LABEL: bir.func @narrower_write_after_a_read_in_its_loop
// CHECK-NOT: _split
// CHECK: bir.tensor_copy
bir.func @narrower_write_after_a_read_in_its_loop attributes {arch = #bir.arch<gen2, banks = 1>} {
  %a = bir.memloc "a" sbuf [128, 512]
  %b = bir.memloc "b" sbuf [128, 1024]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  bir.inst "transpose" writes(%t) reads(%a) latency 20
  bir.activation identity %y = %t latency 32
  bir.matmul %u = %a, %b latency 64
  bir.activation identity %y = %u latency 32
  bir.loop %i = 0 to 2 {
    bir.activation identity %y[0:64, 0:1024] = %t[0:64, 0:1024] latency 32
    bir.inst "transpose" writes(%t[0:64, 0:1024]) reads(%a) latency 20
  }
  bir.activation identity %y[0:64, 0:1024] = %t[0:64, 0:1024] latency 32
}

// -----

// The second pair of halves is no new value when the instruction writing
// the upper half first reads the old upper half (an instruction reads
// before it writes): the first version of the slices rule cut there, and
// psum-check's simulator saw that read clobbered.
// CHECK-LABEL: bir.func @slice_writer_reads_old_bytes
// CHECK-NOT: _split
// CHECK: bir.inst "mix"
bir.func @slice_writer_reads_old_bytes attributes {arch = #bir.arch<gen2, banks = 2>} {
  %a = bir.memloc "a" sbuf [128, 512]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.inst "transpose" writes(%t[0:128, 0:1024]) reads(%a) latency 20
  bir.inst "transpose" writes(%t[0:128, 1024:2048]) reads(%a) latency 20
  bir.activation identity %y = %t latency 32
  bir.matmul %u = %a, %a latency 64
  bir.activation identity %y = %u latency 32
  bir.inst "transpose" writes(%t[0:128, 0:1024]) reads(%a) latency 20
  bir.inst "mix" writes(%t[0:128, 1024:2048]) reads(%t[0:128, 1024:2048]) latency 20
  bir.activation identity %y = %t latency 32
}

// -----

// A location already called `acc_split0`: the pieces take fresh names
// (the input was refused with "redefines location name" before session 14).
// CHECK-LABEL: bir.func @piece_name_taken
// CHECK-DAG: bir.memloc "acc_split1" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "acc_split2" psum [128, 2048] {banks = array<i64: 0>, base_bank = 0 : i64}
// CHECK-DAG: bir.memloc "acc_split0" sbuf [128, 64]
bir.func @piece_name_taken attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %acc = bir.memloc "acc" psum [128, 4096]
  %taken = bir.memloc "acc_split0" sbuf [128, 64]
  bir.matmul %acc[0:128, 0:2048] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 0:2048] latency 32
  bir.matmul %acc[0:128, 2048:4096] = %w, %x latency 64
  bir.activation identity %y = %acc[0:128, 2048:4096] latency 32
}

// -----

// Inside one loop body too: each read sees the write just before it in the
// same iteration, so the second write starts a new value and the body holds
// two one-bank values one after the other.
// CHECK-LABEL: bir.func @reused_in_one_iteration
// CHECK-DAG: %[[FIRST:.*]] = bir.memloc "t_split0" psum [128, 2048]
// CHECK-DAG: %[[SECOND:.*]] = bir.memloc "t_split1" psum [128, 2048]
// CHECK: bir.loop
// CHECK-NEXT: bir.matmul %[[FIRST]] = %w, %x latency 64
// CHECK-NEXT: bir.activation identity %y = %[[FIRST]] latency 32
// CHECK-NEXT: bir.matmul %[[SECOND]] = %w, %x latency 64
// CHECK-NEXT: bir.activation identity %y = %[[SECOND]] latency 32
bir.func @reused_in_one_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t = %w, %x latency 64
    bir.activation identity %y = %t latency 32
    bir.matmul %t = %w, %x latency 64
    bir.activation identity %y = %t latency 32
  }
}

// -----

// The first read reads bytes 1024-2048 that the half write before it does
// not store: they come from the full write of the previous iteration, so
// that write does not start a value of its own. (psum-check runs this file
// through its simulator too: a cut here reads the wrong bytes.)
// CHECK-LABEL: bir.func @read_from_previous_iteration
// CHECK: bir.memloc "t" psum [128, 2048]
// CHECK-NOT: _split
bir.func @read_from_previous_iteration attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.loop %i = 0 to 4 {
    bir.matmul %t[0:128, 0:1024] = %w, %x[0:128, 0:1024] latency 64
    bir.activation identity %y = %t latency 32
    bir.matmul %t = %w, %x latency 64
    bir.activation identity %y = %t latency 32
  }
}

// -----

// psum-explain splits as psum-allocate does (on a copy: the IR is not
// changed), so it shows the candidates the allocator colours; a piece's
// remarks name it. Before, it explained t whole, live [0, 4].
// RUN: psum-opt %s -split-input-file --psum-explain="phase=live" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: psum-opt %s -split-input-file --psum-explain="phase=select" | FileCheck %s --check-prefix=UNCHANGED
// EXPLAIN-LABEL: remark: piece 't_split0': live [0, 1], 1 banks
// EXPLAIN: remark: piece 't_split1': live [3, 4], 1 banks
// UNCHANGED-LABEL: bir.func @explained_pieces
// UNCHANGED-NEXT: %w = bir.memloc "w" sbuf [128, 128]
// UNCHANGED-NEXT: %x = bir.memloc "x" sbuf [128, 2048]
// UNCHANGED-NEXT: %y = bir.memloc "y" sbuf [128, 2048]
// UNCHANGED-NEXT: %t = bir.memloc "t" psum [128, 2048]
// CHECK-LABEL: bir.func @explained_pieces
bir.func @explained_pieces attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
  bir.matmul %u = %w, %x latency 64
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
  bir.activation identity %y = %u latency 32
}
