//===- Exact.cpp - optimal placement and spill sets for small functions ---===//
//
// The exact mode of psum-allocate: with at most a few dozen candidates and
// at most 64 banks, the placements can be searched exhaustively along the
// sweep, and spill sets in order of cost. Not in the seed: it is the yard
// stick the best-of-n heuristics are measured against (docs/Quality.md).
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"

#include <cmath>
#include <limits>
#include <queue>
#include <tuple>
#include <unordered_set>

using namespace psum::alloc;

namespace {
class PlacementSearch {
public:
  PlacementSearch(const Problem &problem, ExactBudget &budget)
      : problem(problem), budget(budget), base(problem.nodes.size()),
        window(problem.nodes.size()), token(problem.nodes.size()),
        end(problem.nodes.size()), pinStart(problem.nodes.size(), 0),
        depth(problem.nodes.size(), 0) {
    for (auto [v, node] : llvm::enumerate(problem.nodes)) {
      end[v] = node.use;
      if (node.pin) {
        pinStart[v] = node.def;
        place(v, *node.pin);
      } else {
        order.push_back(v);
      }
    }
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return problem.nodes[a].def < problem.nodes[b].def;
    });
    for (auto [i, v] : llvm::enumerate(order))
      depth[v] = i + 1;
  }

  std::optional<std::vector<unsigned>> run() {
    Active pinned;
    for (unsigned v = 0; v < base.size(); ++v)
      if (problem.nodes[v].pin)
        pinned.push_back(v);
    if (!search(pinned))
      return std::nullopt;
    std::vector<unsigned> result;
    for (const std::optional<unsigned> &b : base)
      result.push_back(*b);
    return result;
  }

private:
  /// Nodes live at one point overlap there, so they hold distinct banks:
  /// with 8 banks there are at most 8 of them.
  using Active = llvm::SmallVector<unsigned, 8>;

  /// One level of the depth-first search: order[i] and the windows left to
  /// try. An explicit stack: functions have far more nodes than the call
  /// stack has frames.
  struct Frame {
    unsigned i;
    unsigned nextBase = 0;
    Active live; ///< placed nodes live at order[i]'s start, then order[i]
    uint64_t key;
    uint64_t occupied;
  };

  /// Puts v in the window from bank b, with what the state keys and the
  /// occupied masks read of it precomputed: each frame reads them for
  /// every live node, and a hash per node per frame was a sixth of the
  /// pass's instructions.
  void place(unsigned v, unsigned b) {
    unsigned banks = problem.nodes[v].liveN;
    base[v] = b;
    window[v] = windowMask(b, banks);
    // A bijection of (end, base, banks): base < 64 and banks <= 64.
    token[v] = mix64(uint64_t(end[v]) << 14 | b << 7 | banks);
  }

  /// What the future depends on: the windows and ends of the placed nodes
  /// still live when order[i] starts. A set, so the nodes' tokens are
  /// summed (order-independent) rather than sorted and chained.
  uint64_t stateKey(size_t i, const Active &live) const {
    uint64_t state = 0;
    for (unsigned v : live)
      state += token[v];
    // Clear of the two keys a DenseSet reserves.
    return std::min(mix64(state ^ mix64(i)), ~uint64_t(0) - 2);
  }

  /// Opens the frame of order[i] given the placed nodes `active`; false if
  /// the budget is gone, or if its state is already refuted (and then the
  /// search has gone back: backjump).
  bool open(size_t i, const Active &active, std::vector<Frame> &stack) {
    if (budget.steps == 0) {
      budget.exhausted = true;
      return false;
    }
    --budget.steps;
    unsigned v = order[i];
    unsigned def = problem.nodes[v].def;
    Frame frame{static_cast<unsigned>(i), 0, {}, {}, problem.geometry.reserved};
    for (unsigned m : active)
      if (end[m] >= def)
        frame.live.push_back(m);
    frame.key = stateKey(i, frame.live);
    if (refuted.contains(frame.key)) {
      backjump(frame.live, stack);
      return false;
    }
    // Interference is overlap of live ranges, and nodes are placed in order
    // of their starts: the placed neighbors of v are the live nodes, but
    // for pins that start after v ends. Fewer than its neighbors, most of
    // which are not placed yet.
    for (unsigned m : frame.live)
      if (pinStart[m] <= end[v])
        frame.occupied |= window[m];
    frame.live.push_back(v);
    stack.push_back(std::move(frame));
    return true;
  }

  /// Goes back from a refuted state of order[i] (nothing from order[i] on
  /// fits beside the placed nodes `live` at its start) to the deepest frame
  /// that placed one of them. The frames after that one placed nodes that
  /// end before order[i] starts: no window of theirs changes its state, so
  /// none of theirs is tried again, and their states are refuted too (every
  /// way on from them meets the refuted one). Like remembering refuted
  /// states, this rests on the future depending on the state alone: the
  /// placed nodes that a later node overlaps are all live at order[i]'s
  /// start. No placement is skipped, so the search finds the one it found
  /// without backjumping, in fewer steps (matmul-100k-p1: 237k against
  /// 452k).
  void backjump(const Active &live, std::vector<Frame> &stack) {
    size_t keep = 0;
    for (unsigned m : live)
      keep = std::max<size_t>(keep, depth[m]);
    for (size_t d = keep; d < stack.size(); ++d) {
      base[order[stack[d].i]] = std::nullopt;
      refuted.insert(stack[d].key);
    }
    stack.erase(stack.begin() + keep, stack.end());
  }

  bool search(const Active &pinned) {
    if (order.empty())
      return true;
    // A successful search is as deep as there are nodes to place: reserve
    // it all, rather than let doubling hold up to three times as much.
    std::vector<Frame> stack;
    stack.reserve(order.size());
    if (!open(0, pinned, stack))
      return false;
    while (!stack.empty()) {
      Frame &frame = stack.back();
      unsigned v = order[frame.i];
      unsigned liveN = problem.nodes[v].liveN;
      std::optional<unsigned> next;
      for (unsigned b = frame.nextBase; b + liveN <= problem.geometry.numBanks; ++b)
        if (!(frame.occupied & windowMask(b, liveN))) {
          next = b;
          break;
        }
      if (!next) {
        // Every window tried: the frame's state is refuted.
        Active placed(frame.live.begin(), frame.live.end() - 1);
        backjump(placed, stack);
        continue;
      }
      place(v, *next);
      frame.nextBase = *next + 1;
      if (frame.i + 1 == order.size())
        return true;
      // open reads frame.live before it grows the stack (which may move it).
      if (!open(frame.i + 1, frame.live, stack) && budget.exhausted)
        return false;
    }
    return false;
  }

  const Problem &problem;
  ExactBudget &budget;
  std::vector<std::optional<unsigned>> base;
  /// Of placed nodes: their window's banks, and their share of a state key.
  std::vector<uint64_t> window, token;
  /// Each node's last point, and a pin's first (0 for the others: only a
  /// pin may start after a node it is placed before).
  std::vector<unsigned> end, pinStart;
  /// Each node's frame in the search, plus one (order[i]: i + 1; pins: 0).
  std::vector<size_t> depth;
  std::vector<unsigned> order;
  llvm::DenseSet<uint64_t> refuted;
};
} // namespace

std::optional<std::vector<unsigned>>
psum::alloc::exactPlacement(const Problem &problem, ExactBudget &budget) {
  // Nodes live at one point take banks of their own: where they need more
  // than PSUM has, there is no placement, which the search would only find
  // out window by window.
  int64_t usable = problem.geometry.usableBanks();
  if (llvm::any_of(bankDemand(problem),
                   [&](int64_t banks) { return banks > usable; }))
    return std::nullopt;
  return PlacementSearch(problem, budget).run();
}

std::optional<InstructionDemand>
psum::alloc::instructionBound(const LinearFunction &lf,
                              const Problem &problem) {
  // Banks held at every point of a node that cannot leave PSUM, and at each
  // instruction accessing a spillable one: the least of its own footprint
  // and that of the location a spill would mint there.
  std::vector<int64_t> fixed(problem.numPoints + 1, 0);
  std::vector<uint64_t> accessed(problem.numPoints, 0);
  for (auto [node, accesses] : llvm::zip(problem.nodes, problem.accesses)) {
    if (node.unspillable || node.fromSpill || node.pin) {
      fixed[node.def] += node.liveN;
      fixed[node.use + 1] -= node.liveN;
      continue;
    }
    llvm::ArrayRef<LocAccess> rest = accesses;
    while (!rest.empty()) {
      unsigned point = rest.front().point;
      llvm::ArrayRef<LocAccess> here =
          rest.take_while([&](const LocAccess &a) { return a.point == point; });
      rest = rest.drop_front(here.size());
      if (!loadsToCopy(lf, problem.geometry, here.front()))
        accessed[point] += spillFootprint(node, here, lf, problem.geometry);
    }
  }
  std::optional<InstructionDemand> most;
  int64_t live = 0;
  for (unsigned p = 0; p < problem.numPoints; ++p) {
    live += fixed[p];
    if (lf.points[p].kind != PointKind::Instruction)
      continue;
    auto banks = static_cast<unsigned>(live + accessed[p]);
    if (!most || banks > most->banks)
      most = InstructionDemand{p, banks};
  }
  return most;
}

namespace {
/// A stretch of points where a spill set's rewrite needs `excess` banks more
/// than PSUM has: some of `nodes`, the candidates live there (in order of
/// cost per bank), must be spilled too.
struct Overload {
  int64_t excess;
  llvm::SmallVector<unsigned, 8> nodes;
};

/// A lower bound on the cost of the spills that clear `overload` with
/// `excess` banks to free, without node `skip`: spilling a node frees at
/// most its banks there (its pieces may stay) and adds nothing the others
/// free, so the cheapest banks, the last one in part (a fractional
/// knapsack). Infinite if all of them do not free enough.
double coverCost(const Overload &overload, int64_t excess,
                 llvm::ArrayRef<unsigned> banks, const Problem &problem,
                 std::optional<unsigned> skip = std::nullopt) {
  double cost = 0;
  for (unsigned v : overload.nodes) {
    if (excess <= 0)
      return cost;
    if (v == skip)
      continue;
    double share = std::min<double>(1.0, double(excess) / banks[v]);
    cost += share * problem.nodes[v].cost;
    excess -= banks[v];
  }
  return excess <= 0 ? cost : std::numeric_limits<double>::infinity();
}
} // namespace

std::optional<std::vector<unsigned>>
psum::alloc::exactSpills(const LinearFunction &lf, const Problem &problem,
                         const SpillOptions &spill, bool loopAware,
                         double bound, ExactBudget &budget) {
  // A set's lower bound on the cost of the optimal sets containing it, its
  // cost, the set; the cheapest bound first (the deeper set of equals).
  struct Entry {
    double estimate, cost;
    std::vector<unsigned> spills;
    bool operator>(const Entry &other) const {
      return std::tie(estimate, other.cost, spills) >
             std::tie(other.estimate, cost, other.spills);
    }
  };
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  // Membership only, never iterated: hashed, where a tree of vectors
  // compared element by element cost a tenth of the search.
  struct SetHash {
    size_t operator()(const std::vector<unsigned> &set) const {
      return llvm::hash_combine_range(set.begin(), set.end());
    }
  };
  std::unordered_set<std::vector<unsigned>, SetHash> seen;
  queue.push({0.0, 0.0, {}});
  seen.insert({});
  unsigned usable = problem.geometry.usableBanks();
  // Spillable nodes by cost per bank, the order covers take them in.
  std::vector<unsigned> byRatio;
  for (auto [v, node] : llvm::enumerate(problem.nodes))
    if (!node.pin && !std::isinf(node.cost))
      byRatio.push_back(v);
  llvm::stable_sort(byRatio, [&](unsigned a, unsigned b) {
    return problem.nodes[a].cost / problem.nodes[a].liveN <
           problem.nodes[b].cost / problem.nodes[b].liveN;
  });
  while (!queue.empty()) {
    Entry entry = queue.top();
    queue.pop();
    if (entry.estimate >= bound)
      return std::nullopt;
    if (budget.steps == 0) {
      budget.exhausted = true;
      return std::nullopt;
    }
    --budget.steps;
    const std::vector<unsigned> &spills = entry.spills;
    // The problem the spill rewrite would give (a set it cannot write, such
    // as one whose save would end a block, is no candidate).
    LinearFunction spilledLf;
    Problem spilled;
    if (!spills.empty()) {
      SpillCounters counters;
      Failure ignored;
      if (failed(spillProblem(lf, problem, spills, spill, loopAware, counters,
                              nullptr, nullptr, ignored, spilledLf, spilled)))
        continue;
    }
    const Problem &model = spills.empty() ? problem : spilled;

    // Candidates keep their memloc through the rewrite: their range and
    // banks in the model say where they are live and what spilling frees.
    llvm::DenseMap<mlir::Operation *, const Node *> modelled;
    for (const Node &node : model.nodes)
      if (node.memloc)
        modelled[node.memloc] = &node;
    std::vector<unsigned> candidates;
    std::vector<const Node *> now(problem.nodes.size(), nullptr);
    std::vector<unsigned> banks(problem.nodes.size(), 0);
    std::vector<bool> changes(model.numPoints + 1, false);
    for (unsigned v : byRatio) {
      if (llvm::binary_search(spills, v))
        continue;
      candidates.push_back(v);
      now[v] = modelled.lookup(problem.nodes[v].memloc);
      banks[v] = now[v]->liveN;
      changes[now[v]->def] = changes[now[v]->use + 1] = true;
    }
    // Where the kept nodes and the spill pieces need more banks than PSUM
    // has, one overload per stretch of the same candidates (the largest
    // excess of the stretch).
    std::vector<int64_t> demand = bankDemand(model);
    std::vector<Overload> overloads;
    bool sameNodes = false;
    for (unsigned p = 0; p < model.numPoints; ++p) {
      sameNodes &= !changes[p];
      int64_t excess = demand[p] - int64_t(usable);
      if (excess <= 0)
        continue;
      if (sameNodes) {
        overloads.back().excess = std::max(overloads.back().excess, excess);
        continue;
      }
      Overload &overload = overloads.emplace_back(Overload{excess, {}});
      for (unsigned v : candidates)
        if (now[v]->def <= p && p <= now[v]->use)
          overload.nodes.push_back(v);
      sameNodes = true;
    }
    if (overloads.empty()) {
      if (exactPlacement(model, budget))
        return spills;
      if (budget.exhausted)
        return std::nullopt;
      // Only fragmentation is left: any candidate may open a window.
      for (unsigned v : candidates) {
        std::vector<unsigned> next = spills;
        next.insert(llvm::upper_bound(next, v), v);
        double cost = entry.cost + problem.nodes[v].cost;
        if (cost < bound && seen.insert(next).second)
          queue.push({cost, cost, std::move(next)});
      }
      continue;
    }
    // Every overload needs spills of its own nodes: sets that cannot clear
    // one, or only above the bound, are dropped (A*: the bound of a set
    // never exceeds the cost of an optimal set containing it, so the first
    // set that places is still optimal).
    double least = 0;
    for (const Overload &overload : overloads)
      least =
          std::max(least, coverCost(overload, overload.excess, banks, problem));
    if (entry.cost + least >= bound)
      continue;
    // An optimal set containing this one contains a node of each overload:
    // growing by the nodes of the overload with the fewest is enough.
    const Overload &branch =
        *llvm::min_element(overloads, [](const Overload &a, const Overload &b) {
          return a.nodes.size() < b.nodes.size();
        });
    for (unsigned v : branch.nodes) {
      std::vector<unsigned> next = spills;
      next.insert(llvm::upper_bound(next, v), v);
      if (!seen.insert(next).second)
        continue;
      double cost = entry.cost + problem.nodes[v].cost, rest = 0;
      for (const Overload &overload : overloads) {
        int64_t excess = overload.excess;
        if (llvm::is_contained(overload.nodes, v))
          excess -= banks[v];
        rest = std::max(rest, coverCost(overload, excess, banks, problem, v));
      }
      if (cost + rest < bound)
        queue.push({cost + rest, cost, std::move(next)});
    }
  }
  return std::nullopt;
}
