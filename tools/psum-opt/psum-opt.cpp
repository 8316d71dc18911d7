//===- psum-opt.cpp - mlir-opt style driver for Psum ----------------------===//

#include "Psum/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  psum::registerAllDialects(registry);
  psum::registerAllPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Psum optimizer driver\n", registry));
}
