//===- main.cpp - Embedding Psum: parse, allocate, print ------------------===//
//
//   psum-embed <kernel.mlir>              psum-allocate, built from C++
//   psum-embed <kernel.mlir> --pipeline   psum::buildPsumPipeline
//   psum-embed <kernel.mlir> <pipeline>   a textual pipeline, for example
//                                         'psum-pipeline{arch=gen3}'
//
// Prints the allocated module on stdout; diagnostics go to stderr.
//
//===----------------------------------------------------------------------===//

#include "Psum/InitAll.h"
#include "Psum/Support/UpstreamParser.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: " << argv[0]
                 << " <kernel.mlir> [--pipeline | <pass pipeline>]\n";
    return 2;
  }

  // 1. Register: the bir dialect for the parser, the passes and the
  //    psum-pipeline pipeline for the textual pipeline parser.
  mlir::DialectRegistry registry;
  psum::registerAllDialects(registry);
  psum::registerAllPasses();
  mlir::MLIRContext context(registry);

  // 2. Parse the kernel. parseModuleFile is parseSourceFile with an error
  //    where MLIR 22.1's parser would crash; its errors, and the passes',
  //    go to the context's diagnostic engine, printed here on stderr with
  //    the source line.
  llvm::SourceMgr sources;
  mlir::SourceMgrDiagnosticHandler diagnostics(sources, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      psum::parseModuleFile(argv[1], sources, &context);
  if (!module)
    return 1;

  // 3. Build the pass manager (anchored on builtin.module).
  mlir::PassManager pm(&context);
  std::string mode = argc == 3 ? argv[2] : "";
  if (mode.empty()) {
    psum::PsumAllocatePassOptions options;
    options.remarks = false; // any psum-allocate option can be set here
    pm.addPass(psum::createPsumAllocatePass(options));
  } else if (mode == "--pipeline") {
    psum::buildPsumPipeline(pm);
  } else if (mlir::failed(mlir::parsePassPipeline(mode, pm))) {
    return 1;
  }

  // 4. Run it and print the result.
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
