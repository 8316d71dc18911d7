// RUN: not psum-opt %s --psum-allocate="reserved-banks=7" -o /dev/null 2>&1 | FileCheck %s
// RUN: psum-opt %s --psum-allocate="verify=true" | FileCheck %s --check-prefix=FITS

// Two accumulation groups, `o` pinned to bank 3, `acc` four banks wide. With
// bank 7 reserved, six banks are free around `o` but no four adjacent ones:
// the bank map's line for the unplaced group says so, as the free banks
// alone would suggest room (audit of session 19). Without the reserved bank,
// `acc` takes banks 4-7.
// CHECK: error: cannot allocate PSUM location 'acc' (4 banks): it is read-modify-written (an accumulation group) and cannot be spilled
// CHECK: note: PSUM at linear point 0 (bank: tensor [live range]):
// CHECK-NEXT: bank 0: free
// CHECK-NEXT: bank 1: free
// CHECK-NEXT: bank 2: free
// CHECK-NEXT: bank 3: o [0, 5]
// CHECK-NEXT: bank 4: free
// CHECK-NEXT: bank 5: free
// CHECK-NEXT: bank 6: free
// CHECK-NEXT: bank 7: reserved
// CHECK-NEXT: unplaced: acc (4 banks) [0, 4]: 6 banks are free here, but no 4 adjacent
// FITS-LABEL: bir.func @pinned_group_fragments_psum
// FITS: bir.memloc "o" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3 : i64, pin = 3 : i64}
// FITS: bir.memloc "acc" psum [128, 8192] {banks = array<i64: 4>, base_bank = 4 : i64}
bir.func @pinned_group_fragments_psum attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %o = bir.memloc "o" psum [128, 2048] {pin = 3}
  %acc = bir.memloc "acc" psum [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  %z = bir.memloc "z" sbuf [128, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %o += %w, %x[0:128, 0:2048] latency 64
    bir.matmul %acc += %w, %x latency 64
  }
  bir.activation relu %y = %acc latency 32
  bir.activation relu %z = %o latency 32
}
