//===- ExactTest.cpp - the exact placement search -------------------------===//

#include "ProblemBuilder.h"

#include "gtest/gtest.h"

using namespace psum::alloc;
using psum::alloc::testing::ProblemBuilder;

namespace {

// Three banks, never more than three live (exact-spill-free.mlir, where the
// seed's push order leaves r no window). Nodes by start, lowest base first:
// p and q on bank 0, r on banks 1-2, s on bank 1 after r.
ProblemBuilder fragmented() {
  ProblemBuilder b(8, /*numBanks=*/3);
  b.add("p", 0, 2);
  b.add("r", 1, 4, 2);
  b.add("q", 3, 6);
  b.add("s", 5, 7);
  return b;
}

TEST(Exact, FindsASpillFreePlacement) {
  ProblemBuilder b = fragmented();
  ExactBudget budget{1000};
  std::optional<std::vector<unsigned>> bases =
      exactPlacement(b.problem, budget);
  ASSERT_TRUE(bases);
  EXPECT_FALSE(budget.exhausted);
  EXPECT_EQ(*bases, (std::vector<unsigned>{0, 1, 0, 1}));
}

TEST(Exact, NoPlacementWhereTheBanksRunOut) {
  ProblemBuilder b(4, /*numBanks=*/2);
  b.add("a", 0, 3);
  b.add("c", 0, 3);
  b.add("d", 1, 2);
  ExactBudget budget{1000};
  EXPECT_FALSE(exactPlacement(b.problem, budget));
  EXPECT_FALSE(budget.exhausted);
}

// After backtracking, a node's next window starts one bank above the last,
// not a window's width above: here the only placements put c on banks 4-5,
// one above its first fit (3-4), with b pinned to bank 2 (the first
// mutation round: steps of a window's width were caught only by the
// property tests).
TEST(Exact, NextWindowOneBankUp) {
  ProblemBuilder b(10, /*numBanks=*/6);
  b.add("a", 0, 9, 2);
  unsigned pinned = b.add("b", 1, 4);
  b[pinned].pin = 2;
  b.add("c", 2, 8, 2);
  b.add("d", 5, 8, 2);
  ExactBudget budget{1000};
  std::optional<std::vector<unsigned>> bases =
      exactPlacement(b.problem, budget);
  ASSERT_TRUE(bases);
  EXPECT_EQ(*bases, (std::vector<unsigned>{0, 2, 4, 2}));
}

// A budget too small to decide says so: no placement, budget exhausted.
TEST(Exact, BudgetExhausted) {
  ProblemBuilder b = fragmented();
  ExactBudget budget{1};
  EXPECT_FALSE(exactPlacement(b.problem, budget));
  EXPECT_TRUE(budget.exhausted);
}

} // namespace
