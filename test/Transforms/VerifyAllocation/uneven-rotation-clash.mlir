// RUN: psum-opt %s -split-input-file -verify-diagnostics --psum-verify-allocation=uneven-rotation=true

// Uneven rotation still needs the blocks live at once on distinct banks:
// three tiles in flight (fill n + 2, drain n) do not fit two banks.
bir.func @three_live_on_two_banks attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 1024]
  %x = bir.memloc "x" sbuf [64, 2048]
  %acc = bir.memloc "acc" psum [64, 2048] x 5 {base_bank = 0, banks = array<i64: 0, 1, 0, 1, 0>}
  %y = bir.memloc "y" sbuf [64, 2048] x 5
  bir.matmul %acc[0:64, 0:2048, 0] = %w, %x latency 64
  bir.matmul %acc[0:64, 0:2048, 1] = %w, %x latency 64
  bir.loop %n = 0 to 3 {
    // expected-error @+1 {{blocks 0 and 2 of 'acc' both hold values here but share bank 0}}
    bir.matmul %acc[0:64, 0:2048, %n + 2] = %w, %x latency 64
    bir.activation relu %y[0:64, 0:2048, %n] = %acc[0:64, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:64, 0:2048, 3] = %acc[0:64, 0:2048, 3] latency 32
  bir.activation relu %y[0:64, 0:2048, 4] = %acc[0:64, 0:2048, 4] latency 32
}
