//===- SelectTest.cpp - 1-D first fit over the free-bank bitmap -----------===//

#include "ProblemBuilder.h"
#include "Psum/Testing/Score.h"

#include "gtest/gtest.h"

#include <limits>
#include <random>
#include <string>

using namespace psum::alloc;
using psum::alloc::testing::ProblemBuilder;

namespace {

Selection selectOrFail(const Problem &problem, const NodeStack &stack,
                       std::optional<size_t> denseDegree = std::nullopt) {
  Graph graph = buildInterference(problem, nullptr, denseDegree);
  Failure failure;
  mlir::FailureOr<Selection> selection =
      select(problem, graph, stack, nullptr, failure);
  EXPECT_TRUE(succeeded(selection)) << failure.message;
  return succeeded(selection) ? *selection : Selection();
}

// Nodes are popped from the back of the stack, each into the lowest base
// bank whose liveN banks no placed neighbor holds.
TEST(Select, LowestFreeWindowInPopOrder) {
  ProblemBuilder b(4);
  unsigned a = b.add("a", 0, 3, 2);
  unsigned c = b.add("c", 0, 3, 1);
  unsigned d = b.add("d", 0, 3, 3);
  unsigned e = b.add("e", 3, 3, 2);
  Selection selection = selectOrFail(b.problem, {e, d, c, a});
  EXPECT_EQ(selection.base[a], 0u);
  EXPECT_EQ(selection.base[c], 2u);
  EXPECT_EQ(selection.base[d], 3u);
  // Banks 0-5 are held at point 3: e first fits at 6.
  EXPECT_EQ(selection.base[e], 6u);
  EXPECT_TRUE(selection.spills.empty());
  EXPECT_EQ(selection.bankMask(b.problem, d), 0b111000u);
}

// A node that interferes with nothing placed starts at bank 0 again.
TEST(Select, BanksReusedOverTime) {
  ProblemBuilder b(4);
  unsigned a = b.add("a", 0, 1, 8);
  unsigned c = b.add("c", 2, 3, 8);
  Selection selection = selectOrFail(b.problem, {c, a});
  EXPECT_EQ(selection.base[a], 0u);
  EXPECT_EQ(selection.base[c], 0u);
}

TEST(Select, ReservedBanksSkipped) {
  ProblemBuilder b(4);
  b.problem.geometry.reserved = 0b1001;
  unsigned a = b.add("a", 0, 3, 2);
  unsigned c = b.add("c", 0, 3, 1);
  Selection selection = selectOrFail(b.problem, {c, a});
  EXPECT_EQ(selection.base[a], 1u);
  EXPECT_EQ(selection.base[c], 4u);
}

TEST(Select, PinsPlacedFirst) {
  ProblemBuilder b(4);
  unsigned p = b.add("p", 0, 3, 1, std::numeric_limits<double>::infinity());
  b[p].pin = 0;
  unsigned a = b.add("a", 0, 3, 2);
  Selection selection = selectOrFail(b.problem, {a});
  EXPECT_EQ(selection.base[p], 0u);
  EXPECT_EQ(selection.base[a], 1u);
}

// " cannot allocate ": a spillable node without a window joins the spill
// set, in the order select meets such nodes.
TEST(Select, NoWindowSpills) {
  ProblemBuilder b(4, /*numBanks=*/2);
  unsigned a = b.add("a", 0, 3);
  unsigned c = b.add("c", 0, 3);
  unsigned d = b.add("d", 0, 3);
  Graph graph = buildInterference(b.problem, nullptr);
  std::string text;
  llvm::raw_string_ostream trace(text);
  Failure failure;
  mlir::FailureOr<Selection> selection =
      select(b.problem, graph, {d, c, a}, &trace, failure);
  ASSERT_TRUE(succeeded(selection));
  EXPECT_EQ(selection->base[a], 0u);
  EXPECT_EQ(selection->base[c], 1u);
  EXPECT_FALSE(selection->base[d]);
  EXPECT_EQ(selection->spills, std::vector<unsigned>{d});
  EXPECT_EQ(text, " cannot allocate d (1 banks)\n");
}

// An unspillable node without a window takes one from a spillable
// neighbor, which is spilled instead.
TEST(Select, UnspillableEvictsASpillableNeighbor) {
  ProblemBuilder b(4, /*numBanks=*/1);
  unsigned a = b.add("a", 0, 3, 1, 64);
  unsigned group =
      b.add("group", 1, 2, 1, std::numeric_limits<double>::infinity());
  Selection selection = selectOrFail(b.problem, {group, a});
  EXPECT_EQ(selection.base[group], 0u);
  EXPECT_FALSE(selection.base[a]);
  EXPECT_EQ(selection.spills, std::vector<unsigned>{a});
}

// Of windows equally cheap to clear, the lowest, as first fit would take.
TEST(Select, EvictionTieTakesTheLowestWindow) {
  ProblemBuilder b(4, /*numBanks=*/2);
  unsigned a = b.add("a", 0, 3, 1, 128);
  unsigned c = b.add("c", 0, 3, 1, 128);
  unsigned group =
      b.add("group", 1, 2, 1, std::numeric_limits<double>::infinity());
  Selection selection = selectOrFail(b.problem, {group, c, a});
  EXPECT_EQ(selection.base[c], 1u);
  EXPECT_EQ(selection.base[group], 0u);
  EXPECT_FALSE(selection.base[a]);
  EXPECT_EQ(selection.spills, std::vector<unsigned>{a});
}

// An unspillable neighbor in the window to clear moves to another free
// window, never onto a reserved bank: here none is free, so the group
// clears the window of the two spillable nodes instead (cost 128, not 64).
TEST(Select, EvictionMovesNothingOntoAReservedBank) {
  ProblemBuilder b(4, /*numBanks=*/4);
  b.problem.geometry.reserved = 0b0001;
  const double inf = std::numeric_limits<double>::infinity();
  unsigned u = b.add("u", 0, 3, 1, inf);
  unsigned a = b.add("a", 0, 3, 1, 64);
  unsigned c = b.add("c", 0, 3, 1, 64);
  unsigned group = b.add("group", 1, 2, 2, inf);
  Selection selection = selectOrFail(b.problem, {group, c, a, u});
  EXPECT_EQ(selection.base[u], 1u);
  EXPECT_EQ(selection.base[group], 2u);
  EXPECT_EQ(selection.spills, (std::vector<unsigned>{a, c}));
}

// Every node dense (no edges among them): select reads the banks of the
// placed ones from its segment tree. Four overlapping nodes fill every leaf
// of the tree, so each query covers all of them and reads the root (the
// fourth mutation round: a root never updated passed the random problems
// but for 2 of 40 seeds).
TEST(Select, DenseNodesFillingTheTree) {
  ProblemBuilder b(4, /*numBanks=*/4);
  for (const char *name : {"a", "c", "d", "e"})
    b.add(name, 0, 3);
  ASSERT_EQ(buildInterference(b.problem, nullptr, 1).denseNodes().size(), 4u);
  Selection selection = selectOrFail(b.problem, {3, 2, 1, 0}, 1);
  for (unsigned v = 0; v < 4; ++v)
    EXPECT_EQ(selection.base[v], v);
}

// An eviction that moves a dense node records its new banks: u moves from
// bank 1 to 3 to free the group's window, so x, placed later beside d and
// c, takes bank 1 (the old banks left in the tree sent x onto u's).
TEST(Select, DenseNodeMovedByAnEviction) {
  ProblemBuilder b(4, /*numBanks=*/4);
  const double inf = std::numeric_limits<double>::infinity();
  unsigned a = b.add("a", 0, 3, 1, 64);
  unsigned u = b.add("u", 0, 3, 1, inf);
  unsigned c = b.add("c", 0, 3, 1, 64);
  unsigned group = b.add("group", 1, 2, 2, inf);
  unsigned d = b.add("d", 3, 3);
  unsigned x = b.add("x", 3, 3);
  Selection selection =
      selectOrFail(b.problem, {x, d, group, c, u, a}, /*denseDegree=*/1);
  EXPECT_EQ(selection.spills, std::vector<unsigned>{a});
  EXPECT_EQ(selection.base[group], 0u);
  EXPECT_EQ(selection.base[u], 3u);
  EXPECT_EQ(selection.base[c], 2u);
  EXPECT_EQ(selection.base[d], 0u);
  EXPECT_EQ(selection.base[x], 1u);
}

// The seed's assert on every placed neighbor, kept as an error.
TEST(Select, BadAddressOfANeighbor) {
  ProblemBuilder b(4);
  unsigned p = b.add("p", 0, 3);
  b[p].pin = 9;
  unsigned a = b.add("a", 0, 3);
  Graph graph = buildInterference(b.problem, nullptr);
  Failure failure;
  EXPECT_TRUE(failed(select(b.problem, graph, {a}, nullptr, failure)));
  EXPECT_EQ(failure.message, "info[neighbor_index].address < PSUM_SIZE && "
                             "\"bad PSUM address during select\"");
}

// Dense nodes (Graph::isDense) keep no edges among themselves: simplify
// asks their budgets of the ranges and select their placed neighbors' banks
// of a segment tree. On random problems with wide and unspillable nodes and
// pins (one past the last bank in some), every named heuristic gives the
// same stack, trace and placement (or failure) with no node dense, every
// node dense and the nodes of at least 4 neighbors dense. The seed is
// printed on failure.
TEST(Select, DenseNodesColorAsListed) {
  for (unsigned seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    unsigned points = 1 + random() % 40;
    ProblemBuilder b(points, 1 + random() % 8);
    unsigned n = random() % 120;
    for (unsigned i = 0; i < n; ++i) {
      unsigned def = random() % points;
      unsigned use = def + random() % (points - def);
      double cost = random() % 8 ? double(1 + random() % 500)
                                 : std::numeric_limits<double>::infinity();
      unsigned v = b.add("t" + std::to_string(i), def, use,
                         1 + random() % b.problem.geometry.numBanks, cost);
      if (random() % 16 == 0)
        b[v].pin = random() % (b.problem.geometry.numBanks + (seed % 5 == 0));
    }
    auto coloring = [&](size_t denseDegree) {
      return psum::testing::describeColorings(
          b.problem, buildInterference(b.problem, nullptr, denseDegree));
    };
    std::string listed = coloring(n + 1);
    EXPECT_EQ(coloring(1), listed);
    EXPECT_EQ(coloring(4), listed);
  }
}

} // namespace
