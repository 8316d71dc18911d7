//===- Explain.cpp - one allocator phase's result as remarks --------------===//
//
// The thin pass over each phase: run the phases up to the requested one on
// the IR as it is and report that phase's product on the ops it concerns.
// Remarks go to the ops' locations without the ops attached: printing an op
// for a diagnostic verifies its function, once per remark.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"

#include <cmath>

namespace psum {
#define GEN_PASS_DEF_PSUMEXPLAINPASS
#include "Psum/Transforms/Passes.h.inc"
} // namespace psum

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

enum class Phase {
  Linearize,
  Live,
  Interference,
  Bound,
  Costs,
  Simplify,
  Select
};

std::optional<Phase> parsePhase(StringRef name) {
  return llvm::StringSwitch<std::optional<Phase>>(name)
      .Case("linearize", Phase::Linearize)
      .Case("live", Phase::Live)
      .Case("interference", Phase::Interference)
      .Case("bound", Phase::Bound)
      .Case("costs", Phase::Costs)
      .Case("simplify", Phase::Simplify)
      .Case("select", Phase::Select)
      .Default(std::nullopt);
}

StringRef kindName(PointKind kind) {
  switch (kind) {
  case PointKind::Instruction:
    return "instruction";
  case PointKind::LoopHeader:
    return "loop header";
  case PointKind::BackEdge:
    return "back-edge";
  }
  return "";
}

class PsumExplainPass : public psum::impl::PsumExplainPassBase<PsumExplainPass> {
public:
  using PsumExplainPassBase::PsumExplainPassBase;

  void runOnOperation() override {
    std::optional<Phase> stop = parsePhase(phase);
    if (!stop) {
      emitError(getOperation().getLoc(), "unknown phase '") << phase << "'";
      return signalPassFailure();
    }
    const Heuristic *chosen = nullptr;
    std::vector<Heuristic> heuristics = namedHeuristics();
    for (const Heuristic &h : heuristics)
      if (h.name == heuristic)
        chosen = &h;
    if (!chosen) {
      emitError(getOperation().getLoc(), "unknown heuristic '")
          << heuristic << "'";
      return signalPassFailure();
    }
    FailureOr<SmallVector<bir::FuncOp>> funcs = moduleFunctions(getOperation());
    if (failed(funcs))
      return signalPassFailure();
    for (bir::FuncOp func : *funcs)
      if (failed(explain(func, *stop, *chosen)))
        return signalPassFailure();
  }

private:
  LogicalResult explain(bir::FuncOp func, Phase stop,
                        const Heuristic &heuristic);
};

} // namespace

LogicalResult PsumExplainPass::explain(bir::FuncOp original, Phase stop,
                                       const Heuristic &heuristic) {
  // psum-allocate splits first: its pieces are the candidates. Split works
  // on a copy, as this pass changes nothing.
  OwningOpRef<bir::FuncOp> copy;
  if (split)
    copy = original.clone();
  bir::FuncOp func = split ? *copy : original;
  llvm::StringSet<> names;
  for (auto memloc : original.getBodyBlock().getOps<bir::MemLocOp>())
    names.insert(memloc.getName());
  LinearFunction lf = linearize(func);
  PsumAccesses accesses = collectPsumAccesses(lf);
  if (split)
    splitLocations(lf, accesses, loopAware);
  // A remark on a candidate; a piece of a split location names itself.
  auto remarkOn = [&](const Node &node) {
    InFlightDiagnostic remark = emitRemark(node.memloc->getLoc());
    if (!names.contains(node.name))
      remark << "piece '" << node.name << "': ";
    return remark;
  };
  // The target options are checked whatever the phase, as psum-allocate
  // checks them.
  FailureOr<Geometry> geometry =
      resolveGeometry(func, arch, numBanks, bankSize, reservedBanks);
  if (failed(geometry))
    return failure();
  if (stop == Phase::Linearize) {
    for (auto [index, point] : llvm::enumerate(lf.points))
      emitRemark(point.op->getLoc(), "linear point ")
          << index << " (" << kindName(point.kind) << ", loop depth "
          << lf.loopNest(index).size() << ")";
    return success();
  }
  geometry->unevenRotation |= unevenRotation;
  geometry->loadToCopy = loadToCopy;
  Failure failure;
  FailureOr<Problem> problem =
      buildLiveRanges(lf, std::move(accesses), *geometry, loopAware, failure);
  if (failed(problem)) {
    failure.emit();
    return mlir::failure();
  }
  if (stop == Phase::Live) {
    for (const Node &node : problem->nodes)
      remarkOn(node) << "live [" << node.def << ", " << node.use << "], "
                     << node.liveN << " banks, shrink factor "
                     << (node.shrinkFactor
                             ? std::to_string(node.shrinkFactor)
                             : "none (" + std::to_string(node.blocks) +
                                   " blocks rotate unevenly over " +
                                   std::to_string(node.liveBlocks()) + ")");
    return success();
  }
  Graph graph = buildInterference(*problem, nullptr);
  if (stop == Phase::Interference) {
    emitRemark(func.getLoc(), "total demand ")
        << graph.totalDemand << " banks, peak " << graph.peakDemand
        << " banks at linear point " << graph.peakPoint;
    for (auto [v, node] : llvm::enumerate(problem->nodes)) {
      InFlightDiagnostic remark = remarkOn(node) << "interferes with";
      if (graph.degree(v) == 0)
        remark << " nothing";
      for (auto [i, m] : llvm::enumerate(graph.neighbors(v)))
        remark << (i ? ", " : " ") << problem->nodes[m].name;
    }
    return success();
  }
  if (stop == Phase::Bound) {
    std::optional<InstructionDemand> most = instructionBound(lf, *problem);
    if (!most)
      return success();
    unsigned usable = geometry->usableBanks();
    emitRemark(lf.points[most->point].op->getLoc(), "needs ")
        << most->banks << " of the " << usable
        << " PSUM banks whatever is spilled: "
        << (most->banks > usable ? "no allocation exists"
                                 : "the bound proves nothing");
    return success();
  }
  findCosts(*problem, copyLatency, nullptr);
  if (stop == Phase::Costs) {
    for (const Node &node : problem->nodes) {
      InFlightDiagnostic remark = remarkOn(node) << "spill cost ";
      if (std::isinf(node.cost))
        remark << "inf";
      else
        remark << static_cast<int64_t>(node.cost);
    }
    return success();
  }
  NodeStack stack = simplify(*problem, graph, heuristic, nullptr);
  if (stop == Phase::Simplify) {
    for (auto [v, node] : llvm::enumerate(problem->nodes)) {
      int64_t budget = additiveBudget(*problem, graph, v);
      StringRef list = budget >= 0                ? "lo"
                       : std::isinf(node.cost)    ? "inf"
                                                  : "hi";
      remarkOn(node) << "additive test " << budget << ": " << list;
    }
    InFlightDiagnostic remark = emitRemark(func.getLoc(), "node stack:");
    for (unsigned v : stack)
      remark << " " << problem->nodes[v].name;
    return success();
  }
  if (failed(checkPins(*problem)))
    return mlir::failure();
  FailureOr<Selection> selection = select(*problem, graph, stack, nullptr, failure);
  if (failed(selection)) {
    failure.emit();
    return mlir::failure();
  }
  for (auto [v, node] : llvm::enumerate(problem->nodes)) {
    if (selection->base[v])
      remarkOn(node) << "base bank " << *selection->base[v];
    else if (std::isinf(node.cost))
      // Pinned nodes always get their pin (checkPins held): infinite cost
      // here is a group's, or a location an earlier spill made.
      remarkOn(node) << "cannot allocate: "
                     << (node.fromSpill ? "made by a spill"
                                        : "an accumulation group")
                     << ", which is never spilled";
    else
      remarkOn(node) << "cannot allocate: spill";
  }
  return success();
}
