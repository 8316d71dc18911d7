// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-summary -o /dev/null
// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-timeline="svg=%t.svg" -o /dev/null

// IR placed by hand on a bank its function reserves: the summary and the
// timeline say so, as psum-verify-allocation does. Before (session-26
// audit), the first case tripped the capacity guard re-deriving the
// footprint (no 4 adjacent banks), and the second printed "7 of 6".
bir.func @window_over_reserved attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 3, 7>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  // expected-error @+1 {{'b' is on reserved bank 7}}
  %b = bir.memloc "b" psum [128, 8192] {banks = array<i64: 4>, base_bank = 4 : i64}
  bir.matmul %b = %w, %x latency 64
  bir.activation identity %y = %b latency 32
}

// -----

bir.func @one_bank_on_reserved attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 2, 3>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{'c' is on reserved bank 2}}
  %c = bir.memloc "c" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
  bir.matmul %c = %w, %x latency 64
  bir.activation identity %y = %c latency 32
}
