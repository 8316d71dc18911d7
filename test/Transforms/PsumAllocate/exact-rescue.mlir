// RUN: psum-opt %s --psum-allocate="verify=true remarks=true" -o /dev/null 2>&1 | FileCheck %s
// RUN: not psum-opt %s --psum-allocate="rescue-budget=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM
// RUN: psum-check %s --allocate-options=rescue-budget=0 2>&1 | FileCheck %s --check-prefix=SIM-OFF

// psum-check --count 1 --seed 229 (renamed): every heuristic of best-of-n
// ends in "too many reloads required", and the per-instruction bound proves
// nothing. The exact mode then runs as a rescue (exact=false) and finds an
// allocation; with rescue-budget=0 there is no rescue and the error
// stands, without a claim that no allocation exists.
// CHECK: remark: best-of-n loop, heuristic = ratio-backtrack: PSUM score = inf (lower is better)
// CHECK: remark: best-of-n loop, heuristic = reach-backtrack: PSUM score = inf (lower is better)
// CHECK: remark: best-of-n loop, heuristic = whole-backtrack: PSUM score = inf (lower is better)
// CHECK: remark: exact mode: found an allocation of cost 2752
// CHECK: remark: best PSUM heuristic = exact
// OFF: error: too many reloads required
// OFF-NOT: no allocation exists
// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations
// psum-check names a refusal that nothing proved, so that it can be replayed.
// SIM-OFF: refused {{.*}}exact-rescue.mlir:@rescue (no proof that no allocation exists): too many reloads required
// SIM-OFF: refused (feasible?, too many reloads required): 1
bir.func @rescue attributes {arch = #bir.arch<gen1>} {
  %w = bir.memloc "w" sbuf [64, 128]
  %x = bir.memloc "x" sbuf [64, 8192]
  %y = bir.memloc "y" sbuf [64, 8192]
  %t0 = bir.memloc "t0" psum [64, 6144]
  %acc1 = bir.memloc "acc1" psum [64, 2048]
  %t2 = bir.memloc "t2" psum [64, 2048]
  %t3 = bir.memloc "t3" psum [64, 4096]
  %t4 = bir.memloc "t4" psum [64, 512]
  %t5 = bir.memloc "t5" psum [64, 6144]
  %t6 = bir.memloc "t6" psum [64, 6144]
  %t7 = bir.memloc "t7" psum [64, 4096]
  %v8 = bir.memloc "v8" psum [64, 2048]
  %t9 = bir.memloc "t9" psum [64, 2048]
  %t10 = bir.memloc "t10" psum [64, 512]
  %t11 = bir.memloc "t11" psum [64, 4096]
  %acc12 = bir.memloc "acc12" psum [64, 2048]
  %tile13 = bir.memloc "tile13" psum [64, 2048] x 4
  bir.matmul %t0 = %w, %x latency 16
  bir.loop %arg0 = 0 to 2 {
    bir.matmul %acc1 += %w, %x latency 16
  }
  bir.loop %arg0 = 0 to 4 {
    bir.matmul %t2 = %w, %x latency 64
    bir.activation relu %y = %t0 latency 16
  }
  bir.matmul %t3 = %w, %x latency 32
  bir.matmul %t4 = %w, %x latency 128
  bir.matmul %t5 = %w, %x latency 16
  bir.matmul %t6 = %w, %x latency 128
  bir.matmul %t7 = %w, %x latency 128
  bir.inst "vector_op" writes(%v8) reads(%t7, %x) latency 64
  bir.tensor_copy %y[0:64, 0:512] = %t4 latency 32
  bir.matmul %t9 = %w, %x latency 64
  bir.matmul %t10 = %w, %x latency 128
  bir.matmul %t11 = %w, %x latency 32
  bir.loop %arg0 = 0 to 3 {
    bir.matmul %acc12 += %w, %x latency 32
    bir.loop %arg1 = 0 to 4 {
      bir.matmul %tile13[0:64, 0:2048, %arg1] = %w, %x latency 32
      bir.tensor_copy %y[0:64, 0:2048] = %tile13[0:64, 0:2048, %arg1] latency 64
    }
    bir.tensor_copy %y[0:64, 0:2048] = %acc1 latency 64
    bir.tensor_copy %y[0:64, 0:2048] = %acc1 latency 64
  }
  bir.activation exp %y = %t11 latency 16
  bir.activation tanh %y = %t3 latency 16
  bir.tensor_copy %y[0:64, 0:2048] = %v8 latency 64
  bir.activation gelu %y = %t3 latency 16
  bir.activation gelu %y = %t9 latency 16
  bir.tensor_copy %y[0:64, 0:512] = %t10 latency 16
  bir.activation square %y = %t6 latency 64
  bir.activation exp %y = %t6 latency 64
  bir.activation exp %y = %acc12 latency 64
  bir.tensor_copy %y[0:64, 0:2048] = %acc12 latency 16
  bir.activation relu %y = %t2 latency 32
  bir.activation sigmoid %y = %t10 latency 32
  bir.tensor_copy %y[0:64, 0:2048] = %acc12 latency 16
  bir.activation tanh %y = %t10 latency 32
  bir.activation square %y = %t6 latency 16
  bir.activation silu %y = %t5 latency 64
}
