//===- Select.cpp - 1-D first-fit over a free-bank bitmap -----------------===//
//
// The seed's select (@0xae4fc0): pop the stack, OR the banks of allocated
// neighbors into a bitmap, first-fit the lowest base bank with liveN free
// banks; a node that does not fit joins the spill set. Commit writes each
// block's bank round-robin over the node's live banks.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

static uint64_t windowMask(unsigned base, unsigned liveN) {
  uint64_t ones = liveN >= 64 ? ~uint64_t(0) : (uint64_t(1) << liveN) - 1;
  return ones << base;
}

uint64_t Selection::bankMask(const Problem &problem, unsigned node) const {
  if (!base[node])
    return 0;
  return windowMask(*base[node], problem.nodes[node].liveN);
}

void Failure::emit() const {
  InFlightDiagnostic diag = mlir::emitError(op->getLoc(), message);
  if (noteOp)
    diag.attachNote(noteOp->getLoc()) << note;
}

LogicalResult psum::alloc::checkPins(const Problem &problem,
                                     const Graph &graph) {
  const Geometry &geometry = problem.geometry;
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    if (!node.pin)
      continue;
    unsigned pin = *node.pin;
    if (pin + node.liveN > geometry.numBanks)
      return node.memloc->emitError("pinned bank ")
             << pin << " of '" << node.name << "' needs " << node.liveN
             << " banks but PSUM has only " << geometry.numBanks;
    uint64_t mask = windowMask(pin, node.liveN);
    if (uint64_t clash = mask & geometry.reserved)
      return node.memloc->emitError("pinned banks [")
             << pin << ", " << pin + node.liveN - 1 << "] of '" << node.name
             << "' overlap reserved bank " << llvm::countr_zero(clash);
    for (unsigned m : graph.adjacency[v]) {
      const Node &other = problem.nodes[m];
      if (m < v || !other.pin ||
          !(mask & windowMask(*other.pin, other.liveN)))
        continue;
      InFlightDiagnostic diag =
          node.memloc->emitError("pinned banks [")
          << pin << ", " << pin + node.liveN - 1 << "] of '" << node.name
          << "' overlap pinned banks [" << *other.pin << ", "
          << *other.pin + other.liveN - 1 << "] of '" << other.name
          << "' while both are live";
      diag.attachNote(other.memloc->getLoc())
          << "'" << other.name << "' is pinned here";
      return diag;
    }
  }
  return success();
}

FailureOr<Selection> psum::alloc::select(const Problem &problem,
                                         const Graph &graph,
                                         const NodeStack &stack,
                                         llvm::raw_ostream *trace,
                                         Failure &failure) {
  const Geometry &geometry = problem.geometry;
  size_t n = problem.nodes.size();
  Selection selection;
  selection.base.assign(n, std::nullopt);
  for (auto [v, node] : llvm::enumerate(problem.nodes))
    if (node.pin)
      selection.base[v] = *node.pin;

  for (unsigned v : llvm::reverse(stack)) {
    const Node &node = problem.nodes[v];
    uint64_t occupied = geometry.reserved;
    for (unsigned m : graph.adjacency[v]) {
      std::optional<unsigned> address = selection.base[m];
      if (!address)
        continue;
      if (*address >= geometry.numBanks) {
        failure.op = problem.nodes[m].memloc;
        failure.message = "info[neighbor_index].address < PSUM_SIZE && "
                          "\"bad PSUM address during select\"";
        return mlir::failure();
      }
      occupied |= selection.bankMask(problem, m);
    }
    for (unsigned base = 0; base + node.liveN <= geometry.numBanks; ++base) {
      if (!(occupied & windowMask(base, node.liveN))) {
        selection.base[v] = base;
        break;
      }
    }
    if (!selection.base[v]) {
      selection.spills.push_back(v);
      if (trace)
        *trace << " cannot allocate " << node.name << " (" << node.liveN
               << " banks)\n";
    }
  }
  return selection;
}

void psum::alloc::commit(const Problem &problem, const Selection &selection) {
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    if (!selection.base[v])
      continue;
    auto memloc = cast<bir::MemLocOp>(node.memloc);
    int64_t base = *selection.base[v];
    SmallVector<int64_t> banks;
    for (int64_t k = 0; k < node.blocks; ++k)
      banks.push_back(base + (k % node.liveBlocks()) * node.blockBanks);
    Builder builder(memloc.getContext());
    memloc.setBaseBankAttr(builder.getI64IntegerAttr(base));
    memloc.setBanks(banks);
  }
}
