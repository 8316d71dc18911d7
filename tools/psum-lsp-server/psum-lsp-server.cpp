//===- psum-lsp-server.cpp - MLIR language server for bir -----------------===//
//
// MLIR's language server (diagnostics, hover, go-to-definition, completion)
// with the Psum dialects registered. Editor set-up: docs/Embedding.md.
//
//===----------------------------------------------------------------------===//

#include "Psum/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/Support/LogicalResult.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  psum::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
