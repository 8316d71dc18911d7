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
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <set>

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

uint64_t Selection::bankMask(const Problem &problem, unsigned node) const {
  if (!base[node])
    return 0;
  return windowMask(*base[node], problem.nodes[node].liveN);
}

InFlightDiagnostic Failure::emit() const {
  InFlightDiagnostic diag = mlir::emitError(op->getLoc(), message);
  if (noteOp)
    diag.attachNote(noteOp->getLoc()) << note;
  return diag;
}

std::optional<std::pair<unsigned, unsigned>>
psum::alloc::firstPinClash(const Problem &problem) {
  std::vector<unsigned> pinned;
  uint64_t banks = 0;
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    if (!node.pin)
      continue;
    pinned.push_back(v);
    banks |= windowMask(*node.pin, node.liveN);
  }
  // Every clashing pair is met when the later starting of the two does,
  // with the other still live; the smallest live id gives that node's best
  // pair, and the best over all starts is the first pair.
  llvm::stable_sort(pinned, [&](unsigned a, unsigned b) {
    return problem.nodes[a].def < problem.nodes[b].def;
  });
  std::optional<std::pair<unsigned, unsigned>> first;
  for (; banks; banks &= banks - 1) {
    uint64_t bank = uint64_t(1) << llvm::countr_zero(banks);
    std::set<unsigned> live;
    std::priority_queue<std::pair<unsigned, unsigned>,
                        std::vector<std::pair<unsigned, unsigned>>,
                        std::greater<>>
        byUse;
    for (unsigned v : pinned) {
      const Node &node = problem.nodes[v];
      if (!(windowMask(*node.pin, node.liveN) & bank))
        continue;
      for (; !byUse.empty() && byUse.top().first < node.def; byUse.pop())
        live.erase(byUse.top().second);
      if (!live.empty()) {
        std::pair<unsigned, unsigned> pair = std::minmax(*live.begin(), v);
        if (!first || pair < *first)
          first = pair;
      }
      live.insert(v);
      byUse.push({node.use, v});
    }
  }
  return first;
}

LogicalResult psum::alloc::checkPins(const Problem &problem) {
  const Geometry &geometry = problem.geometry;
  std::optional<std::pair<unsigned, unsigned>> clash = firstPinClash(problem);
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    if (!node.pin)
      continue;
    unsigned pin = *node.pin;
    // On the location's line, like the allocator's other errors (no dump
    // of the op).
    Location loc = node.memloc->getLoc();
    if (pin + node.liveN > geometry.numBanks)
      return mlir::emitError(loc, "pinned banks [")
             << pin << ", " << pin + node.liveN - 1 << "] of '" << node.name
             << "' run past the last PSUM bank, " << geometry.numBanks - 1;
    if (uint64_t overlap = windowMask(pin, node.liveN) & geometry.reserved)
      return mlir::emitError(loc, "pinned banks [")
             << pin << ", " << pin + node.liveN - 1 << "] of '" << node.name
             << "' overlap reserved bank " << llvm::countr_zero(overlap);
    if (!clash || clash->first != v)
      continue;
    const Node &other = problem.nodes[clash->second];
    InFlightDiagnostic diag = mlir::emitError(loc, "pinned banks [")
                              << pin << ", " << pin + node.liveN - 1 << "] of '"
                              << node.name << "' overlap pinned banks ["
                              << *other.pin << ", "
                              << *other.pin + other.liveN - 1 << "] of '"
                              << other.name << "' while both are live";
    diag.attachNote(other.memloc->getLoc())
        << "'" << other.name << "' is pinned here";
    return diag;
  }
  return success();
}

namespace {
/// The banks of the placed dense nodes (Graph::isDense), found by live
/// range: a dense node's dense neighbors are the dense nodes overlapping
/// it, and walking them for each node select places was quadratic with
/// many tiles live at once. A segment tree over the dense nodes by start
/// keeps, per bank, the latest end of a placed node holding it: the
/// placed dense nodes overlapping [def, use] are those starting by `use`
/// that end at `def` or later.
class DensePlacements {
public:
  DensePlacements(const Problem &problem, const Graph &graph)
      : problem(problem), graph(graph), numBanks(problem.geometry.numBanks) {
    llvm::ArrayRef<unsigned> dense = graph.denseNodes();
    if (dense.empty())
      return;
    byDef.assign(dense.begin(), dense.end());
    llvm::stable_sort(byDef, [&](unsigned a, unsigned b) {
      return graph.range(a).def < graph.range(b).def;
    });
    leaves = llvm::PowerOf2Ceil(byDef.size());
    for (auto [i, v] : llvm::enumerate(byDef))
      leafOf[v] = unsigned(i);
    ends.assign(2 * leaves * numBanks, 0);
  }

  /// Records that `v` is placed at `base` (or not placed).
  void set(unsigned v, std::optional<unsigned> base) {
    auto leaf = leafOf.find(v);
    if (leaf == leafOf.end())
      return;
    uint64_t mask = base ? windowMask(*base, problem.nodes[v].liveN) : 0;
    size_t at = leaves + leaf->second;
    for (unsigned b = 0; b < numBanks; ++b)
      ends[at * numBanks + b] = mask >> b & 1 ? graph.range(v).use + 1 : 0;
    for (at /= 2; at; at /= 2)
      for (unsigned b = 0; b < numBanks; ++b)
        ends[at * numBanks + b] = std::max(ends[2 * at * numBanks + b],
                                           ends[(2 * at + 1) * numBanks + b]);
  }

  /// The banks of the placed dense nodes overlapping v, which is not placed.
  uint64_t banksAround(unsigned v) const {
    const Interval &range = graph.range(v);
    size_t started =
        llvm::partition_point(
            byDef,
            [&](unsigned m) { return graph.range(m).def <= range.use; }) -
        byDef.begin();
    uint64_t banks = 0;
    auto take = [&](size_t node) {
      for (unsigned b = 0; b < numBanks; ++b)
        if (ends[node * numBanks + b] > range.def)
          banks |= uint64_t(1) << b;
    };
    for (size_t lo = leaves, hi = leaves + started; lo < hi; lo /= 2, hi /= 2) {
      if (lo & 1)
        take(lo++);
      if (hi & 1)
        take(--hi);
    }
    return banks;
  }

private:
  const Problem &problem;
  const Graph &graph;
  unsigned numBanks;
  size_t leaves = 0;
  std::vector<unsigned> byDef;
  llvm::DenseMap<unsigned, unsigned> leafOf;
  /// Per tree node and bank: 1 + the latest end of a placed node holding
  /// the bank, 0 if none.
  std::vector<uint32_t> ends;
};
} // namespace

/// The lowest base bank where `node` fits beside its placed neighbors
/// (ignoring `ignore`) and outside `blocked`.
static std::optional<unsigned> firstFit(const Problem &problem,
                                        const Graph &graph,
                                        const Selection &selection,
                                        unsigned node, uint64_t blocked,
                                        std::optional<unsigned> ignore) {
  uint64_t occupied = blocked | problem.geometry.reserved;
  for (unsigned m : graph.neighbors(node))
    if (m != ignore)
      occupied |= selection.bankMask(problem, m);
  unsigned liveN = problem.nodes[node].liveN;
  for (unsigned base = 0; base + liveN <= problem.geometry.numBanks; ++base)
    if (!(occupied & windowMask(base, liveN)))
      return base;
  return std::nullopt;
}

/// Makes room for an unspillable node that did not fit (an accumulation
/// group, or a reload or save that spilling would only repeat): for the
/// cheapest window, placed neighbors that can be spilled are evicted into
/// the spill set and unspillable ones are moved to another free window.
/// The seed gives up here ("too many reloads required"); this gives up only
/// when no window can be cleared.
static bool evict(const Problem &problem, const Graph &graph, unsigned v,
                  Selection &selection, DensePlacements &dense,
                  llvm::raw_ostream *trace) {
  const Node &node = problem.nodes[v];
  const Geometry &geometry = problem.geometry;
  struct Plan {
    double cost = 0;
    unsigned base = 0;
    SmallVector<unsigned> evicted;
    SmallVector<std::pair<unsigned, unsigned>> moved;
  };
  std::optional<Plan> best;
  for (unsigned base = 0; base + node.liveN <= geometry.numBanks; ++base) {
    uint64_t window = windowMask(base, node.liveN);
    if (window & geometry.reserved)
      continue;
    Plan plan;
    plan.base = base;
    // Try the plan in place and undo it afterwards: copying the selection
    // per window would make eviction linear in the function.
    SmallVector<std::pair<unsigned, std::optional<unsigned>>, 8> undo;
    auto set = [&](unsigned m, std::optional<unsigned> b) {
      undo.push_back({m, selection.base[m]});
      selection.base[m] = b;
    };
    set(v, base);
    for (unsigned m : graph.neighbors(v)) {
      if (m == v || !(selection.bankMask(problem, m) & window))
        continue;
      const Node &other = problem.nodes[m];
      if (other.pin) {
        plan.cost = std::numeric_limits<double>::infinity();
        break;
      }
      if (!std::isinf(other.cost)) {
        plan.cost += other.cost;
        plan.evicted.push_back(m);
        set(m, std::nullopt);
        continue;
      }
      set(m, std::nullopt);
      std::optional<unsigned> moved =
          firstFit(problem, graph, selection, m, 0, std::nullopt);
      if (!moved) {
        plan.cost = std::numeric_limits<double>::infinity();
        break;
      }
      set(m, *moved);
      plan.moved.push_back({m, *moved});
    }
    for (auto [m, b] : llvm::reverse(undo))
      selection.base[m] = b;
    if (!std::isinf(plan.cost) && (!best || plan.cost < best->cost))
      best = std::move(plan);
  }
  if (!best)
    return false;
  for (unsigned m : best->evicted) {
    selection.base[m] = std::nullopt;
    dense.set(m, std::nullopt);
    selection.spills.push_back(m);
    if (trace)
      *trace << " evict " << problem.nodes[m].name << " for " << node.name
             << "\n";
  }
  for (auto [m, base] : best->moved) {
    selection.base[m] = base;
    dense.set(m, base);
    if (trace)
      *trace << " move " << problem.nodes[m].name << " to bank " << base
             << " for " << node.name << "\n";
  }
  selection.base[v] = best->base;
  dense.set(v, best->base);
  return true;
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
  DensePlacements dense(problem, graph);
  // A pin past the last bank fails the seed's assert at the first node
  // that meets it: only a walk of all neighbors finds which.
  bool pinsInRange = true;
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    if (!node.pin)
      continue;
    selection.base[v] = *node.pin;
    dense.set(v, *node.pin);
    pinsInRange &= *node.pin < geometry.numBanks;
  }

  for (unsigned v : llvm::reverse(stack)) {
    const Node &node = problem.nodes[v];
    uint64_t occupied = geometry.reserved;
    // A dense node's dense neighbors come by range, the others from its
    // list; with a pin past the last bank all are walked, in order.
    if (graph.isDense(v) && pinsInRange) {
      occupied |= dense.banksAround(v);
      for (unsigned m : graph.storedNeighbors(v))
        occupied |= selection.bankMask(problem, m);
    } else {
      for (unsigned m : graph.neighbors(v)) {
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
    }
    for (unsigned base = 0; base + node.liveN <= geometry.numBanks; ++base) {
      if (!(occupied & windowMask(base, node.liveN))) {
        selection.base[v] = base;
        dense.set(v, base);
        break;
      }
    }
    if (selection.base[v])
      continue;
    if (trace)
      *trace << " cannot allocate " << node.name << " (" << node.liveN
             << " banks)\n";
    if (!std::isinf(node.cost) ||
        !evict(problem, graph, v, selection, dense, trace))
      selection.spills.push_back(v);
  }
  return selection;
}

std::vector<unsigned> psum::alloc::occupiedBanks(bir::MemLocOp memloc,
                                                 const Node &node) {
  std::set<unsigned> banks;
  if (std::optional<ArrayRef<int64_t>> list = memloc.getBanks()) {
    for (int64_t bank : *list)
      for (unsigned i = 0; i < node.blockBanks; ++i)
        if (bank >= 0)
          banks.insert(static_cast<unsigned>(bank) + i);
  } else if (std::optional<int64_t> base = memloc.getBaseBank()) {
    for (unsigned i = 0; i < node.liveN; ++i)
      banks.insert(static_cast<unsigned>(*base) + i);
  }
  return {banks.begin(), banks.end()};
}

uint64_t psum::alloc::placedBankMask(bir::MemLocOp memloc, unsigned bankSize) {
  uint64_t mask = 0;
  if (std::optional<ArrayRef<int64_t>> banks = memloc.getBanks()) {
    unsigned blockBanks = llvm::divideCeil(memloc.getBytes(), bankSize);
    for (int64_t bank : *banks)
      mask |= windowMask(bank, blockBanks);
  }
  return mask;
}

void psum::alloc::commit(ArrayRef<PlacedNode> nodes,
                         const Selection &selection) {
  // Few placements differ (a base bank, a rotation): each attribute is made
  // once, not uniqued again for every location.
  using Shape = std::tuple<int64_t, int64_t, int64_t, int64_t>;
  std::map<int64_t, IntegerAttr> baseAttrs;
  std::map<Shape, DenseI64ArrayAttr> bankAttrs;
  for (auto [v, node] : llvm::enumerate(nodes)) {
    if (!selection.base[v])
      continue;
    auto memloc = cast<bir::MemLocOp>(node.memloc);
    Builder builder(memloc.getContext());
    int64_t base = *selection.base[v];
    IntegerAttr &baseAttr = baseAttrs[base];
    if (!baseAttr)
      baseAttr = builder.getI64IntegerAttr(base);
    DenseI64ArrayAttr &banksAttr =
        bankAttrs[Shape(base, node.blocks, node.liveBlocks(), node.blockBanks)];
    if (!banksAttr) {
      SmallVector<int64_t> banks;
      for (int64_t k = 0; k < node.blocks; ++k)
        banks.push_back(base + (k % node.liveBlocks()) * node.blockBanks);
      banksAttr = builder.getDenseI64ArrayAttr(banks);
    }
    memloc.setBaseBankAttr(baseAttr);
    memloc.setBanksAttr(banksAttr);
  }
}

std::vector<PlacedNode> psum::alloc::placedNodes(const Problem &problem) {
  std::vector<PlacedNode> nodes;
  nodes.reserve(problem.nodes.size());
  for (const Node &node : problem.nodes)
    nodes.push_back(PlacedNode::of(node));
  return nodes;
}

void psum::alloc::commit(const Problem &problem, const Selection &selection) {
  commit(placedNodes(problem), selection);
}
