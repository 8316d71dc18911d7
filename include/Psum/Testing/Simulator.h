//===- Simulator.h - abstract execution of bir functions --------*- C++ -*-===//
//
// Executes a bir function on value identities: every write stores a hash of
// the instruction, its loop iteration and the values it read; copies move
// values unchanged. PSUM is either logical (one storage per location) or
// physical (the banks the allocator assigned), so running a function before
// and after allocation and comparing what every instruction reads shows
// whether the allocation clobbered anything.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_TESTING_SIMULATOR_H
#define PSUM_TESTING_SIMULATOR_H

#include "Psum/Dialect/BIR/BIROps.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace psum::testing {

/// Attribute the harness puts on the original instructions, so that the
/// instructions of the allocated function can be matched to them.
inline constexpr llvm::StringLiteral kSimIdAttr = "psum.sim_id";

enum class PsumModel { Logical, Physical };

struct SimOptions {
  PsumModel psum = PsumModel::Logical;
  unsigned numBanks = 8;
  unsigned bankSize = 2048;
  /// Cell size in partitions and bytes: every access offset and size must be
  /// a multiple (see granularity()).
  int64_t partitionCell = 1, byteCell = 1;
  /// Stop after this many steps: an executed instruction takes one and one
  /// more per loop around it (what its reads record), so that deep nests
  /// stop before their records fill memory.
  uint64_t maxSteps = 10'000'000;
  /// Refuse functions whose storage takes more cells (8 bytes each).
  uint64_t maxCells = uint64_t(1) << 26;
};

/// What one instruction with a sim id read in one iteration.
struct ReadEvent {
  int64_t id;
  std::vector<int64_t> iteration;
  uint64_t value;
  mlir::Operation *op;
};

struct SimResult {
  bool ok = true;
  /// The run stopped at a budget (steps or cells): nothing was checked.
  bool overBudget = false;
  std::string error;
  std::vector<ReadEvent> reads;
  /// Final contents of every location outside PSUM not minted by spilling.
  std::map<std::string, uint64_t> finalState;
};

/// Cell sizes fitting every access of `func` and the bank size.
void granularity(bir::FuncOp func, SimOptions &options);

SimResult simulate(bir::FuncOp func, const SimOptions &options);

/// Compares a run of the original with a run of the allocated function:
/// empty if they agree, else a description naming the first instruction
/// that read a different (clobbered) value.
std::string compareRuns(const SimResult &original, const SimResult &allocated);

} // namespace psum::testing

#endif // PSUM_TESTING_SIMULATOR_H
