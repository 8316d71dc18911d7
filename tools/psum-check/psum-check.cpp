//===- psum-check.cpp - allocate, verify and simulate bir functions -------===//
//
// The property harness: every function (from files, or generated from
// seeds) is allocated by psum-allocate with its verifier, then the original
// (logical PSUM) and the allocated function (physical banks, spill code) are
// executed on value identities and must read the same values everywhere.
// A violation prints the seed and a reduced function and fails the run.
//
//===----------------------------------------------------------------------===//

#include "Psum/Dialect/BIR/BIROps.h"
#include "Psum/Testing/RandomKernel.h"
#include "Psum/Testing/Score.h"
#include "Psum/Testing/Simulator.h"
#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>
#include <map>
#include <random>

using namespace mlir;
using namespace psum;
namespace cl = llvm::cl;

/// libLLVM registers hundreds of backend options: --help shows only these.
static cl::OptionCategory checkCategory("psum-check options");

static cl::list<std::string> inputFiles(cl::Positional,
                                        cl::desc("[bir files to check]"),
                                        cl::cat(checkCategory));
static cl::opt<uint64_t> seedOpt("seed", cl::desc("first seed"), cl::init(1),
                                 cl::cat(checkCategory));
static cl::opt<unsigned> countOpt("count",
                                  cl::desc("random functions to check"),
                                  cl::init(0), cl::cat(checkCategory));
static cl::opt<std::string> archOpt("arch",
                                    cl::desc("gen1, gen2 or mixed (alternate)"),
                                    cl::init("mixed"), cl::cat(checkCategory));
static cl::opt<unsigned> maxTensorsOpt("max-tensors", cl::init(14),
                                       cl::desc("PSUM tensors per function"),
                                       cl::cat(checkCategory));
static cl::opt<unsigned>
    maxInstructionsOpt("max-instructions", cl::init(60),
                       cl::desc("instructions per function"),
                       cl::cat(checkCategory));
static cl::opt<unsigned> maxDepthOpt("max-depth", cl::init(2),
                                     cl::desc("loop nest depth"),
                                     cl::cat(checkCategory));
static cl::opt<unsigned> reuseOpt(
    "reuse", cl::init(0),
    cl::desc("percent of plain results written into a drained tensor again "
             "(0 keeps the functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> pipelinesOpt(
    "pipelines", cl::init(0),
    cl::desc("percent of tile arrays built as a software pipeline or as a "
             "fill loop and a drain loop (0 keeps the functions of earlier "
             "versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> tileAccumulateOpt(
    "tile-accumulate", cl::init(0),
    cl::desc("percent of the tile writes that start the tiles' groups made "
             "`+=` matmuls (0 keeps the functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> restartOpt(
    "restart", cl::init(0),
    cl::desc("percent of accumulation loops summing afresh into a drained "
             "tensor, their `+=` marked `start` (0 keeps the functions of "
             "earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> splitLoopsOpt(
    "split-loops", cl::init(0),
    cl::desc("percent of tile arrays handled by sibling loops, each writing "
             "and draining its share, sometimes with a narrower tail tile (0 "
             "keeps the functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> tileSlicesOpt(
    "tile-slices", cl::init(0),
    cl::desc("percent of the tile writes in a loop made two halves, of "
             "columns or (partition-slices) of partitions (0 keeps the "
             "functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> partitionSlicesOpt(
    "partition-slices", cl::init(0),
    cl::desc("percent of the tiles written in halves (tile-slices), and of "
             "the locations used as two halves, sliced by partitions instead "
             "of columns (0 keeps the functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> nestedPiecesOpt(
    "nested-pieces", cl::init(0),
    cl::desc("percent of the halves of tile-slices (and of the locations "
             "used as two halves) written in a loop of their own (0 keeps "
             "the functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> movingSlicesOpt(
    "moving-slices", cl::init(0),
    cl::desc("percent of the one-block plain results written a slice per "
             "iteration of a loop of their own (ranges moving with its iv), "
             "and of the whole one-block drains read so (0 keeps the "
             "functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> peeledTilesOpt(
    "peeled-tiles", cl::init(0),
    cl::desc("percent of tile loops whose array has one more tile used "
             "outside the loop, written and drained: the first tile before "
             "it, or a last one after it (0 keeps the functions of earlier "
             "versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> poolsOpt(
    "pools", cl::init(0),
    cl::desc("percent of the plain results written into a buffer of a PSUM "
             "pool (one location of 2-4 one-bank blocks named by constants), "
             "sometimes narrower than the buffer's value before (0 keeps the "
             "functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> pinsOpt(
    "pins", cl::init(0),
    cl::desc("percent of the PSUM locations pinned to a random base bank "
             "where all their blocks fit; pins that collide are rejected "
             "inputs (0 keeps the functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<unsigned> reservedOpt(
    "reserved", cl::init(0),
    cl::desc("percent of the functions that reserve a random bank "
             "(reserved_banks); pins on it are rejected inputs (0 keeps the "
             "functions of earlier versions)"),
    cl::cat(checkCategory));
static cl::opt<bool> emitOpt("emit",
                             cl::desc("print the generated functions only"),
                             cl::init(false), cl::cat(checkCategory));
static cl::opt<bool> qualityOpt(
    "quality", cl::init(false),
    cl::desc("compare spill costs of the seed heuristic, best-of-n and the "
             "exact mode instead of checking correctness (of the files' "
             "functions and the random ones)"),
    cl::cat(checkCategory));
static cl::opt<bool> corruptOpt(
    "corrupt", cl::init(false),
    cl::desc("after allocating, move every PSUM location to bank 0 (shows "
             "that the simulator catches a wrong allocation)"),
    cl::cat(checkCategory));
static cl::opt<bool> reduceOpt(
    "reduce", cl::init(true),
    cl::desc("print a reduced function with each violation (=false: the "
             "message only, for sweeps where many functions violate, such "
             "as loop-aware=false)"),
    cl::cat(checkCategory));
static cl::opt<std::string>
    allocateOptions("allocate-options", cl::init(""),
                    cl::desc("extra psum-allocate options, e.g. \"best-of=1\""),
                    cl::cat(checkCategory));

namespace {

struct Outcome {
  /// Refused: the allocator gave up (unspillable groups do not fit, too
  /// many reloads). Rejected: the input breaks an allocator precondition
  /// (too big for PSUM, a value never read).
  enum Kind { Allocated, Refused, Rejected, Violation } kind = Allocated;
  std::string message;
  unsigned spillCopies = 0;
  bool infeasible = false; ///< for Refused: no allocation exists
};

/// Gives every instruction of `func` a sim id in program order.
void numberInstructions(bir::FuncOp func) {
  int64_t next = 0;
  Builder builder(func.getContext());
  func.walk<WalkOrder::PreOrder>([&](bir::InstructionOpInterface inst) {
    inst->setAttr(testing::kSimIdAttr, builder.getI64IntegerAttr(next++));
  });
}

/// Spill costs of the seed heuristic, best-of-n and the exact mode over a
/// set of functions.
struct Quality {
  unsigned functions = 0, allFailed = 0, compared = 0, proved = 0,
           bestOptimal = 0, seedOptimal = 0, undecided = 0, refused = 0,
           bestRefused = 0;
  double seedCost = 0, bestCost = 0, exactCost = 0;

  void add(bir::FuncOp func) {
    ++functions;
    std::string outcome;
    // The heuristics alone: no exact rescue where they find nothing.
    // --allocate-options (the geometry, say) apply to all three runs.
    std::string extra = " " + allocateOptions;
    std::optional<double> seed = testing::allocationScore(
        func, "heuristic=seed rescue-budget=0" + extra);
    std::optional<double> best =
        testing::allocationScore(func, "rescue-budget=0" + extra);
    std::optional<double> exact =
        testing::allocationScore(func, "exact=true" + extra, &outcome);
    if (!seed && !best && !exact) {
      ++allFailed;
      return;
    }
    // The exact mode's result is optimal unless its budget ran out or the
    // function was too large for it.
    bool optimal = exact && !StringRef(outcome).contains("kept best-of-n");
    if (!optimal) {
      ++undecided;
      return;
    }
    // An optimum the heuristics alone do not reach at all has no ratio.
    if (!seed || !best) {
      ++refused;
      bestRefused += !best;
      return;
    }
    ++compared;
    seedCost += *seed;
    bestCost += *best;
    exactCost += *exact;
    bestOptimal += *best <= *exact;
    seedOptimal += *seed <= *exact;
  }

  void print(llvm::raw_ostream &os) const {
    os << "quality over " << functions << " functions: " << compared
       << " with a proven optimum, " << undecided
       << " undecided (exact budget or size), " << refused
       << " refused by the seed heuristic (" << bestRefused
       << " also by best-of-n), " << allFailed << " not allocatable\n";
    // Nothing compared: no totals to compare.
    if (!compared)
      return;
    // Above an optimum of 0, any cost is infinitely above.
    auto percent = [](double part, double whole) {
      if (whole)
        return 100.0 * part / whole;
      return part ? std::numeric_limits<double>::infinity() : 0.0;
    };
    os << llvm::format("  seed heuristic: total spill cost %.0f (%.1f%% above "
                       "optimal), optimal on %u (%.1f%%)\n",
                       seedCost, percent(seedCost - exactCost, exactCost),
                       seedOptimal, percent(seedOptimal, compared));
    os << llvm::format("  best-of-n:      total spill cost %.0f (%.1f%% above "
                       "optimal), optimal on %u (%.1f%%)\n",
                       bestCost, percent(bestCost - exactCost, exactCost),
                       bestOptimal, percent(bestOptimal, compared));
    os << llvm::format("  exact:          total spill cost %.0f\n", exactCost);
  }
};

/// The interference graph of the sweep against the seed's definition
/// computed pairwise (its lower-triangular bit matrix), with every node
/// listing its neighbors, with every node that has one dense
/// (Graph::isDense: dense neighbors by range), and with the nodes of at
/// least the median degree dense: empty if equal. Simplify and select under
/// every named heuristic must give the same stack, trace and placement on
/// each form.
std::string checkInterference(bir::FuncOp func) {
  alloc::LinearFunction lf;
  FailureOr<alloc::Problem> problem = testing::firstRound(func, lf);
  if (failed(problem))
    return "";
  const std::vector<alloc::Node> &nodes = problem->nodes;
  std::vector<size_t> degrees;
  {
    alloc::Graph graph = alloc::buildInterference(*problem, nullptr);
    for (unsigned v = 0; v < nodes.size(); ++v)
      degrees.push_back(graph.degree(v));
  }
  std::vector<size_t> sorted = degrees;
  llvm::sort(sorted);
  size_t median =
      sorted.empty() ? 1 : std::max<size_t>(1, sorted[sorted.size() / 2]);
  struct Form {
    size_t denseDegree;
    std::string name;
  };
  std::vector<std::string> colorings;
  for (const Form &form :
       {Form{nodes.size() + 1, " (lists)"}, Form{1, " (all dense)"},
        Form{median, " (dense from the median degree)"}}) {
    alloc::Graph graph =
        alloc::buildInterference(*problem, nullptr, form.denseDegree);
    for (unsigned v = 0; v < nodes.size(); ++v)
      if (graph.isDense(v) != (degrees[v] && degrees[v] >= form.denseDegree))
        return "'" + nodes[v].name + "' is " +
               (graph.isDense(v) ? "dense" : "not dense") +
               " against its degree" + form.name;
    uint64_t edges = 0;
    for (unsigned a = 0; a < nodes.size(); ++a) {
      for (unsigned b = 0; b < a; ++b) {
        bool overlap =
            nodes[a].def <= nodes[b].use && nodes[b].def <= nodes[a].use;
        edges += overlap;
        if (overlap != graph.interferes(a, b) ||
            overlap != graph.interferes(b, a))
          return "interference of '" + nodes[a].name + "' and '" +
                 nodes[b].name + "' differs from the pairwise definition" +
                 form.name;
      }
    }
    uint64_t listed = 0;
    for (unsigned v = 0; v < nodes.size(); ++v) {
      std::optional<unsigned> previous;
      size_t count = 0;
      uint64_t banks = 0;
      for (unsigned m : graph.neighbors(v)) {
        if ((previous && m <= *previous) || !graph.interferes(v, m))
          return "the neighbors of '" + nodes[v].name +
                 "' are not its interfering nodes in increasing order" +
                 form.name;
        previous = m;
        ++count;
        banks += nodes[m].liveN;
      }
      if (count != graph.degree(v) || banks != graph.neighborBanks(v))
        return "the degree or neighbor banks of '" + nodes[v].name +
               "' differ from its neighbors'" + form.name;
      listed += count;
    }
    if (listed != 2 * edges)
      return "the neighbors hold duplicate edges" + form.name;
    std::string coloring = testing::describeColorings(*problem, graph);
    colorings.push_back(std::move(coloring));
    if (colorings.back() != colorings.front())
      return "simplify and select differ between the lists and" + form.name;
  }
  return "";
}

/// The placement search done the plain way: depth-first over the nodes by
/// live-range start, each trying its free windows lowest first, backtracking
/// to the node placed just before and remembering nothing. One step per
/// node visited, as exactPlacement counts them.
struct PlainPlacement {
  const alloc::Problem &problem;
  const alloc::Graph &graph;
  uint64_t steps;
  std::vector<unsigned> order;
  std::vector<std::optional<unsigned>> base;

  PlainPlacement(const alloc::Problem &problem, const alloc::Graph &graph,
                 uint64_t steps)
      : problem(problem), graph(graph), steps(steps),
        base(problem.nodes.size()) {
    for (auto [v, node] : llvm::enumerate(problem.nodes)) {
      if (node.pin)
        base[v] = *node.pin;
      else
        order.push_back(v);
    }
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return problem.nodes[a].def < problem.nodes[b].def;
    });
  }

  /// Places order[i..]; false if impossible or out of steps.
  bool place(size_t i) {
    if (i == order.size())
      return true;
    if (steps == 0)
      return false;
    --steps;
    unsigned v = order[i], liveN = problem.nodes[v].liveN;
    uint64_t occupied = problem.geometry.reserved;
    for (unsigned m : graph.neighbors(v))
      if (base[m])
        occupied |= alloc::windowMask(*base[m], problem.nodes[m].liveN);
    for (unsigned b = 0; b + liveN <= problem.geometry.numBanks; ++b) {
      if (occupied & alloc::windowMask(b, liveN))
        continue;
      base[v] = b;
      if (place(i + 1))
        return true;
    }
    base[v] = std::nullopt;
    return false;
  }
};

/// exactPlacement (refuted states remembered) against the plain search, on
/// the first round's problem and on random halves of its nodes (most fit,
/// some only after backtracking), drawn from the function's name, where at
/// most the usable banks are live at once. Where the plain search finishes,
/// exactPlacement must reach the same verdict and placement in at most as
/// many steps: a remembered state may only cut off subtrees without a
/// placement, which its key (the windows and ends of the live nodes) is
/// meant to ensure.
std::string checkPlacementSearch(bir::FuncOp func) {
  alloc::LinearFunction lf;
  FailureOr<alloc::Problem> full = testing::firstRound(func, lf);
  if (failed(full))
    return "";
  std::mt19937 rng(llvm::hash_value(func.getSymName()));
  for (int trial = 0; trial < 4; ++trial) {
    alloc::Problem problem;
    problem.geometry = full->geometry;
    problem.numPoints = full->numPoints;
    for (const alloc::Node &node : full->nodes)
      if (trial == 0 || rng() % 2)
        problem.nodes.push_back(node);
    alloc::Graph graph = alloc::buildInterference(problem, nullptr);
    // More banks live at once than PSUM has: no placement, and proving so
    // node by node is a long way for the plain search.
    if (graph.peakDemand > problem.geometry.usableBanks())
      continue;
    constexpr uint64_t kSteps = 200000;
    PlainPlacement plain(problem, graph, kSteps);
    bool placed = plain.place(0);
    if (!placed && plain.steps == 0)
      continue;
    alloc::ExactBudget budget{kSteps - plain.steps};
    std::optional<std::vector<unsigned>> bases =
        alloc::exactPlacement(problem, budget);
    std::string what = "the placement search on " +
                       std::to_string(problem.nodes.size()) + " of " +
                       std::to_string(full->nodes.size()) + " candidates ";
    if (budget.exhausted)
      return what + "took more steps than the plain search (" +
             std::to_string(kSteps - plain.steps) + ")";
    if (bases.has_value() != placed)
      return what + (placed ? "found no placement; the plain search did"
                            : "found a placement; the plain search did not");
    for (size_t v = 0; bases && v < bases->size(); ++v)
      if ((*bases)[v] != *plain.base[v])
        return what + "placed '" + problem.nodes[v].name + "' at bank " +
               std::to_string((*bases)[v]) + ", the plain search at " +
               std::to_string(*plain.base[v]);
  }
  return "";
}

/// exactSpills (A*, growing sets only by nodes live where demand exceeds the
/// banks) against trying every spill set in order of cost, on the first
/// round's problem with at most 6 candidates left spillable (drawn from the
/// function's name; the others get an infinite cost, which both searches
/// skip): both must find the same least cost, or both none. This checks
/// that the search's lower bound never exceeds what clearing an overload
/// costs, and that its growth rule reaches the optimum.
std::string checkSpillSearch(bir::FuncOp func) {
  alloc::LinearFunction lf;
  FailureOr<alloc::Problem> problem = testing::firstRound(func, lf);
  if (failed(problem))
    return "";
  alloc::findCosts(*problem, 64, nullptr);
  std::vector<unsigned> spillable;
  for (auto [v, node] : llvm::enumerate(problem->nodes))
    if (!std::isinf(node.cost))
      spillable.push_back(v);
  std::mt19937 rng(llvm::hash_value(func.getSymName()));
  std::shuffle(spillable.begin(), spillable.end(), rng);
  for (size_t i = 6; i < spillable.size(); ++i)
    problem->nodes[spillable[i]].cost = std::numeric_limits<double>::infinity();
  spillable.resize(std::min<size_t>(spillable.size(), 6));
  llvm::sort(spillable);
  constexpr uint64_t kSteps = 200000;
  std::vector<std::pair<double, std::vector<unsigned>>> sets;
  for (unsigned mask = 0; mask < (1u << spillable.size()); ++mask) {
    std::pair<double, std::vector<unsigned>> &set = sets.emplace_back();
    for (auto [i, v] : llvm::enumerate(spillable))
      if (mask >> i & 1) {
        set.first += problem->nodes[v].cost;
        set.second.push_back(v);
      }
  }
  llvm::stable_sort(
      sets, [](const auto &a, const auto &b) { return a.first < b.first; });
  std::optional<double> least;
  alloc::SpillOptions options;
  for (auto &[cost, spills] : sets) {
    alloc::LinearFunction spilledLf;
    alloc::Problem spilled;
    alloc::SpillCounters counters;
    alloc::Failure ignored;
    if (!spills.empty() && failed(alloc::spillProblem(
                               lf, *problem, spills, options, true, counters,
                               nullptr, nullptr, ignored, spilledLf, spilled)))
      continue;
    // Nodes live at one point need banks of their own: where they need more
    // than PSUM has, no placement exists (the search would take long to
    // find that out).
    const alloc::Problem &model = spills.empty() ? *problem : spilled;
    if (llvm::any_of(alloc::bankDemand(model), [&](int64_t banks) {
          return banks > int64_t(model.geometry.usableBanks());
        }))
      continue;
    alloc::ExactBudget budget{kSteps};
    if (alloc::exactPlacement(model, budget)) {
      least = cost;
      break;
    }
    if (budget.exhausted)
      return "";
  }
  alloc::ExactBudget budget{kSteps};
  std::optional<std::vector<unsigned>> found =
      alloc::exactSpills(lf, *problem, options, true,
                         std::numeric_limits<double>::infinity(), budget);
  if (budget.exhausted)
    return "";
  std::optional<double> cost;
  if (found) {
    cost = 0;
    for (unsigned v : *found)
      *cost += problem->nodes[v].cost;
  }
  auto text = [](std::optional<double> c) {
    return c ? std::to_string(int64_t(*c)) : std::string("none");
  };
  if (cost != least)
    return "the exact spill-set search found cost " + text(cost) +
           ", trying every set " + text(least);
  return "";
}

/// The spill fixpoint's update without the IR (spillProblem) against the
/// straightforward way: rewrite the IR (insertSpillCode), linearize and
/// rebuild the live ranges. Two rounds of spill sets, each node in with
/// probability 1/3 and in shuffled order, drawn from a seed made of the
/// function's name, as is whether later writers get locations of their own.
/// Empty if both agree on every node and point.
std::string checkSpillUpdate(bir::FuncOp func) {
  OwningOpRef<bir::FuncOp> clone = cast<bir::FuncOp>(func->clone());
  alloc::LinearFunction lf;
  FailureOr<alloc::Problem> problem = testing::firstRound(*clone, lf);
  if (failed(problem))
    return "";
  alloc::Geometry geometry = problem->geometry;
  alloc::LinearFunction modelLf = lf;
  alloc::Problem model = *problem;
  llvm::StringSet<> names;
  for (auto memloc : clone->getBodyBlock().getOps<bir::MemLocOp>())
    names.insert(memloc.getName());
  alloc::LocationNames minted(&names);
  alloc::SpillCounters irCounters, modelCounters;
  alloc::MintedLocations irMinted;
  std::mt19937 rng(llvm::hash_value(func.getSymName()));
  alloc::SpillOptions options;
  options.writeLocations = rng() % 2;
  for (int round = 0; round < 2; ++round) {
    std::vector<unsigned> spills;
    for (auto [v, node] : llvm::enumerate(problem->nodes))
      if (!node.unspillable && !node.fromSpill && rng() % 3 == 0)
        spills.push_back(v);
    std::shuffle(spills.begin(), spills.end(), rng);
    if (spills.empty())
      return "";
    alloc::Failure irFailure, modelFailure;
    bool irOk = succeeded(alloc::insertSpillCode(*clone, lf, *problem, spills,
                                                 options, irCounters, nullptr,
                                                 irFailure, &irMinted));
    if (irOk) {
      lf = alloc::linearize(*clone);
      problem = alloc::buildLiveRanges(lf, geometry, true, irFailure);
      irOk = succeeded(problem);
    }
    // As in laterRounds: the first round spills a problem it keeps (into
    // another), the second replaces its own.
    bool modelOk;
    if (round == 0) {
      alloc::LinearFunction spilledLf;
      alloc::Problem spilled;
      modelOk = succeeded(alloc::spillProblem(
          modelLf, model, spills, options, true, modelCounters, &minted,
          nullptr, modelFailure, spilledLf, spilled));
      modelLf = std::move(spilledLf);
      model = std::move(spilled);
    } else {
      modelOk = succeeded(alloc::spillProblem(modelLf, model, spills, options,
                                              true, modelCounters, &minted,
                                              nullptr, modelFailure));
    }
    if (irOk != modelOk)
      return irOk ? "spillProblem failed where the IR rewrite did not: " +
                        modelFailure.message
                  : "spillProblem succeeded where the IR rewrite failed: " +
                        irFailure.message;
    if (!irOk)
      return "";
    if (model.numPoints != problem->numPoints ||
        model.nodes.size() != problem->nodes.size())
      return "spillProblem gives " + std::to_string(model.nodes.size()) +
             " candidates over " + std::to_string(model.numPoints) +
             " points, the rebuild " + std::to_string(problem->nodes.size()) +
             " over " + std::to_string(problem->numPoints);
    for (auto [a, b] : llvm::zip(model.nodes, problem->nodes))
      if (a.name != b.name || a.def != b.def || a.use != b.use ||
          a.liveN != b.liveN || a.writers != b.writers ||
          a.readers != b.readers || a.copyReaders != b.copyReaders ||
          a.unspillable != b.unspillable ||
          a.fromSpill != b.fromSpill ||
          (a.memloc && a.memloc != b.memloc))
        return "spillProblem and the rebuild differ on '" + b.name +
               "': [" + std::to_string(a.def) + ", " + std::to_string(a.use) +
               "] x " + std::to_string(a.liveN) + " vs [" +
               std::to_string(b.def) + ", " + std::to_string(b.use) + "] x " +
               std::to_string(b.liveN) + " ('" + a.name + "')";
    // psum-allocate{verify=true} commits the winner's placement without
    // describing the rewritten IR again when these agree (applyAttempt) ...
    if (alloc::rangeInputs(modelLf, model) != alloc::rangeInputs(lf, *problem))
      return "spillProblem's live-range inputs (rangeInputs) differ from the "
             "rewritten IR's";
    // ... and the locations it commits to: the minted ones bound to the
    // simulated nodes (bindMinted).
    std::vector<alloc::PlacedNode> placed = alloc::placedNodes(model);
    if (failed(alloc::bindMinted(placed, irMinted)))
      return "bindMinted cannot pair the minted locations with spillProblem's "
             "nodes";
    for (auto [a, b] : llvm::zip(placed, problem->nodes))
      if (a.memloc != b.memloc)
        return "bindMinted gives '" + b.name + "' the location " +
               cast<bir::MemLocOp>(a.memloc).getName().str();
    // One location fewer or one more than the simulation minted must not
    // pair up (the pass then analyses the rewrite instead).
    auto binds = [&] {
      std::vector<alloc::PlacedNode> unbound = alloc::placedNodes(model);
      return succeeded(alloc::bindMinted(unbound, irMinted));
    };
    for (auto &[original, locations] : irMinted) {
      if (locations.empty())
        continue;
      Operation *last = locations.pop_back_val();
      bool fewer = binds();
      locations.append({last, last});
      bool more = binds();
      locations.pop_back();
      if (fewer || more)
        return std::string("bindMinted pairs up one location ") +
               (fewer ? "fewer" : "more") + " than the rewrite minted";
      break;
    }
  }
  return "";
}

/// Split's update of the locations and linear accesses (splitLocations
/// keeps them for the live ranges) against a fresh analysis of the split
/// function: empty if it lists the same locations in the same order, and
/// every location has the same accesses in the same order.
std::string checkSplitUpdate(bir::FuncOp func) {
  OwningOpRef<bir::FuncOp> clone = cast<bir::FuncOp>(func->clone());
  alloc::LinearFunction lf = alloc::linearize(*clone);
  alloc::PsumAccesses kept = alloc::collectPsumAccesses(lf);
  if (alloc::splitLocations(lf, kept, true) == 0)
    return "";
  alloc::LinearFunction freshLf = alloc::linearize(*clone);
  if (lf.memlocs != freshLf.memlocs)
    return "split's list of locations differs from the split function's";
  alloc::PsumAccesses fresh = alloc::collectPsumAccesses(freshLf);
  auto same = [](const alloc::LocAccess &a, const alloc::LocAccess &b) {
    return a.point == b.point && a.access.loc == b.access.loc &&
           a.access.ap == b.access.ap && a.access.iv == b.access.iv &&
           a.access.kind == b.access.kind && a.access.index == b.access.index;
  };
  if (kept.size() != fresh.size())
    return "split keeps the accesses of " + std::to_string(kept.size()) +
           " locations, a fresh analysis finds " + std::to_string(fresh.size());
  for (auto &[loc, accesses] : fresh.locations()) {
    alloc::LocAccesses *list = kept.find(loc);
    if (!list || list->size() != accesses.size() ||
        !llvm::all_of(llvm::zip(*list, accesses), [&](auto pair) {
          return same(std::get<0>(pair), std::get<1>(pair));
        }))
      return "split's accesses of '" +
             bir::getMemLoc(loc).getName().str() +
             "' differ from a fresh analysis";
  }
  return "";
}

/// AreaCover (areas added one at a time, the overlaps summed as they come)
/// against areasCover on every prefix: for each PSUM location, a target and
/// 12 areas on a grid of its partitions in fourths and bytes in eighths
/// (repeats and overlaps included), drawn from a seed made of the function's
/// name. Empty if both agree after every area.
std::string checkAreaCover(bir::FuncOp func) {
  std::mt19937 rng(llvm::hash_value(func.getSymName()));
  std::string wrong;
  func.walk([&](bir::MemLocOp memloc) {
    if (!memloc.isPsum() || !wrong.empty())
      return;
    int64_t parts = memloc.getPartitions(), bytes = memloc.getBytes();
    auto cut = [&](int64_t size, int64_t pieces) {
      std::uniform_int_distribution<int64_t> pick(0, pieces);
      int64_t a = pick(rng) * size / pieces, b = pick(rng) * size / pieces;
      return std::make_pair(std::min(a, b), std::max(a, b));
    };
    auto randomArea = [&] {
      auto [partLo, partHi] = cut(parts, 4);
      auto [byteLo, byteHi] = cut(bytes, 8);
      return alloc::Area{partLo, partHi, byteLo, byteHi};
    };
    alloc::Area target =
        rng() % 2 ? alloc::Area{0, parts, 0, bytes} : randomArea();
    alloc::AreaCover cover(target);
    llvm::SmallVector<alloc::Area> areas;
    for (int i = 0; i < 12; ++i) {
      areas.push_back(randomArea());
      if (cover.add(areas.back()) != alloc::areasCover(areas, target)) {
        wrong = "AreaCover and areasCover disagree on '" +
                memloc.getName().str() + "' after " + std::to_string(i + 1) +
                " areas";
        return;
      }
    }
  });
  return wrong;
}

/// firstPinClash (a sweep per bank) against the pairwise definition, on the
/// first round's problem with about a third of its nodes pinned to random
/// banks, drawn from a seed made of the function's name (most pinned sets
/// clash, and at different first pairs). Empty if both name the same pair.
std::string checkPinClash(bir::FuncOp func) {
  alloc::LinearFunction lf;
  FailureOr<alloc::Problem> problem = testing::firstRound(func, lf);
  if (failed(problem))
    return "";
  std::mt19937 rng(llvm::hash_value(func.getSymName()));
  std::vector<alloc::Node> &nodes = problem->nodes;
  for (alloc::Node &node : nodes)
    node.pin =
        rng() % 3 ? std::nullopt
                  : std::optional<unsigned>(rng() % problem->geometry.numBanks);
  std::optional<std::pair<unsigned, unsigned>> expected;
  for (unsigned v = 0; v < nodes.size() && !expected; ++v)
    for (unsigned m = v + 1; m < nodes.size() && !expected; ++m)
      if (nodes[v].pin && nodes[m].pin && nodes[v].def <= nodes[m].use &&
          nodes[m].def <= nodes[v].use &&
          (alloc::windowMask(*nodes[v].pin, nodes[v].liveN) &
           alloc::windowMask(*nodes[m].pin, nodes[m].liveN)))
        expected = {v, m};
  if (alloc::firstPinClash(*problem) == expected)
    return "";
  return "firstPinClash differs from the first clashing pinned pair" +
         (expected ? " ('" + nodes[expected->first].name + "', '" +
                         nodes[expected->second].name + "')"
                   : std::string(" (none)"));
}

/// Whether `allocated` still reserves the banks `original` does and leaves
/// them free. Seen from the IR alone: the pass and its checker share
/// resolveGeometry, so the checker would miss a bank it dropped.
std::string checkReservedBanks(bir::FuncOp original, bir::FuncOp allocated) {
  std::optional<ArrayRef<int64_t>> reserved = original.getReservedBanks();
  if (!reserved)
    return "";
  std::optional<ArrayRef<int64_t>> kept = allocated.getReservedBanks();
  uint64_t mask = 0;
  for (int64_t bank : *reserved) {
    if (!kept || !llvm::is_contained(*kept, bank))
      return "the allocated function no longer reserves bank " +
             std::to_string(bank);
    mask |= uint64_t(1) << bank;
  }
  unsigned bankSize = allocated.getArch().getBankSize();
  for (auto memloc : allocated.getBodyBlock().getOps<bir::MemLocOp>())
    if (uint64_t clash = alloc::placedBankMask(memloc, bankSize) & mask)
      return "'" + memloc.getName().str() + "' is on reserved bank " +
             std::to_string(llvm::countr_zero(clash));
  return "";
}

/// Allocates a copy of `func` and compares it with the original.
Outcome check(bir::FuncOp original) {
  MLIRContext *context = original.getContext();
  Outcome outcome;
  if (failed(verify(original))) {
    outcome.kind = Outcome::Violation;
    outcome.message = "the input function does not verify";
    return outcome;
  }
  for (auto consistency :
       {checkInterference, checkPlacementSearch, checkSpillSearch,
        checkSpillUpdate, checkSplitUpdate, checkAreaCover, checkPinClash}) {
    if (std::string wrong = consistency(original); !wrong.empty()) {
      outcome.kind = Outcome::Violation;
      outcome.message = wrong;
      return outcome;
    }
  }
  OwningOpRef<ModuleOp> module = ModuleOp::create(original.getLoc());
  module->getBody()->push_back(original.clone());
  auto allocated = cast<bir::FuncOp>(module->getBody()->front());

  std::string diagnostics;
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return success();
      diagnostics += diag.str() + "\n";
      for (const Diagnostic &note : diag.getNotes())
        diagnostics += note.str() + "\n";
      return success();
    });
    // Spill marks that do not hold make the input invalid: the pass refuses
    // it before allocating, with the checker's words, which must not count
    // as a violation of the allocation.
    if (failed(alloc::checkSpillMarks(original))) {
      outcome.kind = Outcome::Rejected;
      outcome.message = diagnostics;
      return outcome;
    }
    PassManager pm(context, ModuleOp::getOperationName());
    std::string pipeline =
        "psum-allocate{verify=true " + allocateOptions + "}";
    if (failed(parsePassPipeline(pipeline, pm))) {
      outcome.kind = Outcome::Violation;
      outcome.message = "bad --allocate-options";
      return outcome;
    }
    if (failed(pm.run(*module))) {
      StringRef text = diagnostics;
      // The seed's give-ups: a spill round that cannot relieve PSUM, or
      // whose save would follow the last op of the function (a dead write).
      if (text.contains("too many reloads required") ||
          text.contains("cannot allocate PSUM location") ||
          text.contains("tried to insert PSUM spill at end of block")) {
        outcome.kind = Outcome::Refused;
        outcome.infeasible = text.contains("no allocation exists");
      } else if (text.contains("is too big for PSUM") ||
                 text.contains("adjacent banks, but the reserved banks") ||
                 text.contains("' is pinned to bank ") ||
                 text.contains("no last use find") ||
                 text.contains("no first def find") ||
                 text.contains("pinned bank") ||
                 // Options that do not fit the function's target (the
                 // checker's "is on reserved bank" is a violation).
                 (text.contains("reserved bank") &&
                  text.contains("is outside the")) ||
                 text.contains("every PSUM bank is reserved") ||
                 text.contains("(the arch option)") ||
                 // Hard limits of the model and options beyond them.
                 text.contains("the allocator takes") ||
                 text.contains("num-banks must be at most") ||
                 text.contains("bank-size must be at most"))
        outcome.kind = Outcome::Rejected;
      else
        outcome.kind = Outcome::Violation;
      outcome.message = diagnostics;
      return outcome;
    }
  }
  if (corruptOpt) {
    allocated.walk([&](bir::MemLocOp memloc) {
      if (std::optional<ArrayRef<int64_t>> banks = memloc.getBanks()) {
        int64_t base = memloc.getBaseBankAttr().getInt();
        SmallVector<int64_t> moved;
        for (int64_t bank : *banks)
          moved.push_back(bank - base);
        memloc.setBanks(moved);
        memloc.setBaseBankAttr(Builder(context).getI64IntegerAttr(0));
      }
    });
  }
  if (std::string wrong = checkReservedBanks(original, allocated);
      !wrong.empty()) {
    outcome.kind = Outcome::Violation;
    outcome.message = wrong;
    return outcome;
  }
  allocated.walk([&](bir::TensorCopyOp copy) {
    if (!copy->hasAttr(testing::kSimIdAttr))
      ++outcome.spillCopies;
  });

  // The allocated function names the target it was allocated for (the
  // allocate options may override the input's).
  bir::ArchAttr arch = allocated.getArch();
  testing::SimOptions logical;
  logical.numBanks = arch.getNumBanks();
  logical.bankSize = arch.getBankSize();
  testing::granularity(original, logical);
  testing::SimOptions physical = logical;
  physical.psum = testing::PsumModel::Physical;
  testing::SimResult logicalRun = testing::simulate(original, logical);
  testing::SimResult physicalRun = testing::simulate(allocated, physical);
  // A function too long or too large to execute is not checked: no
  // violation, and nothing for the reducer to shrink.
  for (const testing::SimResult *run : {&logicalRun, &physicalRun})
    if (run->overBudget) {
      outcome.kind = Outcome::Rejected;
      outcome.message = "not simulated: " + run->error + "\n";
      return outcome;
    }
  std::string mismatch = testing::compareRuns(logicalRun, physicalRun);
  if (!mismatch.empty()) {
    outcome.kind = Outcome::Violation;
    outcome.message = mismatch;
  }
  return outcome;
}

/// What kind of violation a message reports, to keep reduction on one bug.
StringRef category(StringRef message) {
  for (StringRef kind : {"read a clobbered value", "both hold values",
                         "final contents", "run failed", "not saved",
                         "instead of a reload", "before any write",
                         "do not follow"})
    if (message.contains(kind))
      return kind;
  return message.take_front(24);
}

/// Deletes instructions and loops of `func` one at a time while the
/// function stays valid and still violates the property the same way.
void reduce(bir::FuncOp func, StringRef message) {
  bool progress = true;
  while (progress) {
    progress = false;
    SmallVector<Operation *> candidates;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<bir::InstructionOpInterface, bir::LoopOp>(op))
        candidates.push_back(op);
    });
    for (size_t i = 0; i < candidates.size() && !progress; ++i) {
      OwningOpRef<bir::FuncOp> trial = func.clone();
      SmallVector<Operation *> trialOps;
      trial->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<bir::InstructionOpInterface, bir::LoopOp>(op))
          trialOps.push_back(op);
      });
      trialOps[i]->erase();
      ScopedDiagnosticHandler quiet(func.getContext(),
                                    [](Diagnostic &) { return success(); });
      if (failed(verify(*trial)))
        continue;
      Outcome outcome = check(*trial);
      if (outcome.kind != Outcome::Violation ||
          category(outcome.message) != category(message))
        continue;
      func.getBody().takeBody(trial->getBody());
      progress = true;
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerPsumPasses();
  cl::HideUnrelatedOptions(checkCategory);
  cl::ParseCommandLineOptions(argc, argv, "Psum allocation property checker\n");

  DialectRegistry registry;
  registry.insert<bir::BIRDialect>();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.disableMultithreading();
  // Messages name their function's origin (seed or file): the whole
  // function in generic form after each would bury them.
  context.printOpOnDiagnostic(false);

  // Usage errors are told before any function runs (the options are tried
  // on an empty module), not counted as violations of every function; an
  // option that does not fit a function's target rejects that input.
  if (archOpt != "gen1" && archOpt != "gen2" && archOpt != "mixed") {
    llvm::errs() << "error: --arch must be gen1, gen2 or mixed, got '"
                 << archOpt << "'\n";
    return 1;
  }
  {
    PassManager pm(&context, ModuleOp::getOperationName());
    OwningOpRef<ModuleOp> empty = ModuleOp::create(UnknownLoc::get(&context));
    if (failed(parsePassPipeline("psum-allocate{verify=true " +
                                     allocateOptions + "}",
                                 pm, llvm::errs())) ||
        failed(pm.run(*empty))) {
      llvm::errs() << "error: bad --allocate-options '" << allocateOptions
                   << "'\n";
      return 1;
    }
  }

  unsigned allocated = 0, rejected = 0, violations = 0, spillCopies = 0,
           functions = 0;
  std::map<std::string, unsigned> refusals;
  auto record = [&](bir::FuncOp func, const std::string &origin) {
    ++functions;
    numberInstructions(func);
    Outcome outcome = check(func);
    spillCopies += outcome.spillCopies;
    switch (outcome.kind) {
    case Outcome::Allocated:
      ++allocated;
      return;
    case Outcome::Rejected:
      ++rejected;
      llvm::errs() << "rejected input " << origin << ": " << outcome.message;
      return;
    case Outcome::Refused: {
      StringRef message = outcome.message;
      // A refusal with no proof that no allocation exists may be a miss of
      // the heuristics: its origin is told, so that it can be replayed.
      if (!outcome.infeasible)
        llvm::errs() << "refused " << origin
                     << " (no proof that no allocation exists): " << message;
      ++refusals[(outcome.infeasible ? "provably infeasible, "
                                     : "feasible?, ") +
                 std::string(message.contains("too many reloads")
                                 ? "too many reloads required"
                             : message.contains("end of block")
                                 ? "spill at end of block"
                                 : "accumulation group does not fit")];
      return;
    }
    case Outcome::Violation:
      ++violations;
      llvm::errs() << "VIOLATION in " << origin << ": " << outcome.message;
      if (!reduceOpt) {
        if (!StringRef(outcome.message).ends_with("\n"))
          llvm::errs() << "\n";
        return;
      }
      llvm::errs() << "\nreduced function:\n";
      reduce(func, outcome.message);
      func->print(llvm::errs());
      llvm::errs() << "\n";
      return;
    }
  };

  // The files' functions are checked, or measured like the random ones.
  Quality quality;
  if (failed(testing::forEachFunction(
          inputFiles, context,
          [&](bir::FuncOp func, const std::string &origin) {
            if (qualityOpt)
              quality.add(func);
            else
              record(func, origin);
          })))
    return 1;

  OpBuilder builder(&context);
  for (unsigned i = 0; i < countOpt; ++i) {
    testing::RandomKernelOptions options;
    options.seed = seedOpt + i;
    if (archOpt == "gen1" || (archOpt == "mixed" && options.seed % 2 == 1))
      options.arch = bir::ArchGen::gen1;
    options.maxTensors = maxTensorsOpt;
    options.maxInstructions = maxInstructionsOpt;
    options.maxLoopDepth = maxDepthOpt;
    options.reusePercent = reuseOpt;
    options.pipelinePercent = pipelinesOpt;
    options.tileAccumulatePercent = tileAccumulateOpt;
    options.restartPercent = restartOpt;
    options.splitLoopsPercent = splitLoopsOpt;
    options.tileSlicesPercent = tileSlicesOpt;
    options.partitionSlicesPercent = partitionSlicesOpt;
    options.nestedPiecesPercent = nestedPiecesOpt;
    options.peeledTilesPercent = peeledTilesOpt;
    options.movingSlicesPercent = movingSlicesOpt;
    options.pinsPercent = pinsOpt;
    options.poolPercent = poolsOpt;
    options.reservedPercent = reservedOpt;
    OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
    builder.setInsertionPointToEnd(module->getBody());
    bir::FuncOp func = testing::buildRandomKernel(
        builder, builder.getUnknownLoc(),
        "random_" + std::to_string(options.seed), options);
    if (emitOpt) {
      func->print(llvm::outs());
      llvm::outs() << "\n";
      continue;
    }
    if (qualityOpt)
      quality.add(func);
    else
      record(func, "seed " + std::to_string(options.seed));
  }
  if (qualityOpt) {
    quality.print(llvm::outs());
    return 0;
  }
  if (emitOpt)
    return 0;

  llvm::outs() << "checked " << functions << " functions";
  if (countOpt)
    llvm::outs() << " (seeds " << seedOpt << ".." << seedOpt + countOpt - 1
                 << ")";
  llvm::outs() << ": " << allocated << " allocated, " << rejected
               << " rejected inputs, " << violations << " violations, "
               << spillCopies << " spill copies\n";
  for (const auto &[reason, count] : refusals)
    llvm::outs() << "refused (" << reason << "): " << count << "\n";
  return violations ? 1 : 0;
}
