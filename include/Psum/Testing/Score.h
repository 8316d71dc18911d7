//===- Score.h - allocate a copy of a function for its score ----*- C++ -*-===//
//
// What the quality tools compare: psum-allocate's spill cost on a function,
// run on a copy so that the function stays as it is, and the first round's
// problem the searches they compare it with start from.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_TESTING_SCORE_H
#define PSUM_TESTING_SCORE_H

#include "Psum/Dialect/BIR/BIROps.h"
#include "Psum/Transforms/Allocator.h"

#include <optional>
#include <string>

namespace psum::testing {

/// Allocates a copy of `func` with psum-allocate `options` (its textual
/// options, e.g. "heuristic=seed"; options it does not take are a fatal
/// error); the score (`psum.score`, the spill cost in bank x cycles), or
/// nullopt if allocation failed. Diagnostics are not shown; `exactOutcome`
/// gets the text of the exact mode's remark.
std::optional<double> allocationScore(bir::FuncOp func, llvm::StringRef options,
                                      std::string *exactOutcome = nullptr);

/// The first round's problem of `func` (its own geometry, loop-aware live
/// ranges, no split, no costs) and its linear points `lf`, as psum-allocate
/// builds them; failure where the allocator refuses the function anyway.
mlir::FailureOr<alloc::Problem> firstRound(bir::FuncOp func,
                                           alloc::LinearFunction &lf);

/// Simplify then select under every named heuristic on `problem` and
/// `graph`, as text: each heuristic's trace, stack and placement (or
/// failure). The interference graph's forms (Graph::isDense) must give the
/// same text.
std::string describeColorings(const alloc::Problem &problem,
                              const alloc::Graph &graph);

/// Parses each of `files` (psum::parseModuleFile, with its errors shown
/// against the source) and calls `visit` on each bir.func of its module,
/// named "<file>:@<function>". Failure, said on stderr, at the first file
/// that does not parse or has a function where the tools cannot take it.
mlir::LogicalResult forEachFunction(
    llvm::ArrayRef<std::string> files, mlir::MLIRContext &context,
    llvm::function_ref<void(bir::FuncOp, const std::string &)> visit);

} // namespace psum::testing

#endif // PSUM_TESTING_SCORE_H
