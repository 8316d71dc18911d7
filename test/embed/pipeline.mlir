// psum-pipeline (include/Psum/InitAll.h) as psum-opt sees it, on the kernel
// and with the commands of docs/Embedding.md: psum-allocate with the
// forwarded options, then psum-verify-allocation on each bir.func.
//
// RUN: psum-opt %psum_src_root/examples/embed/kernel.mlir --psum-pipeline | FileCheck %s
// RUN: psum-opt %psum_src_root/examples/embed/kernel.mlir --pass-pipeline='builtin.module(psum-pipeline{arch=gen2 num-banks=8})' | FileCheck %s
// RUN: psum-opt %psum_src_root/examples/embed/kernel.mlir --psum-pipeline="arch=gen3 reserved-banks=0" | FileCheck %s --check-prefix=RESERVED
// RUN: psum-opt %psum_src_root/examples/embed/kernel.mlir --psum-pipeline="num-banks=4 best-of=2 load-to-copy=false" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not psum-opt %psum_src_root/examples/embed/kernel.mlir --psum-pipeline="no-such-option=1" 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: psum-opt --help | FileCheck %s --check-prefix=HELP

// CHECK-LABEL: bir.func @mm
// CHECK: bir.memloc "acc" psum [128, 2048] {{.*}}base_bank = 0 : i64

// RESERVED-LABEL: bir.func @mm
// RESERVED: bir.memloc "acc" psum [128, 2048] {{.*}}base_bank = 1 : i64

// PIPELINE: builtin.module(
// PIPELINE-NEXT: psum-allocate{{.*}} best-of=2 {{.*}} load-to-copy=false {{.*}} num-banks=4 {{.*}}
// PIPELINE-NEXT: bir.func(
// PIPELINE-NEXT: psum-verify-allocation{{.*}} num-banks=4 {{.*}}}

// BADOPT: no such option no-such-option

// HELP: --psum-pipeline
// HELP-SAME: allocate PSUM banks (psum-allocate), then check the allocation
