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
//===----------------------------------------------------------------------===//

#include "Psum/Dialect/BIR/BIROps.h"
#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <glpk.h>

#include <chrono>
#include <cmath>
#include <limits>

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
                 cl::desc("seconds GLPK may spend on one function"),
                 cl::cat(ilpCategory));
static cl::opt<unsigned>
    maxCandidatesOpt("max-candidates", cl::init(40),
                     cl::desc("skip functions of more candidates (the pass's "
                              "exact-max-candidates default)"),
                     cl::cat(ilpCategory));
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

/// The items of `problem`: each candidate kept, and what each spillable
/// one leaves spilled. `spillable` gets the candidates a spill can write.
std::vector<Item> buildItems(const alloc::LinearFunction &lf,
                             const alloc::Problem &problem,
                             const alloc::SpillOptions &options,
                             std::vector<unsigned> &spillable) {
  const std::vector<alloc::Node> &nodes = problem.nodes;
  // A candidate whose own rewrite fails (a save would end a block) is in no
  // set the exact mode can write; how many items its spill leaves.
  std::vector<std::optional<size_t>> leaves(nodes.size());
  for (auto [v, node] : llvm::enumerate(nodes)) {
    if (node.pin || std::isinf(node.cost))
      continue;
    alloc::LinearFunction oneLf;
    alloc::Problem one;
    alloc::SpillCounters counters;
    alloc::Failure ignored;
    if (failed(alloc::spillProblem(lf, problem, {unsigned(v)}, options, true,
                                   counters, nullptr, nullptr, ignored, oneLf,
                                   one)))
      continue;
    spillable.push_back(v);
    leaves[v] = one.nodes.size() - (nodes.size() - 1);
  }
  alloc::LinearFunction allLf;
  alloc::Problem all;
  alloc::SpillCounters counters;
  alloc::Failure ignored;
  if (spillable.empty()) {
    allLf = lf;
    all = problem;
  } else if (failed(alloc::spillProblem(lf, problem, spillable, options, true,
                                        counters, nullptr, nullptr, ignored,
                                        allLf, all))) {
    llvm::report_fatal_error("the union of spills that each rewrite failed");
  }
  // The copies are the points without an op; the others keep their order.
  std::vector<unsigned> moved;
  for (auto [p, point] : llvm::enumerate(allLf.points))
    if (point.op)
      moved.push_back(p);
  if (moved.size() != lf.points.size())
    llvm::report_fatal_error("the rewrite lost an original point");
  // The rewrite lists each candidate's nodes in candidate order: one if
  // kept, the items its spill leaves if spilled.
  std::vector<Item> items;
  size_t next = 0;
  for (auto [v, node] : llvm::enumerate(nodes)) {
    unsigned owner = v; // v is a size_t
    if (!leaves[v]) {
      const alloc::Node &kept = all.nodes[next++];
      items.push_back({owner, kept.def, kept.use, kept.liveN, false, kept.pin});
      continue;
    }
    items.push_back(
        {owner, moved[node.def], moved[node.use], node.liveN, false, {}});
    for (size_t i = 0; i < *leaves[v]; ++i) {
      const alloc::Node &left = all.nodes[next++];
      items.push_back({owner, left.def, left.use, left.liveN, true, {}});
    }
  }
  if (next != all.nodes.size())
    llvm::report_fatal_error("the rewrite's nodes do not match the spills");
  return items;
}

/// The least spill cost by GLPK's branch and cut on the program above.
Verdict solveIlp(const alloc::LinearFunction &lf, const alloc::Problem &problem,
                 const alloc::SpillOptions &options) {
  auto start = std::chrono::steady_clock::now();
  Verdict verdict;
  std::vector<unsigned> spillable;
  std::vector<Item> items = buildItems(lf, problem, options, spillable);
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
  for (unsigned v : spillable)
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

void compare(bir::FuncOp func, Totals &totals) {
  ++totals.functions;
  // Functions the allocator refuses are skipped, not reported.
  ScopedDiagnosticHandler quiet(func.getContext(),
                                [](Diagnostic &) { return success(); });
  alloc::LinearFunction lf = alloc::linearize(func);
  alloc::Failure ignored;
  FailureOr<alloc::Geometry> geometry =
      alloc::resolveGeometry(func, "", 0, 0, {});
  FailureOr<alloc::Problem> problem =
      failed(geometry)
          ? FailureOr<alloc::Problem>(failure())
          : alloc::buildLiveRanges(func, lf, *geometry, true, ignored);
  if (failed(problem) || failed(alloc::checkPins(*problem)) ||
      problem->nodes.size() > maxCandidatesOpt) {
    ++totals.skipped;
    return;
  }
  alloc::SpillOptions options;
  alloc::findCosts(*problem, options.copyLatency, nullptr);
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
  for (const std::string &file : inputFiles) {
    llvm::SourceMgr sourceMgr;
    SourceMgrDiagnosticHandler errors(sourceMgr, &context);
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(file, sourceMgr, &context);
    if (!module) {
      llvm::errs() << "error: cannot parse " << file << "\n";
      return 1;
    }
    FailureOr<SmallVector<bir::FuncOp>> funcs = moduleFunctions(*module);
    if (failed(funcs))
      return 1;
    for (bir::FuncOp func : *funcs)
      compare(func, totals);
  }
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
  return totals.disagree ? 1 : 0;
}
