// RUN: psum-opt %s -split-input-file --psum-allocate="num-banks=8 verify=true" | FileCheck %s --check-prefix=BANKS
// RUN: psum-opt %s -split-input-file --psum-allocate="num-banks=8" | psum-opt --psum-verify-allocation | FileCheck %s --check-prefix=BANKS
// RUN: psum-opt %s -split-input-file --psum-allocate="arch=gen3 bank-size=4096" | FileCheck %s --check-prefix=ARCH
// RUN: psum-opt %s -split-input-file --psum-allocate="arch=gen1 num-banks=2 verify=true" | FileCheck %s --check-prefix=GEN1
// RUN: psum-check %s --allocate-options=num-banks=8 | FileCheck %s --check-prefix=SIM

// The target the options name becomes the function's: its banks are that
// target's. Before, the function kept banks = 2, and u's bank 2 (t and v
// take banks 0 and 1) failed the output's own verifier. psum-check
// simulates the allocation on that target too.
// SIM: checked 3 functions: 3 allocated, 0 rejected inputs, 0 violations
// BANKS-LABEL: bir.func @override attributes {arch = #bir.arch<gen2>
// BANKS: %u = bir.memloc "u" psum [64, 2048] {banks = array<i64: 2>, base_bank = 2 : i64}
// ARCH-LABEL: bir.func @override attributes {arch = #bir.arch<gen3, bank_size = 4096>
bir.func @override attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %u = bir.memloc "u" psum [64, 2048]
  %v = bir.memloc "v" psum [64, 2048]
  %t = bir.memloc "t" psum [64, 2048]
  bir.matmul %u = %w, %x latency 64
  bir.matmul %v = %w, %x latency 64
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
  bir.activation identity %y = %v latency 32
  bir.activation identity %y = %u latency 32
}

// -----

// The function's partitions stay: they bound SBUF locations too (here 128
// partitions beside a PSUM tile of 64, which fits gen1; the arch option
// checks PSUM locations only).
// GEN1-LABEL: bir.func @wider_sbuf attributes {arch = #bir.arch<gen1, banks = 2, partitions = 128>
bir.func @wider_sbuf attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [64, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}

// -----

// A location nobody accesses is no candidate and gets no banks: those left
// from an earlier target are dropped (bank 7 would not verify on two).
// GEN1-LABEL: bir.func @stale_banks_of_an_unused_location
// GEN1: %unused = bir.memloc "unused" psum [64, 2048]{{$}}
bir.func @stale_banks_of_an_unused_location attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 2048]
  %y = bir.memloc "y" sbuf [64, 2048]
  %t = bir.memloc "t" psum [64, 2048]
  %unused = bir.memloc "unused" psum [64, 2048] {banks = array<i64: 7>, base_bank = 7 : i64}
  bir.matmul %t = %w, %x latency 64
  bir.activation identity %y = %t latency 32
}
