//===- Score.cpp - allocate a copy of a function for its score ------------===//

#include "Psum/Testing/Score.h"
#include "Psum/Support/UpstreamParser.h"
#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace psum;

std::optional<double>
psum::testing::allocationScore(bir::FuncOp func, StringRef options,
                               std::string *exactOutcome) {
  MLIRContext *context = func.getContext();
  OwningOpRef<ModuleOp> module = ModuleOp::create(func.getLoc());
  module->getBody()->push_back(func.clone());
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    std::string text = diag.str();
    if (exactOutcome && StringRef(text).starts_with("exact mode: "))
      *exactOutcome = text.substr(12);
    return success();
  });
  std::unique_ptr<Pass> allocate = createPsumAllocatePass();
  // Options come from the tools' own code: a bad one is their bug, said
  // once on stderr rather than counted as a failed allocation.
  if (failed(allocate->initializeOptions(
          ("remarks=true " + options).str(), [](const Twine &message) {
            llvm::errs() << "psum-allocate options: " << message << "\n";
            return failure();
          })))
    llvm::report_fatal_error("bad psum-allocate options in a testing tool");
  PassManager pm(context, ModuleOp::getOperationName());
  pm.addPass(std::move(allocate));
  if (failed(pm.run(*module)))
    return std::nullopt;
  auto allocated = cast<bir::FuncOp>(module->getBody()->front());
  auto score = allocated->getAttrOfType<IntegerAttr>(alloc::kScoreAttr);
  return score ? double(score.getInt()) : 0.0;
}

FailureOr<alloc::Problem> psum::testing::firstRound(bir::FuncOp func,
                                                    alloc::LinearFunction &lf) {
  lf = alloc::linearize(func);
  alloc::Failure ignored;
  FailureOr<alloc::Geometry> geometry =
      alloc::resolveGeometry(func, "", 0, 0, {});
  if (failed(geometry))
    return failure();
  return alloc::buildLiveRanges(lf, *geometry, true, ignored);
}

LogicalResult psum::testing::forEachFunction(
    ArrayRef<std::string> files, MLIRContext &context,
    function_ref<void(bir::FuncOp, const std::string &)> visit) {
  for (const std::string &file : files) {
    llvm::SourceMgr sourceMgr;
    SourceMgrDiagnosticHandler errors(sourceMgr, &context);
    OwningOpRef<ModuleOp> module =
        psum::parseModuleFile(file, sourceMgr, &context);
    if (!module) {
      llvm::errs() << "error: cannot parse " << file << "\n";
      return failure();
    }
    FailureOr<SmallVector<bir::FuncOp>> funcs = moduleFunctions(*module);
    if (failed(funcs))
      return failure();
    for (bir::FuncOp func : *funcs)
      visit(func, file + ":@" + func.getSymName().str());
  }
  return success();
}

std::string psum::testing::describeColorings(const alloc::Problem &problem,
                                             const alloc::Graph &graph) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const alloc::Heuristic &heuristic : alloc::namedHeuristics()) {
    alloc::NodeStack stack = alloc::simplify(problem, graph, heuristic, &os);
    os << heuristic.name << " stack:";
    for (unsigned v : stack)
      os << " " << v;
    alloc::Failure failure;
    FailureOr<alloc::Selection> selection =
        alloc::select(problem, graph, stack, &os, failure);
    if (failed(selection)) {
      os << "\nfailed: " << failure.message << "\n";
      continue;
    }
    os << "\nbases:";
    for (std::optional<unsigned> base : selection->base)
      os << " " << (base ? std::to_string(*base) : "-");
    os << "\nspills:";
    for (unsigned v : selection->spills)
      os << " " << v;
    os << "\n";
  }
  return text;
}
