//===- InitAll.h - Register everything Psum provides ------------*- C++ -*-===//
//
// The one header an embedder includes: it registers the `bir` dialect, the
// Psum passes and the `psum-pipeline` pass pipeline, and builds that pipeline
// from C++. Link `Psum::PsumInitAll` (which brings PsumBIR and
// PsumTransforms). See docs/Embedding.md.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_INITALL_H
#define PSUM_INITALL_H

#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace psum {

/// Adds every dialect Psum defines (today only `bir`) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the Psum passes (`psum-allocate`, `psum-explain`, ...) and the
/// `psum-pipeline` pass pipeline with the global pass registry, so that
/// `mlir::parsePassPipeline` and `--pass-pipeline` know them. Calling it more
/// than once is harmless.
void registerAllPasses();

/// Options of `psum-pipeline`: the main options of `psum-allocate`, forwarded
/// to it unchanged (same names, same defaults).
struct PsumPipelineOptions
    : public mlir::PassPipelineOptions<PsumPipelineOptions> {
  Option<std::string> arch{
      *this, "arch",
      llvm::cl::desc("override the functions' architecture (gen1, gen2, "
                     "gen3, gen4)"),
      llvm::cl::init("")};
  Option<unsigned> numBanks{
      *this, "num-banks",
      llvm::cl::desc("override the number of PSUM banks (0: from the "
                     "architecture)"),
      llvm::cl::init(0)};
  Option<unsigned> bankSize{
      *this, "bank-size",
      llvm::cl::desc("override the PSUM bank size in bytes (0: from the "
                     "architecture)"),
      llvm::cl::init(0)};
  ListOption<unsigned> reservedBanks{
      *this, "reserved-banks",
      llvm::cl::desc("banks the allocator must leave free, besides each "
                     "function's reserved_banks")};
  Option<unsigned> bestOf{
      *this, "best-of",
      llvm::cl::desc("number of heuristics tried in the best-of-n loop (0: "
                     "all named ones)"),
      llvm::cl::init(0)};
  Option<std::string> heuristic{
      *this, "heuristic", llvm::cl::desc("run only this named heuristic"),
      llvm::cl::init("")};
  Option<bool> loopAware{
      *this, "loop-aware",
      llvm::cl::desc("extend live ranges around loops"), llvm::cl::init(true)};
  Option<std::string> spillSpace{
      *this, "spill-space",
      llvm::cl::desc("where spilled values are saved (sbuf or dram)"),
      llvm::cl::init("sbuf")};
  Option<bool> loadToCopy{
      *this, "load-to-copy",
      llvm::cl::desc("a TensorCopy reading a spilled tensor reads the saved "
                     "copy, with no reload into PSUM (the seed's load2Copy)"),
      llvm::cl::init(true)};
  Option<bool> unevenRotation{
      *this, "uneven-rotation",
      llvm::cl::desc("a location's blocks may rotate over any number of "
                     "banks, not only a divisor of the block count"),
      llvm::cl::init(false)};
  Option<unsigned> copyLatency{
      *this, "copy-latency",
      llvm::cl::desc("cycles a spill or reload TensorCopy takes per bank"),
      llvm::cl::init(64)};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("emit the allocator's report lines as remarks"),
      llvm::cl::init(false)};
  Option<std::string> reportFile{
      *this, "report",
      llvm::cl::desc("write a JSON allocation report to this file ('-' for "
                     "stdout)"),
      llvm::cl::init("")};
};

/// Appends the `psum-pipeline` passes to `pm` (a pass manager on
/// `builtin.module`): `psum-allocate` with `options`, then
/// `psum-verify-allocation` on every `bir.func` with the same target
/// (`arch`, `num-banks`, `bank-size`).
void buildPsumPipeline(mlir::OpPassManager &pm,
                       const PsumPipelineOptions &options);

/// Same, with the default options.
void buildPsumPipeline(mlir::OpPassManager &pm);

} // namespace psum

#endif // PSUM_INITALL_H
