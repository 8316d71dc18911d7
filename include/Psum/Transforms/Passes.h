//===- Passes.h - Psum passes -----------------------------------*- C++ -*-===//

#ifndef PSUM_TRANSFORMS_PASSES_H
#define PSUM_TRANSFORMS_PASSES_H

#include "Psum/Dialect/BIR/BIROps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace psum {

#define GEN_PASS_DECL
#include "Psum/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Psum/Transforms/Passes.h.inc"

/// The `bir.func`s directly in `module`, which the module passes handle.
/// One in a nested module is an error on it (run the pass on that module
/// instead), rather than a function silently left alone.
mlir::FailureOr<llvm::SmallVector<bir::FuncOp>>
moduleFunctions(mlir::ModuleOp module);

} // namespace psum

#endif // PSUM_TRANSFORMS_PASSES_H
