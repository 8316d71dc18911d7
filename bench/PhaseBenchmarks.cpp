//===- PhaseBenchmarks.cpp - Google Benchmark of the allocator phases -----===//
//
// Times each phase of psum-allocate (include/Psum/Transforms/Allocator.h) on
// the largest bir.func of generated kernels (bench/gen_kernels.py):
//
//   psum-bench-phases --kernel=mixed-100k-p4.mlir [--kernel=...]
//                     [--benchmark_filter=...] [--benchmark_min_time=0.2s]
//
// One benchmark per (phase, kernel). items_per_second counts instructions
// of the function, so it is comparable across sizes: a phase that scales
// linearly keeps it constant from 10k to 1M.
//
//===----------------------------------------------------------------------===//

#include "Psum/Dialect/BIR/BIRDialect.h"
#include "Psum/Dialect/BIR/BIROps.h"
#include "Psum/Transforms/Allocator.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

struct Kernel {
  std::string label;
  OwningOpRef<ModuleOp> module;
  bir::FuncOp func;
  int64_t instructions = 0;
  Geometry geometry;
  LinearFunction lf;
  Problem problem;
  Graph graph;
  NodeStack stack;
};

MLIRContext &context() {
  static MLIRContext *ctx = [] {
    DialectRegistry registry;
    registry.insert<bir::BIRDialect>();
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *ctx;
}

int64_t countInstructions(bir::FuncOp func) {
  int64_t n = 0;
  func.walk([&](bir::InstructionOpInterface) { ++n; });
  return n;
}

std::unique_ptr<Kernel> load(const std::string &path) {
  auto kernel = std::make_unique<Kernel>();
  kernel->module = parseSourceFile<ModuleOp>(path, &context());
  if (!kernel->module) {
    llvm::errs() << "cannot parse " << path << "\n";
    return nullptr;
  }
  for (auto func : kernel->module->getOps<bir::FuncOp>()) {
    int64_t n = countInstructions(func);
    if (n > kernel->instructions) {
      kernel->instructions = n;
      kernel->func = func;
    }
  }
  if (!kernel->func) {
    llvm::errs() << path << " has no bir.func\n";
    return nullptr;
  }
  kernel->label = llvm::sys::path::stem(path).str();
  FailureOr<Geometry> geometry =
      resolveGeometry(kernel->func, "", 0, 0, ArrayRef<unsigned>());
  if (failed(geometry))
    return nullptr;
  kernel->geometry = *geometry;
  kernel->lf = linearize(kernel->func);
  Failure failure;
  FailureOr<Problem> problem =
      buildLiveRanges(kernel->lf, *geometry, true, failure);
  if (failed(problem)) {
    llvm::errs() << path << ": " << failure.message << "\n";
    return nullptr;
  }
  kernel->problem = std::move(*problem);
  kernel->graph = buildInterference(kernel->problem, nullptr);
  findCosts(kernel->problem, 64, nullptr);
  kernel->stack = simplify(kernel->problem, kernel->graph,
                           namedHeuristics().front(), nullptr);
  return kernel;
}

void annotate(benchmark::State &state, const Kernel &k) {
  state.SetItemsProcessed(state.iterations() * k.instructions);
  state.counters["insts"] = double(k.instructions);
  state.counters["nodes"] = double(k.problem.nodes.size());
  size_t edges = 0;
  for (unsigned v = 0; v < k.problem.nodes.size(); ++v)
    edges += k.graph.degree(v);
  state.counters["edges"] = double(edges / 2);
  state.counters["dense"] = double(k.graph.denseNodes().size());
}

using Body = std::function<void(benchmark::State &, Kernel &)>;

void benchLinearize(benchmark::State &state, Kernel &k) {
  for (auto _ : state) {
    LinearFunction lf = linearize(k.func);
    benchmark::DoNotOptimize(lf.points.data());
  }
}

void benchCollect(benchmark::State &state, Kernel &k) {
  for (auto _ : state) {
    auto accesses = collectPsumAccesses(k.lf);
    benchmark::DoNotOptimize(accesses.size());
  }
}

void benchLiveRanges(benchmark::State &state, Kernel &k) {
  for (auto _ : state) {
    Failure failure;
    FailureOr<Problem> problem =
        buildLiveRanges(k.lf, k.geometry, true, failure);
    benchmark::DoNotOptimize(problem->nodes.data());
  }
}

void benchInterference(benchmark::State &state, Kernel &k) {
  for (auto _ : state) {
    Graph graph = buildInterference(k.problem, nullptr);
    benchmark::DoNotOptimize(graph.peakDemand);
  }
}

void benchCosts(benchmark::State &state, Kernel &k) {
  for (auto _ : state) {
    findCosts(k.problem, 64, nullptr);
    benchmark::ClobberMemory();
  }
}

void benchSimplify(benchmark::State &state, Kernel &k,
                   const Heuristic &heuristic) {
  for (auto _ : state) {
    NodeStack stack = simplify(k.problem, k.graph, heuristic, nullptr);
    benchmark::DoNotOptimize(stack.data());
  }
}

void benchSelect(benchmark::State &state, Kernel &k) {
  for (auto _ : state) {
    Failure failure;
    FailureOr<Selection> selection =
        select(k.problem, k.graph, k.stack, nullptr, failure);
    benchmark::DoNotOptimize(selection->base.data());
  }
  Failure failure;
  FailureOr<Selection> selection =
      select(k.problem, k.graph, k.stack, nullptr, failure);
  state.counters["spills"] = double(selection->spills.size());
}

/// One later round of the seed heuristic's spill fixpoint, as psum-allocate
/// runs it without the IR: spillProblem with the first round's spills, then
/// interference, costs, simplify and select on the updated problem.
void benchRound(benchmark::State &state, Kernel &k) {
  Heuristic heuristic = namedHeuristics().front();
  Failure failure;
  FailureOr<Selection> first =
      select(k.problem, k.graph, k.stack, nullptr, failure);
  state.counters["spills"] = double(first->spills.size());
  for (auto _ : state) {
    state.PauseTiming();
    LinearFunction lf = k.lf;
    Problem problem = k.problem;
    state.ResumeTiming();
    SpillCounters counters;
    if (failed(spillProblem(lf, problem, first->spills, SpillOptions(), true,
                            counters,
                            /*names=*/nullptr, nullptr, failure)))
      state.SkipWithError("spillProblem failed");
    Graph graph = buildInterference(problem, nullptr);
    findCosts(problem, 64, nullptr);
    NodeStack stack = simplify(problem, graph, heuristic, nullptr);
    FailureOr<Selection> selection =
        select(problem, graph, stack, nullptr, failure);
    benchmark::DoNotOptimize(selection->base.data());
  }
}

void benchSplit(benchmark::State &state, Kernel &k) {
  for (auto _ : state) {
    state.PauseTiming();
    OwningOpRef<bir::FuncOp> copy = k.func.clone();
    state.ResumeTiming();
    benchmark::DoNotOptimize(splitLocations(*copy, true));
    state.PauseTiming();
    copy = nullptr;
    state.ResumeTiming();
  }
}

/// insertSpillCode for the first round's spill set of the seed heuristic,
/// on a fresh clone each iteration (clone and analysis not timed).
void benchSpill(benchmark::State &state, Kernel &k) {
  Failure failure;
  FailureOr<Selection> selection =
      select(k.problem, k.graph, k.stack, nullptr, failure);
  std::vector<unsigned> spills(selection->spills.begin(),
                               selection->spills.end());
  state.counters["spills"] = double(spills.size());
  for (auto _ : state) {
    state.PauseTiming();
    OwningOpRef<bir::FuncOp> copy = k.func.clone();
    // The problem's nodes point at the original's memlocs: rebuild them on
    // the clone, in the same (program) order.
    LinearFunction lf = linearize(*copy);
    Failure f;
    FailureOr<Problem> problem = buildLiveRanges(lf, k.geometry, true, f);
    findCosts(*problem, 64, nullptr);
    SpillCounters counters;
    SpillOptions options;
    state.ResumeTiming();
    LogicalResult result = insertSpillCode(*copy, lf, *problem, spills,
                                           options, counters, nullptr, f);
    benchmark::DoNotOptimize(succeeded(result));
    state.PauseTiming();
    copy = nullptr;
    state.ResumeTiming();
  }
}

struct Phase {
  std::string name;
  Body body;
};

/// The phases, with simplify once per named heuristic of this revision.
std::vector<Phase> phases() {
  std::vector<Phase> all = {
      {"linearize", benchLinearize},
      {"collectPsumAccesses", benchCollect},
      {"buildLiveRanges", benchLiveRanges},
      {"buildInterference", benchInterference},
      {"findCosts", benchCosts},
  };
  for (const Heuristic &heuristic : namedHeuristics())
    all.push_back({"simplify/" + heuristic.name,
                   [heuristic](benchmark::State &state, Kernel &k) {
                     benchSimplify(state, k, heuristic);
                   }});
  all.push_back({"select/seed", benchSelect});
  all.push_back({"round/seed", benchRound});
  all.push_back({"splitLocations", benchSplit});
  all.push_back({"insertSpillCode/seed", benchSpill});
  return all;
}

std::vector<std::unique_ptr<Kernel>> &kernels() {
  static std::vector<std::unique_ptr<Kernel>> all;
  return all;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<char *> rest;
  std::vector<std::string> paths;
  for (int i = 0; i < argc; ++i) {
    if (i > 0 && std::strncmp(argv[i], "--kernel=", 9) == 0)
      paths.push_back(argv[i] + 9);
    else
      rest.push_back(argv[i]);
  }
  if (paths.empty()) {
    llvm::errs() << "usage: " << argv[0]
                 << " --kernel=FILE.mlir [--kernel=...] [benchmark flags]\n"
                    "  kernels come from bench/gen_kernels.py\n";
    return 2;
  }
  int restc = static_cast<int>(rest.size());
  benchmark::Initialize(&restc, rest.data());
  for (const std::string &path : paths) {
    std::unique_ptr<Kernel> kernel = load(path);
    if (!kernel)
      return 1;
    kernels().push_back(std::move(kernel));
  }
  for (auto &kernel : kernels()) {
    Kernel *k = kernel.get();
    for (const Phase &phase : phases()) {
      benchmark::RegisterBenchmark(
          (phase.name + "/" + k->label).c_str(),
          [k, body = phase.body](benchmark::State &state) {
            body(state, *k);
            annotate(state, *k);
          })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
