//===- InterferenceTest.cpp - buildInterference ---------------------------===//

#include "ProblemBuilder.h"

#include "gtest/gtest.h"

#include <random>
#include <vector>

using namespace psum::alloc;
using psum::alloc::testing::ProblemBuilder;

namespace {

std::vector<unsigned> neighborsOf(const Graph &graph, unsigned v) {
  std::vector<unsigned> list;
  for (unsigned m : graph.neighbors(v))
    list.push_back(m);
  return list;
}

// The seed's sweep inserts firstDefs[p] before it erases lastUses[p]: ranges
// are closed, so two that touch at a point interfere.
TEST(Interference, ClosedRangesTouchingInterfere) {
  ProblemBuilder b(8);
  unsigned a = b.add("a", 0, 2, 2);
  unsigned c = b.add("c", 2, 4, 1);
  unsigned d = b.add("d", 5, 6, 4);
  Graph graph = buildInterference(b.problem, nullptr);
  EXPECT_TRUE(graph.interferes(a, c));
  EXPECT_TRUE(graph.interferes(c, a));
  EXPECT_FALSE(graph.interferes(a, d));
  EXPECT_FALSE(graph.interferes(c, d));
  EXPECT_EQ(neighborsOf(graph, a), std::vector<unsigned>{c});
  EXPECT_EQ(graph.degree(d), 0u);
  // The additive degree counts banks, not neighbors.
  EXPECT_EQ(graph.neighborBanks(a), 1u);
  EXPECT_EQ(graph.neighborBanks(c), 2u);
  EXPECT_EQ(graph.neighborBanks(d), 0u);
}

TEST(Interference, PeakAndTotalDemand) {
  ProblemBuilder b(8);
  b.add("a", 0, 3, 2);
  b.add("c", 3, 5, 3);
  b.add("d", 4, 7, 1);
  Graph graph = buildInterference(b.problem, nullptr);
  EXPECT_EQ(graph.totalDemand, 6u);
  // Point 3: a and c; point 4: c and d. The first is the higher.
  EXPECT_EQ(graph.peakDemand, 5u);
  EXPECT_EQ(graph.peakPoint, 3u);
  // The seed's NUM_PSUM_BANKS / total demand.
  EXPECT_DOUBLE_EQ(graph.demandRatio(8), 8.0 / 6.0);
}

TEST(Interference, DemandTraceLine) {
  ProblemBuilder b(4);
  b.add("a", 0, 1, 4);
  b.add("c", 2, 3, 4);
  b.add("d", 2, 3, 8);
  std::string text;
  llvm::raw_string_ostream trace(text);
  buildInterference(b.problem, &trace);
  EXPECT_EQ(text, "      50.00% PSUM demand before spilling\n");
}

// Many nodes live at once: each is dense (at least max(64, n/32) neighbors)
// and lists none of the others, which its range gives, in increasing order.
TEST(Interference, DenseNodesListNoDenseNeighbor) {
  ProblemBuilder b(4);
  for (unsigned i = 0; i < 100; ++i)
    b.add("t" + std::to_string(i), 0, 3);
  // Touches the others at their last point.
  unsigned late = b.add("late", 3, 3, 2);
  Graph graph = buildInterference(b.problem, nullptr);
  EXPECT_EQ(graph.denseNodes().size(), 101u);
  EXPECT_TRUE(graph.storedNeighbors(5).empty());
  std::vector<unsigned> expected;
  for (unsigned m = 0; m <= late; ++m)
    if (m != 5)
      expected.push_back(m);
  EXPECT_EQ(neighborsOf(graph, 5), expected);
  EXPECT_EQ(graph.degree(5), 100u);
  EXPECT_EQ(graph.neighborBanks(5), 99u + 2u);
  EXPECT_FALSE(graph.interferes(5, 5));
  EXPECT_TRUE(graph.interferes(late, 99));
}

TEST(Interference, SparseNodesKeepLists) {
  ProblemBuilder b(201);
  for (unsigned i = 0; i < 100; ++i)
    b.add("t" + std::to_string(i), 2 * i, 2 * i + 2);
  Graph graph = buildInterference(b.problem, nullptr);
  EXPECT_TRUE(graph.denseNodes().empty());
  EXPECT_EQ(neighborsOf(graph, 10), (std::vector<unsigned>{9, 11}));
}

// The default threshold is max(64, n / 32) neighbors: with 3,000 nodes,
// 93. A group of 100 nodes live at once is dense; one of 90 (89
// neighbors, above 64 but below 93) and a chain are not, in the same
// graph.
TEST(Interference, DenseAndListedInOneGraph) {
  ProblemBuilder b(2900);
  for (unsigned i = 0; i < 100; ++i)
    b.add("a" + std::to_string(i), 0, 10);
  for (unsigned i = 0; i < 90; ++i)
    b.add("b" + std::to_string(i), 20, 30);
  while (b.problem.nodes.size() < 3000) {
    unsigned i = unsigned(b.problem.nodes.size());
    b.add("c" + std::to_string(i), i - 150, i - 149);
  }
  Graph graph = buildInterference(b.problem, nullptr);
  EXPECT_EQ(graph.denseNodes().size(), 100u);
  std::vector<unsigned> groupA, groupB;
  for (unsigned m = 0; m < 100; ++m)
    if (m != 7)
      groupA.push_back(m);
  for (unsigned m = 100; m < 190; ++m)
    if (m != 107)
      groupB.push_back(m);
  EXPECT_EQ(neighborsOf(graph, 7), groupA);
  EXPECT_EQ(neighborsOf(graph, 107), groupB);
  // The chain: c200 over [50, 51] meets c199 and c201.
  EXPECT_EQ(neighborsOf(graph, 200), (std::vector<unsigned>{199, 201}));
}

// Random ranges: lists, dense nodes (forced on every node with a neighbor,
// and on those of at least 5 neighbors beside listed ones) and the pairwise
// definition agree on every pair, and so do the degrees and the neighbors'
// banks. The seed is printed on failure.
TEST(Interference, ListsDenseAndPairwiseAgree) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    unsigned points = 1 + random() % 60;
    ProblemBuilder b(points);
    unsigned n = random() % 150;
    for (unsigned i = 0; i < n; ++i) {
      unsigned def = random() % points;
      unsigned use = def + random() % (points - def);
      b.add("t" + std::to_string(i), def, use, 1 + random() % 4);
    }
    const std::vector<Node> &nodes = b.problem.nodes;
    Graph lists = buildInterference(b.problem, nullptr, n + 1);
    Graph dense = buildInterference(b.problem, nullptr, 1);
    Graph mixed = buildInterference(b.problem, nullptr, 5);
    EXPECT_TRUE(lists.denseNodes().empty());
    for (unsigned v = 0; v < n; ++v) {
      std::vector<unsigned> expected;
      uint64_t banks = 0;
      for (unsigned m = 0; m < n; ++m)
        if (m != v && nodes[m].def <= nodes[v].use &&
            nodes[v].def <= nodes[m].use) {
          expected.push_back(m);
          banks += nodes[m].liveN;
        }
      for (const Graph *graph : {&lists, &dense, &mixed}) {
        EXPECT_EQ(neighborsOf(*graph, v), expected) << "node " << v;
        EXPECT_EQ(graph->degree(v), expected.size());
        EXPECT_EQ(graph->neighborBanks(v), banks);
        for (unsigned m = 0; m < n; ++m)
          EXPECT_EQ(graph->interferes(v, m), llvm::is_contained(expected, m));
      }
    }
  }
}

} // namespace
