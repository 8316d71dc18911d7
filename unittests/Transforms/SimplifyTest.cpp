//===- SimplifyTest.cpp - the additive degree test and simplify -----------===//

#include "ProblemBuilder.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace psum::alloc;
using psum::alloc::testing::ProblemBuilder;

namespace {

const Heuristic &seedHeuristic() {
  static const Heuristic seed = namedHeuristics().front();
  return seed;
}

// NUM_PSUM_BANKS - own banks - the neighbors' banks: SAFE iff >= 0.
TEST(Simplify, AdditiveBudget) {
  ProblemBuilder b(8);
  unsigned a = b.add("a", 0, 2, 4);
  unsigned c = b.add("c", 0, 1, 2);
  unsigned d = b.add("d", 2, 3, 2);
  unsigned e = b.add("e", 5, 6, 4);
  unsigned f = b.add("f", 5, 6, 4);
  unsigned g = b.add("g", 6, 6, 1);
  Graph graph = buildInterference(b.problem, nullptr);
  EXPECT_EQ(additiveBudget(b.problem, graph, a), 0);
  EXPECT_EQ(additiveBudget(b.problem, graph, c), 2);
  EXPECT_EQ(additiveBudget(b.problem, graph, d), 2);
  EXPECT_EQ(additiveBudget(b.problem, graph, e), -1);
  EXPECT_EQ(additiveBudget(b.problem, graph, f), -1);
  EXPECT_EQ(additiveBudget(b.problem, graph, g), -1);
  // A reserved bank is not among the banks the test counts.
  b.problem.geometry.reserved = 1u << 7;
  EXPECT_EQ(additiveBudget(b.problem, graph, a), -1);
}

// lo / hi / inf: SAFE, UNSAFE, and unsafe with +inf cost (unspillable). The
// seed pushes SAFE nodes first; when only blocked ones are left it pushes
// the cheapest per bank optimistically, whose neighbors may then turn SAFE.
TEST(Simplify, WorklistsAndPushOrder) {
  ProblemBuilder b(4);
  unsigned x = b.add("x", 0, 1, 4, std::numeric_limits<double>::infinity());
  unsigned y = b.add("y", 0, 1, 4, 64);
  unsigned z = b.add("z", 0, 1, 1, 64);
  unsigned w = b.add("w", 3, 3, 1, 64);
  Graph graph = buildInterference(b.problem, nullptr);
  std::string text;
  llvm::raw_string_ostream trace(text);
  NodeStack stack = simplify(b.problem, graph, seedHeuristic(), &trace);
  EXPECT_EQ(stack, (NodeStack{w, y, x, z}));
  EXPECT_EQ(text, "            lo = 1\n"
                  "            hi = 2\n"
                  "            inf = 1\n"
                  "            total = 4\n"
                  "push back low w\n"
                  "push back optimistic y\n"
                  "neighbor push to low x\n"
                  "neighbor push to low z\n"
                  "push back low x\n"
                  "push back low z\n");
}

// Pinned locations are pre-coloured: select places them before it pops.
TEST(Simplify, PinnedNodesAreNotPushed) {
  ProblemBuilder b(4);
  unsigned p = b.add("p", 0, 3);
  b[p].pin = 2;
  unsigned q = b.add("q", 0, 3);
  Graph graph = buildInterference(b.problem, nullptr);
  EXPECT_EQ(simplify(b.problem, graph, seedHeuristic(), nullptr), NodeStack{q});
}

// The sweep heuristic removes nothing: select pops nodes by live-range
// start, wider ones first among equal starts (then the later node: the
// stack keeps node order, popped from the back); pinned nodes are left to
// select.
TEST(Simplify, SweepPopsByStartWiderFirst) {
  ProblemBuilder b(4);
  unsigned late = b.add("late", 2, 3, 1);
  unsigned narrow = b.add("narrow", 0, 1, 1);
  unsigned wide = b.add("wide", 0, 1, 2);
  unsigned twin = b.add("twin", 0, 1, 2);
  unsigned pinned = b.add("pinned", 0, 3);
  b[pinned].pin = 3;
  Graph graph = buildInterference(b.problem, nullptr);
  std::vector<Heuristic> heuristics = namedHeuristics();
  auto sweep = llvm::find_if(
      heuristics, [](const Heuristic &h) { return h.name == "sweep"; });
  ASSERT_NE(sweep, heuristics.end());
  ASSERT_EQ(sweep->order, Heuristic::Order::Sweep);
  // Popped from the back.
  EXPECT_EQ(simplify(b.problem, graph, *sweep, nullptr),
            (NodeStack{late, narrow, wide, twin}));
}

// Relief's demand as a segment tree answers as the plain array does, on
// random profiles under random changes: first spills only (lowering), then
// both ways, with bank counts the tree sums and others. The seed is printed
// on failure.
TEST(Simplify, DemandTreeAnswersAsArray) {
  for (unsigned seed = 1; seed <= 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    unsigned points = 1 + random() % 70;
    int64_t usable = 1 + random() % 8;
    std::vector<int64_t> initial(points);
    for (int64_t &banks : initial)
      banks = usable - 2 + random() % 18;
    std::vector<int64_t> runBanks;
    // Every fourth seed may sum none (no spill frees a run).
    for (int64_t b = 1; b <= 8; ++b)
      if (random() % 3 == 0 || (b == 8 && seed % 4))
        runBanks.push_back(b);
    DemandProfile array(initial, usable), tree(initial, usable);
    tree.useTree(runBanks);
    ASSERT_TRUE(tree.isTree());
    auto excessOf = [&](const DemandProfile &demand, unsigned lo, unsigned hi) {
      std::vector<std::pair<unsigned, int64_t>> list;
      demand.forEachExcess(lo, hi, [&](unsigned p, int64_t excess) {
        list.push_back({p, excess});
      });
      return list;
    };
    for (unsigned step = 0; step < 200; ++step) {
      SCOPED_TRACE("step " + std::to_string(step));
      unsigned lo = random() % points;
      unsigned hi = lo + random() % (points - lo);
      // Near the band where the sums change, where they go wrong.
      int64_t banks = 1 + random() % 3;
      int64_t delta = step < 20 || random() % 2 ? -banks : banks;
      array.add(lo, hi, delta);
      tree.add(lo, hi, delta);
      unsigned qlo = random() % points;
      unsigned qhi = qlo + random() % (points - qlo);
      for (unsigned p = 0; p < points; ++p)
        ASSERT_EQ(tree.excessAt(p), array.excessAt(p)) << "point " << p;
      for (int64_t most = 1; most <= 9; ++most)
        ASSERT_EQ(tree.gain(qlo, qhi, most), array.gain(qlo, qhi, most))
            << "banks " << most;
      for (int64_t more = -2; more <= 4; ++more)
        ASSERT_EQ(tree.fits(qlo, qhi, more), array.fits(qlo, qhi, more))
            << "more " << more;
      ASSERT_EQ(excessOf(tree, qlo, qhi), excessOf(array, qlo, qhi));
    }
  }
}

// An add over every point of a profile whose size is a power of two (no
// padding leaf) that changes no clamped excess stops at the root, whose
// pending shift each point's excess must still count. The random profiles
// of DemandTreeAnswersAsArray rarely add over a whole power-of-two profile
// with every point at least the widest run in excess (fourth mutation
// round: excessAt without the root's pending passed them and the lit
// suite).
TEST(Simplify, DemandTreeShiftAtTheRoot) {
  for (unsigned points : {2u, 4u, 8u, 16u}) {
    SCOPED_TRACE("points " + std::to_string(points));
    std::vector<int64_t> initial(points);
    for (unsigned p = 0; p < points; ++p)
      initial[p] = 6 + p % 3;
    // 4 usable banks, runs of one bank: every point stays at least one
    // bank in excess under each add below.
    DemandProfile array(initial, 4), tree(initial, 4);
    tree.useTree({1});
    for (int64_t delta : {1, -1, -1, 3}) {
      SCOPED_TRACE("delta " + std::to_string(delta));
      array.add(0, points - 1, delta);
      tree.add(0, points - 1, delta);
      for (unsigned p = 0; p < points; ++p)
        ASSERT_EQ(tree.excessAt(p), array.excessAt(p)) << "point " << p;
      auto excessOf = [](const DemandProfile &demand, unsigned lo,
                         unsigned hi) {
        std::vector<std::pair<unsigned, int64_t>> list;
        demand.forEachExcess(lo, hi, [&](unsigned p, int64_t excess) {
          list.push_back({p, excess});
        });
        return list;
      };
      for (unsigned lo = 0; lo < points; ++lo) {
        for (unsigned hi = lo; hi < points; ++hi) {
          SCOPED_TRACE("range " + std::to_string(lo) + ".." +
                       std::to_string(hi));
          ASSERT_EQ(tree.gain(lo, hi, 1), array.gain(lo, hi, 1));
          for (int64_t more = -8; more <= 0; ++more)
            ASSERT_EQ(tree.fits(lo, hi, more), array.fits(lo, hi, more))
                << "more " << more;
          ASSERT_EQ(excessOf(tree, lo, hi), excessOf(array, lo, hi));
        }
      }
    }
  }
}

} // namespace
