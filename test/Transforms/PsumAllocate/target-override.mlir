// RUN: psum-opt %s --psum-allocate="num-banks=8 verify=true" | FileCheck %s --check-prefix=BANKS
// RUN: psum-opt %s --psum-allocate="arch=gen3 bank-size=4096" | FileCheck %s --check-prefix=ARCH
// RUN: psum-opt %s --psum-allocate="num-banks=8" | psum-opt --psum-verify-allocation | FileCheck %s --check-prefix=BANKS

// The target the options name becomes the function's: its banks are that
// target's. Before, the function kept banks = 2, and u's bank 2 (t and v
// take banks 0 and 1) failed the output's own verifier.
// BANKS: bir.func @override attributes {arch = #bir.arch<gen2>
// BANKS: %u = bir.memloc "u" psum [128, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
// ARCH: bir.func @override attributes {arch = #bir.arch<gen3, bank_size = 4096>
bir.func @override attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  %v = bir.memloc "v" psum [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %u = %w, %x latency 64
  bir.matmul %v = %w, %x latency 64
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
  bir.activation identity %y = %v latency 32
  bir.activation identity %y = %u latency 32
}
