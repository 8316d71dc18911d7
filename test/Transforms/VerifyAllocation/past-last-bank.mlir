// A block running past the last bank of the function's own target is the
// bir verifier's error (Dialect/BIR/invalid.mlir); the checker's own test
// serves a target the options override: with 1 KiB banks, a 2 KiB block
// on bank 7 takes banks 7 and 8 of 8.
// RUN: psum-opt %s -verify-diagnostics --psum-verify-allocation="bank-size=1024" -o /dev/null

bir.func @past_last_bank attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %y = bir.memloc "y" sbuf [128, 2048]
  // expected-error @+1 {{block 0 of 't' needs banks [7, 8] outside the 8 PSUM banks}}
  %t = bir.memloc "t" psum [128, 2048] {base_bank = 7, banks = array<i64: 7>}
  bir.matmul %t = %w, %w latency 64
  bir.activation identity %y = %t latency 32
}
