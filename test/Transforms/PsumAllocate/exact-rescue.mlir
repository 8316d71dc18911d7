// RUN: psum-opt %s --psum-allocate="verify=true remarks=true" -o /dev/null 2>&1 | FileCheck %s
// RUN: not psum-opt %s --psum-allocate="rescue-budget=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: psum-check %s | FileCheck %s --check-prefix=SIM
// RUN: psum-check %s --allocate-options=rescue-budget=0 2>&1 | FileCheck %s --check-prefix=SIM-OFF

// psum-check --count 1 --seed 3708 --reuse 30: every heuristic of best-of-n
// ends in "too many reloads required", and the per-instruction bound proves
// nothing. The exact mode then runs as a rescue (exact=false) and finds an
// allocation; with rescue-budget=0 there is no rescue and the error
// stands, without a claim that no allocation exists.
// CHECK: remark: best-of-n loop, heuristic = ratio-backtrack: PSUM score = inf (lower is better)
// CHECK: remark: exact mode: found an allocation of cost 1088
// CHECK: remark: best PSUM heuristic = exact
// OFF: error: too many reloads required
// OFF-NOT: no allocation exists
// SIM: checked 1 functions: 1 allocated, 0 rejected inputs, 0 violations
// psum-check names a refusal that nothing proved, so that it can be replayed.
// SIM-OFF: refused {{.*}}exact-rescue.mlir:@rescue (no proof that no allocation exists): too many reloads required
// SIM-OFF: refused (feasible?, too many reloads required): 1
bir.func @rescue attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 8192]
  %y = bir.memloc "y" sbuf [128, 8192]
  %acc0 = bir.memloc "acc0" psum [128, 4096]
  %v1 = bir.memloc "v1" psum [128, 2048]
  %h2 = bir.memloc "h2" psum [128, 2048]
  %acc3 = bir.memloc "acc3" psum [128, 4096]
  %tile4 = bir.memloc "tile4" psum [128, 1024] x 2
  %acc5 = bir.memloc "acc5" psum [128, 2048]
  %t6 = bir.memloc "t6" psum [128, 2048]
  %acc7 = bir.memloc "acc7" psum [128, 2048]
  %t8 = bir.memloc "t8" psum [128, 512]
  %acc9 = bir.memloc "acc9" psum [128, 4096]
  %acc10 = bir.memloc "acc10" psum [128, 4096]
  %t11 = bir.memloc "t11" psum [128, 6144]
  %t12 = bir.memloc "t12" psum [128, 2048]
  %t13 = bir.memloc "t13" psum [128, 2048]
  bir.loop %arg0 = 0 to 2 {
    bir.matmul %acc0 += %w, %x latency 16
  }
  bir.inst "vector_op" writes(%v1) reads(%acc0, %x) latency 64
  bir.matmul %h2[0:128, 0:1024] = %w, %x latency 64
  bir.matmul %h2[0:128, 1024:2048] = %w, %x latency 64
  bir.activation exp %y = %h2[0:128, 0:1024] latency 32
  bir.tensor_copy %y[0:128, 0:1024] = %h2[0:128, 1024:2048] latency 32
  bir.activation exp %y = %v1 latency 32
  bir.loop %arg0 = 0 to 2 {
    bir.matmul %acc3 += %w, %x latency 128
  }
  bir.loop %arg0 = 0 to 2 {
    bir.matmul %tile4[0:128, 0:1024, %arg0] = %w, %x latency 32
    bir.activation relu %y = %tile4[0:128, 0:1024, %arg0] latency 32
  }
  bir.loop %arg0 = 0 to 3 {
    bir.matmul %acc5 += %w, %x latency 64
  }
  bir.matmul %t6 = %w, %x latency 128
  bir.loop %arg0 = 0 to 4 {
    bir.matmul %acc7 += %w, %x latency 32
  }
  bir.matmul %v1 = %w, %x latency 64
  bir.activation silu %y = %acc5 latency 128
  bir.activation square %y = %acc3 latency 128
  bir.matmul %t8 = %w, %x latency 16
  bir.activation tanh %y = %t6 latency 128
  bir.matmul %t6 = %w, %x latency 32
  bir.loop %arg0 = 0 to 2 {
    bir.matmul %acc9 += %w, %x latency 64
  }
  bir.loop %arg0 = 0 to 2 {
    bir.matmul %acc10 += %w, %x latency 128
    bir.matmul %t11 = %w, %x latency 32
    bir.activation relu %y = %t6 latency 32
    bir.matmul %t12 = %w, %x latency 16
    bir.matmul %t13 = %w, %x latency 128
    bir.loop %arg1 = 0 to 1 {
      bir.activation square %y = %v1 latency 64
      bir.tensor_copy %y[0:128, 0:2048] = %t12 latency 16
      bir.activation silu %y = %t8 latency 32
    }
    bir.matmul %t6 = %w, %x latency 32
  }
  bir.activation square %y = %t6 latency 32
  bir.activation exp %y = %acc9 latency 32
  bir.activation sigmoid %y = %acc10 latency 32
  bir.activation exp %y = %t13 latency 16
  bir.activation square %y = %t11 latency 64
  bir.activation square %y = %acc9 latency 64
  bir.activation silu %y = %t8 latency 128
  bir.tensor_copy %y[0:128, 0:2048] = %acc7 latency 64
}
