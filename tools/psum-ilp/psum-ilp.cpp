//===- psum-ilp.cpp - the exact mode against an ILP solver ----------------===//
//
// Issue 5 asks for an exact mode, by a solver or a specialised search, "the
// one that is faster". This tool states the exact mode's model as a 0-1
// program, solves it with GLPK and compares cost and time with exactSpills
// (the A* the pass runs) on the same problem: the first round's candidates
// and costs of each function of the input.
//
// The model: x_v = 1 spills candidate v (cost_v); each item (a kept
// candidate, or a location its spill leaves: the write and reload locations
// spillProblem mints, and the candidate itself at its first writer) takes
// one contiguous window of banks when it exists; items live at one point
// take disjoint windows. A spill set's rewrite is the union of its members'
// rewrites, so all items come from one rewrite with every spillable
// candidate spilled, and the kept candidates' ranges move with its points.
//
// With --bound, functions too large for the program get a lower bound on
// the least spill cost to compare with a default run's (docs/Quality.md,
// "Best-of-n on the benchmark kernels against a lower bound").
//
//===----------------------------------------------------------------------===//

#include "Psum/Dialect/BIR/BIROps.h"
#include "Psum/Testing/Score.h"
#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <glpk.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace psum;
namespace cl = llvm::cl;

static cl::OptionCategory ilpCategory("psum-ilp options");
static cl::list<std::string> inputFiles(cl::Positional, cl::OneOrMore,
                                        cl::desc("<bir files>"),
                                        cl::cat(ilpCategory));
static cl::opt<uint64_t>
    exactBudgetOpt("exact-budget", cl::init(200000),
                   cl::desc("search steps of the exact mode (the pass's "
                            "exact-budget default)"),
                   cl::cat(ilpCategory));
static cl::opt<unsigned>
    timeLimitOpt("time-limit", cl::init(60),
                 cl::desc("seconds GLPK may spend on one function (with "
                          "--bound: on one group, its LP and integer cover "
                          "together)"),
                 cl::cat(ilpCategory));
static cl::opt<unsigned>
    maxCandidatesOpt("max-candidates", cl::init(40),
                     cl::desc("skip functions of more candidates (the pass's "
                              "exact-max-candidates default)"),
                     cl::cat(ilpCategory));
static cl::opt<bool> boundOpt(
    "bound",
    cl::desc("on functions above --max-candidates: best-of-n's spill cost "
             "against a lower bound, per group of overlapping live ranges "
             "the LP relaxation of clearing the excess banks or the exact "
             "mode's optimum"),
    cl::init(false), cl::cat(ilpCategory));
static cl::opt<unsigned> groupMaxCandidatesOpt(
    "group-max-candidates", cl::init(400),
    cl::desc("--bound: the largest group of overlapping live ranges solved "
             "by the exact mode (within --exact-budget); larger ones get "
             "the LP relaxation"),
    cl::cat(ilpCategory));
static cl::opt<bool> integerCoverOpt(
    "integer-cover",
    cl::desc("--bound: clear the excess banks with whole spills (GLPK's "
             "branch and bound within --time-limit) instead of the LP "
             "relaxation; windows are still ignored, so still a lower bound"),
    cl::init(false), cl::cat(ilpCategory));
static cl::opt<bool> freeCopiesOpt(
    "free-copies",
    cl::desc("a wrong program, to show the comparison can fail: what a "
             "spill leaves in PSUM needs no banks"),
    cl::init(false), cl::cat(ilpCategory));
static cl::opt<bool> verboseOpt("verbose", cl::desc("one line per function"),
                                cl::init(false), cl::cat(ilpCategory));

namespace {

/// What a search concluded: a least cost, no spill set at all, or nothing
/// within its budget.
struct Verdict {
  enum Kind { Optimal, Infeasible, Undecided } kind = Undecided;
  double cost = 0;
  double seconds = 0;
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

/// One item of the program: banks it needs over [def, use] in the points
/// of the all-spilled rewrite, and the candidate it belongs to.
struct Item {
  unsigned owner, def, use, liveN;
  bool spilled; ///< exists iff its owner is spilled (else iff kept)
  std::optional<unsigned> pin;
};

/// The items of a problem: each candidate kept, and what each spillable
/// one leaves spilled.
struct Items {
  std::vector<Item> items;
  /// The candidates a spill can write.
  std::vector<unsigned> spillable;
  /// Each point of the problem's linearization in the all-spilled rewrite.
  std::vector<unsigned> moved;
  /// The points of the all-spilled rewrite.
  unsigned numPoints = 0;
};

Items buildItems(const alloc::LinearFunction &lf, const alloc::Problem &problem,
                 const alloc::SpillOptions &options) {
  Items built;
  const std::vector<alloc::Node> &nodes = problem.nodes;
  auto rewrite = [&](llvm::ArrayRef<unsigned> spills,
                     alloc::LinearFunction &nextLf, alloc::Problem &next) {
    alloc::SpillCounters counters;
    alloc::Failure ignored;
    return alloc::spillProblem(lf, problem, spills, options, true, counters,
                               nullptr, nullptr, ignored, nextLf, next);
  };
  // A candidate whose own rewrite fails (a save would end a block) is in no
  // set the exact mode can write. They are looked for one by one only if
  // the rewrite of all fails: each try copies the problem.
  std::vector<unsigned> &spillable = built.spillable;
  for (auto [v, node] : llvm::enumerate(nodes))
    if (!node.pin && !std::isinf(node.cost))
      spillable.push_back(v);
  alloc::LinearFunction allLf;
  alloc::Problem all;
  if (!spillable.empty() && failed(rewrite(spillable, allLf, all))) {
    llvm::erase_if(spillable, [&](unsigned v) {
      alloc::LinearFunction oneLf;
      alloc::Problem one;
      return failed(rewrite({v}, oneLf, one));
    });
    if (!spillable.empty() && failed(rewrite(spillable, allLf, all)))
      llvm::report_fatal_error("the union of spills that each rewrite failed");
  }
  if (spillable.empty()) {
    allLf = lf;
    all = problem;
  }
  // The copies are the points without an op; the others keep their order.
  std::vector<unsigned> &moved = built.moved;
  for (auto [p, point] : llvm::enumerate(allLf.points))
    if (point.op)
      moved.push_back(p);
  if (moved.size() != lf.points.size())
    llvm::report_fatal_error("the rewrite lost an original point");
  built.numPoints = allLf.points.size();
  // The rewrite lists the candidates in order, each spilled one followed
  // by the locations its spill mints (the nodes without a memloc).
  std::vector<bool> spilled(nodes.size(), false);
  for (unsigned v : spillable)
    spilled[v] = true;
  std::vector<Item> &items = built.items;
  size_t next = 0;
  for (auto [v, node] : llvm::enumerate(nodes)) {
    unsigned owner = v; // v is a size_t
    if (!spilled[v]) {
      const alloc::Node &kept = all.nodes[next++];
      items.push_back({owner, kept.def, kept.use, kept.liveN, false, kept.pin});
      continue;
    }
    items.push_back(
        {owner, moved[node.def], moved[node.use], node.liveN, false, {}});
    do {
      const alloc::Node &left = all.nodes[next++];
      items.push_back({owner, left.def, left.use, left.liveN, true, {}});
    } while (next < all.nodes.size() && !all.nodes[next].memloc);
  }
  if (next != all.nodes.size())
    llvm::report_fatal_error("the rewrite's nodes do not match the spills");
  return built;
}

/// The least spill cost by GLPK's branch and cut on the program above.
Verdict solveIlp(const alloc::LinearFunction &lf, const alloc::Problem &problem,
                 const alloc::SpillOptions &options) {
  auto start = std::chrono::steady_clock::now();
  Verdict verdict;
  Items built = buildItems(lf, problem, options);
  const std::vector<Item> &items = built.items;
  const alloc::Geometry &geometry = problem.geometry;

  glp_prob *ilp = glp_create_prob();
  glp_set_obj_dir(ilp, GLP_MIN);
  // Columns: x_v per spillable candidate, then y_(i, b) per item and
  // allowed base bank.
  std::vector<int> spillColumn(problem.nodes.size(), 0);
  auto addColumn = [&](double cost) {
    int column = glp_add_cols(ilp, 1);
    glp_set_col_kind(ilp, column, GLP_BV);
    glp_set_obj_coef(ilp, column, cost);
    return column;
  };
  for (unsigned v : built.spillable)
    spillColumn[v] = addColumn(problem.nodes[v].cost);
  struct Window {
    int column;
    uint64_t mask;
  };
  std::vector<std::vector<Window>> windows(items.size());
  for (auto [i, item] : llvm::enumerate(items))
    for (unsigned b = 0; b + item.liveN <= geometry.numBanks; ++b) {
      uint64_t mask = alloc::windowMask(b, item.liveN);
      if ((item.pin && b != *item.pin) || (mask & geometry.reserved))
        continue;
      windows[i].push_back({addColumn(0), mask});
    }

  std::vector<int> rowIndex{0}, columnIndex{0};
  std::vector<double> values{0};
  auto addRow = [&](int kind, double bound,
                    llvm::ArrayRef<std::pair<int, double>> entries) {
    int row = glp_add_rows(ilp, 1);
    glp_set_row_bnds(ilp, row, kind, kind == GLP_UP ? 0 : bound, bound);
    for (auto [column, value] : entries) {
      rowIndex.push_back(row);
      columnIndex.push_back(column);
      values.push_back(value);
    }
  };
  // Each item takes one window iff it exists: kept items iff x_v = 0,
  // spilled ones iff x_v = 1.
  for (auto [i, item] : llvm::enumerate(items)) {
    std::vector<std::pair<int, double>> entries;
    for (const Window &window : windows[i])
      entries.push_back({window.column, 1});
    int x = spillColumn[item.owner];
    if (item.spilled)
      entries.push_back({x, -1});
    else if (x)
      entries.push_back({x, 1});
    addRow(GLP_FX, item.spilled ? 0 : 1, entries);
  }
  // At each point where an item starts, each bank holds one live item at
  // most (interval overlap is interference: the live items at the starts
  // are all the maximal cliques).
  std::vector<unsigned> starts;
  for (const Item &item : items)
    starts.push_back(item.def);
  llvm::sort(starts);
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  for (unsigned p : starts) {
    for (unsigned bank = 0; bank < geometry.numBanks; ++bank) {
      std::vector<std::pair<int, double>> entries;
      for (auto [i, item] : llvm::enumerate(items))
        if (item.def <= p && p <= item.use && !(freeCopiesOpt && item.spilled))
          for (const Window &window : windows[i])
            if (window.mask >> bank & 1)
              entries.push_back({window.column, 1});
      if (entries.size() > 1)
        addRow(GLP_UP, 1, entries);
    }
  }
  glp_load_matrix(ilp, int(values.size()) - 1, rowIndex.data(),
                  columnIndex.data(), values.data());
  glp_iocp parameters;
  glp_init_iocp(&parameters);
  parameters.presolve = GLP_ON;
  parameters.msg_lev = GLP_MSG_OFF;
  parameters.tm_lim = int(timeLimitOpt) * 1000;
  int error = glp_intopt(ilp, &parameters);
  int status = glp_mip_status(ilp);
  if (status == GLP_OPT) {
    verdict.kind = Verdict::Optimal;
    verdict.cost = glp_mip_obj_val(ilp);
  } else if (status == GLP_NOFEAS || error == GLP_ENOPFS) {
    verdict.kind = Verdict::Infeasible;
  }
  glp_delete_prob(ilp);
  verdict.seconds = secondsSince(start);
  return verdict;
}

/// The steps of coverBound that --time-limit cut short.
struct Stops {
  unsigned relaxations = 0, covers = 0;

  void add(const Stops &other) {
    relaxations += other.relaxations;
    covers += other.covers;
  }
  /// ", N LP relaxations stopped at --time-limit", the same for integer
  /// covers: what the verbose line of a function adds.
  std::string describe() const {
    std::string text;
    if (relaxations)
      text += llvm::formatv(", {0} LP relaxations stopped at --time-limit",
                            relaxations);
    if (covers)
      text +=
          llvm::formatv(", {0} integer covers stopped at --time-limit", covers);
    return text;
  }
};

/// GLPK checks --time-limit only between the nodes of its branch and bound;
/// the callback checks it at each of its calls too (between the root's cut
/// rounds, say), and keeps the bound of the best open node: where the
/// search stops, that is still a lower bound on the cover's optimum.
struct CoverSearch {
  std::chrono::steady_clock::time_point deadline;
  double bound = -std::numeric_limits<double>::infinity();
};

/// The largest cover solved with cuts and Driebeck-Tomlin branching (see
/// coverBound).
constexpr int kMaxCutColumns = 10000;

void watchCoverSearch(glp_tree *tree, void *info) {
  auto *search = static_cast<CoverSearch *>(info);
  // Open nodes' bounds only rise, and the best one bounds them all.
  if (int best = glp_ios_best_node(tree))
    search->bound = std::max(search->bound, glp_ios_node_bound(tree, best));
  if (std::chrono::steady_clock::now() >= search->deadline)
    glp_ios_terminate(tree);
}

/// A lower bound on the least spill cost, for functions too large for the
/// program above: the LP relaxation of clearing the excess at each point of
/// the function where the candidates, all kept, need more banks than PSUM
/// has, by what spilling each frees there (its banks less what its spill
/// leaves live at the point). Windows are ignored, and every spill set that
/// places clears the excess, so the LP's optimum is at most the least cost.
/// With --integer-cover, the same program in whole spills. Both steps
/// share --time-limit; `stops` counts a step it cut short, whose bound is
/// then the dual simplex's last dual feasible basis's (the LP) or the best
/// open node's (the cover; or the LP's if higher). Nullopt where no spill
/// set clears it.
std::optional<double> coverBound(const alloc::LinearFunction &lf,
                                 const alloc::Problem &problem,
                                 const alloc::SpillOptions &options,
                                 Stops &stops) {
  Items built = buildItems(lf, problem, options);
  const std::vector<Item> &items = built.items;
  unsigned numPoints = built.numPoints;
  std::vector<bool> spillable(problem.nodes.size(), false);
  for (unsigned v : built.spillable)
    spillable[v] = true;
  // Banks live at each point of the rewrite with every candidate kept.
  std::vector<int64_t> demand(numPoints + 1, 0);
  for (const Item &item : items)
    if (!item.spilled) {
      demand[item.def] += item.liveN;
      demand[item.use + 1] -= item.liveN;
    }
  for (unsigned p = 1; p <= numPoints; ++p)
    demand[p] += demand[p - 1];
  // Rows: the original points with excess (the copies' points belong to
  // one spill each and add nothing the others do not).
  int64_t usable = problem.geometry.usableBanks();
  std::vector<int> rowOf(numPoints, 0);
  glp_prob *lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  for (unsigned p : built.moved)
    if (demand[p] > usable) {
      rowOf[p] = glp_add_rows(lp, 1);
      glp_set_row_bnds(lp, rowOf[p], GLP_LO, double(demand[p] - usable), 0);
    }
  std::vector<int> rowIndex{0}, columnIndex{0};
  std::vector<double> values{0};
  // Items are listed by owner, the kept one first.
  for (size_t first = 0; first < items.size();) {
    size_t last = first + 1;
    while (last < items.size() && items[last].spilled)
      ++last;
    unsigned v = items[first].owner;
    if (spillable[v]) {
      int column = glp_add_cols(lp, 1);
      glp_set_col_bnds(lp, column, GLP_DB, 0, 1);
      glp_set_obj_coef(lp, column, problem.nodes[v].cost);
      unsigned lo = numPoints, hi = 0;
      for (size_t i = first; i < last; ++i) {
        lo = std::min(lo, items[i].def);
        hi = std::max(hi, items[i].use);
      }
      for (unsigned p = lo; p <= hi; ++p) {
        if (!rowOf[p])
          continue;
        int64_t freed = 0;
        for (size_t i = first; i < last; ++i)
          if (items[i].def <= p && p <= items[i].use)
            freed += items[i].spilled ? -int64_t(items[i].liveN)
                                      : int64_t(items[i].liveN);
        if (freed) {
          rowIndex.push_back(rowOf[p]);
          columnIndex.push_back(column);
          values.push_back(double(freed));
        }
      }
    }
    first = last;
  }
  glp_load_matrix(lp, int(values.size()) - 1, rowIndex.data(),
                  columnIndex.data(), values.data());
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeLimitOpt);
  glp_smcp parameters;
  glp_init_smcp(&parameters);
  parameters.msg_lev = GLP_MSG_OFF;
  // The dual simplex, without presolve (GLPK keeps no solution of a
  // presolved problem it did not finish): every basis it stops at with
  // dual feasibility bounds the LP's optimum from below, so one cut short
  // by --time-limit still bounds the cover.
  parameters.meth = GLP_DUALP;
  parameters.tm_lim = int(timeLimitOpt) * 1000;
  std::optional<double> bound;
  if (glp_get_num_rows(lp) == 0) {
    bound = 0;
  } else {
    int result = glp_simplex(lp, &parameters);
    if (result == 0 && glp_get_status(lp) == GLP_OPT) {
      bound = glp_get_obj_val(lp);
    } else if (result == GLP_ETMLIM) {
      ++stops.relaxations;
      bound = glp_get_dual_stat(lp) == GLP_FEAS
                  ? std::max(0.0, glp_get_obj_val(lp))
                  : 0.0;
    }
  }
  bool relaxed = glp_get_num_rows(lp) == 0 || glp_get_status(lp) == GLP_OPT;
  if (bound && *bound > 0 && integerCoverOpt && relaxed) {
    for (int column = 1, n = glp_get_num_cols(lp); column <= n; ++column)
      glp_set_col_kind(lp, column, GLP_BV);
    CoverSearch search;
    search.deadline = deadline;
    glp_iocp integer;
    glp_init_iocp(&integer);
    integer.msg_lev = GLP_MSG_OFF;
    integer.tm_lim = int(std::max<int64_t>(
        0, std::chrono::duration_cast<std::chrono::milliseconds>(
               deadline - std::chrono::steady_clock::now())
               .count()));
    // GLPK's cut generators and its default branching (Driebeck-Tomlin,
    // which transforms the row of every fractional column) ran for minutes
    // at the root of the 24k-column cover of attention-100k-p4, where no
    // callback can stop them. A large cover is plain branch and bound on
    // the most fractional column: within 60 s it raised that kernel's
    // bound from the LP's 3,081,216 to 3,265,920.
    if (glp_get_num_cols(lp) > kMaxCutColumns) {
      integer.br_tech = GLP_BR_MFV;
    } else {
      integer.gmi_cuts = integer.mir_cuts = integer.cov_cuts = GLP_ON;
    }
    integer.cb_func = watchCoverSearch;
    integer.cb_info = &search;
    int result = glp_intopt(lp, &integer);
    if (result == 0 && glp_mip_status(lp) == GLP_OPT) {
      bound = std::max(*bound, glp_mip_obj_val(lp));
    } else {
      stops.covers += result == GLP_ETMLIM || result == GLP_ESTOP;
      bound = std::max(*bound, search.bound);
    }
  }
  glp_delete_prob(lp);
  return bound;
}

/// The least spill cost by the pass's exact mode.
Verdict solveExact(const alloc::LinearFunction &lf,
                   const alloc::Problem &problem,
                   const alloc::SpillOptions &options) {
  auto start = std::chrono::steady_clock::now();
  Verdict verdict;
  alloc::ExactBudget budget{exactBudgetOpt};
  std::optional<std::vector<unsigned>> spills =
      alloc::exactSpills(lf, problem, options, true,
                         std::numeric_limits<double>::infinity(), budget);
  if (spills) {
    verdict.kind = Verdict::Optimal;
    for (unsigned v : *spills)
      verdict.cost += problem.nodes[v].cost;
  } else if (!budget.exhausted) {
    verdict.kind = Verdict::Infeasible;
  }
  verdict.seconds = secondsSince(start);
  return verdict;
}

struct Totals {
  unsigned functions = 0, skipped = 0, bothOptimal = 0, bothInfeasible = 0,
           disagree = 0, exactUndecided = 0, ilpUndecided = 0,
           ilpDecidesForExact = 0;
  double exactSeconds = 0, ilpSeconds = 0, exactMax = 0, ilpMax = 0;
  std::string exactSlowest, ilpSlowest;
  /// --bound: functions bounded, best-of-n's total and the bounds' total.
  unsigned bounded = 0;
  double bestOfN = 0, lowerBound = 0;
  /// --bound on the compared functions: their optima and bounds in all.
  double smallOptimum = 0, smallBound = 0;
  Stops stops;
};

const char *text(const Verdict &verdict) {
  switch (verdict.kind) {
  case Verdict::Optimal:
    return "optimal";
  case Verdict::Infeasible:
    return "infeasible";
  case Verdict::Undecided:
    return "undecided";
  }
  return "";
}

/// The first round's problem of `func` with its costs (testing::firstRound,
/// without splitting); failure where the allocator refuses the function
/// before spilling.
FailureOr<alloc::Problem> costedFirstRound(bir::FuncOp func,
                                           alloc::LinearFunction &lf) {
  FailureOr<alloc::Problem> problem = testing::firstRound(func, lf);
  if (failed(problem) || failed(alloc::checkPins(*problem)))
    return failure();
  alloc::findCosts(*problem, alloc::SpillOptions().copyLatency, nullptr);
  return problem;
}

/// The candidates of `problem` in groups whose live ranges overlap no
/// other group's: a chain of overlapping ranges joins a group.
std::vector<alloc::Problem> components(const alloc::Problem &problem) {
  std::vector<unsigned> order(problem.nodes.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return problem.nodes[a].def < problem.nodes[b].def;
  });
  std::vector<alloc::Problem> groups;
  std::optional<unsigned> reach;
  for (unsigned v : order) {
    const alloc::Node &node = problem.nodes[v];
    if (!reach || node.def > *reach) {
      groups.emplace_back();
      groups.back().geometry = problem.geometry;
      groups.back().numPoints = problem.numPoints;
      reach = node.use;
    }
    reach = std::max(*reach, node.use);
    groups.back().nodes.push_back(node);
    groups.back().accesses.push_back(problem.accesses[v]);
  }
  return groups;
}

/// A lower bound on the least spill cost of `problem`, group by group: a
/// spill set of the whole places each group's part of it, so the least
/// cost is at least the sum of the groups' least costs. Each group gets
/// coverBound; where their sum is below `target` (best-of-n's cost), a
/// group of at most --group-max-candidates gets the exact mode's optimum
/// instead where it finds one in its budget. `exactGroups` counts those,
/// `stops` the steps cut short by --time-limit.
std::optional<double> groupBound(const alloc::LinearFunction &lf,
                                 const alloc::Problem &problem, double target,
                                 unsigned &exactGroups, unsigned &groups,
                                 Stops &stops) {
  alloc::SpillOptions options;
  std::vector<alloc::Problem> parts = components(problem);
  groups = parts.size();
  std::vector<double> relaxed;
  for (const alloc::Problem &part : parts) {
    std::optional<double> lower = coverBound(lf, part, options, stops);
    if (!lower)
      return std::nullopt;
    relaxed.push_back(*lower);
  }
  double total = std::accumulate(relaxed.begin(), relaxed.end(), 0.0);
  // The relaxation already proves best-of-n optimal.
  if (total >= target - 0.5)
    return total;
  for (auto [part, lower] : llvm::zip(parts, relaxed)) {
    if (part.nodes.size() > groupMaxCandidatesOpt)
      continue;
    alloc::ExactBudget budget{exactBudgetOpt};
    std::optional<std::vector<unsigned>> spills =
        alloc::exactSpills(lf, part, options, true,
                           std::numeric_limits<double>::infinity(), budget);
    if (!spills) {
      if (!budget.exhausted)
        return std::nullopt;
      continue;
    }
    ++exactGroups;
    total -= lower;
    for (unsigned v : *spills)
      total += part.nodes[v].cost;
  }
  return total;
}

/// --bound: best-of-n's spill cost on `func` against the lower bound, taken
/// on a copy split as the pass splits before its first round (a piece
/// spills for less than its location).
void bound(bir::FuncOp func, Totals &totals) {
  OwningOpRef<bir::FuncOp> split = func.clone();
  alloc::splitLocations(*split, /*loopAware=*/true);
  alloc::LinearFunction lf;
  FailureOr<alloc::Problem> problem = costedFirstRound(*split, lf);
  std::optional<double> best = testing::allocationScore(func, "");
  if (failed(problem) || !best) {
    ++totals.skipped;
    return;
  }
  unsigned exactGroups = 0, groups = 0;
  Stops stops;
  std::optional<double> lower =
      groupBound(lf, *problem, *best, exactGroups, groups, stops);
  totals.stops.add(stops);
  // Best-of-n's spill set is one the bound ranges over.
  if (!lower || *lower > *best + 0.5) {
    ++totals.disagree;
    llvm::errs() << "DISAGREE " << func.getSymName() << ": "
                 << (lower ? llvm::formatv("lower bound {0:F0}", *lower).str()
                           : std::string("no spill set places"))
                 << ", but best-of-n placed one of cost " << int64_t(*best)
                 << "\n";
    return;
  }
  ++totals.bounded;
  totals.bestOfN += *best;
  totals.lowerBound += *lower;
  if (verboseOpt)
    llvm::outs() << func.getSymName() << ": " << problem->nodes.size()
                 << " candidates, best-of-n " << int64_t(*best)
                 << llvm::format(", lower bound %.0f", *lower) << " (" << groups
                 << " groups of overlapping ranges, " << exactGroups
                 << " solved exactly" << stops.describe() << ")\n";
}

void compare(bir::FuncOp func, Totals &totals) {
  ++totals.functions;
  // Functions the allocator refuses are skipped, not reported.
  ScopedDiagnosticHandler quiet(func.getContext(),
                                [](Diagnostic &) { return success(); });
  alloc::LinearFunction lf;
  FailureOr<alloc::Problem> problem = costedFirstRound(func, lf);
  if (failed(problem)) {
    ++totals.skipped;
    return;
  }
  if (problem->nodes.size() > maxCandidatesOpt) {
    if (boundOpt)
      bound(func, totals);
    else
      ++totals.skipped;
    return;
  }
  alloc::SpillOptions options;
  Verdict exact = solveExact(lf, *problem, options);
  Verdict ilp = solveIlp(lf, *problem, options);
  StringRef name = func.getSymName();
  totals.exactSeconds += exact.seconds;
  totals.ilpSeconds += ilp.seconds;
  if (exact.seconds > totals.exactMax) {
    totals.exactMax = exact.seconds;
    totals.exactSlowest = name.str();
  }
  if (ilp.seconds > totals.ilpMax) {
    totals.ilpMax = ilp.seconds;
    totals.ilpSlowest = name.str();
  }
  bool agree = true;
  if (exact.kind == Verdict::Undecided) {
    ++totals.exactUndecided;
    totals.ilpDecidesForExact += ilp.kind != Verdict::Undecided;
  }
  if (ilp.kind == Verdict::Undecided)
    ++totals.ilpUndecided;
  if (exact.kind != Verdict::Undecided && ilp.kind != Verdict::Undecided) {
    agree = exact.kind == ilp.kind && (exact.kind == Verdict::Infeasible ||
                                       std::abs(exact.cost - ilp.cost) < 0.5);
    if (!agree)
      ++totals.disagree;
    else if (exact.kind == Verdict::Optimal)
      ++totals.bothOptimal;
    else
      ++totals.bothInfeasible;
  }
  // --bound: the bound may not exceed a proven optimum (and how close it
  // comes says how far to trust it on the larger functions).
  if (boundOpt && exact.kind == Verdict::Optimal) {
    std::optional<double> lower =
        coverBound(lf, *problem, options, totals.stops);
    totals.smallOptimum += exact.cost;
    totals.smallBound += lower ? *lower : 0;
    if (!lower || *lower > exact.cost + 0.5) {
      agree = false;
      ++totals.disagree;
      llvm::errs() << "DISAGREE " << name << ": lower bound "
                   << (lower ? std::to_string(int64_t(*lower)) : "none")
                   << " above the optimum " << int64_t(exact.cost) << "\n";
    }
  }
  if (!verboseOpt && agree)
    return;
  (agree ? llvm::outs() : llvm::errs())
      << (agree ? "" : "DISAGREE ") << name << ": " << problem->nodes.size()
      << " candidates, exact " << text(exact) << " " << int64_t(exact.cost)
      << llvm::format(" in %.3f s", exact.seconds) << ", ILP " << text(ilp)
      << " " << int64_t(std::llround(ilp.cost))
      << llvm::format(" in %.3f s", ilp.seconds) << "\n";
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(ilpCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "The exact mode's spill-set search against GLPK on the same model\n");
  glp_term_out(GLP_OFF);

  DialectRegistry registry;
  registry.insert<bir::BIRDialect>();
  MLIRContext context(registry);
  context.disableMultithreading();
  Totals totals;
  if (failed(testing::forEachFunction(
          inputFiles, context, [&](bir::FuncOp func, const std::string &) {
            compare(func, totals);
          })))
    return 1;
  llvm::outs() << "exact mode against GLPK over " << totals.functions
               << " functions (" << totals.skipped
               << " refused before spilling or too large): both optimal on "
               << totals.bothOptimal << ", both infeasible on "
               << totals.bothInfeasible << ", " << totals.disagree
               << " disagreements; exact undecided on " << totals.exactUndecided
               << " (GLPK decided " << totals.ilpDecidesForExact
               << "), GLPK undecided on " << totals.ilpUndecided << "\n";
  llvm::outs() << llvm::format("  exact mode: %.2f s in all, slowest %.3f s",
                               totals.exactSeconds, totals.exactMax)
               << " (" << totals.exactSlowest << ")\n";
  llvm::outs() << llvm::format("  GLPK:       %.2f s in all, slowest %.3f s",
                               totals.ilpSeconds, totals.ilpMax)
               << " (" << totals.ilpSlowest << ")\n";
  // A zero bound (an LP stopped at once) measures no gap.
  std::string gap =
      totals.lowerBound > 0
          ? llvm::formatv(" ({0:F1}% above)",
                          100.0 * (totals.bestOfN / totals.lowerBound - 1))
          : std::string(totals.bestOfN > 0 ? " (no gap measured)"
                                           : " (0.0% above)");
  if (boundOpt)
    llvm::outs() << llvm::format("lower bound on the compared functions: "
                                 "%.0f against optima of %.0f\n",
                                 totals.smallBound, totals.smallOptimum)
                 << "larger functions: " << totals.bounded
                 << llvm::format(" bounded, best-of-n %.0f against a lower "
                                 "bound of %.0f",
                                 totals.bestOfN, totals.lowerBound)
                 << gap << "\n";
  if (totals.stops.relaxations)
    llvm::outs() << totals.stops.relaxations
                 << " LP relaxations stopped at --time-limit: each bounded by "
                    "its last dual feasible basis\n";
  if (totals.stops.covers)
    llvm::outs() << totals.stops.covers
                 << " integer covers stopped at --time-limit: each bounded by "
                    "its best open node\n";
  return totals.disagree ? 1 : 0;
}
