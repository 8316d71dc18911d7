//===- Report.h - allocation reports ----------------------------*- C++ -*-===//
//
// What psum-allocate tells about a function: the seed's report lines (as
// remarks) and the JSON report of docs/PsumAllocate.md.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_TRANSFORMS_REPORT_H
#define PSUM_TRANSFORMS_REPORT_H

#include "Psum/Transforms/Allocator.h"

#include "mlir/IR/Diagnostics.h"

namespace psum::alloc {

struct TensorReport {
  std::string name;
  int64_t bytes = 0, blocks = 1;
  unsigned liveBanks = 0;
  Interval live{0, 0};
  std::optional<int64_t> baseBank;
  llvm::SmallVector<int64_t> banks;
  bool pinned = false, spilled = false;
  /// On a location spilling minted (a reload, a SpillWrite): its tensor.
  std::optional<std::string> spillOf;
  double cost = 0;
};

struct SpillReport {
  std::string tensor;
  bool save = true; ///< save out of PSUM, else reload into PSUM
  std::string copy;
  unsigned at = 0;
};

/// An error or warning emitted on the function while the pass ran on it.
struct DiagnosticReport {
  bool error = true; ///< else a warning
  std::string message;
  /// `file:line:col` where the location has one, else MLIR's form.
  std::string location;
  std::vector<std::string> notes;
};

struct FunctionReport {
  std::string function, arch;
  /// False when the pass failed on the function: then only `function` is
  /// set (the report is written anyway, so that no older one is read).
  bool allocated = false;
  unsigned numBanks = 0, bankSize = 0;
  /// Left free: the option's and the function's, increasing.
  llvm::SmallVector<int64_t> reservedBanks;
  /// Blocks rotate over as many banks as are live at once (the option or
  /// the function's `uneven_rotation`).
  bool unevenRotation = false;
  std::string heuristic;
  /// A heuristic tried: its score, or the best score b its cost passed
  /// when it was abandoned (b may be 0, so no sign can mark it).
  struct Tried {
    std::string name;
    double score;
    bool abandoned;
  };
  std::vector<Tried> tried; ///< in order
  double score = 0;
  double demandRatio = 0;     ///< the seed's NUM_PSUM_BANKS / total demand
  unsigned peakDemand = 0;    ///< MaxLive in banks before spilling
  double utilization = 0;     ///< banks used / usable banks
  double spillCycles = 0;
  unsigned spilledTensors = 0;
  /// The seed's "PSUM GCA interation nums" (coloring rounds of the kept
  /// heuristic; 0: nothing allocated) and "%(psum first iter)" (share of
  /// the candidates its first round placed).
  unsigned gcaIterations = 0;
  double firstIterPlaced = 1;
  /// What the exact mode concluded (empty when it did not run), and the
  /// option whose limit stopped it short of a conclusion (empty otherwise).
  std::string exact;
  std::string exactLimit;
  /// Tensors the winner spilled that the others' spills made unnecessary,
  /// put back in this order, and the winner's score before and after (the
  /// exact mode may still improve on it).
  std::vector<std::string> putBack;
  double unprunedScore = 0, prunedScore = 0;
  /// Locations that take more banks than they have blocks live at once
  /// (the seed's divisor rule) in a function that spilled, with what
  /// uneven-rotation would save (remarks only).
  std::vector<std::pair<mlir::Location, std::string>> unevenHints;
  std::vector<TensorReport> tensors;
  std::vector<SpillReport> spills;
  /// Errors and warnings, in emission order: why a function failed.
  std::vector<DiagnosticReport> diagnostics;
};

/// While it lives, copies the errors and warnings emitted on its thread
/// into `report` and passes them on to the context's other handlers (they
/// are printed as before). Create it inside the work on one function: in
/// mlir::parallelForEach, after the handler that orders the threads'
/// diagnostics, so that it sees them first.
class DiagnosticRecorder {
public:
  DiagnosticRecorder(mlir::MLIRContext *context, FunctionReport &report);

private:
  uint64_t thread;
  mlir::ScopedDiagnosticHandler handler;
};

/// What the read-only passes (psum-summary, psum-timeline) read of an
/// allocated function: the allocator's own view of it.
struct AllocatedView {
  LinearFunction lf;
  Problem problem;
  Graph graph;
};

/// Linearizes `func` and builds its candidates and interference; emits the
/// failure on the function's ops if its live ranges cannot be built.
mlir::FailureOr<AllocatedView> viewAllocated(bir::FuncOp func,
                                             const Geometry &geometry,
                                             bool loopAware);

/// Fills the per-tensor and per-spill parts of `report` from the allocated
/// function.
void fillReport(bir::FuncOp func, const Geometry &geometry, bool loopAware,
                unsigned copyLatency, FunctionReport &report);

/// Writes the JSON report of all functions to `path` ('-': stdout).
mlir::LogicalResult writeReport(mlir::Location loc, llvm::StringRef path,
                                llvm::ArrayRef<FunctionReport> reports);

/// Writes `path` ('-': stdout) with `write`. A file that cannot be opened
/// or written (a full disk) is an error at `loc`, not a fatal one.
mlir::LogicalResult
writeOutputFile(mlir::Location loc, llvm::StringRef path,
                llvm::function_ref<void(llvm::raw_ostream &)> write);

} // namespace psum::alloc

#endif // PSUM_TRANSFORMS_REPORT_H
