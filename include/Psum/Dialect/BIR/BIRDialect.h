//===- BIRDialect.h - bir dialect -------------------------------*- C++ -*-===//

#ifndef PSUM_DIALECT_BIR_BIRDIALECT_H
#define PSUM_DIALECT_BIR_BIRDIALECT_H

#include "mlir/IR/Dialect.h"

#include "Psum/Dialect/BIR/BIROpsDialect.h.inc"

#endif // PSUM_DIALECT_BIR_BIRDIALECT_H
