//===- BIRAttrs.h - bir enums and attributes --------------------*- C++ -*-===//

#ifndef PSUM_DIALECT_BIR_BIRATTRS_H
#define PSUM_DIALECT_BIR_BIRATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "Psum/Dialect/BIR/BIREnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Psum/Dialect/BIR/BIRAttrs.h.inc"

#endif // PSUM_DIALECT_BIR_BIRATTRS_H
