// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true reserved-banks=1"
// RUN: psum-check %s --allocate-options=reserved-banks=1 2>&1 | FileCheck %s

// A reserved bank in the middle splits PSUM: three banks are usable but no
// three are adjacent, and a block takes adjacent banks. The guard says so
// (it passed before, and every spill round failed on a reload).
bir.func @no_window attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 6144]
  %y = bir.memloc "y" sbuf [128, 6144]
  // expected-error @+1 {{a block of 't' needs 3 adjacent banks, but the reserved banks leave at most 2 adjacent}}
  %t = bir.memloc "t" psum [128, 6144]
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}

// -----

// Two adjacent banks are left: a two-bank tensor takes banks 2 and 3.
bir.func @window attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
  %t = bir.memloc "t" psum [128, 4096]
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}

// CHECK: checked 3 functions: 2 allocated, 1 rejected inputs, 0 violations

// -----

// Two one-bank blocks live at once need two adjacent banks as a whole, but
// each block needs one: spilled, each is reloaded on its own, so the
// guard (on a block's banks) lets the allocator try. A guard on the whole
// location's banks refused it in this session's first version.
bir.func @blocks_fit_one_by_one attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048] x 2
  bir.matmul %t[0:128, 0:2048, 0] = %w, %x latency 64
  bir.matmul %t[0:128, 0:2048, 1] = %w, %x latency 64
  bir.activation relu %y = %t[0:128, 0:2048, 0] latency 32
  bir.activation relu %y = %t[0:128, 0:2048, 1] latency 32
}
