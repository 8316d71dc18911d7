//===- Driver.cpp - the psum-allocate pass: best-of-n spill fixpoint ------===//
//
// The seed's PSUM_Allocator::allocate (@0xad7140): renumber, split,
// renumber; then for each heuristic of the best-of-n loop iterate
// live_range -> build -> find_costs -> simplify -> select -> insert_spill_code
// until select places every node, and keep the allocation with the lowest
// score. Every heuristic runs its fixpoint on the problem alone (spillProblem
// stands for insert_spill_code + live_range), the cheapest first spills
// first, so that the best score so far cuts the costlier ones short; the
// function is rewritten once, with the winner's spills.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Passes.h"
#include "Psum/Transforms/Report.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ToolOutputFile.h"

#include <limits>
#include <map>

namespace psum {
#define GEN_PASS_DEF_PSUMALLOCATEPASS
#include "Psum/Transforms/Passes.h.inc"
} // namespace psum

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

/// The exact mode's outcome when it proved that no allocation exists.
constexpr llvm::StringLiteral kNoAllocation = "no allocation exists";

/// Numbers in reports: "%g" style (scores are whole cycles), "inf" for +inf.
std::string formatNumber(double value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%.10g", value);
  return text;
}

std::string formatPercent(double ratio) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%.2f", 100.0 * ratio);
  return text;
}

struct AllocateOptions {
  /// Neither best-of nor heuristic was given.
  bool defaultHeuristics = true;
  /// A heuristic was chosen by name: it runs as it is, without the exact
  /// mode after it (but as a rescue where it fails or only windows spill).
  bool namedHeuristic = false;
  bool loopAware = true;
  bool split = true;
  bool exact = false;
  unsigned exactMaxCandidates = 40;
  uint64_t exactBudget = 200000;
  uint64_t rescueBudget = 50000;
  bool pruneSpills = true;
  /// Check the replayed spill rounds against the rewritten IR (the pass's
  /// verify option): applyAttempt.
  bool checkReplay = false;
  SpillOptions spill;
  std::vector<Heuristic> heuristics;
};

/// The result of one heuristic's spill fixpoint.
struct Attempt {
  const Heuristic *heuristic = nullptr;
  /// The function's own problem placed without spills.
  std::optional<Selection> direct;
  /// Otherwise the spill rounds, found without the IR (spillProblem): the
  /// locations spilled in each round, and the last round's placement with
  /// the nodes it was made for, to replay and commit.
  std::vector<std::vector<Operation *>> spillRounds;
  Selection placement;
  std::vector<PlacedNode> placed;
  /// rangeInputs of the problem placed (AllocateOptions::checkReplay).
  uint64_t placedInputs = 0;
  bool ok = false;
  Failure failure;
  double spillCycles = 0;
  unsigned spilledTensors = 0;
  /// Spill rounds run (each colors again: the seed's GCA iterations less
  /// one), and how many nodes the first round spilled.
  unsigned spillRoundsRun = 0, firstRoundSpills = 0;
  uint64_t banksUsed = 0;
  /// The spills of its first round while it waits for laterRounds.
  std::vector<unsigned> pending;
  /// What it traced (trace=true), emitted in table order.
  std::string traceText;
  /// Given up once its spills cost more than the best complete attempt.
  bool abandoned = false;
  /// Already written to the function (the fixpoint ran on the IR).
  bool committed = false;

  /// Drops what applying the attempt would take; the score stays.
  void release() {
    direct.reset();
    spillRounds = {};
    placement = {};
    placed = {};
  }

  /// What simulating `other` would find when it colors like this attempt's
  /// heuristic after the same relief set: this outcome, without the means to
  /// apply it (`other` can only tie, and ties keep the earlier heuristic).
  Attempt repeatedAs(const Heuristic &other) const {
    Attempt repeat;
    repeat.heuristic = &other;
    repeat.ok = ok;
    repeat.failure = failure;
    repeat.spillCycles = spillCycles;
    repeat.spilledTensors = spilledTensors;
    repeat.spillRoundsRun = spillRoundsRun;
    repeat.firstRoundSpills = firstRoundSpills;
    repeat.banksUsed = banksUsed;
    repeat.abandoned = abandoned;
    return repeat;
  }

  double score() const {
    return ok ? spillCycles : std::numeric_limits<double>::infinity();
  }
  /// Lower score first, then fewer banks; ties keep the earlier heuristic.
  bool betterThan(const Attempt &other) const {
    if (score() != other.score())
      return score() < other.score();
    return llvm::popcount(banksUsed) < llvm::popcount(other.banksUsed);
  }
};

/// Whether `a` and `b` color a problem alike (names and relief rankings
/// aside): with the same relief set they make the same attempt.
bool sameColoring(const Heuristic &a, const Heuristic &b) {
  return a.blocked == b.blocked && a.order == b.order &&
         a.tieSeed == b.tieSeed && a.backtrack == b.backtrack;
}

/// Keeps what applyAttempt commits: the nodes the placement was made for,
/// and when it checks the replay, the fingerprint of what their live ranges
/// came from.
void recordPlaced(const LinearFunction &lf, const Problem &problem,
                  const AllocateOptions &options, Attempt &attempt) {
  attempt.placed = placedNodes(problem);
  if (options.checkReplay)
    attempt.placedInputs = rangeInputs(lf, problem);
}

/// Describes what occupies each bank at `point`: the note of a failure.
std::string describeBanks(const Problem &problem, const Selection *selection,
                          unsigned point) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "PSUM at linear point " << point << " (bank: tensor [live range]):";
  const Geometry &geometry = problem.geometry;
  for (unsigned bank = 0; bank < geometry.numBanks; ++bank) {
    os << "\n  bank " << bank << ": ";
    if (geometry.reserved & (uint64_t(1) << bank)) {
      os << "reserved";
      continue;
    }
    bool any = false;
    for (auto [v, node] : llvm::enumerate(problem.nodes)) {
      if (node.def > point || node.use < point || !selection ||
          !(selection->bankMask(problem, v) & (uint64_t(1) << bank)))
        continue;
      os << (any ? ", " : "") << node.name << " [" << node.def << ", "
         << node.use << "]";
      any = true;
    }
    if (!any)
      os << "free";
  }
  // Enough free banks for an unplaced node but no window of adjacent ones
  // is fragmentation, which the map alone does not make plain.
  uint64_t taken = 0;
  for (auto [v, node] : llvm::enumerate(problem.nodes))
    if (selection && node.def <= point && point <= node.use)
      taken |= selection->bankMask(problem, v);
  unsigned free =
      llvm::popcount(geometry.allBanks() & ~geometry.reserved & ~taken);
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    if (node.def > point || point > node.use ||
        (selection && selection->base[v]))
      continue;
    os << "\n  unplaced: " << node.name << " (" << node.liveN << " banks) ["
       << node.def << ", " << node.use << "]";
    if (selection && free >= node.liveN &&
        geometry.widestWindow(taken) < node.liveN)
      os << ": " << free << " banks are free here, but no " << node.liveN
         << " adjacent";
  }
  return text;
}

/// The failing point of `node`: its point of highest bank demand.
unsigned busiestPoint(const Problem &problem, const Node &node) {
  std::vector<int64_t> delta(node.use - node.def + 2, 0);
  for (const Node &other : problem.nodes) {
    if (other.use < node.def || node.use < other.def)
      continue;
    delta[std::max(other.def, node.def) - node.def] += other.liveN;
    delta[std::min(other.use, node.use) - node.def + 1] -= other.liveN;
  }
  unsigned best = node.def;
  int64_t banks = 0, bestBanks = -1;
  for (unsigned p = node.def; p <= node.use; ++p) {
    banks += delta[p - node.def];
    if (banks > bestBanks) {
      bestBanks = banks;
      best = p;
    }
  }
  return best;
}

void attachBankMap(Failure &failure, const Problem &problem,
                   const LinearFunction &lf, const Selection *selection,
                   std::optional<unsigned> node) {
  unsigned point = node ? busiestPoint(problem, problem.nodes[*node]) : 0;
  if (point >= lf.points.size())
    return;
  failure.noteOp = lf.points[point].op;
  failure.note = describeBanks(problem, selection, point);
}

/// The placement of an exact search's bases.
Selection selectionOf(ArrayRef<unsigned> bases) {
  Selection selection;
  selection.base.assign(bases.begin(), bases.end());
  return selection;
}

/// One coloring round: a backtracking heuristic first tries a bounded
/// search for a spill-free placement; otherwise simplify, then select.
FailureOr<Selection> colorRound(const Problem &problem, const Graph &graph,
                                const Heuristic &heuristic,
                                llvm::raw_ostream *trace, Failure &failure) {
  if (heuristic.backtrack) {
    ExactBudget budget{50 * problem.nodes.size() + 1000};
    if (std::optional<std::vector<unsigned>> bases =
            exactPlacement(problem, budget))
      return selectionOf(*bases);
  }
  NodeStack stack = simplify(problem, graph, heuristic, trace);
  return select(problem, graph, stack, trace, failure);
}

/// One round's spill set or placement: `relief` (the first round of a relief
/// heuristic: the relief set, spilled before coloring) if not empty, else a
/// coloring round.
FailureOr<Selection> roundSelection(const Problem &problem, const Graph &graph,
                                    const Heuristic &heuristic,
                                    ArrayRef<unsigned> relief,
                                    llvm::raw_ostream *trace,
                                    Failure &failure) {
  if (!relief.empty()) {
    Selection selection;
    selection.spills.assign(relief.begin(), relief.end());
    selection.base.assign(problem.nodes.size(), std::nullopt);
    return selection;
  }
  return colorRound(problem, graph, heuristic, trace, failure);
}

/// What each location that rotates over more banks than it has blocks live
/// at once (only because the seed's shrink factor divides the block count)
/// would take with uneven-rotation, for a function that spilled or failed.
void forEachUnevenHint(const Problem &problem,
                       function_ref<void(const Node &, const Twine &)> fn) {
  if (problem.geometry.unevenRotation)
    return;
  for (const Node &node : problem.nodes)
    if (node.unevenBlocks < node.liveBlocks())
      fn(node, "'" + node.name + "' keeps " + Twine(node.liveN) +
                   " banks, though " +
                   unevenRotationHint(node.blocks, node.unevenBlocks,
                                      node.blockBanks));
}

/// Adds the costs of a round's spills (before they happen) to `attempt`.
void countSpills(const Problem &problem, ArrayRef<unsigned> spills,
                 Attempt &attempt) {
  for (unsigned v : spills)
    attempt.spillCycles += problem.nodes[v].cost;
  attempt.spilledTensors += spills.size();
  if (attempt.spillRoundsRun++ == 0)
    attempt.firstRoundSpills = spills.size();
}

void traceSpillCost(const Attempt &attempt, llvm::raw_ostream *trace) {
  if (trace)
    *trace << "spilling from PSUM cost about "
           << formatNumber(attempt.spillCycles) << " cycles\n";
}

void placed(const Problem &problem, const Selection &selection,
            Attempt &attempt, llvm::raw_ostream *trace) {
  for (unsigned v = 0; v < problem.nodes.size(); ++v)
    attempt.banksUsed |= selection.bankMask(problem, v);
  attempt.ok = true;
  if (trace)
    *trace << "PSUM score = " << formatNumber(attempt.score())
           << " (lower is better)\n";
}

/// A heuristic's first coloring round: its outcome when that round placed
/// every node or failed; otherwise its spills, counted and left pending for
/// laterRounds.
Attempt firstRound(const Problem &problem, const Graph &graph,
                   ArrayRef<unsigned> relief, const Heuristic &heuristic,
                   bool traced) {
  Attempt attempt;
  attempt.heuristic = &heuristic;
  llvm::raw_string_ostream traceStream(attempt.traceText);
  llvm::raw_ostream *trace = traced ? &traceStream : nullptr;
  if (trace)
    *trace << "best-of-n loop, heuristic = " << heuristic.name << "\n";
  FailureOr<Selection> selection = roundSelection(
      problem, graph, heuristic, relief, trace, attempt.failure);
  if (failed(selection))
    return attempt;
  if (selection->spills.empty()) {
    placed(problem, *selection, attempt, trace);
    attempt.direct = std::move(*selection);
    return attempt;
  }
  countSpills(problem, selection->spills, attempt);
  attempt.pending = std::move(selection->spills);
  return attempt;
}

/// Runs the rest of a heuristic's spill fixpoint without the IR: each
/// round's spills update the problem (spillProblem); only the winner's
/// rounds are replayed on the function (applyAttempt). Spill costs only
/// grow, so an attempt whose spills already cost more than `bound` is
/// abandoned before they are made.
void laterRounds(const LinearFunction &lf, const Problem &problem,
                 const llvm::StringSet<> *names, const AllocateOptions &options,
                 double bound, Attempt &attempt, bool traced) {
  llvm::raw_string_ostream traceStream(attempt.traceText);
  llvm::raw_ostream *trace = traced ? &traceStream : nullptr;
  auto abandons = [&] {
    if (attempt.spillCycles <= bound)
      return false;
    if (trace)
      *trace << "spills cost about " << formatNumber(attempt.spillCycles)
             << " cycles, more than the best PSUM score so far ("
             << formatNumber(bound) << "): abandoned\n";
    attempt.abandoned = true;
    return true;
  };
  // Before the first round's problem is built, which costs a round's worth
  // of memory.
  if (abandons())
    return;
  LinearFunction roundLf;
  Problem round;
  SpillCounters counters;
  std::optional<LocationNames> minted;
  if (names)
    minted.emplace(names);
  std::vector<unsigned> spills = std::move(attempt.pending);
  // Each round spills at least one node and a spilled node is never spilled
  // again, so the loop ends. The first reads the problem it was given (kept
  // for the other heuristics); the later ones replace their own.
  for (bool first = true;; first = false) {
    const Problem &current = first ? problem : round;
    std::vector<Operation *> &spilled = attempt.spillRounds.emplace_back();
    for (unsigned v : spills)
      spilled.push_back(current.nodes[v].memloc);
    LocationNames *roundNames = minted ? &*minted : nullptr;
    if (failed(first ? spillProblem(lf, problem, spills, options.spill,
                                    options.loopAware, counters, roundNames,
                                    trace, attempt.failure, roundLf, round)
                     : spillProblem(roundLf, round, spills, options.spill,
                                    options.loopAware, counters, roundNames,
                                    trace, attempt.failure)))
      return;
    traceSpillCost(attempt, trace);
    Graph roundGraph = buildInterference(round, trace);
    findCosts(round, options.spill.copyLatency, trace);
    FailureOr<Selection> selection = colorRound(
        round, roundGraph, *attempt.heuristic, trace, attempt.failure);
    if (failed(selection))
      return;
    if (selection->spills.empty()) {
      placed(round, *selection, attempt, trace);
      attempt.placement = std::move(*selection);
      recordPlaced(roundLf, round, options, attempt);
      return;
    }
    countSpills(round, selection->spills, attempt);
    spills = std::move(selection->spills);
    if (abandons())
      return;
  }
}

/// The spill fixpoint on the IR of `func` from its current state: rebuild,
/// color, spill, until a round places every node (then committed). Reports
/// failures with their ops and the per-bank map.
void fixpointOnIR(bir::FuncOp func, const Geometry &geometry,
                  const AllocateOptions &options, const Heuristic &heuristic,
                  bool first, SpillCounters &counters, Attempt &attempt) {
  for (;; first = false) {
    LinearFunction lf = linearize(func);
    FailureOr<Problem> round =
        buildLiveRanges(lf, geometry, options.loopAware, attempt.failure);
    if (failed(round))
      return;
    Graph graph = buildInterference(*round, nullptr);
    findCosts(*round, options.spill.copyLatency, nullptr);
    std::vector<unsigned> relief;
    if (first && heuristic.relief != Heuristic::Relief::None)
      relief = reliefSpills(lf, *round, options.spill, heuristic.relief,
                            heuristic.kept);
    FailureOr<Selection> selection = roundSelection(
        *round, graph, heuristic, relief, nullptr, attempt.failure);
    if (failed(selection))
      return;
    if (selection->spills.empty()) {
      commit(*round, *selection);
      placed(*round, *selection, attempt, nullptr);
      attempt.committed = true;
      return;
    }
    countSpills(*round, selection->spills, attempt);
    if (failed(insertSpillCode(func, lf, *round, selection->spills,
                               options.spill, counters, nullptr,
                               attempt.failure))) {
      auto culprit = llvm::find_if(selection->spills, [&](unsigned v) {
        return round->nodes[v].memloc == attempt.failure.op;
      });
      attachBankMap(attempt.failure, *round, lf, &*selection,
                    culprit != selection->spills.end()
                        ? std::optional<unsigned>(*culprit)
                        : std::nullopt);
      // The map is of this round's function: say what earlier rounds
      // changed, or its points and tensors match nothing in the input.
      unsigned earlier = attempt.spillRoundsRun - 1;
      size_t spilled = attempt.spilledTensors - selection->spills.size();
      if (earlier && !attempt.failure.note.empty())
        attempt.failure.note +=
            "\n  (linear points and tensors after " + std::to_string(earlier) +
            " spill round" + (earlier == 1 ? "" : "s") + ", which spilled " +
            std::to_string(spilled) + " tensor" + (spilled == 1 ? "" : "s") +
            " and added their copies)";
      return;
    }
  }
}

/// `heuristic`'s spill fixpoint on the IR of `func`, in place: what runs
/// when no simulated attempt succeeded, so that a failure is reported with
/// real ops (the simulation keeps none for what it mints) and, should the IR
/// succeed where the simulation did not, the function is still allocated.
/// On failure `func` is left rewritten; the pass fails anyway.
Attempt attemptOnIR(bir::FuncOp func, const Geometry &geometry,
                    const AllocateOptions &options,
                    const Heuristic &heuristic) {
  Attempt attempt;
  attempt.heuristic = &heuristic;
  SpillCounters counters;
  fixpointOnIR(func, geometry, options, heuristic, /*first=*/true, counters,
               attempt);
  return attempt;
}

/// Rewrites `func` with the winner's spill rounds and commits its
/// placement to the locations the rewrite minted (bindMinted). With
/// checkReplay the rewritten IR is analysed again and must give the nodes
/// the placement was made for: the same inputs to the live ranges
/// (rangeInputs), or else the same live ranges rebuilt from it, and the same
/// locations; a difference is an allocator bug, reported as an error.
/// Without it, the IR is analysed again only should the minted locations not
/// pair up with the nodes: with the same live ranges the placement goes to
/// the rewrite's own locations, else the fixpoint goes on from the rewritten
/// IR (trace says so), which is always a valid allocation. Takes the first
/// round's analysis (`lf`, `problem`) to free it once the rounds are replayed,
/// before the rebuild.
LogicalResult applyAttempt(bir::FuncOp func, LinearFunction lf,
                           Problem problem, const Geometry &geometry,
                           const AllocateOptions &options, Attempt &attempt,
                           llvm::raw_ostream *trace) {
  if (attempt.direct) {
    commit(problem, *attempt.direct);
    return success();
  }
  llvm::DenseMap<Operation *, unsigned> nodeOf;
  for (auto [v, node] : llvm::enumerate(problem.nodes))
    nodeOf[node.memloc] = v;
  // The rounds one after another in one rewrite: each spill inserts its
  // copies next to its own writers and readers, where the round before left
  // them, and mints names fresh against all minted before.
  SmallVector<unsigned> spills;
  for (ArrayRef<Operation *> round : attempt.spillRounds)
    for (Operation *memloc : round)
      spills.push_back(nodeOf.lookup(memloc));
  SpillCounters counters;
  MintedLocations minted;
  if (failed(insertSpillCode(func, lf, problem, spills, options.spill, counters,
                             nullptr, attempt.failure, &minted)))
    return failure();
  lf = LinearFunction();
  problem = Problem();
  // psum-check compares spillProblem and bindMinted with the rewrite on
  // random functions (checkSpillUpdate), and allocates them with the check.
  bool bound = succeeded(bindMinted(attempt.placed, minted));
  if (bound && !options.checkReplay) {
    commit(attempt.placed, attempt.placement);
    return success();
  }
  LinearFunction rewritten = linearize(func);
  Problem final =
      collectCandidates(rewritten, collectPsumAccesses(rewritten), geometry);
  // The live ranges were described from what spillProblem simulated: the
  // same inputs in the IR describe to the same ranges, so only other inputs
  // are described again, and compared.
  bool same = options.checkReplay &&
              rangeInputs(rewritten, final) == attempt.placedInputs;
  if (!same) {
    if (failed(describeCandidates(final, rewritten, options.loopAware,
                                  attempt.failure)))
      return failure();
    same = llvm::equal(final.nodes, attempt.placed,
                       [](const Node &node, const PlacedNode &placed) {
                         return node.def == placed.def &&
                                node.use == placed.use &&
                                node.liveN == placed.liveN;
                       });
  }
  // Checked, the locations too: those the placement goes to unchecked.
  if (options.checkReplay)
    same = same && bound &&
           llvm::equal(final.nodes, attempt.placed,
                       [](const Node &node, const PlacedNode &placed) {
                         return node.memloc == placed.memloc;
                       });
  if (same) {
    // Unchecked, the rewrite's own locations where the minted ones did not
    // pair up.
    if (bound)
      commit(attempt.placed, attempt.placement);
    else
      commit(final, attempt.placement);
    return success();
  }
  if (options.checkReplay) {
    attempt.failure.op = func;
    attempt.failure.message =
        "psum-allocate internal error: the spill rounds of heuristic '" +
        attempt.heuristic->name +
        "' replayed on the IR differ from their simulation (spillProblem)";
    return failure();
  }
  if (trace)
    *trace << "spill rounds of " << attempt.heuristic->name
           << " differ on the IR; continuing there\n";
  attempt.ok = false;
  fixpointOnIR(func, geometry, options, *attempt.heuristic, /*first=*/false,
               counters, attempt);
  return success(attempt.ok);
}

/// The exact mode after best-of-n: an attempt that beats `best`, if one
/// exists and `steps` (the option `budgetOption`) allow finding it.
/// `report.exact` says what was proved, `report.exactLimit` which limit
/// stopped it first.
std::optional<Attempt> runExact(const LinearFunction &lf,
                                const Problem &problem,
                                const AllocateOptions &options, uint64_t steps,
                                StringRef budgetOption, const Attempt &best,
                                FunctionReport &report) {
  static const Heuristic exactHeuristic{"exact"};
  std::string &outcome = report.exact;
  // Nothing to search for, at any size: nothing costs less than no spill.
  if (best.ok && best.spilledTensors == 0) {
    outcome = "a spill-free placement exists; best-of-n found one";
    return std::nullopt;
  }
  // Where best-of-n failed there is nothing to keep.
  std::string kept = best.ok ? "; kept best-of-n" : "";
  if (problem.nodes.size() > options.exactMaxCandidates) {
    outcome = std::to_string(problem.nodes.size()) +
              " candidates exceed exact-max-candidates" + kept;
    report.exactLimit = "exact-max-candidates";
    return std::nullopt;
  }
  ExactBudget budget{steps};
  auto exhausted = [&](const std::string &during = "") {
    outcome = "budget of " + std::to_string(steps) + " steps exhausted" +
              during + kept;
    report.exactLimit = budgetOption.str();
    return std::nullopt;
  };
  Attempt attempt;
  attempt.heuristic = &exactHeuristic;

  if (std::optional<std::vector<unsigned>> bases =
          exactPlacement(problem, budget)) {
    outcome = "spill-free placement found";
    attempt.direct = selectionOf(*bases);
    placed(problem, *attempt.direct, attempt, nullptr);
    return attempt;
  }
  if (budget.exhausted)
    return exhausted();

  double bound = best.ok ? best.score() : std::numeric_limits<double>::infinity();
  std::optional<std::vector<unsigned>> spills =
      exactSpills(lf, problem, options.spill, options.loopAware, bound, budget);
  if (!spills) {
    if (budget.exhausted)
      return exhausted();
    outcome = best.ok ? "no spill-free placement exists for these live ranges; "
                        "best-of-n is optimal"
                      : kNoAllocation.str();
    return std::nullopt;
  }

  // Place the problem after the optimal spills exactly; the IR is rewritten
  // only if this attempt wins.
  LinearFunction roundLf;
  Problem rewritten;
  SpillCounters counters;
  std::vector<Operation *> &round = attempt.spillRounds.emplace_back();
  for (unsigned v : *spills)
    round.push_back(problem.nodes[v].memloc);
  countSpills(problem, *spills, attempt);
  if (failed(spillProblem(lf, problem, *spills, options.spill,
                          options.loopAware, counters, nullptr, nullptr,
                          attempt.failure, roundLf, rewritten)))
    return std::nullopt;
  std::optional<std::vector<unsigned>> bases =
      exactPlacement(rewritten, budget);
  if (!bases) {
    std::string set = "the optimal spill set (cost " +
                      formatNumber(attempt.spillCycles) + ")";
    if (budget.exhausted)
      return exhausted(" placing " + set);
    outcome = set + " did not place after rewriting" + kept;
    return std::nullopt;
  }
  attempt.placement = selectionOf(*bases);
  recordPlaced(roundLf, rewritten, options, attempt);
  placed(rewritten, attempt.placement, attempt, nullptr);
  outcome = best.ok ? "improved best-of-n from " + formatNumber(best.score()) +
                          " to " + formatNumber(attempt.spillCycles)
                    : "found an allocation of cost " +
                          formatNumber(attempt.spillCycles);
  return attempt;
}

/// What pruneWinner put back, for the remark and the trace.
std::string describePutBack(const FunctionReport &report) {
  return "put back spills others made unnecessary: " +
         llvm::join(report.putBack, ", ") + " (PSUM score " +
         formatNumber(report.unprunedScore) + " -> " +
         formatNumber(report.prunedScore) + ")";
}

/// Largest function (in candidates) whose winning spills are pruned.
constexpr size_t kPruneLimit = 200;

/// The winner's spills that others made unnecessary (a later round's spill
/// may relieve what an earlier one was for): each spilled tensor, costliest
/// first, is put back where the relief model fits it back (putBackSpills),
/// the rest of the spills, rewritten at once (spillProblem, as the replay
/// writes them), leave no point over PSUM and a bounded exact search places
/// them. The pruned attempt and the names of the tensors put back, if any
/// went.
std::optional<Attempt> pruneWinner(const LinearFunction &lf,
                                   const Problem &problem,
                                   const AllocateOptions &options,
                                   const Attempt &winner,
                                   std::vector<std::string> &putBack) {
  if (problem.nodes.size() > kPruneLimit || winner.spillRounds.empty())
    return std::nullopt;
  llvm::DenseMap<Operation *, unsigned> nodeOf;
  for (auto [v, node] : llvm::enumerate(problem.nodes))
    nodeOf[node.memloc] = v;
  std::vector<unsigned> spills;
  for (ArrayRef<Operation *> round : winner.spillRounds)
    for (Operation *memloc : round) {
      auto it = nodeOf.find(memloc);
      if (it == nodeOf.end())
        return std::nullopt;
      spills.push_back(it->second);
    }
  llvm::sort(spills);
  LinearFunction placedLf;
  Problem placedProblem;
  std::optional<std::vector<unsigned>> bases;
  // The relief model refuses most tensors without rewriting anything.
  llvm::DenseSet<unsigned> back;
  putBackSpills(lf, problem, options.spill, spills, [&](unsigned v) {
    std::vector<unsigned> rest;
    llvm::copy_if(spills, std::back_inserter(rest),
                  [&](unsigned s) { return s != v && !back.contains(s); });
    LinearFunction restLf;
    Problem restProblem;
    SpillCounters counters;
    Failure ignored;
    if (failed(spillProblem(lf, problem, rest, options.spill, options.loopAware,
                            counters, nullptr, nullptr, ignored, restLf,
                            restProblem)))
      return false;
    ExactBudget budget{50 * restProblem.nodes.size() + 1000};
    std::optional<std::vector<unsigned>> restBases =
        exactPlacement(restProblem, budget);
    if (!restBases)
      return false;
    back.insert(v);
    putBack.push_back(problem.nodes[v].name);
    bases = std::move(restBases);
    placedLf = std::move(restLf);
    placedProblem = std::move(restProblem);
    return true;
  });
  if (!bases)
    return std::nullopt;
  Attempt pruned;
  pruned.heuristic = winner.heuristic;
  if (spills.empty()) {
    pruned.direct = selectionOf(*bases);
    placed(problem, *pruned.direct, pruned, nullptr);
    return pruned;
  }
  countSpills(problem, spills, pruned);
  // The heuristic's rounds stand (the seed's GCA iterations count them);
  // what it spills is what is left.
  pruned.spillRoundsRun = winner.spillRoundsRun;
  pruned.firstRoundSpills = winner.firstRoundSpills;
  std::vector<Operation *> &round = pruned.spillRounds.emplace_back();
  for (unsigned v : spills)
    round.push_back(problem.nodes[v].memloc);
  pruned.placement = selectionOf(*bases);
  recordPlaced(placedLf, placedProblem, options, pruned);
  placed(placedProblem, pruned.placement, pruned, nullptr);
  return pruned;
}

/// Largest function (in candidates) that gets every named heuristic by
/// default; larger ones get the seed and the three strongest, so that the
/// best-of-n loop stays within a small factor of parsing (docs/performance.md,
/// docs/PsumAllocate.md).
constexpr size_t kLargeFunction = 1000;

std::vector<Heuristic> heuristicsFor(const Problem &problem,
                                     const AllocateOptions &options) {
  if (!options.defaultHeuristics || problem.nodes.size() <= kLargeFunction)
    return options.heuristics;
  std::vector<Heuristic> chosen;
  for (const Heuristic &h : options.heuristics)
    if (h.name == "seed" || h.name == "relief-backtrack" ||
        h.name == "ratio-backtrack" || h.name == "reach-backtrack")
      chosen.push_back(h);
  return chosen;
}

/// Why the banks the candidates carry are not kept, for the warning on
/// replacing them: the location it is about, and what does not hold.
struct ReplacedBanks {
  Operation *memloc;
  std::string why;
};

/// Whether every candidate already carries banks that still hold (and its
/// pin, if any): then the function was allocated before and is left as it
/// is. Where some carry banks that are not kept, `replaced` says why.
bool isAllocated(const Problem &problem, const Graph &graph,
                 std::optional<ReplacedBanks> &replaced) {
  auto quoted = [](const Node &node) { return "'" + node.name + "'"; };
  auto given = [](const Node &node) {
    return cast<bir::MemLocOp>(node.memloc).getBanks().has_value();
  };
  auto fail = [&](const Node &node, const Twine &why) {
    if (llvm::any_of(problem.nodes, given))
      replaced = ReplacedBanks{node.memloc, why.str()};
    return false;
  };
  std::vector<uint64_t> masks;
  for (const Node &node : problem.nodes) {
    auto memloc = cast<bir::MemLocOp>(node.memloc);
    std::optional<int64_t> base = memloc.getBaseBank();
    if (!base || !memloc.getBanks())
      return fail(node, quoted(node) + " has none");
    if (*base + node.liveN > problem.geometry.numBanks)
      return fail(node, quoted(node) + " needs " + Twine(node.liveN) +
                            " banks from base bank " + Twine(*base) +
                            ", past the " + Twine(problem.geometry.numBanks));
    if (node.pin && *node.pin != *base)
      return fail(node, quoted(node) + " is pinned to bank " +
                            Twine(*node.pin) + " but based at bank " +
                            Twine(*base));
    for (auto [k, bank] : llvm::enumerate(*memloc.getBanks())) {
      int64_t roundRobin =
          *base + int64_t(k % node.liveBlocks() * node.blockBanks);
      if (bank != roundRobin)
        return fail(node, "block " + Twine(k) + " of " + quoted(node) +
                              " is on bank " + Twine(bank) +
                              ", where its blocks rotate over " +
                              Twine(node.liveN) +
                              (node.liveN == 1 ? " bank" : " banks") +
                              " from bank " + Twine(*base) + " (block " +
                              Twine(k) + " on bank " + Twine(roundRobin) + ")");
    }
    masks.push_back(windowMask(*base, node.liveN));
  }
  auto clash = [&](unsigned v, unsigned m) {
    return fail(problem.nodes[v],
                quoted(problem.nodes[v]) + " and " + quoted(problem.nodes[m]) +
                    " share bank " +
                    Twine(llvm::countr_zero(masks[v] & masks[m])) +
                    " while both hold values");
  };
  for (unsigned v = 0; v < problem.nodes.size(); ++v) {
    if (uint64_t reserved = masks[v] & problem.geometry.reserved)
      return fail(problem.nodes[v], quoted(problem.nodes[v]) +
                                        " takes reserved bank " +
                                        Twine(llvm::countr_zero(reserved)));
    for (unsigned m : graph.storedNeighbors(v))
      if (masks[v] & masks[m])
        return clash(v, m);
  }
  // Dense nodes do not list each other: in order of start, one that shares
  // a bank with an earlier one still live clashes.
  std::vector<unsigned> dense(graph.denseNodes());
  llvm::stable_sort(dense, [&](unsigned a, unsigned b) {
    return graph.range(a).def < graph.range(b).def;
  });
  // Per bank, the node that holds it until the latest point so far.
  std::vector<std::optional<unsigned>> holder(problem.geometry.numBanks);
  for (unsigned v : dense) {
    const Interval &range = graph.range(v);
    for (uint64_t banks = masks[v]; banks; banks &= banks - 1) {
      std::optional<unsigned> &last = holder[llvm::countr_zero(banks)];
      if (last && graph.range(*last).use >= range.def)
        return clash(v, *last);
      if (!last || graph.range(*last).use < range.use)
        last = v;
    }
  }
  return true;
}

/// Makes the target the options name the function's own: its banks (the
/// partitions stay the function's: they bound SBUF and DRAM locations too,
/// and PSUM ones were checked against the arch option), the banks left free
/// and the rotation rule, so that the output verifies and the tools reading
/// it and a second run follow them too (an empty list is no list).
void retarget(bir::FuncOp func, const Geometry &geometry) {
  bir::ArchAttr target =
      bir::ArchAttr::get(func.getContext(), geometry.gen, geometry.numBanks,
                         geometry.bankSize, func.getArch().getPartitions());
  if (target != func.getArch())
    func.setArchAttr(target);
  if (geometry.reserved)
    func.setReservedBanks(geometry.reservedBanks());
  else
    func.removeReservedBanksAttr();
  func.setUnevenRotation(geometry.unevenRotation);
}

/// Locations nobody accesses are no candidates and get no banks: banks left
/// from an earlier target would not verify under this one. Their pins stay,
/// so they must not name a reserved bank either.
LogicalResult dropUnusedBanks(const LinearFunction &lf,
                              const Geometry &geometry) {
  for (bir::MemLocOp memloc : lf.memlocs) {
    if (!memloc.isPsum() || !memloc.getResult().use_empty())
      continue;
    memloc.removeBanksAttr();
    memloc.removeBaseBankAttr();
    if (std::optional<uint64_t> pin = memloc.getPin();
        pin && geometry.reserved >> *pin & 1)
      return emitError(memloc.getLoc(), "'")
             << memloc.getName() << "' is pinned to bank " << *pin
             << ", a reserved bank";
  }
  return success();
}

/// The attempts of the best-of-n loop and the winner among them. Attempts
/// point into `heuristics` (a move keeps them valid).
struct BestOfN {
  std::vector<Heuristic> heuristics;
  std::vector<Attempt> attempts;
  size_t best = 0;

  Attempt &winner() { return attempts[best]; }
  /// Makes `attempt` the winner.
  void win(Attempt attempt) {
    attempts.push_back(std::move(attempt));
    best = attempts.size() - 1;
  }
};

/// The best-of-n loop: every heuristic's spill fixpoint on `problem`, and
/// the winner (lower score, then fewer banks, then the earlier heuristic),
/// with the spills that others made unnecessary put back. Records what was
/// tried and put back in `report`; the attempts' traces go to `trace` in
/// table order. `graph` is `problem`'s, freed once the first rounds are
/// colored.
BestOfN runBestOfN(const LinearFunction &lf, const Problem &problem,
                   Graph graph, const AllocateOptions &options,
                   llvm::raw_ostream *trace, FunctionReport &report) {
  BestOfN run;
  run.heuristics = heuristicsFor(problem, options);
  std::vector<Attempt> &attempts = run.attempts;
  attempts.reserve(run.heuristics.size() + 1);
  // The names the simulation mints show only in the trace: the names to
  // mint around are gathered only then.
  std::optional<llvm::StringSet<>> names;
  if (trace)
    names = spillLikeNames(lf);
  double bound = std::numeric_limits<double>::infinity();
  // Relief sets depend only on the ranking and the model: computed once
  // per pair.
  std::map<std::pair<Heuristic::Relief, Heuristic::Kept>, std::vector<unsigned>>
      reliefSets;
  // Each attempt's relief set (into reliefSets, whose nodes stay put).
  std::vector<ArrayRef<unsigned>> reliefOf;
  // (attempt, the earlier one it repeats).
  std::vector<std::pair<size_t, size_t>> repeats;
  // The loop finds the winner of running every heuristic's fixpoint in
  // table order, in two passes. First each heuristic's first round, in
  // table order, up to the first that spills nothing (nothing beats score
  // 0). Then the later rounds of those that spilled, in the order of
  // their first spills' cost: the best score so far abandons costlier
  // attempts before their spills are made (docs/PsumAllocate.md).
  for (const Heuristic &heuristic : run.heuristics) {
    ArrayRef<unsigned> relief;
    if (heuristic.relief != Heuristic::Relief::None) {
      auto [it, fresh] =
          reliefSets.try_emplace({heuristic.relief, heuristic.kept});
      if (fresh)
        it->second = reliefSpills(lf, problem, options.spill, heuristic.relief,
                                  heuristic.kept);
      relief = it->second;
    }
    // An attempt depends only on its relief set and its coloring: a
    // heuristic repeating an earlier one (both rankings picked the same
    // set, or a relief heuristic found no excess) is not run again.
    std::optional<size_t> earlier;
    for (auto [i, attempt] : llvm::enumerate(attempts))
      if (reliefOf[i] == relief &&
          sameColoring(*attempt.heuristic, heuristic)) {
        earlier = i;
        break;
      }
    reliefOf.push_back(relief);
    if (earlier) {
      repeats.emplace_back(attempts.size(), *earlier);
      Attempt &repeat = attempts.emplace_back();
      repeat.heuristic = &heuristic;
      continue;
    }
    attempts.push_back(
        firstRound(problem, graph, relief, heuristic, trace != nullptr));
    bound = std::min(bound, attempts.back().score());
    if (bound == 0)
      break;
  }
  // The first rounds were the graph's last readers: it goes before the
  // later rounds copy the problem.
  graph = Graph();
  std::vector<size_t> spilled;
  for (auto [i, attempt] : llvm::enumerate(attempts))
    if (!attempt.pending.empty())
      spilled.push_back(i);
  llvm::stable_sort(spilled, [&](size_t a, size_t b) {
    return attempts[a].spillCycles < attempts[b].spillCycles;
  });
  for (size_t i : spilled) {
    laterRounds(lf, problem, names ? &*names : nullptr, options, bound,
                attempts[i], trace != nullptr);
    bound = std::min(bound, attempts[i].score());
  }
  for (auto [i, earlier] : repeats) {
    Attempt &repeat = attempts[i];
    repeat = attempts[earlier].repeatedAs(*repeat.heuristic);
    if (trace)
      repeat.traceText =
          "best-of-n loop, heuristic = " + repeat.heuristic->name +
          "\n  same relief set and coloring as heuristic " +
          attempts[earlier].heuristic->name + ": not run again\n";
  }
  // Lower score first, then fewer banks, then the earlier heuristic; of
  // allocations without spills, the first (table order stops there).
  size_t &best = run.best;
  for (size_t i = 1; i < attempts.size(); ++i)
    if (attempts[best].score() != 0 && attempts[i].betterThan(attempts[best]))
      best = i;
  // Only the best attempt keeps what it takes to apply it.
  for (auto [i, attempt] : llvm::enumerate(attempts)) {
    if (trace)
      *trace << attempt.traceText;
    if (i != best)
      attempt.release();
  }
  for (const Attempt &attempt : attempts)
    report.tried.push_back({attempt.heuristic->name,
                            attempt.abandoned ? bound : attempt.score(),
                            attempt.abandoned});
  // The winner's spills that others made unnecessary go back first: the
  // exact mode then only runs where they leave more than the optimum.
  if (options.pruneSpills && attempts[best].ok && attempts[best].spilledTensors)
    if (std::optional<Attempt> pruned =
            pruneWinner(lf, problem, options, attempts[best], report.putBack)) {
      report.unprunedScore = attempts[best].score();
      attempts[best] = std::move(*pruned);
      report.prunedScore = attempts[best].score();
      if (trace)
        *trace << describePutBack(report) << "\n";
    }
  return run;
}

/// The exact mode after best-of-n, whose attempt wins if it beats best-of-n's:
/// on request; as a rescue (with a smaller budget: it delays an error
/// otherwise) where best-of-n found no allocation, unless `proof` shows
/// there is none; and where best-of-n spilled though no point needs more
/// banks than PSUM has, since the spills are then the windows' (a pin or a
/// reserved bank splitting PSUM, multi-bank tiles), which the relief
/// heuristics do not see and the node that found no window may not cure
/// (the session-27 quality audit: a 4-bank tile spilled for 1280 cycles
/// where one 1-bank tile for 128 frees a window). Since the exact mode's
/// spill-set search is A* (session 30), also wherever best-of-n spilled (a
/// heuristic chosen by name keeps its result): the optimum of a function
/// the exact mode takes on costs about as much again as best-of-n. Only
/// where the exact mode takes the function on: larger ones keep best-of-n
/// without a remark saying so.
void runExactAfter(const LinearFunction &lf, const Problem &problem,
                   const Geometry &geometry, const AllocateOptions &options,
                   const std::optional<InstructionDemand> &proof,
                   llvm::raw_ostream *trace, FunctionReport &report,
                   BestOfN &run) {
  const Attempt &best = run.winner();
  bool rescue = !options.exact && !best.ok && !proof && options.rescueBudget;
  rescue |= !options.exact && best.ok && best.score() > 0 &&
            (report.peakDemand <= geometry.usableBanks() ||
             !options.namedHeuristic) &&
            problem.nodes.size() <= options.exactMaxCandidates &&
            options.rescueBudget;
  if (!options.exact && !rescue)
    return;
  std::optional<Attempt> exact = runExact(
      lf, problem, options, rescue ? options.rescueBudget : options.exactBudget,
      rescue ? "rescue-budget" : "exact-budget", best, report);
  // Its outcome in the trace too: a winner named "exact" comes from here.
  if (trace && !report.exact.empty())
    *trace << "exact mode: " << report.exact << "\n";
  if (!exact)
    return;
  if (trace)
    *trace << "PSUM score = " << formatNumber(exact->score())
           << " (lower is better)\n";
  run.win(std::move(*exact));
}

/// Notes on a function that has no allocation (`failure`, emitted as
/// `error`): `proof`, when there is one (the failure is then not the
/// heuristics'), the exact mode's verdict and what it is relative to, how
/// an accumulation group that found no banks could leave PSUM, and where
/// uneven rotation would help.
void noteNoAllocation(InFlightDiagnostic &error, const Failure &failure,
                      const LinearFunction &lf, const Problem &problem,
                      const Geometry &geometry, const AllocateOptions &options,
                      const FunctionReport &report,
                      const std::optional<InstructionDemand> &proof,
                      Location funcLoc) {
  if (proof)
    error.attachNote(lf.points[proof->point].op->getLoc())
        << kNoAllocation << ": this instruction needs " << proof->banks
        << " of the " << geometry.usableBanks()
        << " PSUM banks whatever is spilled (what it accesses, and the "
           "accumulation groups, pinned and spill-minted locations live "
           "across it)";
  if (report.exact == kNoAllocation) {
    Diagnostic &note = error.attachNote(funcLoc);
    note << "the exact mode tried every spill set: " << kNoAllocation;
    // Where reserved banks or pins split PSUM, the window rule may be
    // what fails, not the bank count (session-26 and session-38
    // audits); not where the count alone is proved to.
    bool reservedSplit = geometry.widestWindow() < geometry.usableBanks();
    uint64_t usable = geometry.allBanks() & ~geometry.reserved;
    auto splits = [&](const Node &pinned) {
      if (!pinned.pin)
        return false;
      unsigned end = *pinned.pin + pinned.liveN;
      bool below = usable & windowMask(0, *pinned.pin);
      bool above = end < 64 && (usable >> end);
      // ... while something that needs adjacent banks is live.
      return below && above &&
             llvm::any_of(problem.nodes, [&](const Node &other) {
               return other.liveN > 1 && other.def <= pinned.use &&
                      pinned.def <= other.use;
             });
    };
    bool pinSplit = llvm::any_of(problem.nodes, splits);
    if (!proof && (reservedSplit || pinSplit))
      note << " as modelled (a location's live blocks take adjacent "
              "banks, and "
           << (reservedSplit ? "the reserved banks" : "")
           << (reservedSplit && pinSplit ? " and " : "")
           << (pinSplit ? "pinned locations" : "") << " split PSUM)";
    // So may the seed's rewrite, where the default mints locations
    // that may place (audit of session 36).
    if (!options.spill.writeLocations)
      note << " with spill-write-locations=false (every write of a "
              "spilled tensor goes to the tensor itself, which then "
              "holds its banks from its first writer to its last; by "
              "default each later writer writes a location of its "
              "own)";
  }
  // Without a verdict, say which limit to raise for one (session 44: 9 of
  // 6,000 random functions were refused at the rescue's budget; a higher
  // one proved each infeasible in a fraction of a second).
  if (!proof && !report.exactLimit.empty())
    error.attachNote(funcLoc)
        << "the exact mode did not decide whether an allocation exists: "
        << report.exact << "; a higher " << report.exactLimit
        << " lets it search further";
  // A finished sum that must leave PSUM cannot (session-41 kernel audit):
  // say how a kernel lets it, where the group holds its value after its
  // last write at the point proved short of banks, or without a proof
  // where more banks than PSUM has are live after its last write.
  const Node *group = nullptr;
  for (const Node &node : problem.nodes)
    if (node.unspillable && node.memloc == failure.op && !node.writers.empty())
      group = &node;
  auto shortAfterLastWrite = [&] {
    if (proof)
      return proof->point > group->writers.back();
    std::vector<int64_t> demand = bankDemand(problem);
    return std::any_of(demand.begin() + group->writers.back() + 1,
                       demand.begin() + group->use + 1, [&](int64_t banks) {
                         return banks > int64_t(geometry.usableBanks());
                       });
  };
  if (group && shortAfterLastWrite())
    error.attachNote(group->memloc->getLoc())
        << "'" << group->name
        << "' keeps its banks from its first write to its last read: a "
           "location that some instruction reads and writes (an accumulation "
           "group) is never spilled, even after its last '+='; where its "
           "finished value must leave PSUM for a while, copy it with a "
           "bir.tensor_copy into a PSUM location of its own, which can be "
           "spilled, and read that";
  forEachUnevenHint(problem, [&](const Node &node, const Twine &hint) {
    error.attachNote(node.memloc->getLoc()) << hint;
  });
}

/// The winner's figures, in the report and on `func`. G5
/// (docs/PsumAllocate.md): its coloring rounds (counted after the replay,
/// which may go on on the IR), and the share of the `candidates` its first
/// round placed.
void recordWinner(bir::FuncOp func, const Attempt &winner, size_t candidates,
                  llvm::raw_ostream *trace, FunctionReport &report) {
  report.gcaIterations = winner.spillRoundsRun + 1;
  report.firstIterPlaced =
      candidates ? 1.0 - double(winner.firstRoundSpills) / candidates : 1.0;
  if (trace)
    *trace << "PSUM GCA interation nums = " << report.gcaIterations << "\n"
           << formatPercent(report.firstIterPlaced) << "%(psum first iter)\n";
  report.heuristic = winner.heuristic->name;
  report.score = winner.score();
  report.spillCycles = winner.spillCycles;
  report.spilledTensors = winner.spilledTensors;
  Builder builder(func.getContext());
  func->setAttr(kHeuristicAttr, builder.getStringAttr(report.heuristic));
  func->setAttr(kScoreAttr,
                builder.getI64IntegerAttr(static_cast<int64_t>(report.score)));
}

class PsumAllocatePass
    : public psum::impl::PsumAllocatePassBase<PsumAllocatePass> {
public:
  using PsumAllocatePassBase::PsumAllocatePassBase;

  void runOnOperation() override;

private:
  /// The pass options as AllocateOptions; an error for a bad one.
  LogicalResult readOptions(AllocateOptions &options);
  LogicalResult allocate(bir::FuncOp func, const AllocateOptions &options,
                         FunctionReport &report, std::string &traceText);
  void emitRemarks(bir::FuncOp func, const FunctionReport &report);
};

} // namespace

LogicalResult PsumAllocatePass::allocate(bir::FuncOp func,
                                         const AllocateOptions &options,
                                         FunctionReport &report,
                                         std::string &traceText) {
  llvm::raw_string_ostream traceStream(traceText);
  llvm::raw_ostream *trace = this->trace ? &traceStream : nullptr;
  FailureOr<Geometry> geometry =
      resolveGeometry(func, arch, numBanks, bankSize, reservedBanks);
  if (failed(geometry))
    return failure();
  // The marks of an earlier run steer the live ranges and the idempotence
  // test: hand-made ones must agree with the IR.
  if (failed(checkSpillMarks(func)))
    return failure();
  geometry->loadToCopy = loadToCopy;
  geometry->unevenRotation |= unevenRotation;
  retarget(func, *geometry);
  LinearFunction lf = linearize(func);
  if (failed(dropUnusedBanks(lf, *geometry)))
    return failure();
  if (trace)
    *trace << " allocating PSUM " << func.getSymName() << "\n";

  // Splitting first: pieces may fit where the whole location would not.
  // Split keeps the linear order and the accesses current for the rest.
  PsumAccesses accesses = collectPsumAccesses(lf);
  warnUnreadRestarts(lf, accesses);
  warnContinuedStarts(lf, accesses);
  DenseMap<Operation *, PieceOrigin> pieceOf;
  if (options.split &&
      splitLocations(lf, accesses, options.loopAware, &pieceOf) && trace)
    *trace << " split multi-range PSUM locations\n";
  // A failure on a piece says what the piece is, where it begins (pieces
  // cut in time share their bytes).
  auto emitFailure = [&](const Failure &failure) {
    InFlightDiagnostic error = failure.emit();
    if (auto it = pieceOf.find(failure.op); it != pieceOf.end())
      error.attachNote(it->second.firstAccess->getLoc())
          << "'" << cast<bir::MemLocOp>(failure.op).getName() << "' is "
          << it->second.part
          << " from this access on: split made a location of each part used "
             "apart";
    return error;
  };

  // Errors that no heuristic can avoid come next.
  Failure failure;
  FailureOr<Problem> problem = buildLiveRanges(
      lf, std::move(accesses), *geometry, options.loopAware, failure);
  if (failed(problem)) {
    emitFailure(failure);
    return mlir::failure();
  }
  if (failed(checkPins(*problem)))
    return mlir::failure();
  Graph graph = buildInterference(*problem, trace);
  report.demandRatio = graph.demandRatio(geometry->usableBanks());
  report.peakDemand = graph.peakDemand;

  std::optional<ReplacedBanks> replaced;
  if (!problem->nodes.empty() && isAllocated(*problem, graph, replaced)) {
    // The figures are those of the allocation the function carries: the run
    // that made it wrote its score, and its spills are marked.
    report.heuristic = "preallocated";
    if (auto score = func->getAttrOfType<IntegerAttr>(kScoreAttr))
      report.score = report.spillCycles = score.getInt();
    report.spilledTensors = markedSpills(func);
  } else {
    if (replaced) {
      InFlightDiagnostic warning =
          replaced->memloc->emitWarning("the banks given in the input are "
                                        "replaced: ")
          << replaced->why;
      warning.attachNote()
          << "psum-allocate keeps given banks only where every PSUM "
             "location has banks that hold under its own live ranges "
             "(round-robin over its live banks, off reserved banks, apart "
             "from every location live at the same time); 'pin = B' fixes "
             "a location's base bank";
    }
    findCosts(*problem, options.spill.copyLatency, trace);
    BestOfN run =
        runBestOfN(lf, *problem, std::move(graph), options, trace, report);
    // Where best-of-n found no allocation, the per-instruction bound may
    // prove that none exists.
    std::optional<InstructionDemand> proof;
    if (!run.winner().ok) {
      proof = instructionBound(lf, *problem);
      if (proof && proof->banks <= geometry->usableBanks())
        proof.reset();
    }
    runExactAfter(lf, *problem, *geometry, options, proof, trace, report, run);
    if (!run.winner().ok) {
      run.win(attemptOnIR(func, *geometry, options, run.heuristics.front()));
      if (!run.winner().ok) {
        InFlightDiagnostic error = emitFailure(run.winner().failure);
        noteNoAllocation(error, run.winner().failure, lf, *problem, *geometry,
                         options, report, proof, func.getLoc());
        return mlir::failure();
      }
    }
    Attempt &winner = run.winner();
    if (trace)
      *trace << "best PSUM heuristic = " << winner.heuristic->name << "\n";
    size_t candidates = problem->nodes.size();
    if (remarks && winner.spilledTensors)
      forEachUnevenHint(*problem, [&](const Node &node, const Twine &hint) {
        report.unevenHints.push_back({node.memloc->getLoc(), hint.str()});
      });
    // Nothing below reads the first round's analysis: the replay takes it
    // and frees it before the IR is analysed again.
    if (!winner.committed &&
        failed(applyAttempt(func, std::move(lf), std::move(*problem),
                            *geometry, options, winner, trace))) {
      emitFailure(winner.failure);
      return mlir::failure();
    }
    recordWinner(func, winner, candidates, trace, report);
  }
  // The per-tensor report costs another pass over the function: only when
  // someone reads it.
  if (!reportFile.empty() || remarks || trace)
    fillReport(func, *geometry, options.loopAware, options.spill.copyLatency,
               report);
  if (trace)
    *trace << "number of tensors spilled from PSUM = " << report.spilledTensors
           << "\n"
           << formatPercent(report.utilization)
           << "% PSUM utilization after allocation\n";
  return success();
}

void PsumAllocatePass::emitRemarks(bir::FuncOp func,
                                   const FunctionReport &report) {
  Location loc = func.getLoc();
  emitRemark(loc) << formatPercent(report.demandRatio)
                  << "% PSUM demand before spilling";
  for (const FunctionReport::Tried &tried : report.tried) {
    InFlightDiagnostic remark = emitRemark(loc);
    remark << "best-of-n loop, heuristic = " << tried.name << ": PSUM score ";
    if (tried.abandoned)
      remark << "> " << formatNumber(tried.score)
             << " (lower is better; abandoned)";
    else
      remark << "= " << formatNumber(tried.score) << " (lower is better)";
  }
  if (!report.putBack.empty())
    emitRemark(loc) << describePutBack(report);
  if (!report.exact.empty())
    emitRemark(loc) << "exact mode: " << report.exact;
  emitRemark(loc) << "best PSUM heuristic = " << report.heuristic;
  if (report.gcaIterations) {
    emitRemark(loc) << "PSUM GCA interation nums = " << report.gcaIterations;
    emitRemark(loc) << formatPercent(report.firstIterPlaced)
                    << "%(psum first iter)";
  }
  if (report.spilledTensors)
    emitRemark(loc) << "spilling from PSUM cost about "
                    << formatNumber(report.spillCycles) << " cycles";
  emitRemark(loc) << "number of tensors spilled from PSUM = "
                  << report.spilledTensors;
  emitRemark(loc) << formatPercent(report.utilization)
                  << "% PSUM utilization after allocation";
  for (const auto &[memlocLoc, hint] : report.unevenHints)
    emitRemark(memlocLoc) << hint;
}

FailureOr<SmallVector<bir::FuncOp>> psum::moduleFunctions(ModuleOp module) {
  bool nested = false;
  // Pre-order, so that skip leaves each function's body unvisited.
  module.walk<WalkOrder::PreOrder>([&](bir::FuncOp func) {
    if (func->getParentOp() != module.getOperation()) {
      Operation *parent = func->getParentOp();
      if (isa<ModuleOp>(parent))
        emitError(func.getLoc(),
                  "bir.func in a nested module: run the pass on that "
                  "module (e.g. --pass-pipeline='builtin.module("
                  "builtin.module(psum-allocate))')");
      else
        emitError(func.getLoc(), "bir.func inside '")
            << parent->getName()
            << "': the Psum passes take the bir.func ops of a module";
      nested = true;
    }
    return WalkResult::skip();
  });
  if (nested)
    return failure();
  return SmallVector<bir::FuncOp>(module.getOps<bir::FuncOp>());
}

LogicalResult PsumAllocatePass::readOptions(AllocateOptions &options) {
  options.loopAware = loopAware;
  options.split = split;
  options.exact = exact;
  options.exactMaxCandidates = exactMaxCandidates;
  options.exactBudget = exactBudget;
  options.rescueBudget = rescueBudget;
  options.namedHeuristic = !heuristic.empty();
  options.pruneSpills = pruneSpills && !options.namedHeuristic;
  options.checkReplay = verify;
  options.spill.copyLatency = copyLatency;
  options.spill.writeLocations = spillWriteLocations;
  if (spillSpace == "dram") {
    options.spill.space = bir::MemorySpace::dram;
  } else if (spillSpace != "sbuf") {
    emitError(getOperation().getLoc(),
              "spill-space must be sbuf or dram, got '")
        << spillSpace << "'";
    return failure();
  }
  // Once, not per function (resolveGeometry checks it for the other passes).
  if (!arch.empty() && !bir::symbolizeArchGen(arch)) {
    emitError(getOperation().getLoc(), "unknown architecture '")
        << arch << "' in the arch option";
    return failure();
  }
  // Each heuristic is a full coloring (and spill fixpoint) per function.
  constexpr unsigned kMaxBestOf = 1024;
  if (bestOf > kMaxBestOf) {
    emitError(getOperation().getLoc(), "best-of must be at most ")
        << kMaxBestOf << ", got " << static_cast<unsigned>(bestOf);
    return failure();
  }
  options.heuristics = heuristicSet(bestOf);
  options.defaultHeuristics = bestOf == 0 && heuristic.empty();
  if (!heuristic.empty()) {
    // Any that best-of can run, so that a winner's name replays it
    // (`seed-tie20` of best-of=32).
    std::vector<Heuristic> all = heuristicSet(kMaxBestOf);
    auto it = llvm::find_if(
        all, [&](const Heuristic &h) { return h.name == heuristic; });
    if (it == all.end()) {
      emitError(getOperation().getLoc(), "unknown heuristic '")
          << heuristic << "'";
      return failure();
    }
    options.heuristics = {*it};
  }
  return success();
}

void PsumAllocatePass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();
  // A report names every function of the module, allocated or not, with
  // the errors that stopped it: a script must not read an older one.
  std::vector<FunctionReport> reports;
  for (bir::FuncOp func : module.getOps<bir::FuncOp>())
    reports.emplace_back().function = func.getSymName().str();
  auto writeReportFile = [&] {
    return reportFile.empty()
               ? success()
               : writeReport(module.getLoc(), reportFile, reports);
  };

  AllocateOptions options;
  FailureOr<SmallVector<bir::FuncOp>> found = failure();
  {
    // An option error, or a function the pass cannot reach, stops every
    // function.
    FunctionReport moduleErrors;
    DiagnosticRecorder recorder(context, moduleErrors);
    if (succeeded(readOptions(options)))
      found = moduleFunctions(module);
    if (failed(found)) {
      for (FunctionReport &report : reports)
        report.diagnostics = moduleErrors.diagnostics;
      (void)writeReportFile();
      return signalPassFailure();
    }
  }
  SmallVector<bir::FuncOp> &funcs = *found;
  std::vector<std::string> traces(funcs.size());
  // Functions are independent; diagnostics keep function order.
  // Every function is allocated even after one fails (failableParallelForEach
  // stops early, at a point that depends on threading and timing), so the
  // diagnostics do not depend on --mlir-disable-threading.
  {
    // Emits the diagnostics when it goes, before the traces below, with
    // threads or without.
    ParallelDiagnosticHandler handler(context);
    parallelForEach(context, llvm::seq<size_t>(0, funcs.size()), [&](size_t i) {
      handler.setOrderIDForThread(i);
      {
        DiagnosticRecorder recorder(context, reports[i]);
        reports[i].allocated =
            succeeded(allocate(funcs[i], options, reports[i], traces[i]));
      }
      if (reports[i].allocated && remarks)
        emitRemarks(funcs[i], reports[i]);
      handler.eraseOrderIDForThread();
    });
  }
  for (const std::string &text : traces)
    llvm::errs() << text;
  if (verify) {
    // One function at a time, so that the report tells which one the
    // checker refuses.
    PsumVerifyAllocationPassOptions verifyOptions;
    verifyOptions.arch = arch;
    verifyOptions.numBanks = numBanks;
    verifyOptions.bankSize = bankSize;
    verifyOptions.unevenRotation = unevenRotation;
    verifyOptions.reservedBanks.assign(reservedBanks.begin(),
                                       reservedBanks.end());
    OpPassManager pm(bir::FuncOp::getOperationName());
    pm.addPass(createPsumVerifyAllocationPass(verifyOptions));
    for (auto [i, func] : llvm::enumerate(funcs)) {
      if (!reports[i].allocated)
        continue;
      DiagnosticRecorder recorder(context, reports[i]);
      reports[i].allocated = succeeded(runPipeline(pm, func));
    }
  }
  if (failed(writeReportFile()) ||
      !llvm::all_of(reports, [](const FunctionReport &report) {
        return report.allocated;
      }))
    return signalPassFailure();
}
