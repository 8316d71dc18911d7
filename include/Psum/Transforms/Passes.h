//===- Passes.h - Psum passes -----------------------------------*- C++ -*-===//

#ifndef PSUM_TRANSFORMS_PASSES_H
#define PSUM_TRANSFORMS_PASSES_H

#include "Psum/Dialect/BIR/BIRDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace psum {

#define GEN_PASS_DECL
#include "Psum/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Psum/Transforms/Passes.h.inc"

} // namespace psum

#endif // PSUM_TRANSFORMS_PASSES_H
