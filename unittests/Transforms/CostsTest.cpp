//===- CostsTest.cpp - findCosts ------------------------------------------===//

#include "ProblemBuilder.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace psum::alloc;
using psum::alloc::testing::ProblemBuilder;

namespace {

// The seed's find_costs: liveN x latency per save (a writer) and per reload
// (a reader); a TensorCopy reader reads the saved copy (load2Copy), free.
TEST(Costs, BanksTimesLatencyPerSaveAndReload) {
  ProblemBuilder b(10);
  unsigned t = b.add("t", 1, 7, 2);
  b[t].writers = {1};
  b[t].readers = {3, 5};
  b[t].copyReaders = {7};
  findCosts(b.problem, 64, nullptr);
  EXPECT_DOUBLE_EQ(b[t].cost, 2 * 64 * 3);
  findCosts(b.problem, 10, nullptr);
  EXPECT_DOUBLE_EQ(b[t].cost, 2 * 10 * 3);
}

// Accumulation groups (read-modify-written), what spilling minted and
// pinned locations are never spilled: +inf.
TEST(Costs, UnspillableIsInfinite) {
  ProblemBuilder b(4);
  unsigned group = b.add("group", 0, 2);
  b[group].unspillable = true;
  unsigned minted = b.add("minted", 0, 2);
  b[minted].fromSpill = true;
  unsigned pinned = b.add("pinned", 0, 2);
  b[pinned].pin = 3;
  for (unsigned v : {group, minted, pinned})
    b[v].writers = {0};
  findCosts(b.problem, 64, nullptr);
  for (unsigned v : {group, minted, pinned})
    EXPECT_TRUE(std::isinf(b[v].cost)) << b[v].name;
}

TEST(Costs, TraceStrings) {
  ProblemBuilder b(4);
  unsigned t = b.add("t", 0, 3);
  b[t].writers = {0};
  b[t].readers = {2};
  b[t].copyReaders = {3};
  std::string text;
  llvm::raw_string_ostream trace(text);
  findCosts(b.problem, 64, &trace);
  EXPECT_EQ(text, "      find costs\n"
                  "add store cost, remove from needSave t\n"
                  " need load, add load cost, add to needSave t\n"
                  "need load2Copy, add to needSave t\n");
}

} // namespace
