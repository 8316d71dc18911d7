//===- psum-opt.cpp - mlir-opt style driver for Psum ----------------------===//

#include "Psum/InitAll.h"
#include "Psum/Support/UpstreamParser.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

/// An error for input MLIR 22.1's parser would crash on, instead of the
/// crash. Standard input is not looked at: reading it here would consume it.
static bool parserWouldCrash(llvm::StringRef inputFilename) {
  if (inputFilename == "-")
    return false;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(inputFilename, /*IsText=*/true);
  // A file that does not open is for MlirOptMain to report.
  if (!file)
    return false;
  std::optional<size_t> offset =
      psum::findIndexDenseArray((*file)->getBuffer());
  if (!offset)
    return false;
  llvm::SourceMgr sources;
  const char *at = (*file)->getBufferStart() + *offset;
  sources.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  sources.PrintMessage(llvm::SMLoc::getFromPointer(at),
                       llvm::SourceMgr::DK_Error,
                       "MLIR 22.1's parser crashes on a dense array of "
                       "'index' (llvm/llvm-project#179045): write "
                       "array<i64: ...> instead");
  return true;
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  psum::registerAllDialects(registry);
  psum::registerAllPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Psum optimizer driver\n", registry);
  if (parserWouldCrash(inputFilename))
    return EXIT_FAILURE;
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
}
