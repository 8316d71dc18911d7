// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-allocate="verify=true reserved-banks=1"
// RUN: psum-check %s --allocate-options=reserved-banks=1 2>&1 | FileCheck %s

// A reserved bank in the middle splits PSUM: three banks are usable but no
// three are adjacent, and a location takes adjacent banks. The guard says
// so (it passed before, and every spill round failed on a reload).
bir.func @no_window attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 6144]
  %y = bir.memloc "y" sbuf [128, 6144]
  // expected-error @+1 {{'t' needs 3 adjacent banks, but the reserved banks leave at most 2 adjacent}}
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

// CHECK: checked 2 functions: 1 allocated, 1 rejected inputs, 0 violations
