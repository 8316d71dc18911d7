// RUN: psum-opt %s -split-input-file --psum-allocate="verify=true trace=true heuristic=seed" -o /dev/null 2>&1 | FileCheck %s
// RUN: psum-opt %s -split-input-file --psum-allocate="remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: psum-opt %s -split-input-file --psum-allocate="heuristic=seed copy-latency=32 remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HALF

// The seed's trace banners, in phase order, for a kernel that spills.
// CHECK: allocating PSUM pressure
// CHECK-NEXT: 80.00% PSUM demand before spilling
// CHECK-NEXT: find costs
// CHECK-NEXT: add store cost, remove from needSave t0
// CHECK-NEXT: need load, add load cost, add to needSave t0
// CHECK: best-of-n loop, heuristic = seed
// CHECK-NEXT: lo = 0
// CHECK-NEXT: hi = 5
// CHECK-NEXT: inf = 0
// CHECK-NEXT: total = 5
// CHECK-NEXT: push back optimistic t0
// CHECK-NEXT: neighbor push to low t1
// CHECK: push back low
// CHECK: cannot allocate t0 (1 banks)
// CHECK: insert spill t0_SpillTensorCopy0
// CHECK-NEXT: insert reload t0_ReloadTensorCopy0
// CHECK: spilling from PSUM cost about
// CHECK: PSUM score = 256 (lower is better)
// CHECK-NEXT: best PSUM heuristic = seed
// CHECK-NEXT: PSUM GCA interation nums = 3
// CHECK-NEXT: 80.00%(psum first iter)
// CHECK-NEXT: number of tensors spilled from PSUM = 2
// CHECK-NEXT: 100.00% PSUM utilization after allocation
// Every round's spills cost copy-latency per bank, the later rounds' too:
// at 32 cycles the same three rounds score half as much.
// HALF: remark: best-of-n loop, heuristic = seed: PSUM score = 128 (lower is better)
// HALF: remark: PSUM GCA interation nums = 3
bir.func @pressure attributes {arch = #bir.arch<gen2, banks = 4>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048] x 5
  %t0 = bir.memloc "t0" psum [128, 2048]
  %t1 = bir.memloc "t1" psum [128, 2048]
  %t2 = bir.memloc "t2" psum [128, 2048]
  %t3 = bir.memloc "t3" psum [128, 2048]
  %t4 = bir.memloc "t4" psum [128, 2048]
  bir.matmul %t0 = %w, %x latency 64
  bir.matmul %t1 = %w, %x latency 64
  bir.matmul %t2 = %w, %x latency 64
  bir.matmul %t3 = %w, %x latency 64
  bir.matmul %t4 = %w, %x latency 64
  bir.activation relu %y[0:128, 0:2048, 0] = %t0 latency 32
  bir.activation relu %y[0:128, 0:2048, 1] = %t1 latency 32
  bir.activation relu %y[0:128, 0:2048, 2] = %t2 latency 32
  bir.activation relu %y[0:128, 0:2048, 3] = %t3 latency 32
  bir.activation relu %y[0:128, 0:2048, 4] = %t4 latency 32
}

// -----

// The demand is over the usable banks: two one-bank tensors live at once
// with four of eight banks reserved are 200%, in the trace as in the remark.
// CHECK: allocating PSUM demand_over_usable_banks
// CHECK-NEXT: 200.00% PSUM demand before spilling
// REMARK: remark: 200.00% PSUM demand before spilling
bir.func @demand_over_usable_banks attributes {arch = #bir.arch<gen2>, reserved_banks = array<i64: 0, 1, 2, 3>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  bir.matmul %a = %w, %x latency 64
  bir.matmul %b = %w, %x latency 64
  bir.activation identity %y = %a latency 32
  bir.activation identity %y = %b latency 32
}
