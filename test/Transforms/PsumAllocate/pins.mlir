// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true reserved-banks=7"
// RUN: psum-check %s --allocate-options=reserved-banks=7 2>&1 | FileCheck %s --check-prefix=SIM

// A pin that cannot hold is the input's error, not the allocator's: psum-check
// counts it as a rejected input (it reported a VIOLATION before).
// SIM-NOT: VIOLATION
// SIM: checked 5 functions: 0 allocated, 5 rejected inputs, 0 violations

// A pin that runs past the last bank.
bir.func @out_of_range attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  // expected-error @+1 {{pinned banks [7, 8] of 'wide' run past the last PSUM bank, 7}}
  %wide = bir.memloc "wide" psum [128, 4096] {pin = 7}
  bir.matmul %wide = %w, %x latency 64
  bir.activation identity %y = %wide latency 32
}

// -----

// A pin on a reserved bank (bank 7, kept for PE transposes).
bir.func @on_reserved attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  // expected-error @+1 {{pinned banks [6, 7] of 'wide' overlap reserved bank 7}}
  %wide = bir.memloc "wide" psum [128, 4096] {pin = 6}
  bir.matmul %wide = %w, %x latency 64
  bir.activation identity %y = %wide latency 32
}

// -----

// The function's own reserved banks count as the option's do.
bir.func @on_function_reserved attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 3>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{pinned banks [3, 3] of 'p' overlap reserved bank 3}}
  %p = bir.memloc "p" psum [128, 2048] {pin = 3}
  bir.matmul %p = %w, %x latency 64
  bir.activation identity %y = %p latency 32
}

// -----

// A location nobody accesses keeps its pin (and gets no banks): the pin
// must not name a reserved bank either (session-26 audit: it was kept).
bir.func @unused_on_reserved attributes {arch = #bir.arch<gen2>} {
  // expected-error @+1 {{'u' is pinned to bank 7, a reserved bank}}
  %u = bir.memloc "u" psum [128, 2048] {pin = 7}
}

// -----

// Two co-live pins on overlapping banks: the error names both.
bir.func @co_live_pins attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  // expected-error @+1 {{pinned banks [2, 3] of 'a' overlap pinned banks [3, 3] of 'b' while both are live}}
  %a = bir.memloc "a" psum [128, 4096] {pin = 2}
  // expected-note @+1 {{'b' is pinned here}}
  %b = bir.memloc "b" psum [128, 2048] {pin = 3}
  bir.matmul %a = %w, %x latency 64
  bir.matmul %b = %w, %x[0:128, 0:2048] latency 64
  bir.activation identity %y = %a latency 32
  bir.activation identity %y[0:128, 0:2048] = %b latency 32
}
