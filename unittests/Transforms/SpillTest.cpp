//===- SpillTest.cpp - TensorCopy spill code, on IR and simulated ---------===//

#include "ParsedFunction.h"

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

class SpillTest : public psum::alloc::testing::ParsedFunctionTest {
protected:
  /// Builds the problem of `body` after three SBUF operands.
  void build(StringRef body) {
    FailureOr<Problem> built =
        ParsedFunctionTest::build("  %w = bir.memloc \"w\" sbuf [128, 128]\n"
                                  "  %x = bir.memloc \"x\" sbuf [128, 2048]\n"
                                  "  %y = bir.memloc \"y\" sbuf [128, 2048]\n" +
                                  body.str());
    ASSERT_TRUE(succeeded(built)) << failure.message;
    problem = std::move(*built);
  }

  unsigned nodeOf(StringRef name) {
    return ParsedFunctionTest::nodeOf(problem, name);
  }

  /// The function's instructions, one line each, as `psum-opt` prints them.
  std::vector<std::string> instructions() {
    std::vector<std::string> lines;
    func.walk([&](bir::InstructionOpInterface op) {
      std::string line;
      llvm::raw_string_ostream os(line);
      op->print(os);
      lines.push_back(line);
    });
    return lines;
  }

  Problem problem;
};

constexpr StringLiteral kOneSpill = R"(
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.inst "other" writes(%y) reads(%x) latency 8
  bir.activation relu %y = %t latency 32
)";

// The seed's insert_spill_code: a save (`<t>_SpillTensorCopy<id>`, PSUM to
// SBUF) right after the writer, a reload (`<t>_ReloadTensorCopy<id>`, back
// to PSUM) right before the reader, which reads the reload.
TEST_F(SpillTest, SaveAfterTheWriterReloadBeforeTheReader) {
  build(kOneSpill);
  SpillCounters counters;
  std::string text;
  llvm::raw_string_ostream trace(text);
  ASSERT_TRUE(
      succeeded(insertSpillCode(func, lf, problem, {nodeOf("t")},
                                SpillOptions(), counters, &trace, failure)))
      << failure.message;
  EXPECT_EQ(counters.spills, 1u);
  EXPECT_EQ(counters.reloads, 1u);
  EXPECT_EQ(text, "insert spill t_SpillTensorCopy0\n"
                  "insert reload t_ReloadTensorCopy0\n");
  std::vector<std::string> lines = instructions();
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "bir.matmul %t = %w, %x latency 64");
  EXPECT_EQ(lines[1], "bir.tensor_copy %t_SpillTensorCopy0 = %t latency 64");
  EXPECT_EQ(lines[3], "bir.tensor_copy %t_ReloadTensorCopy0 = "
                      "%t_SpillTensorCopy0 latency 64");
  EXPECT_EQ(lines[4],
            "bir.activation relu %y = %t_ReloadTensorCopy0 latency 32");
  // The saved copy lives in SBUF, the reload in PSUM; both name their
  // tensor, which is marked spilled.
  for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>()) {
    StringRef name = memloc.getName();
    if (name == "t_SpillTensorCopy0") {
      EXPECT_EQ(memloc.getSpace(), bir::MemorySpace::sbuf);
    }
    if (name == "t_ReloadTensorCopy0") {
      EXPECT_TRUE(memloc.isPsum());
    }
    if (name.starts_with("t_")) {
      EXPECT_EQ(memloc->getAttrOfType<StringAttr>(kSpillOriginAttr).getValue(),
                "t");
    }
    if (name == "t") {
      EXPECT_TRUE(memloc->hasAttr(kSpilledAttr));
    }
  }
}

// A TensorCopy that reads a spilled tensor reads the saved copy: no reload
// (the seed's load2Copy).
TEST_F(SpillTest, CopyReaderReadsTheSavedCopy) {
  build(R"(
  %t = bir.memloc "t" psum [128, 2048]
  bir.matmul %t = %w, %x latency 64
  bir.tensor_copy %y = %t latency 64
)");
  SpillCounters counters;
  ASSERT_TRUE(
      succeeded(insertSpillCode(func, lf, problem, {nodeOf("t")},
                                SpillOptions(), counters, nullptr, failure)));
  EXPECT_EQ(counters.reloads, 0u);
  std::vector<std::string> lines = instructions();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[2], "bir.tensor_copy %y = %t_SpillTensorCopy0 latency 64");
}

// The spill fixpoint simulates the rewrite without the IR: its problem has
// the live ranges the rewritten IR gives.
TEST_F(SpillTest, SimulatedRoundMatchesTheRewrite) {
  build(kOneSpill);
  std::vector<unsigned> spills{nodeOf("t")};
  SpillCounters simulatedCounters;
  LinearFunction nextLf;
  Problem next;
  ASSERT_TRUE(succeeded(spillProblem(lf, problem, spills, SpillOptions(),
                                     /*loopAware=*/true, simulatedCounters,
                                     nullptr, nullptr, failure, nextLf, next)))
      << failure.message;
  SpillCounters counters;
  ASSERT_TRUE(succeeded(insertSpillCode(
      func, lf, problem, spills, SpillOptions(), counters, nullptr, failure)));
  LinearFunction rewrittenLf = linearize(func);
  FailureOr<Problem> rewritten =
      buildLiveRanges(rewrittenLf, problem.geometry, true, failure);
  ASSERT_TRUE(succeeded(rewritten)) << failure.message;
  ASSERT_EQ(next.nodes.size(), rewritten->nodes.size());
  for (auto [simulated, real] : llvm::zip(next.nodes, rewritten->nodes)) {
    EXPECT_EQ(simulated.def, real.def) << real.name;
    EXPECT_EQ(simulated.use, real.use) << real.name;
    EXPECT_EQ(simulated.liveN, real.liveN) << real.name;
  }
  EXPECT_EQ(nextLf.points.size(), rewrittenLf.points.size());
}

} // namespace
