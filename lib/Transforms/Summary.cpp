//===- Summary.cpp - a human-readable PSUM allocation summary -------------===//
//
// `psum-summary` prints, per allocated function, what a user asks first:
// how many banks, how tight (peak demand), what was spilled, which
// heuristic won and its score. See docs/Timeline.md.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Report.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ToolOutputFile.h"

#include <set>

namespace psum {
#define GEN_PASS_DEF_PSUMSUMMARYPASS
#include "Psum/Transforms/Passes.h.inc"
} // namespace psum

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

/// "0-3, 5" for a bank set.
/// Works on any sorted bank container.
template <typename Banks> std::string bankRange(const Banks &banks) {
  std::string out;
  auto it = banks.begin();
  while (it != banks.end()) {
    unsigned first = *it, last = *it;
    for (++it; it != banks.end() && *it == last + 1; ++it)
      last = *it;
    out += out.empty() ? "" : ", ";
    out += std::to_string(first);
    if (last != first)
      out += "-" + std::to_string(last);
  }
  return out.empty() ? "none" : out;
}

class PsumSummaryPass
    : public psum::impl::PsumSummaryPassBase<PsumSummaryPass> {
public:
  using PsumSummaryPassBase::PsumSummaryPassBase;

  void runOnOperation() override {
    markAllAnalysesPreserved();
    FailureOr<SmallVector<bir::FuncOp>> funcs = moduleFunctions(getOperation());
    if (failed(funcs))
      return signalPassFailure();
    std::string text;
    llvm::raw_string_ostream os(text);
    for (bir::FuncOp func : *funcs)
      if (failed(summarize(func, os)))
        return signalPassFailure();
    if (outputFile.empty())
      llvm::errs() << text;
    else if (failed(writeOutputFile(getOperation().getLoc(), outputFile,
                                    [&](raw_ostream &out) { out << text; })))
      signalPassFailure();
  }

private:
  LogicalResult summarize(bir::FuncOp func, raw_ostream &os);
};

} // namespace

LogicalResult PsumSummaryPass::summarize(bir::FuncOp func, raw_ostream &os) {
  FailureOr<Geometry> geometry =
      resolveGeometry(func, "", 0, 0, reservedBanks);
  if (failed(geometry))
    return failure();
  geometry->unevenRotation |= unevenRotation;
  FailureOr<AllocatedView> view = viewAllocated(func, *geometry, loopAware);
  if (mlir::failed(view))
    return mlir::failure();
  const LinearFunction &lf = view->lf;
  const Problem &problem = view->problem;
  const Graph &graph = view->graph;

  std::set<unsigned> used;
  unsigned unplaced = 0, spilledTensors = markedSpills(func);
  for (const Node &node : problem.nodes) {
    auto memloc = cast<bir::MemLocOp>(node.memloc);
    std::vector<unsigned> banks = occupiedBanks(memloc, node);
    if (banks.empty())
      ++unplaced;
    used.insert(banks.begin(), banks.end());
  }
  unsigned saves = 0, reloads = 0;
  for (const Point &point : lf.points) {
    auto copy = dyn_cast<bir::TensorCopyOp>(point.op);
    if (!copy || copy.getLocs().empty())
      continue;
    bir::MemLocOp dst = bir::getMemLoc(copy.getLocs()[0]);
    if (!dst || !dst->hasAttr(kSpillOriginAttr))
      continue;
    ++(dst.isPsum() ? reloads : saves);
  }

  std::string heuristic = "- (not allocated by psum-allocate)";
  if (auto attr = func->getAttrOfType<StringAttr>(kHeuristicAttr))
    heuristic = attr.str();
  std::string score = "-";
  if (auto attr = func->getAttrOfType<IntegerAttr>(kScoreAttr))
    score = std::to_string(attr.getInt()) + " (spill bank x cycles)";
  else if (Attribute attr = func->getAttr(kScoreAttr)) {
    score.clear();
    llvm::raw_string_ostream s(score);
    attr.print(s);
  }

  unsigned usable = geometry->usableBanks();
  os << "PSUM summary for @" << func.getSymName() << " ("
     << bir::stringifyArchGen(func.getArch().getGen()) << ", "
     << geometry->numBanks << " banks of " << geometry->bankSize << " bytes";
  if (geometry->reserved)
    os << ", reserved " << bankRange(geometry->reservedBanks());
  os << ")\n";
  os << "  tensors in PSUM: " << problem.nodes.size() << "\n";
  os << "  banks used:      " << used.size() << " of " << usable << " ("
     << bankRange(used) << ")";
  if (unplaced)
    os << ", " << unplaced << " tensor" << (unplaced > 1 ? "s" : "")
       << " without banks";
  os << "\n";
  os << "  peak demand:     " << graph.peakDemand << " bank"
     << (graph.peakDemand == 1 ? "" : "s");
  if (!problem.nodes.empty())
    os << " at linear point " << graph.peakPoint;
  os << "\n";
  os << "  spills:          " << spilledTensors << " tensor"
     << (spilledTensors == 1 ? "" : "s") << " spilled, " << saves + reloads
     << " cop" << (saves + reloads == 1 ? "y" : "ies") << " inserted ("
     << saves << " save" << (saves == 1 ? "" : "s") << ", " << reloads
     << " reload" << (reloads == 1 ? "" : "s") << ")\n";
  os << "  heuristic:       " << heuristic << "\n";
  os << "  score:           " << score << "\n";

  if (tensors) {
    for (const Node &node : problem.nodes) {
      auto memloc = cast<bir::MemLocOp>(node.memloc);
      std::vector<unsigned> banks = occupiedBanks(memloc, node);
      std::string live = "[" + std::to_string(node.def) + ", " +
                         std::to_string(node.use) + "]";
      std::string line;
      llvm::raw_string_ostream ls(line);
      ls << "    " << llvm::left_justify(node.name, 24) << " banks "
         << llvm::left_justify(bankRange(banks), 10) << " live "
         << llvm::left_justify(live, 10);
      if (node.pin)
        ls << " pinned";
      if (node.unspillable)
        ls << " accumulation-group";
      if (memloc->hasAttr(kSpilledAttr))
        ls << " spilled";
      if (auto origin = memloc->getAttrOfType<StringAttr>(kSpillOriginAttr))
        ls << (isSpillWrite(memloc) ? " write-of=" : " reload-of=")
           << origin.getValue();
      os << StringRef(line).rtrim() << "\n";
    }
  }
  return success();
}
