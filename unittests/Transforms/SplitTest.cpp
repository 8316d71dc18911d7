//===- SplitTest.cpp - the seed's memloc_split on parsed IR ---------------===//

#include "ParsedFunction.h"

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

class SplitTest : public psum::alloc::testing::ParsedFunctionTest {
protected:
  /// Splits the function `body` makes; its pieces' names and sizes.
  unsigned split(StringRef body) {
    EXPECT_TRUE(succeeded(parse(std::string(kOperands) + body.str())));
    PsumAccesses accesses = collectPsumAccesses(lf);
    return splitLocations(lf, accesses, /*loopAware=*/true, &pieceOf);
  }

  std::vector<std::pair<std::string, int64_t>> psumLocations() {
    std::vector<std::pair<std::string, int64_t>> locations;
    for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>())
      if (memloc.isPsum())
        locations.push_back({memloc.getName().str(), memloc.getBytes()});
    return locations;
  }

  static constexpr const char *kOperands =
      "  %w = bir.memloc \"w\" sbuf [128, 20480]\n"
      "  %o = bir.memloc \"o\" sbuf [128, 20480]\n";
  DenseMap<Operation *, PieceOrigin> pieceOf;
};

// Byte ranges used at disjoint times become locations of their own, each
// with the bytes it spans, in the place of the location.
TEST_F(SplitTest, DisjointByteRangesSplit) {
  EXPECT_EQ(split(R"(
  %t = bir.memloc "t" psum [128, 20480]
  bir.matmul %t[0:128, 0:2048] = %w[0:128, 0:2048], %w[0:128, 0:2048] latency 64
  bir.activation relu %o[0:128, 0:2048] = %t[0:128, 0:2048] latency 32
  bir.matmul %t[0:128, 2048:20480] = %w[0:128, 2048:20480], %w[0:128, 2048:20480] latency 64
  bir.activation relu %o[0:128, 2048:20480] = %t[0:128, 2048:20480] latency 32
)"),
            1u);
  EXPECT_EQ(psumLocations(), (std::vector<std::pair<std::string, int64_t>>{
                                 {"t_split0", 2048}, {"t_split1", 18432}}));
  ASSERT_EQ(pieceOf.size(), 2u);
  for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>()) {
    if (!memloc.isPsum())
      continue;
    const PieceOrigin &origin = pieceOf.at(memloc);
    bool first = memloc.getName() == "t_split0";
    EXPECT_EQ(origin.part,
              first ? "bytes [0, 2048) of 't'" : "bytes [2048, 20480) of 't'");
    // Its first access: the matmul that writes it.
    EXPECT_EQ(origin.firstAccess, lf.points[first ? 0 : 2].op);
  }
}

// Ranges live at the same time stay one location.
TEST_F(SplitTest, OverlappingUseKeepsTheLocation) {
  EXPECT_EQ(split(R"(
  %t = bir.memloc "t" psum [128, 4096]
  bir.matmul %t[0:128, 0:2048] = %w[0:128, 0:2048], %w[0:128, 0:2048] latency 64
  bir.matmul %t[0:128, 2048:4096] = %w[0:128, 0:2048], %w[0:128, 0:2048] latency 64
  bir.activation relu %o[0:128, 0:4096] = %t latency 32
)"),
            0u);
  EXPECT_EQ(psumLocations(),
            (std::vector<std::pair<std::string, int64_t>>{{"t", 4096}}));
  EXPECT_TRUE(pieceOf.empty());
}

} // namespace
