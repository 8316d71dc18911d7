// RUN: psum-opt %s -verify-diagnostics --psum-allocate="verify=true" -o /dev/null

// Five accumulation groups live across the K loop on four banks. They are
// read-modify-written, so none can be spilled: the allocator says so,
// shows what holds each bank at the busiest point, and proves that no
// allocation exists (the first matmul in the loop already needs 5 banks).
bir.func @five_groups attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128] x 8
  %x = bir.memloc "x" sbuf [128, 2048] x 8
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  // expected-error @+1 {{cannot allocate PSUM location 'a0' (1 banks): it is read-modify-written (an accumulation group) and cannot be spilled}}
  %a0 = bir.memloc "a0" psum [128, 2048]
  %a1 = bir.memloc "a1" psum [128, 2048]
  %a2 = bir.memloc "a2" psum [128, 2048]
  %a3 = bir.memloc "a3" psum [128, 2048]
  %a4 = bir.memloc "a4" psum [128, 2048]
  // expected-note @+1 {{PSUM at linear point 0 (bank: tensor [live range]):}}
  bir.loop %k = 0 to 8 {
    // expected-note @+1 {{no allocation exists: this instruction needs 5 of the 4 PSUM banks whatever is spilled (what it accesses, and the accumulation groups, pinned and spill-minted locations live across it)}}
    bir.matmul %a0 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a1 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a2 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a3 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
    bir.matmul %a4 += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.activation identity %y[0:128, 0:2048, 0] = %a0 latency 32
  bir.activation identity %y[0:128, 0:2048, 1] = %a1 latency 32
  bir.activation identity %y[0:128, 0:2048, 2] = %a2 latency 32
  bir.activation identity %y[0:128, 0:2048, 3] = %a3 latency 32
  bir.activation identity %y[0:128, 0:2048, 4] = %a4 latency 32
}
