//===- Split.cpp - split multi-range PSUM locations -----------------------===//
//
// The seed's psum_memloc_split: a PSUM location whose accesses form pieces
// used at disjoint times becomes one location per piece, so the colorer sees
// several small candidates instead of one long, wide one. Accesses are
// grouped by byte overlap, each group is cut into the values it holds one
// after another, then pieces whose (loop-extended) live ranges overlap are
// merged back.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {
struct Piece {
  int64_t lo, hi;
  SmallVector<LocAccess, 4> accesses;
  Interval live{0, 0};
};
} // namespace

/// Whether plain writes from `accesses[i]` on, in its loop body and before
/// any read of the group (an instruction reads before it writes, so none at
/// their instructions either), add up to every partition and byte reads
/// read (two transposes filling one tile, two heads stacked on its
/// partitions): together they overwrite the value before them.
static bool slicesFrom(const LinearFunction &lf, ArrayRef<LocAccess> accesses,
                       const Overwrites &overwrites, size_t i) {
  ArrayRef<unsigned> nest = lf.loopNest(accesses[i].point);
  AreaCover written(overwrites.readArea());
  for (auto [k, w] : llvm::enumerate(accesses.drop_front(i))) {
    if (w.access.kind != bir::AccessKind::Write ||
        !overwrites.addsUp(w.access) || lf.loopNest(w.point) != nest)
      return false;
    if (!written.add(Area::of(w.access)))
      continue;
    for (const LocAccess &same : accesses.drop_front(i + k + 1)) {
      if (same.point != w.point)
        break;
      if (bir::isRead(same.access.kind))
        return false;
    }
    return true;
  }
  return false;
}

namespace {
/// The blocks accesses touch, as the hull of their block ranges, and
/// whether one of them indexes its block by an induction variable.
struct BlockHull {
  int64_t lo = std::numeric_limits<int64_t>::max();
  int64_t hi = std::numeric_limits<int64_t>::min();
  bool iv = false;
  void add(const LocAccess &a, int64_t blocks) {
    bir::BlockSet named(a.access, blocks);
    lo = std::min(lo, named.first);
    hi = std::max(hi, named.last);
    iv |= a.access.iv != nullptr;
  }
};
} // namespace

/// Whether the write of one constant block `accesses[i]`, covering what
/// reads read, ends every block the value from `closed` holds: that value
/// holds only that block, or only blocks nothing from i on (`rest`)
/// touches. A tile array used before the loop that rotates it (its first
/// tile written and drained once), or with a last tile written after it (a
/// peeled diagonal block) then splits into a rotating piece and the rest;
/// where neither side indexes blocks by an induction variable the timeline
/// follows each block's values already, and the location stays whole.
static bool endsItsBlocks(const Overwrites &overwrites, const LocAccess &a,
                          const BlockHull &closed, const BlockHull &rest) {
  if (a.access.ap.allBlocks() || !overwrites.coversReads(a.access) ||
      !(closed.iv || rest.iv))
    return false;
  int64_t block = a.access.ap.getBlockOffset();
  return (closed.lo == block && closed.hi == block) || closed.hi < rest.lo ||
         rest.hi < closed.lo;
}

/// Whether the value before `accesses[i]` is over before it: no loop holds
/// both i and an access before it, and every read from i on (`rest`) reads
/// only what writes from i on stored in the same pass through the blocks
/// (readsOnlyOwnPass). Then nothing from i on sees the value before, nor
/// that value anything after it: two phases over one tile array (a loop
/// over all tiles, then a pipeline in a row loop), or two row loops each
/// with its pipeline. Asked only where the cheaper tests fail, one side
/// indexes blocks by an induction variable and the group's blocks share no
/// bank as they are (where they rotate already, a cut would only rename),
/// and at most `kMaxPassTests` times per byte group: each runs the
/// live-block analysis of the rest.
static bool overBefore(const LinearFunction &lf, ArrayRef<LocAccess> rest,
                       const LocAccess &before, int64_t blocks) {
  ArrayRef<unsigned> nest = lf.loopNest(rest.front().point);
  if (!nest.empty() && before.point >= lf.loops[nest.front()].header)
    return false;
  return readsOnlyOwnPass(blocks, rest, lf);
}
static constexpr unsigned kMaxPassTests = 4;

/// Whether the plain write or group start `accesses[i]` starts a new value
/// of the group: without an induction variable it overwrites all any read
/// of the group reads (a plain write with the slices after it) or all the
/// reads from it on read (`laterReads`), or it overwrites one block and
/// ends all the value before holds (endsItsBlocks), or that value is over
/// before it (overBefore, which needs nothing more below), nothing else at
/// its instruction reads the group, and no read of the value it closes (from
/// `start` on) can see a later write around a loop: in the innermost loop
/// holding the read and the write, the read sees only its own iteration's
/// write. Loops run at least once, so every later access sees this write or a
/// later one, never an older value. A group start (a `+=` marked `start`, an
/// accumulator reused by a second K loop) overwrites when its innermost loop
/// begins: the value it closes must end before that loop.
static bool startsValue(const LinearFunction &lf, ArrayRef<LocAccess> accesses,
                        const Overwrites &overwrites, size_t start, size_t i,
                        const BlockHull &closed, const BlockHull &rest,
                        const ReadHull &laterReads, unsigned &passTests) {
  const LocAccess &a = accesses[i];
  bool plain = a.access.kind == bir::AccessKind::Write;
  if (!plain && !a.start)
    return false;
  ArrayRef<unsigned> nest = lf.loopNest(a.point);
  unsigned begins =
      plain || nest.empty() ? a.point : lf.loops[nest.back()].header;
  if (accesses[i - 1].point >= begins)
    return false;
  for (const LocAccess &same : accesses.drop_front(i + 1)) {
    if (same.point != a.point)
      break;
    if (bir::isRead(same.access.kind))
      return false;
  }
  // A write of all blocks (or the only one) covering what the reads from it
  // on read leaves nothing of the value before that a later read could
  // see: a tile reused for a narrower value (session-41 kernel audit).
  bool coversLater = (a.access.ap.allBlocks() || overwrites.numBlocks() == 1) &&
                     laterReads.covers(a.access);
  if (a.access.iv || !(overwrites.kills(a.access, a.access) || coversLater ||
                       (plain && slicesFrom(lf, accesses, overwrites, i)) ||
                       endsItsBlocks(overwrites, a, closed, rest))) {
    if (!(closed.iv || rest.iv) || passTests >= kMaxPassTests)
      return false;
    if (passTests++ == 0 &&
        blocksShareBanks(overwrites.numBlocks(), accesses, lf)) {
      passTests = kMaxPassTests;
      return false;
    }
    return overBefore(lf, accesses.drop_front(i), accesses[i - 1],
                      overwrites.numBlocks());
  }
  return llvm::all_of(
      accesses.slice(start, i - start), [&](const LocAccess &r) {
        if (!bir::isRead(r.access.kind))
          return true;
        ArrayRef<unsigned> nest = lf.loopNest(r.point);
        auto inner = llvm::find_if(llvm::reverse(nest), [&](unsigned loop) {
          return a.point < lf.loops[loop].backEdge;
        });
        return inner == nest.rend() ||
               readsOwnIteration(lf, accesses, overwrites, r, *inner);
      });
}

/// Where `accesses` (one byte range, in linear order) hold a new value: the
/// first access of each value after the first, a write that starts a new
/// value, unless the value it closes would read nothing. Empty where the
/// group holds one value, as most do: nothing is copied for them.
static SmallVector<size_t, 2> valueStarts(const LinearFunction &lf,
                                          ArrayRef<LocAccess> accesses) {
  // Only a plain write or a group start after a read starts a value: most
  // groups (written, then read) have none, and need nothing more.
  auto read = llvm::find_if(
      accesses, [](const LocAccess &a) { return bir::isRead(a.access.kind); });
  if (std::none_of(read, accesses.end(), [](const LocAccess &a) {
        return a.access.kind == bir::AccessKind::Write || a.start;
      }))
    return {};
  Overwrites overwrites(accesses);
  // The blocks from each access on, and what the reads from it on read.
  SmallVector<BlockHull> rest(accesses.size());
  SmallVector<ReadHull> laterReads(accesses.size());
  for (size_t i = accesses.size(); i-- > 0;) {
    if (i + 1 < rest.size()) {
      rest[i] = rest[i + 1];
      laterReads[i] = laterReads[i + 1];
    }
    rest[i].add(accesses[i], overwrites.numBlocks());
    if (bir::isRead(accesses[i].access.kind))
      laterReads[i].add(accesses[i].access);
  }
  SmallVector<size_t, 2> starts;
  bool reads = false;
  size_t start = 0;
  BlockHull closed;
  unsigned passTests = 0;
  for (auto [i, a] : llvm::enumerate(accesses)) {
    if (i > 0 && reads &&
        startsValue(lf, accesses, overwrites, start, i, closed, rest[i],
                    laterReads[i], passTests)) {
      starts.push_back(i);
      reads = false;
      start = i;
      closed = BlockHull();
    }
    reads |= bir::isRead(a.access.kind);
    closed.add(a, overwrites.numBlocks());
  }
  // A last value nobody reads stays with the one before (findDefUse needs a
  // reader).
  if (!starts.empty() && !reads)
    starts.pop_back();
  return starts;
}

/// Appends the values of `group` (bytes [lo, hi), accesses in linear order)
/// cut at `starts` to `values`.
static void appendValues(SmallVectorImpl<Piece> &values, int64_t lo, int64_t hi,
                         ArrayRef<LocAccess> group, ArrayRef<size_t> starts) {
  for (size_t k = 0; k <= starts.size(); ++k) {
    size_t begin = k ? starts[k - 1] : 0;
    size_t end = k < starts.size() ? starts[k] : group.size();
    values.push_back(
        {lo, hi, SmallVector<LocAccess, 4>(group.slice(begin, end - begin))});
  }
}

/// Groups the accesses into pieces disjoint in bytes or in time; empty if
/// the location cannot be split.
static SmallVector<Piece> findPieces(const LinearFunction &lf,
                                     ArrayRef<LocAccess> accesses,
                                     bool loopAware) {
  SmallVector<Piece> values;
  // By the bytes each access may reach: a moving range's hull.
  auto bytesOf = [](const LocAccess &a) {
    Area area = Area::of(a.access);
    return std::make_pair(area.byteLo, area.byteHi);
  };
  std::pair<int64_t, int64_t> first = bytesOf(accesses.front());
  if (llvm::all_of(accesses,
                   [&](const LocAccess &a) { return bytesOf(a) == first; })) {
    // One byte range, as most locations: the accesses, in linear order, are
    // the group.
    SmallVector<size_t, 2> starts = valueStarts(lf, accesses);
    if (starts.empty())
      return {};
    appendValues(values, first.first, first.second, accesses, starts);
  } else {
    SmallVector<LocAccess, 4> sorted(accesses);
    sortStably(sorted, [&](const LocAccess &a, const LocAccess &b) {
      return bytesOf(a).first < bytesOf(b).first;
    });
    SmallVector<Piece> byBytes;
    for (const LocAccess &a : sorted) {
      auto [lo, hi] = bytesOf(a);
      if (byBytes.empty() || lo >= byBytes.back().hi)
        byBytes.push_back({lo, hi, {}});
      byBytes.back().hi = std::max(byBytes.back().hi, hi);
      byBytes.back().accesses.push_back(a);
    }
    for (Piece &group : byBytes) {
      sortStably(group.accesses, [](const LocAccess &a, const LocAccess &b) {
        return a.point < b.point;
      });
      appendValues(values, group.lo, group.hi, group.accesses,
                   valueStarts(lf, group.accesses));
    }
  }
  if (values.size() < 2)
    return {};
  for (Piece &piece : values) {
    RawRange raw = findDefUse(piece.accesses);
    if (!raw.firstDef || !raw.lastUse)
      return {}; // live_range reports the missing def / use
    piece.live = liveInterval(lf, piece.accesses, raw, loopAware);
  }
  sortStably(values, [](const Piece &a, const Piece &b) {
    return a.live.def < b.live.def;
  });
  SmallVector<Piece> pieces;
  for (Piece &piece : values) {
    if (!pieces.empty() && pieces.back().live.overlaps(piece.live)) {
      Piece &merged = pieces.back();
      merged.lo = std::min(merged.lo, piece.lo);
      merged.hi = std::max(merged.hi, piece.hi);
      merged.live.use = std::max(merged.live.use, piece.live.use);
      merged.accesses.append(piece.accesses);
      continue;
    }
    pieces.push_back(std::move(piece));
  }
  if (pieces.size() < 2)
    return {};
  return pieces;
}

unsigned psum::alloc::splitLocations(bir::FuncOp func, bool loopAware) {
  LinearFunction lf = linearize(func);
  PsumAccesses accesses = collectPsumAccesses(lf);
  return splitLocations(lf, accesses, loopAware);
}

unsigned
psum::alloc::splitLocations(LinearFunction &lf, PsumAccesses &accesses,
                            bool loopAware,
                            llvm::DenseMap<Operation *, PieceOrigin> *pieceOf) {
  // The pieces take their location's place in lf.memlocs, as in the IR.
  std::vector<bir::MemLocOp> memlocs = std::move(lf.memlocs);
  lf.memlocs.clear();
  lf.memlocs.reserve(memlocs.size());
  // Piece names are fresh: a location may already be called `acc_split0`.
  // The names that could be one (`_split` in them) are gathered at the first
  // split (most functions have none).
  llvm::StringSet<> existing;
  LocationNames names(&existing);
  unsigned numSplit = 0;
  for (bir::MemLocOp memloc : memlocs) {
    SmallVector<Piece> pieces;
    // Hand-placed, buffered, already placed and spill-minted locations
    // keep their shape.
    if (memloc.isPsum() && !memloc.getPin() && !memloc.getBuffers() &&
        !memloc.getBaseBank() && !memloc->hasAttr(kSpillOriginAttr) &&
        !memloc->hasAttr(kSpilledAttr))
      if (LocAccesses *list = accesses.find(memloc.getResult()))
        pieces = findPieces(lf, *list, loopAware);
    if (pieces.empty()) {
      lf.memlocs.push_back(memloc);
      continue;
    }
    if (!numSplit)
      for (bir::MemLocOp other : memlocs)
        if (other.getName().contains("_split"))
          existing.insert(other.getName());
    OpBuilder builder(memloc);
    unsigned counter = 0;
    // Each instruction's new patterns, set once all pieces are made: an
    // array attribute per access would be quadratic in its accesses.
    llvm::MapVector<Operation *, SmallVector<Attribute>> newAps;
    for (const Piece &piece : pieces) {
      // A piece holds the blocks its accesses name, renumbered from 0: the
      // first tile used before the loop that rotates the rest, or a last
      // one after it, is a location of one block.
      BlockHull named;
      for (const LocAccess &a : piece.accesses)
        named.add(a, memloc.getNumBlocks());
      int64_t firstBlock = named.lo, numBlocks = named.hi - named.lo + 1;
      IntegerAttr blocks =
          numBlocks == memloc.getNumBlocks() ? memloc.getBlocksAttr()
          : numBlocks == 1                   ? IntegerAttr()
                           : builder.getI64IntegerAttr(numBlocks);
      auto part = bir::MemLocOp::create(
          builder, memloc.getLoc(), memloc.getType(),
          builder.getStringAttr(names.mint(memloc.getName(), "split", counter)),
          memloc.getSpaceAttr(), memloc.getPartitionsAttr(),
          builder.getI64IntegerAttr(piece.hi - piece.lo), blocks, nullptr,
          nullptr, nullptr, nullptr);
      lf.memlocs.push_back(part);
      if (pieceOf) {
        PieceOrigin &origin = (*pieceOf)[part];
        llvm::raw_string_ostream(origin.part)
            << "bytes [" << piece.lo << ", " << piece.hi << ")"
            << (numBlocks == memloc.getNumBlocks()
                    ? ""
                    : llvm::formatv(" of blocks [{0}, {1})", firstBlock,
                                    firstBlock + numBlocks)
                          .str())
            << " of '" << memloc.getName() << "'";
        // Merged pieces append their accesses: the first is the least.
        origin.firstAccess =
            lf.points[llvm::min_element(
                          piece.accesses,
                          [](const LocAccess &a, const LocAccess &b) {
                            return a.point < b.point;
                          })
                          ->point]
                .op;
      }
      for (const LocAccess &a : piece.accesses) {
        Operation *op = lf.points[a.point].op;
        bir::AccessAttr ap = a.access.ap;
        auto [entry, added] = newAps.try_emplace(op);
        SmallVector<Attribute> &aps = entry->second;
        if (added)
          llvm::append_range(aps,
                             op->getAttrOfType<ArrayAttr>("aps").getValue());
        // Every block (-1) only where the piece holds all of them.
        int64_t block = ap.allBlocks() ? ap.getBlockOffset()
                                       : ap.getBlockOffset() - firstBlock;
        aps[a.access.index] = bir::AccessAttr::get(
            ap.getContext(), ap.getPartOffset(), ap.getPartSize(),
            ap.getByteOffset() - piece.lo, ap.getByteSize(), ap.getBlockIv(),
            block, ap.getSliceIv(), ap.getPartStride(), ap.getByteStride());
        op->setOperand(a.access.index, part);
      }
    }
    for (auto &[op, aps] : newAps)
      op->setAttr("aps", builder.getArrayAttr(aps));
    // Each piece's accesses in the location's linear order, read back from
    // the rewritten ops.
    LocAccesses all = accesses.take(memloc.getResult());
    for (LocAccess a : all) {
      Operation *op = lf.points[a.point].op;
      a.access.loc = op->getOperand(a.access.index);
      a.access.ap = cast<bir::AccessAttr>(
          op->getAttrOfType<ArrayAttr>("aps")[a.access.index]);
      accesses.append(a.access.loc, a);
    }
    memloc.erase();
    ++numSplit;
  }
  return numSplit;
}
