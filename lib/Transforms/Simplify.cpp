//===- Simplify.cpp - the additive-bank degree test -----------------------===//
//
// The seed's simplify (@0xae7f90): a node is SAFE (lo) iff
//   NUM_PSUM_BANKS - own banks - sum(neighbor banks) >= 0,
// else INFINITE (inf, unspillable) or UNSAFE (hi). Safe nodes are pushed and
// removed, which frees their banks in every neighbor's budget and may make
// neighbors safe. When only hi / inf nodes remain (the seed is silent) the
// heuristic pushes one optimistically (Briggs): select may still place it.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <tuple>
#include <utility>

using namespace psum::alloc;

std::vector<Heuristic> psum::alloc::namedHeuristics() {
  using B = Heuristic::Blocked;
  using O = Heuristic::Order;
  using R = Heuristic::Relief;
  return {
      {"seed", B::CostPerBank, O::Ordinal, 0},
      {"min-cost", B::MinCost, O::Ordinal, 0},
      {"max-degree", B::MaxDegree, O::Ordinal, 0},
      {"longest-range", B::LongestRange, O::LiveStart, 0},
      {"max-banks", B::MaxBanks, O::Size, 0},
      {"relief", B::CostPerBank, O::Ordinal, 0, R::Gain},
      {"relief-start", B::LongestRange, O::LiveStart, 0, R::Gain},
      {"sweep", B::CostPerBank, O::Sweep, 0},
      {"relief-sweep", B::CostPerBank, O::Sweep, 0, R::Gain},
      {"relief-backtrack", B::CostPerBank, O::Sweep, 0, R::Gain,
       /*backtrack=*/true},
      {"ratio-backtrack", B::CostPerBank, O::Sweep, 0, R::GainPerCost,
       /*backtrack=*/true},
      {"reach-backtrack", B::CostPerBank, O::Sweep, 0, R::Reach,
       /*backtrack=*/true},
      {"whole-backtrack", B::CostPerBank, O::Sweep, 0, R::GainPerCost,
       /*backtrack=*/true, Heuristic::Kept::Whole},
  };
}

/// Largest candidate count for reliefSpills' swap search.
static constexpr size_t kSwapLimit = 4000;
/// Largest candidate count for its search over pairs of spills.
static constexpr size_t kPairSwapLimit = 200;

/// Points past the last: never in excess.
static constexpr int64_t kPadding = std::numeric_limits<int64_t>::min() / 4;

void DemandProfile::useTree(llvm::ArrayRef<int64_t> runBanks) {
  banks.assign(runBanks.begin(), runBanks.end());
  widest = banks.empty() ? 0 : banks.back();
  leaves = llvm::PowerOf2Ceil(points.size());
  low.assign(2 * leaves, kPadding);
  high.assign(2 * leaves, kPadding);
  pending.assign(2 * leaves, 0);
  sums.assign(2 * leaves * banks.size(), 0);
  for (size_t p = 0; p < points.size(); ++p)
    setLeaf(leaves + p, points[p]);
  for (size_t node = leaves - 1; node; --node)
    pull(node);
  points = {};
}

int64_t DemandProfile::excessAt(unsigned p) const {
  if (!isTree())
    return std::max<int64_t>(0, points[p] - usable);
  size_t leaf = leaves + p;
  int64_t demand = low[leaf];
  for (size_t node = leaf / 2; node; node /= 2)
    demand += pending[node];
  return std::max<int64_t>(0, demand - usable);
}

void DemandProfile::add(unsigned lo, unsigned hi, int64_t delta) {
  if (!isTree()) {
    for (unsigned p = lo; p <= hi; ++p)
      points[p] += delta;
    return;
  }
  add(1, 0, unsigned(leaves - 1), lo, hi, delta);
}

int64_t DemandProfile::gain(unsigned lo, unsigned hi, int64_t most) const {
  auto at = llvm::find(banks, most);
  if (at == banks.end()) {
    int64_t total = 0;
    forEachExcess(lo, hi, [&](unsigned, int64_t excess) {
      total += std::min(excess, most);
    });
    return total;
  }
  return gain(1, 0, unsigned(leaves - 1), lo, hi, size_t(at - banks.begin()));
}

bool DemandProfile::fits(unsigned lo, unsigned hi, int64_t more) const {
  if (!isTree()) {
    for (unsigned p = lo; p <= hi; ++p)
      if (points[p] + more > usable)
        return false;
    return true;
  }
  return highest(1, 0, unsigned(leaves - 1), lo, hi, 0) + more <= usable;
}

void DemandProfile::setLeaf(size_t node, int64_t demand) {
  low[node] = high[node] = demand;
  for (size_t i = 0; i < banks.size(); ++i)
    sums[node * banks.size() + i] =
        std::clamp<int64_t>(demand - usable, 0, banks[i]);
}

void DemandProfile::pull(size_t node) {
  low[node] = std::min(low[2 * node], low[2 * node + 1]);
  high[node] = std::max(high[2 * node], high[2 * node + 1]);
  for (size_t i = 0; i < banks.size(); ++i)
    sums[node * banks.size() + i] = sums[2 * node * banks.size() + i] +
                                    sums[(2 * node + 1) * banks.size() + i];
}

void DemandProfile::shift(size_t node, int64_t delta) {
  low[node] += delta;
  high[node] += delta;
  if (node < leaves)
    pending[node] += delta;
}

bool DemandProfile::keepsSums(size_t node, int64_t delta) const {
  return (high[node] <= usable && high[node] + delta <= usable) ||
         (low[node] >= usable + widest && low[node] + delta >= usable + widest);
}

void DemandProfile::add(size_t node, unsigned nodeLo, unsigned nodeHi,
                        unsigned lo, unsigned hi, int64_t delta) {
  if (hi < nodeLo || nodeHi < lo)
    return;
  if (nodeLo == nodeHi) {
    setLeaf(node, low[node] + delta);
    return;
  }
  if (lo <= nodeLo && nodeHi <= hi && keepsSums(node, delta)) {
    shift(node, delta);
    return;
  }
  if (int64_t down = std::exchange(pending[node], 0)) {
    shift(2 * node, down);
    shift(2 * node + 1, down);
  }
  unsigned mid = nodeLo + (nodeHi - nodeLo) / 2;
  add(2 * node, nodeLo, mid, lo, hi, delta);
  add(2 * node + 1, mid + 1, nodeHi, lo, hi, delta);
  pull(node);
}

int64_t DemandProfile::gain(size_t node, unsigned nodeLo, unsigned nodeHi,
                            unsigned lo, unsigned hi, size_t index) const {
  if (hi < nodeLo || nodeHi < lo)
    return 0;
  if (lo <= nodeLo && nodeHi <= hi)
    return sums[node * banks.size() + index];
  unsigned mid = nodeLo + (nodeHi - nodeLo) / 2;
  return gain(2 * node, nodeLo, mid, lo, hi, index) +
         gain(2 * node + 1, mid + 1, nodeHi, lo, hi, index);
}

int64_t DemandProfile::highest(size_t node, unsigned nodeLo, unsigned nodeHi,
                               unsigned lo, unsigned hi, int64_t carry) const {
  if (hi < nodeLo || nodeHi < lo)
    return kPadding;
  if (lo <= nodeLo && nodeHi <= hi)
    return high[node] + carry;
  unsigned mid = nodeLo + (nodeHi - nodeLo) / 2;
  carry += pending[node];
  return std::max(highest(2 * node, nodeLo, mid, lo, hi, carry),
                  highest(2 * node + 1, mid + 1, nodeHi, lo, hi, carry));
}

namespace {
/// Where a spilled node still holds banks: [lo, hi] with `banks` of them.
struct KeptRun {
  unsigned lo, hi, banks;
};

/// reliefSpills' search: the bank demand at each point as spills are chosen,
/// and its steps (a greedy or a sweep, reverse delete, swaps).
class ReliefSearch {
public:
  ReliefSearch(const LinearFunction &lf, const Problem &problem,
               const SpillOptions &spill, Heuristic::Kept model)
      : nodes(problem.nodes), numPoints(problem.numPoints),
        usable(problem.geometry.usableBanks()),
        demand(bankDemand(problem), usable), keptBegin(nodes.size() + 1, 0) {
    // Without excess there is nothing to search.
    if (totalExcess() == 0)
      return;
    uint64_t ranges = 0;
    size_t spillables = 0;
    for (auto [v, node] : llvm::enumerate(nodes)) {
      if (spillable(node)) {
        addKeptRuns(node, problem.accesses[v], lf, problem.geometry, spill,
                    model == Heuristic::Kept::Whole);
        ranges += node.use - node.def + 1;
        ++spillables;
      }
      keptBegin[v + 1] = kept.size();
    }
    // The tree pays where the array is quadratic: many spillable nodes,
    // most of them live at once. A few hundred nodes over long ranges of
    // other code (the session-42 audit: 260 tiles over 300,000 points) are
    // faster on the array, and lighter: the tree keeps a sum per bank count
    // per point. Swaps, which move whole ranges across the band where the
    // tree's sums change, run only below this count.
    if (spillables <= kSwapLimit ||
        ranges <= kTreeLive * (uint64_t(numPoints) + 1))
      return;
    std::vector<int64_t> runBanks;
    for (auto [v, node] : llvm::enumerate(nodes))
      if (spillable(node))
        forEachFreed(v, [&](unsigned, unsigned, int64_t banks) {
          runBanks.push_back(banks);
        });
    // No spill frees anything (the whole model keeps a node's banks at
    // each access it spans): gains are 0, and the array is as fast.
    if (runBanks.empty())
      return;
    llvm::sort(runBanks);
    runBanks.erase(std::unique(runBanks.begin(), runBanks.end()),
                   runBanks.end());
    demand.useTree(runBanks);
  }

  int64_t totalExcess() const {
    int64_t total = 0;
    if (numPoints)
      demand.forEachExcess(0, numPoints - 1,
                           [&](unsigned, int64_t excess) { total += excess; });
    return total;
  }
  std::vector<unsigned> greedyByGain(Heuristic::Relief ranking);
  std::vector<unsigned> sweepByReach();
  /// Spills `spills` (a set chosen elsewhere).
  void spill(llvm::ArrayRef<unsigned> spills) {
    for (unsigned v : spills)
      apply(v, -1);
  }
  void reverseDelete(std::vector<unsigned> &result,
                     llvm::function_ref<bool(unsigned)> accept = nullptr);
  void swaps(std::vector<unsigned> &result);

private:
  int64_t excessAt(unsigned p) const { return demand.excessAt(p); }
  /// Pinned and infinite-cost nodes are never spilled; a node nobody writes
  /// has no value to save.
  static bool spillable(const Node &node) {
    return !node.pin && !std::isinf(node.cost) && !node.writers.empty();
  }
  /// The runs where `node`, spilled, still holds banks, as the rewrite
  /// leaves it (insertSpillCode): at each reader its reload, and at each
  /// writer the location the write goes to, each as many banks as the
  /// blocks that instruction touches (spillFootprint: one block of a
  /// rotating array). Without write locations all writes go to the node
  /// itself, which then holds all its banks from its first writer to its
  /// last. `whole` counts all its banks, and that span, always.
  void addKeptRuns(const Node &node, llvm::ArrayRef<LocAccess> accesses,
                   const LinearFunction &lf, const Geometry &geometry,
                   const SpillOptions &spill, bool whole) {
    unsigned lo = std::max(node.writers.front(), node.def);
    unsigned hi = std::min(node.writers.back(), node.use);
    bool span = (whole || !spill.writeLocations) && lo < hi, spanKept = false;
    while (!accesses.empty()) {
      unsigned point = accesses.front().point;
      llvm::ArrayRef<LocAccess> here = accesses.take_while(
          [&](const LocAccess &a) { return a.point == point; });
      accesses = accesses.drop_front(here.size());
      if (point < node.def || point > node.use ||
          loadsToCopy(lf, geometry, here.front()))
        continue;
      if (span && point >= lo && point <= hi) {
        if (!spanKept)
          kept.push_back({lo, hi, node.liveN});
        spanKept = true;
        continue;
      }
      // One block's banks are all a single-block node has.
      unsigned banks = whole || node.blocks == 1
                           ? node.liveN
                           : spillFootprint(node, here, lf, geometry);
      kept.push_back({point, point, banks});
    }
  }
  llvm::ArrayRef<KeptRun> keptRuns(unsigned v) const {
    return llvm::ArrayRef(kept).slice(keptBegin[v],
                                      keptBegin[v + 1] - keptBegin[v]);
  }
  /// The banks `v`, spilled, frees over its range, as runs in order:
  /// fn(lo, hi, banks) for each run of points freeing the same (nonzero)
  /// count.
  template <typename Fn> void forEachFreed(unsigned v, Fn fn) const {
    const Node &node = nodes[v];
    unsigned from = node.def;
    for (const KeptRun &run : keptRuns(v)) {
      if (from < run.lo)
        fn(from, run.lo - 1, int64_t(node.liveN));
      if (run.banks < node.liveN)
        fn(run.lo, run.hi, int64_t(node.liveN - run.banks));
      from = run.hi + 1;
    }
    if (from <= node.use)
      fn(from, node.use, int64_t(node.liveN));
  }
  /// The banks `v`, spilled, frees at `p` (in its range).
  int64_t freedAt(unsigned v, unsigned p) const {
    llvm::ArrayRef<KeptRun> runs = keptRuns(v);
    auto run =
        llvm::partition_point(runs, [&](const KeptRun &r) { return r.hi < p; });
    if (run != runs.end() && run->lo <= p)
      return int64_t(nodes[v].liveN) - run->banks;
    return nodes[v].liveN;
  }
  /// Adds (sign +1) or removes the banks `v` needs where it is spilled.
  void apply(unsigned v, int64_t sign) {
    forEachFreed(v, [&](unsigned lo, unsigned hi, int64_t banks) {
      demand.add(lo, hi, sign * banks);
    });
  }
  /// The excess spilling `v` removes, at the points of [from, to] (where
  /// all the excess is, if the caller knows).
  int64_t gainOf(unsigned v, unsigned from = 0,
                 unsigned to = std::numeric_limits<unsigned>::max()) const {
    int64_t gain = 0;
    forEachFreed(v, [&](unsigned lo, unsigned hi, int64_t banks) {
      lo = std::max(lo, from);
      hi = std::min(hi, to);
      if (lo <= hi)
        gain += demand.gain(lo, hi, banks);
    });
    return gain;
  }
  bool replace(std::vector<unsigned> &result, std::vector<bool> &chosen,
               llvm::ArrayRef<size_t> outs);

  /// Spillable nodes live at once on average from which the demand is a
  /// tree: the benchmark kernels have at most 30, every tile live at once
  /// (many-live) thousands.
  static constexpr uint64_t kTreeLive = 128;

  const std::vector<Node> &nodes;
  unsigned numPoints;
  int64_t usable;
  DemandProfile demand;
  /// Each spillable node's kept runs, in order: kept[keptBegin[v] ..
  /// keptBegin[v + 1]).
  std::vector<KeptRun> kept;
  std::vector<size_t> keptBegin;
};
} // namespace

/// Spills, largest rank first. Spilling only lowers demand, so a node's
/// gain only shrinks: a lazily re-evaluated max-heap picks the true best
/// (lazy greedy).
std::vector<unsigned> ReliefSearch::greedyByGain(Heuristic::Relief ranking) {
  auto rank = [&](unsigned v, int64_t gain) -> double {
    return ranking == Heuristic::Relief::Gain
               ? double(gain) - nodes[v].cost * 1e-12
               : double(gain) / std::max(nodes[v].cost, 1e-9);
  };
  std::vector<unsigned> result;
  std::priority_queue<std::tuple<double, int64_t, unsigned>> queue;
  // Initial gains from prefix sums of min(banks, excess) per bank count, so
  // long live ranges do not make this quadratic; popped nodes are then
  // re-evaluated exactly.
  unsigned maxBanks = 0;
  for (const Node &node : nodes)
    maxBanks = std::max(maxBanks, node.liveN);
  std::vector<std::vector<int64_t>> prefix(maxBanks + 1);
  for (const Node &node : nodes) {
    std::vector<int64_t> &sums = prefix[node.liveN];
    if (!sums.empty())
      continue;
    sums.assign(numPoints + 1, 0);
    for (unsigned p = 0; p < numPoints; ++p)
      sums[p + 1] = sums[p] + std::min<int64_t>(node.liveN, excessAt(p));
  }
  for (auto [v, node] : llvm::enumerate(nodes)) {
    if (!spillable(node))
      continue;
    const std::vector<int64_t> &sums = prefix[node.liveN];
    int64_t gain = 0;
    forEachFreed(v, [&, all = int64_t(node.liveN)](unsigned lo, unsigned hi,
                                                   int64_t banks) {
      if (banks == all) {
        gain += sums[hi + 1] - sums[lo];
        return;
      }
      gain += demand.gain(lo, hi, banks);
    });
    if (gain > 0)
      queue.push({rank(v, gain), -int64_t(v), unsigned(v)});
  }
  for (int64_t excess = totalExcess(); excess > 0 && !queue.empty();) {
    auto [stale, order, v] = queue.top();
    queue.pop();
    int64_t gain = gainOf(v);
    if (gain <= 0)
      continue;
    double fresh = rank(v, gain);
    if (!queue.empty() && fresh < std::get<0>(queue.top())) {
      queue.push({fresh, order, v});
      continue;
    }
    apply(v, -1);
    excess -= gain;
    result.push_back(v);
  }
  return result;
}

/// Interval cover: at the first point left with excess, spill the node whose
/// freed run from there reaches furthest, cheapest first among equals. For
/// unit banks and costs this is the optimal greedy of covering points by
/// intervals, which the gain ranking is not (it takes the node freeing the
/// most points, then needs two to cover what is left around it: the
/// session-27 kernel audit's unrolled heads).
std::vector<unsigned> ReliefSearch::sweepByReach() {
  std::vector<unsigned> result, byDef;
  for (auto [v, node] : llvm::enumerate(nodes))
    if (spillable(node))
      byDef.push_back(v);
  llvm::stable_sort(byDef, [&](unsigned a, unsigned b) {
    return nodes[a].def < nodes[b].def;
  });
  std::vector<unsigned> live;
  size_t next = 0;
  for (unsigned p = 0; p < numPoints; ++p) {
    for (; next < byDef.size() && nodes[byDef[next]].def <= p; ++next)
      live.push_back(byDef[next]);
    if (!excessAt(p))
      continue;
    llvm::erase_if(live, [&](unsigned v) { return nodes[v].use < p; });
    while (excessAt(p)) {
      std::optional<unsigned> best;
      unsigned bestReach = 0;
      for (unsigned v : live) {
        if (!freedAt(v, p))
          continue;
        // The run of points from p the spill frees banks at: up to the next
        // point where it holds them all (a writer or a reader of one block).
        const Node &node = nodes[v];
        unsigned reach = node.use;
        llvm::ArrayRef<KeptRun> runs = keptRuns(v);
        for (auto run = llvm::partition_point(
                 runs, [&](const KeptRun &r) { return r.lo <= p; });
             run != runs.end(); ++run)
          if (run->banks == node.liveN) {
            reach = std::min(reach, run->lo - 1);
            break;
          }
        if (!best || reach > bestReach ||
            (reach == bestReach && node.cost < nodes[*best].cost)) {
          best = v;
          bestReach = reach;
        }
      }
      if (!best)
        break;
      apply(*best, -1);
      result.push_back(*best);
      llvm::erase(live, *best);
    }
  }
  return result;
}

/// Greedy choices made early may be redundant once later ones are in: puts
/// back the costliest spills that still leave no excess (and that `accept`,
/// if given, takes).
void ReliefSearch::reverseDelete(std::vector<unsigned> &result,
                                 llvm::function_ref<bool(unsigned)> accept) {
  std::vector<unsigned> byCost = result;
  llvm::stable_sort(byCost, [&](unsigned a, unsigned b) {
    return nodes[a].cost > nodes[b].cost;
  });
  std::vector<bool> putBack(nodes.size());
  for (unsigned v : byCost) {
    bool fits = true;
    forEachFreed(v, [&](unsigned lo, unsigned hi, int64_t banks) {
      fits = fits && demand.fits(lo, hi, banks);
    });
    if (!fits || (accept && !accept(v)))
      continue;
    apply(v, +1);
    putBack[v] = true;
  }
  llvm::erase_if(result, [&](unsigned v) { return putBack[v]; });
}

/// Replaces the spills `outs` (indices into result) by one node, if a
/// cheaper one clears the excess alone.
bool ReliefSearch::replace(std::vector<unsigned> &result,
                           std::vector<bool> &chosen,
                           llvm::ArrayRef<size_t> outs) {
  unsigned lo = numPoints, hi = 0;
  double budget = 0;
  for (size_t i : outs) {
    const Node &out = nodes[result[i]];
    apply(result[i], +1);
    lo = std::min(lo, out.def);
    hi = std::max(hi, out.use);
    budget += out.cost;
  }
  // The replacement must span every point the put-back spills overload
  // (there was no excess elsewhere).
  int64_t excess = 0;
  unsigned first = hi, last = lo;
  demand.forEachExcess(lo, hi, [&](unsigned p, int64_t e) {
    excess += e;
    first = std::min(first, p);
    last = std::max(last, p);
  });
  std::optional<unsigned> swap;
  for (auto [v, node] : llvm::enumerate(nodes)) {
    if (excess == 0 || node.def > first || node.use < last || chosen[v] ||
        !spillable(node) || node.cost >= budget ||
        (swap && node.cost >= nodes[*swap].cost))
      continue;
    if (gainOf(v, first, last) == excess)
      swap = v;
  }
  if (!swap) {
    for (size_t i : outs)
      apply(result[i], -1);
    return false;
  }
  apply(*swap, -1);
  chosen[*swap] = true;
  for (size_t i : outs)
    chosen[result[i]] = false;
  result[outs.front()] = *swap;
  if (outs.size() == 2)
    result.erase(result.begin() + outs.back());
  return true;
}

/// Swaps: puts one or two spills back and takes a single cheaper one that
/// removes all the excess they leave, until none applies. Quadratic (cubic
/// for pairs), so only for functions of moderate size, and only once no
/// excess is left.
void ReliefSearch::swaps(std::vector<unsigned> &result) {
  if (totalExcess() != 0 || nodes.size() > kSwapLimit)
    return;
  std::vector<bool> chosen(nodes.size(), false);
  for (unsigned v : result)
    chosen[v] = true;
  for (size_t i = 0; i < result.size(); ++i)
    replace(result, chosen, {i});
  if (nodes.size() > kPairSwapLimit)
    return;
  // The points where putting one spill back alone leaves excess, as
  // [first, last] (none: it could go back), and the nodes that could
  // replace it, spanning them. Putting a second one back only adds demand,
  // so a pair's replacement spans both spills' spans: it is one of the
  // first's nodes that spans the second's too, and most pairs are refused
  // from these alone, without putting anything back (the pair search was
  // half the pass on many small functions).
  struct Single {
    std::optional<std::pair<unsigned, unsigned>> span;
    std::vector<unsigned> spanning;
  };
  auto singles = [&] {
    std::vector<Single> all;
    for (unsigned out : result) {
      Single &single = all.emplace_back();
      apply(out, +1);
      demand.forEachExcess(
          nodes[out].def, nodes[out].use, [&](unsigned p, int64_t) {
            single.span = {single.span ? single.span->first : p, p};
          });
      apply(out, -1);
      if (!single.span)
        continue;
      auto [first, last] = *single.span;
      for (auto [v, node] : llvm::enumerate(nodes))
        if (!chosen[v] && spillable(node) && node.def <= first &&
            node.use >= last)
          single.spanning.push_back(v);
    }
    return all;
  };
  auto mayReplace = [&](const Single &a, const Single &b, double budget) {
    if (!a.span || !b.span)
      return true;
    return llvm::any_of(a.spanning, [&](unsigned v) {
      const Node &node = nodes[v];
      return node.def <= b.span->first && node.use >= b.span->second &&
             node.cost < budget;
    });
  };
  // A replaced pair leaves result[i] changed and result[j] gone: scan on
  // from there, and once more while any pass improves.
  for (bool improved = true; improved;) {
    improved = false;
    std::vector<Single> single = singles();
    for (size_t i = 0; i < result.size(); ++i)
      for (size_t j = i + 1; j < result.size();) {
        double budget = nodes[result[i]].cost + nodes[result[j]].cost;
        if (!mayReplace(single[i], single[j], budget) ||
            !replace(result, chosen, {i, j})) {
          ++j;
          continue;
        }
        improved = true;
        single = singles();
      }
  }
}

std::vector<unsigned> psum::alloc::reliefSpills(const LinearFunction &lf,
                                                const Problem &problem,
                                                const SpillOptions &spill,
                                                Heuristic::Relief ranking,
                                                Heuristic::Kept kept) {
  ReliefSearch search(lf, problem, spill, kept);
  if (search.totalExcess() == 0)
    return {};
  std::vector<unsigned> result = ranking == Heuristic::Relief::Reach
                                     ? search.sweepByReach()
                                     : search.greedyByGain(ranking);
  search.reverseDelete(result);
  // The whole model's set is a second opinion for a few functions: its
  // swaps cost 9% of the pass on many small functions and improved two of
  // the 12,310 the session-29 measurement ran (docs/PsumAllocate.md).
  if (kept == Heuristic::Kept::Footprint)
    search.swaps(result);
  return result;
}

void psum::alloc::putBackSpills(const LinearFunction &lf,
                                const Problem &problem,
                                const SpillOptions &spill,
                                std::vector<unsigned> &spills,
                                llvm::function_ref<bool(unsigned)> accept) {
  ReliefSearch search(lf, problem, spill, Heuristic::Kept::Footprint);
  search.spill(spills);
  search.reverseDelete(spills, accept);
}

std::vector<Heuristic> psum::alloc::heuristicSet(unsigned count) {
  std::vector<Heuristic> named = namedHeuristics();
  if (count == 0 || count == named.size())
    return named;
  std::vector<Heuristic> set;
  for (unsigned i = 0; i < count; ++i) {
    if (i < named.size()) {
      set.push_back(named[i]);
      continue;
    }
    // The seed's perturbation between best-of-n rounds is not pinned (G2):
    // further rounds rerun the seed heuristic with a seeded tie-break.
    Heuristic variant = named.front();
    variant.name = "seed-tie" + std::to_string(i);
    variant.tieSeed = i;
    set.push_back(variant);
  }
  return set;
}

int64_t psum::alloc::additiveBudget(const Problem &problem,
                                    const Graph &graph, unsigned node) {
  return int64_t(problem.geometry.usableBanks()) - problem.nodes[node].liveN -
         int64_t(graph.neighborBanks(node));
}

namespace {
/// Worklist ordered by (primary key, tie key, node), smallest first. A node
/// enters each list at most once (a node only becomes safe, never unsafe
/// again), so a heap with lazy deletion pops exactly what an ordered set
/// would: an entry is stale once its node has left the list.
class Worklist {
public:
  using Entry = std::tuple<double, uint64_t, unsigned>;

  void push(Entry entry) {
    heap.push(entry);
    ++live;
  }
  void erase() { --live; }
  bool empty() const { return live == 0; }
  size_t size() const { return live; }
  /// The smallest entry whose node `isMember` still holds.
  template <typename Member>
  unsigned top(Member isMember) {
    while (!isMember(std::get<2>(heap.top())))
      heap.pop();
    return std::get<2>(heap.top());
  }

private:
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  size_t live = 0;
};

/// Simplify's budgets of the dense nodes (Graph::isDense). Removing a node
/// adds its banks to the budget of every neighbor still in a list, and
/// walking a dense node's dense neighbors visits most of a quadratic
/// graph. Here removed banks are summed by point instead, so that a dense
/// node's budget is worked out when asked: its initial budget and the
/// banks of the removed nodes overlapping it (started by its use, less
/// those ended before its def). A node is asked when enough banks were
/// removed anywhere to make up what it lacked when last asked: it cannot
/// reach 0 sooner, and is asked at the removal where it does.
class DenseBudgets {
public:
  DenseBudgets(const Graph &graph, unsigned numPoints,
               std::vector<int64_t> initial)
      : graph(graph), initial(std::move(initial)), byDef(numPoints + 1, 0),
        byUse(numPoints + 1, 0) {
    for (unsigned v : graph.denseNodes())
      if (this->initial[v] < 0)
        due.push({uint64_t(-this->initial[v]), v});
  }
  /// Removes node `v` of `banks` banks; adds to `safe` the dense nodes
  /// `stillListed` holds whose budget it makes nonnegative.
  template <typename Listed>
  void remove(unsigned v, unsigned banks, Listed stillListed,
              llvm::SmallVectorImpl<unsigned> &safe) {
    removed += banks;
    add(byDef, graph.range(v).def, banks);
    add(byUse, graph.range(v).use, banks);
    while (!due.empty() && due.top().first <= removed) {
      unsigned m = due.top().second;
      due.pop();
      if (!stillListed(m))
        continue;
      int64_t budget = budgetOf(m);
      if (budget >= 0)
        safe.push_back(m);
      else
        due.push({removed + uint64_t(-budget), m});
    }
  }
  int64_t budgetOf(unsigned m) const {
    const Interval &range = graph.range(m);
    uint64_t around = sum(byDef, range.use);
    if (range.def)
      around -= sum(byUse, range.def - 1);
    return initial[m] + int64_t(around);
  }

private:
  /// Fenwick trees over the points, 1-based.
  static void add(std::vector<uint64_t> &tree, unsigned point, uint64_t w) {
    for (size_t i = point + 1; i < tree.size(); i += i & -i)
      tree[i] += w;
  }
  /// The weight added at points <= `point`.
  static uint64_t sum(const std::vector<uint64_t> &tree, unsigned point) {
    uint64_t total = 0;
    for (size_t i = point + 1; i; i -= i & -i)
      total += tree[i];
    return total;
  }

  const Graph &graph;
  std::vector<int64_t> initial;
  std::vector<uint64_t> byDef, byUse;
  uint64_t removed = 0;
  using Due = std::pair<uint64_t, unsigned>;
  std::priority_queue<Due, std::vector<Due>, std::greater<Due>> due;
};
} // namespace

NodeStack psum::alloc::simplify(const Problem &problem, const Graph &graph,
                                const Heuristic &heuristic,
                                llvm::raw_ostream *trace) {
  const std::vector<Node> &nodes = problem.nodes;
  size_t n = nodes.size();
  if (heuristic.order == Heuristic::Order::Sweep) {
    // Pops in order of start, wider nodes first among equal starts.
    NodeStack stack;
    for (unsigned v = 0; v < n; ++v)
      if (!nodes[v].pin)
        stack.push_back(v);
    llvm::stable_sort(stack, [&](unsigned a, unsigned b) {
      return std::make_pair(nodes[a].def, -int64_t(nodes[a].liveN)) >
             std::make_pair(nodes[b].def, -int64_t(nodes[b].liveN));
    });
    return stack;
  }

  auto tie = [&](unsigned node) -> uint64_t {
    if (!heuristic.tieSeed)
      return node;
    return static_cast<uint64_t>(llvm::hash_combine(node, heuristic.tieSeed));
  };
  std::vector<int64_t> budget(n);
  for (unsigned v = 0; v < n; ++v)
    budget[v] = additiveBudget(problem, graph, v);
  auto orderKey = [&](unsigned v) -> double {
    switch (heuristic.order) {
    case Heuristic::Order::Ordinal:
      return 0;
    case Heuristic::Order::LiveStart:
      return nodes[v].def;
    case Heuristic::Order::Size:
    case Heuristic::Order::Sweep:
      return -double(nodes[v].liveN);
    }
    return 0;
  };
  auto blockedKey = [&](unsigned v) -> double {
    const Node &node = nodes[v];
    switch (heuristic.blocked) {
    case Heuristic::Blocked::CostPerBank:
      return node.cost / double(node.liveN + graph.neighborBanks(v));
    case Heuristic::Blocked::MinCost:
      return node.cost;
    case Heuristic::Blocked::MaxDegree:
      return -double(graph.neighborBanks(v));
    case Heuristic::Blocked::LongestRange:
      return -double(node.use - node.def);
    case Heuristic::Blocked::MaxBanks:
      return -double(node.liveN);
    }
    return 0;
  };

  enum class List { None, Lo, Hi, Inf };
  std::vector<List> where(n, List::None);
  Worklist lo, hi, inf;
  auto insert = [&](unsigned v) {
    if (budget[v] >= 0) {
      lo.push({orderKey(v), tie(v), v});
      where[v] = List::Lo;
    } else if (std::isinf(nodes[v].cost)) {
      inf.push({0, tie(v), v});
      where[v] = List::Inf;
    } else {
      hi.push({blockedKey(v), tie(v), v});
      where[v] = List::Hi;
    }
  };
  auto listOf = [&](List list) -> Worklist & {
    return list == List::Lo ? lo : list == List::Hi ? hi : inf;
  };
  auto erase = [&](unsigned v) {
    if (where[v] != List::None)
      listOf(where[v]).erase();
    where[v] = List::None;
  };
  auto topOf = [&](List list) {
    return listOf(list).top([&, list](unsigned v) { return where[v] == list; });
  };

  // Pinned nodes are pre-coloured: select places them before popping.
  for (unsigned v = 0; v < n; ++v)
    if (!nodes[v].pin)
      insert(v);
  if (trace) {
    *trace << "            lo = " << lo.size() << "\n"
           << "            hi = " << hi.size() << "\n"
           << "            inf = " << inf.size() << "\n"
           << "            total = " << lo.size() + hi.size() + inf.size()
           << "\n";
  }

  DenseBudgets dense(graph, problem.numPoints, budget);
  llvm::SmallVector<unsigned> safe;
  NodeStack stack;
  while (!lo.empty() || !hi.empty() || !inf.empty()) {
    unsigned v;
    if (!lo.empty()) {
      v = topOf(List::Lo);
      if (trace)
        *trace << "push back low " << nodes[v].name << "\n";
    } else {
      v = topOf(hi.empty() ? List::Inf : List::Hi);
      if (trace)
        *trace << "push back optimistic " << nodes[v].name << "\n";
    }
    erase(v);
    stack.push_back(v);
    safe.clear();
    for (unsigned m : graph.storedNeighbors(v)) {
      if (where[m] == List::None || graph.isDense(m))
        continue;
      bool wasSafe = budget[m] >= 0;
      budget[m] += nodes[v].liveN;
      if (!wasSafe && budget[m] >= 0)
        safe.push_back(m);
    }
    size_t sparse = safe.size();
    dense.remove(
        v, nodes[v].liveN, [&](unsigned m) { return where[m] != List::None; },
        safe);
    for (unsigned m : llvm::drop_begin(safe, sparse))
      budget[m] = dense.budgetOf(m);
    // In node order, as a walk of the neighbors meets them.
    std::sort(safe.begin() + sparse, safe.end());
    std::inplace_merge(safe.begin(), safe.begin() + sparse, safe.end());
    for (unsigned m : safe) {
      erase(m);
      insert(m);
      if (trace)
        *trace << "neighbor push to low " << nodes[m].name << "\n";
    }
  }
  return stack;
}
