//===- LiveRangeTest.cpp - linearize and the live ranges on parsed IR -----===//

#include "ParsedFunction.h"

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

class LiveRangeTest : public psum::alloc::testing::ParsedFunctionTest {
protected:
  const Node &node(const Problem &problem, StringRef name) {
    return problem.nodes[nodeOf(problem, name)];
  }
};

constexpr StringLiteral kOperands = R"(
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 4096]
  %y = bir.memloc "y" sbuf [128, 4096]
)";

// Loop headers and back-edges are points of their own; a loop body is
// inlined once.
TEST_F(LiveRangeTest, LinearizeMarksLoops) {
  ASSERT_TRUE(succeeded(build(kOperands.str() + R"(
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %w, %x[0:128, 0:2048] latency 64
  bir.loop %k = 0 to 4 {
    bir.activation relu %y[0:128, 0:2048] = %t latency 32
  }
)")));
  ASSERT_EQ(lf.points.size(), 4u);
  EXPECT_EQ(lf.points[1].kind, PointKind::LoopHeader);
  EXPECT_EQ(lf.points[2].kind, PointKind::Instruction);
  EXPECT_EQ(lf.points[3].kind, PointKind::BackEdge);
  ASSERT_EQ(lf.loops.size(), 1u);
  EXPECT_EQ(lf.loops[0].header, 1u);
  EXPECT_EQ(lf.loops[0].backEdge, 3u);
  EXPECT_EQ(lf.loopNest(2).size(), 1u);
  EXPECT_TRUE(lf.loopNest(1).empty());
}

// liveN = ceil(bytes / 2048) banks: 2049 bytes take two.
TEST_F(LiveRangeTest, BankFootprint) {
  FailureOr<Problem> problem = build(kOperands.str() + R"(
  %small = bir.memloc "small" psum [128, 512]
  %two = bir.memloc "two" psum [128, 2049]
  bir.matmul %small = %w, %x[0:128, 0:512] latency 64
  bir.matmul %two = %w, %x[0:128, 0:2049] latency 64
  bir.activation relu %y[0:128, 0:512] = %small latency 32
  bir.activation relu %y[0:128, 0:2049] = %two latency 32
)");
  ASSERT_TRUE(succeeded(problem)) << failure.message;
  EXPECT_EQ(node(*problem, "small").liveN, 1u);
  EXPECT_EQ(node(*problem, "two").liveN, 2u);
  EXPECT_EQ(node(*problem, "two").def, 1u);
  EXPECT_EQ(node(*problem, "two").use, 3u);
}

// A value written before a loop and read in it stays live to the
// back-edge: the seed's loop extension (the next iteration reads it again).
TEST_F(LiveRangeTest, ReadInALoopLivesToItsBackEdge) {
  FailureOr<Problem> problem = build(kOperands.str() + R"(
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %w, %x[0:128, 0:2048] latency 64
  bir.loop %k = 0 to 4 {
    bir.activation relu %y[0:128, 0:2048] = %t latency 32
    bir.inst "other" writes(%y) reads(%x) latency 8
  }
)");
  ASSERT_TRUE(succeeded(problem)) << failure.message;
  EXPECT_EQ(node(*problem, "t").def, 0u);
  EXPECT_EQ(node(*problem, "t").use, lf.loops[0].backEdge);
}

// An accumulation group summed in a loop and read after it: the def is
// deeper than the read's loop nest, so the range starts at the loop header
// (the seed's loop extension), and ends at the read; read-modify-written,
// so it cannot be spilled.
TEST_F(LiveRangeTest, AccumulationGroup) {
  FailureOr<Problem> problem = build(kOperands.str() + R"(
  %acc = bir.memloc "acc" psum [128, 2048]
  bir.loop %k = 0 to 4 {
    bir.matmul %acc += %w, %x[0:128, 0:2048] latency 64
  }
  bir.activation relu %y[0:128, 0:2048] = %acc latency 32
)");
  ASSERT_TRUE(succeeded(problem)) << failure.message;
  const Node &acc = node(*problem, "acc");
  EXPECT_TRUE(acc.unspillable);
  EXPECT_EQ(acc.def, lf.loops[0].header);
  EXPECT_EQ(acc.use, lf.loops[0].backEdge + 1);
  EXPECT_EQ(acc.writers, (llvm::SmallVector<unsigned, 2>{1}));
  EXPECT_EQ(acc.readers, (llvm::SmallVector<unsigned, 2>{1, 3}));
}

// What the reads of a block read from a place on: after a narrower read
// only its bytes, so the narrower write before it covers them (a pool's
// buffer reused for a narrower value), and nothing after the last read.
// Reads given out of place order (as the checker gives them), or after a
// query, make the same hulls.
TEST_F(LiveRangeTest, BlockReadHullsFromAPlace) {
  ASSERT_TRUE(succeeded(parse(kOperands.str() + R"(
  %ps = bir.memloc "ps" psum [128, 2048] x 2
  bir.matmul %ps[0:128, 0:2048, 1] = %w, %x[0:128, 0:2048] latency 32
  bir.activation relu %y[0:128, 0:2048] = %ps[0:128, 0:2048, 1] latency 16
  bir.matmul %ps[0:128, 0:1024, 1] = %w, %x[0:128, 0:1024] latency 32
  bir.activation relu %y[0:128, 0:1024] = %ps[0:128, 0:1024, 1] latency 16
)")));
  SmallVector<std::pair<unsigned, bir::Access>> reads, writes;
  for (auto [point, p] : llvm::enumerate(lf.points))
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(p.op).getAccesses())
      if (bir::getMemLoc(access.loc).getName() == "ps")
        (bir::isRead(access.kind) ? reads : writes).push_back({point, access});
  ASSERT_EQ(reads.size(), 2u);
  ASSERT_EQ(writes.size(), 2u);
  auto [narrowAt, narrow] = writes[1];
  BlockReadHulls inOrder, reversed, queriedBetween;
  for (const auto &[at, read] : reads)
    inOrder.addRead(read, 2, at);
  for (const auto &[at, read] : llvm::reverse(reads))
    reversed.addRead(read, 2, at);
  // A read added after a query counts in the next one.
  queriedBetween.addRead(reads[1].second, 2, reads[1].first);
  EXPECT_EQ(queriedBetween.hull(1), (bir::Area{0, 128, 0, 1024}));
  queriedBetween.addRead(reads[0].second, 2, reads[0].first);
  for (const BlockReadHulls *hulls : {&inOrder, &reversed, &queriedBetween}) {
    EXPECT_EQ(hulls->hull(1), (bir::Area{0, 128, 0, 2048}));
    EXPECT_EQ(hulls->hull(1, narrowAt), (bir::Area{0, 128, 0, 1024}));
    EXPECT_FALSE(hulls->covers(1, narrow));
    EXPECT_TRUE(hulls->covers(1, narrow, narrowAt));
    EXPECT_TRUE(hulls->hull(1, reads[1].first + 1).empty());
    EXPECT_TRUE(hulls->hull(0).empty());
  }
}

// The seed's capacity guard, with its text.
TEST_F(LiveRangeTest, CapacityGuard) {
  FailureOr<Problem> problem = build(R"(
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 20480]
  %y = bir.memloc "y" sbuf [128, 20480]
  %big = bir.memloc "big" psum [128, 20480]
  bir.matmul %big = %w, %x latency 64
  bir.activation identity %y = %big latency 32
)");
  EXPECT_TRUE(failed(problem));
  EXPECT_EQ(failure.message,
            "big is too big for PSUM, requires 10 banks with PSUM size 8");
}

} // namespace
