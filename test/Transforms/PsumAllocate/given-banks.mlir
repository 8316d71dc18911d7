// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true" -o /dev/null
// RUN: psum-opt %s -split-input-file --psum-allocate="report=-" -o /dev/null 2>/dev/null | FileCheck %s

// Banks given in the input are kept only where every PSUM location carries
// banks that hold under the allocator's own live ranges; otherwise the
// function is allocated afresh and a warning says which given bank did not
// hold (the session-46 NKI audit: a hand-placed kernel's banks were
// replaced without a word).

// CHECK-LABEL: "function": "kept"
// CHECK: "heuristic": "preallocated"
// CHECK: "diagnostics": []
bir.func @kept attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3 : i64}
  %b = bir.memloc "b" psum [128, 2048] {banks = array<i64: 5>, base_bank = 5 : i64}
  bir.matmul %a = %w, %w latency 64
  bir.matmul %b = %w, %w latency 64
  bir.activation relu %w = %a latency 32
  bir.activation relu %w = %b latency 32
}

// -----

// CHECK-LABEL: "function": "missing"
// CHECK: "heuristic": "seed"
bir.func @missing attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3 : i64}
  // expected-warning @+2 {{the banks given in the input are replaced: 'b' has none}}
  // expected-note @+1 {{psum-allocate keeps given banks only where every PSUM location has banks that hold under its own live ranges (round-robin over its live banks, off reserved banks, apart from every location live at the same time); 'pin = B' fixes a location's base bank}}
  %b = bir.memloc "b" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.matmul %b = %w, %w latency 64
  bir.activation relu %w = %a latency 32
  bir.activation relu %w = %b latency 32
}

// -----

// Nothing given, nothing said.
// CHECK-LABEL: "function": "none_given"
// CHECK: "diagnostics": []
bir.func @none_given attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.activation relu %w = %a latency 32
}

// -----

// Both live at once on one bank.
bir.func @clash attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-warning @+2 {{the banks given in the input are replaced: 'a' and 'b' share bank 2 while both hold values}}
  // expected-note @+1 {{psum-allocate keeps given banks only}}
  %a = bir.memloc "a" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
  %b = bir.memloc "b" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
  bir.matmul %a = %w, %w latency 64
  bir.matmul %b = %w, %w latency 64
  bir.activation relu %w = %a latency 32
  bir.activation relu %w = %b latency 32
}

// -----

// A modulo placement by hand (NKI's mod_alloc): eight tiles drained in turn
// over four banks, where the allocator's rotation needs one.
bir.func @modulo_by_hand attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-warning @+2 {{the banks given in the input are replaced: block 1 of 't' is on bank 1, where its blocks rotate over 1 bank from bank 0 (block 1 on bank 0)}}
  // expected-note @+1 {{psum-allocate keeps given banks only}}
  %t = bir.memloc "t" psum [128, 2048] x 8 {banks = array<i64: 0, 1, 2, 3, 0, 1, 2, 3>, base_bank = 0 : i64}
  bir.loop %i = 0 to 8 {
    bir.matmul %t[0:128, 0:2048, %i] = %w, %w latency 64
    bir.activation relu %w = %t[0:128, 0:2048, %i] latency 32
  }
}

// -----

bir.func @reserved attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 7>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-warning @+2 {{the banks given in the input are replaced: 'a' takes reserved bank 7}}
  // expected-note @+1 {{psum-allocate keeps given banks only}}
  %a = bir.memloc "a" psum [128, 2048] {banks = array<i64: 7>, base_bank = 7 : i64}
  bir.matmul %a = %w, %w latency 64
  bir.activation relu %w = %a latency 32
}

// -----

bir.func @pinned_elsewhere attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-warning @+2 {{the banks given in the input are replaced: 'a' is pinned to bank 4 but based at bank 1}}
  // expected-note @+1 {{psum-allocate keeps given banks only}}
  %a = bir.memloc "a" psum [128, 2048] {banks = array<i64: 1>, base_bank = 1 : i64, pin = 4}
  bir.matmul %a = %w, %w latency 64
  bir.activation relu %w = %a latency 32
}

// -----

// Both blocks are live at once, so the location needs two banks from its
// base: none past bank 7.
bir.func @past_the_banks attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 2048]
  // expected-warning @+2 {{the banks given in the input are replaced: 't' needs 2 banks from base bank 7, past the 8}}
  // expected-note @+1 {{psum-allocate keeps given banks only}}
  %t = bir.memloc "t" psum [128, 2048] x 2 {banks = array<i64: 7, 7>, base_bank = 7 : i64}
  bir.matmul %t[0:128, 0:2048, 0] = %w, %w latency 64
  bir.matmul %t[0:128, 0:2048, 1] = %w, %w latency 64
  bir.activation relu %w = %t[0:128, 0:2048, 0] latency 32
  bir.activation relu %w = %t[0:128, 0:2048, 1] latency 32
}

// -----

// The bank named is the reserved one inside the window: a two-bank location
// based at bank 6 reaches the reserved bank 7.
bir.func @reserved_second_bank attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 7>} {
  %w = bir.memloc "w" sbuf [128, 4096]
  // expected-warning @+2 {{the banks given in the input are replaced: 'a' takes reserved bank 7}}
  // expected-note @+1 {{psum-allocate keeps given banks only}}
  %a = bir.memloc "a" psum [128, 4096] {banks = array<i64: 6>, base_bank = 6 : i64}
  bir.matmul %a = %w, %w latency 64
  bir.activation relu %w = %a latency 32
}
