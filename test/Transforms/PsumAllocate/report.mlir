// RUN: psum-opt %s --psum-allocate="verify=true report=- heuristic=seed" -o /dev/null | FileCheck %s
// RUN: psum-opt %s --psum-allocate="verify=true report=%t.json heuristic=seed" -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: psum-opt %s --psum-allocate="arch=gen3 reserved-banks=7 uneven-rotation=true report=-" -o /dev/null | FileCheck %s --check-prefix=OVERRIDE
// RUN: psum-opt %s --psum-allocate="report=-" -o /dev/null | FileCheck %s --check-prefix=BANKS

// The report names the target the allocation was made for, the banks it
// left free, and the rotation rule.
// OVERRIDE: "arch": "gen3"
// OVERRIDE: "reserved_banks": [
// OVERRIDE-NEXT: 7
// OVERRIDE-NEXT: ],
// OVERRIDE-NEXT: "uneven_rotation": true,

// The JSON report: one object per function, a tensor per candidate after
// spilling (the spilled original, its reload), the spill copies with their
// linear points, +inf costs as "inf".
// CHECK: "function": "report"
// CHECK-NEXT: "arch": "gen2"
// CHECK-NEXT: "num_banks": 2
// CHECK-NEXT: "bank_size": 2048
// CHECK-NEXT: "reserved_banks": [],
// CHECK-NEXT: "uneven_rotation": false,
// CHECK-NEXT: "heuristic": "seed"
// CHECK-NEXT: "score": 128
// CHECK-NEXT: "demand_ratio": 0.66
// CHECK-NEXT: "peak_demand": 3
// CHECK-NEXT: "utilization": 1
// CHECK-NEXT: "spill_cycles": 128
// CHECK-NEXT: "gca_iterations": 2
// CHECK-NEXT: "first_iter_placed": 0.666666
// CHECK-NEXT: "exact": null
// CHECK-NEXT: "put_back": [],
// CHECK-NEXT: "tensors": [
// CHECK:        "name": "t",
// CHECK-NEXT:   "bytes": 2048,
// CHECK-NEXT:   "blocks": 1,
// CHECK-NEXT:   "live_banks": 1,
// CHECK-NEXT:   "live": [
// CHECK-NEXT:     0,
// CHECK-NEXT:     1
// CHECK-NEXT:   ],
// CHECK-NEXT:   "base_bank": {{[01]}},
// CHECK:        "pinned": false,
// CHECK-NEXT:   "spilled": true,
// CHECK-NEXT:   "spill_of": null,
// CHECK-NEXT:   "cost": "inf"
// CHECK:        "name": "t_ReloadTensorCopy0",
// CHECK:        "spilled": false,
// CHECK-NEXT:   "spill_of": "t",
// CHECK:        "name": "acc",
// CHECK:        "cost": "inf"
// CHECK:      "spills": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "tensor": "t",
// CHECK-NEXT:     "kind": "save",
// CHECK-NEXT:     "copy": "t_SpillTensorCopy0",
// CHECK-NEXT:     "at": 1
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "tensor": "t",
// CHECK-NEXT:     "kind": "reload",
// CHECK-NEXT:     "copy": "t_ReloadTensorCopy0",
// CHECK-NEXT:     "at": 7
bir.func @report attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 3
  %t = bir.memloc "t" psum [128, 2048]
  %acc = bir.memloc "acc" psum [128, 2048]
  %u = bir.memloc "u" psum [128, 2048]
  bir.matmul %t = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w[0:128, 0:128, %k], %x[0:128, 0:2048, %k] latency 64
  }
  bir.matmul %u = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.activation identity %y[0:128, 0:2048, 0] = %acc latency 32
  bir.activation identity %y[0:128, 0:2048, 1] = %t latency 32
  bir.activation identity %y[0:128, 0:2048, 2] = %u latency 32
}

// "banks" lists the bank of every block: four tiles rotating over two banks.
// BANKS:      "function": "rotating"
// BANKS:        "name": "acc",
// BANKS:        "banks": [
// BANKS-NEXT:     0,
// BANKS-NEXT:     1,
// BANKS-NEXT:     0,
// BANKS-NEXT:     1
// BANKS-NEXT:   ],
bir.func @rotating attributes {arch = #bir.arch<gen2, banks = 2>} {
  %w = bir.memloc "w" sbuf [128, 128] x 4
  %x = bir.memloc "x" sbuf [128, 2048] x 4
  %y = bir.memloc "y" sbuf [128, 2048] x 4
  %acc = bir.memloc "acc" psum [128, 2048] x 4
  bir.matmul %acc[0:128, 0:2048, 0] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
  bir.loop %n = 0 to 3 {
    bir.matmul %acc[0:128, 0:2048, %n + 1] = %w[0:128, 0:128, 0], %x[0:128, 0:2048, 0] latency 64
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }
  bir.activation relu %y[0:128, 0:2048, 3] = %acc[0:128, 0:2048, 3] latency 32
}
