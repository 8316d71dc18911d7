//===- psum-opt.cpp - mlir-opt style driver for Psum ----------------------===//

#include "Psum/InitAll.h"
#include "Psum/Support/UpstreamParser.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cstdio>

/// MlirOptMain on `inputFilename`, except that input MLIR 22.1's parser would
/// crash on (from a file or from standard input) is reported as an error.
/// The input is read here once and handed to MlirOptMain as a buffer.
static mlir::LogicalResult optMain(llvm::StringRef inputFilename,
                                   llvm::StringRef outputFilename,
                                   mlir::DialectRegistry &registry) {
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // These read no input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::MlirOptMain(llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""),
                             registry, config);
  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return mlir::failure();
  }
  {
    llvm::SourceMgr sources;
    unsigned bufferId = sources.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    if (psum::reportIndexDenseArray(sources, bufferId))
      return mlir::failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return mlir::failure();
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return mlir::failure();
  output->keep();
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  mlir::DialectRegistry registry;
  psum::registerAllDialects(registry);
  psum::registerAllPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Psum optimizer driver\n", registry);
  return mlir::asMainReturnCode(
      optMain(inputFilename, outputFilename, registry));
}
