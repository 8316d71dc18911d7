//===- LiveRange.cpp - candidates, live ranges and bank footprints --------===//
//
// The seed's live_range (@0xadece0): def = first writer, use = last reader,
// stretched around loops; the footprint is liveN banks, shrunk by the
// factor the block access patterns allow; a location needing more banks
// than PSUM has is fatal.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"

#include <limits>
#include <map>
#include <queue>

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

unsigned Geometry::usableBanks() const {
  return numBanks - llvm::popcount(reserved & allBanks());
}

SmallVector<int64_t> Geometry::reservedBanks() const {
  SmallVector<int64_t> banks;
  for (unsigned bank = 0; bank < numBanks; ++bank)
    if (reserved >> bank & 1)
      banks.push_back(bank);
  return banks;
}

unsigned Geometry::widestWindow(uint64_t taken) const {
  unsigned widest = 0, run = 0;
  for (unsigned bank = 0; bank < numBanks; ++bank) {
    run = (reserved | taken) & (uint64_t(1) << bank) ? 0 : run + 1;
    widest = std::max(widest, run);
  }
  return widest;
}

FailureOr<Geometry> psum::alloc::resolveGeometry(bir::FuncOp func,
                                                StringRef archOverride,
                                                unsigned numBanks,
                                                unsigned bankSize,
                                                ArrayRef<unsigned> reserved) {
  bir::ArchAttr arch = func.getArch();
  Geometry geometry;
  bir::ArchGen gen = arch.getGen();
  geometry.numBanks = arch.getNumBanks();
  geometry.bankSize = arch.getBankSize();
  if (!archOverride.empty()) {
    std::optional<bir::ArchGen> override = bir::symbolizeArchGen(archOverride);
    if (!override)
      return emitError(func.getLoc(), "unknown architecture '")
             << archOverride << "' in the arch option";
    gen = *override;
    geometry.numBanks = bir::ArchAttr::defaultNumBanks(gen);
    geometry.bankSize = bir::ArchAttr::defaultBankSize(gen);
    // The function's own arch attribute was checked by the verifier; the
    // override must hold its PSUM locations too.
    unsigned partitions = bir::ArchAttr::defaultPartitions(gen);
    for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>())
      if (memloc.isPsum() && memloc.getPartitions() > partitions)
        return emitError(memloc.getLoc(), "'")
               << memloc.getName() << "' has " << memloc.getPartitions()
               << " partitions but " << archOverride
               << " (the arch option) has " << partitions;
  }
  geometry.gen = gen;
  geometry.unevenRotation = func.getUnevenRotation();
  if (numBanks != 0)
    geometry.numBanks = numBanks;
  if (bankSize != 0)
    geometry.bankSize = bankSize;
  if (geometry.numBanks > 64)
    return emitError(func.getLoc(), "num-banks must be at most 64, got ")
           << geometry.numBanks;
  // The arch attribute the pass writes back holds it (as the parser does).
  if (geometry.bankSize > unsigned(std::numeric_limits<int32_t>::max()))
    return emitError(func.getLoc(), "bank-size must be at most ")
           << std::numeric_limits<int32_t>::max() << ", got "
           << geometry.bankSize;
  for (unsigned bank : reserved) {
    if (bank >= geometry.numBanks)
      return emitError(func.getLoc(), "reserved bank ")
             << bank << " is outside the " << geometry.numBanks
             << " PSUM banks";
    geometry.reserved |= uint64_t(1) << bank;
  }
  // The function's own were checked against its arch by the verifier; an
  // override with fewer banks may leave them out.
  if (std::optional<ArrayRef<int64_t>> own = func.getReservedBanks())
    for (int64_t bank : *own) {
      if (bank >= geometry.numBanks)
        return emitError(func.getLoc(), "reserved bank ")
               << bank << " (the function's reserved_banks) is outside the "
               << geometry.numBanks << " PSUM banks";
      geometry.reserved |= uint64_t(1) << bank;
    }
  if (geometry.usableBanks() == 0)
    return emitError(func.getLoc(), "every PSUM bank is reserved");
  // A pin must be a bank of the target (the function's verifier checked
  // its own, so only fewer banks need a look).
  if (geometry.numBanks < arch.getNumBanks())
    for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>())
      if (std::optional<uint64_t> pin = memloc.getPin();
          pin && *pin >= geometry.numBanks)
        return emitError(memloc.getLoc(), "'")
               << memloc.getName() << "' is pinned to bank " << *pin
               << ", outside the " << geometry.numBanks << " PSUM banks";
  return geometry;
}

/// Counts of any kind are tried up to the most banks there can be (a
/// location live on more never fits); divisors to the end, as the seed.
constexpr int64_t kMostBanks = 64;
/// The most blocks for which a location none of whose counts works gets the
/// note on where its blocks crowd: it takes a pass over their values with a
/// heap.
constexpr int64_t kMostCrowdedBlocks = int64_t(1) << 16;

namespace {
/// Areas without repeats, in the order they first came.
class DistinctAreas {
public:
  void add(const Area &area) {
    // A few are searched; a set takes over past them.
    if (seen.empty() && areas.size() < kSearched) {
      if (!llvm::is_contained(areas, area))
        areas.push_back(area);
      return;
    }
    if (seen.empty())
      for (const Area &known : areas)
        seen.insert(key(known));
    if (seen.insert(key(area)).second)
      areas.push_back(area);
  }
  void add(ArrayRef<Area> more) {
    for (const Area &area : more)
      add(area);
  }
  ArrayRef<Area> get() const { return areas; }

private:
  static constexpr size_t kSearched = 8;
  static std::tuple<int64_t, int64_t, int64_t, int64_t> key(const Area &a) {
    return {a.partLo, a.partHi, a.byteLo, a.byteHi};
  }
  llvm::DenseSet<std::tuple<int64_t, int64_t, int64_t, int64_t>> seen;
  SmallVector<Area, 4> areas;
};

/// How many blocks of a location are live at once, as the banks they rotate
/// over: the smallest count that is a divisor of the block count (the
/// seed's integral shrink factor), and the smallest of any kind.
struct LiveBlocks {
  int64_t divisor, any;
  /// Why every block keeps a bank, if a read is the reason: the linear
  /// point of a read that may see a value from before the pass through
  /// the blocks.
  std::optional<unsigned> readFromBefore;
  /// What of its block that read reads no write before it covers, when
  /// that is the reason.
  std::optional<Area> unwritten;
  /// Or the linear point of an access that keeps the blocks from
  /// rotating, and what the note on it says.
  std::optional<unsigned> accessAt;
  StringRef accessWhy;
  /// Whether the timeline found every read reading only what writes before
  /// it in the same pass stored (the rotation path lets the first
  /// iterations read blocks written before the loop).
  bool served = false;
  /// Where no count below the block count keeps the timeline's values
  /// apart: the most blocks holding values at once, and a linear point
  /// where they do.
  std::optional<std::pair<int64_t, unsigned>> crowded;
  static LiveBlocks all(int64_t blocks,
                        std::optional<unsigned> readFromBefore = {},
                        std::optional<Area> unwritten = {}) {
    return {blocks, blocks, readFromBefore, unwritten, {}, {}, false, {}};
  }
  static LiveBlocks servedBy(int64_t divisor, int64_t any) {
    return {divisor, any, {}, {}, {}, {}, true, {}};
  }
  static LiveBlocks allFor(int64_t blocks, unsigned access, StringRef why) {
    LiveBlocks live = all(blocks);
    live.accessAt = access;
    live.accessWhy = why;
    return live;
  }
  int64_t get(const Geometry &geometry) const {
    return geometry.unevenRotation ? any : divisor;
  }
};
} // namespace

/// Which of a write and a read at one linear point comes first: an
/// instruction reads its operands before it writes; the copies a spill
/// inserts for an instruction write its reload before it reads.
enum class AtOnePoint { ReadFirst, WriteFirst };

/// The live blocks of blocks named by loops' `iv + c` of any step, in
/// software pipelines between a prologue and an epilogue naming constant
/// blocks, or by constants only.
/// The pass is the deepest block holding every access, an access by a
/// loop's iv counting as that loop, which must sit in the pass (a rotating
/// loop); constant accesses sit in it outside the rotating loops, directly
/// or in loops of their own. One pass is a timeline: its accesses, the
/// rotating loops' iterations and two iterations of each other loop in it
/// (the second standing for every later one) in program order; an access
/// nested in a loop below those stands for that loop's whole span. Each
/// block must be overwritten before its first read: by plain writes (or
/// group starts starting afresh there) that together cover what the reads
/// of the block read, so it carries nothing from one pass to the next; it
/// then holds one value after another, each from the write starting it to
/// its last access. Writes add up as in psum-verify-allocation's per-block
/// walk: along the pass with the rotating loops unrolled (column slices of
/// a prefetched tile), and within one iteration of another loop, never
/// across its iterations or its bounds. The live
/// block count is the smallest divisor of the block count for which blocks
/// sharing a bank (k mod count) never hold values at once, and the smallest
/// count of any kind, each at least `minPlaces` (the user's `buffers`:
/// a count that works here need not work one above, so the search starts
/// there).
static LiveBlocks timelineLiveBlocks(int64_t blocks,
                                     ArrayRef<LocAccess> accesses,
                                     const LinearFunction &lf, AtOnePoint order,
                                     int64_t minPlaces = 1) {
  // The loops around the pass: what every access's anchor (its rotating
  // loop, or itself) sits in.
  auto ivLoopOf = [&](const LocAccess &a) {
    return lf.loopOf.lookup(bir::getLoopOf(a.access.iv));
  };
  auto anchorNest = [&](const LocAccess &a) {
    return a.access.iv ? lf.loopNest(lf.loops[ivLoopOf(a)].header)
                       : lf.loopNest(a.point);
  };
  ArrayRef<unsigned> around = anchorNest(accesses.front());
  for (const LocAccess &a : accesses)
    around = around.take_front(sharedLoops(around, anchorNest(a)));
  size_t depth = around.size();
  llvm::SmallDenseSet<unsigned, 2> rotating;
  for (const LocAccess &a : accesses)
    if (a.access.iv)
      rotating.insert(ivLoopOf(a));
  for (const LocAccess &a : accesses) {
    ArrayRef<unsigned> nest = lf.loopNest(a.point);
    bool inRotating = nest.size() > depth && rotating.contains(nest[depth]);
    if (a.access.iv && (!inRotating || nest[depth] != ivLoopOf(a)))
      return LiveBlocks::allFor(
          blocks, a.point,
          "this instruction names its block by the induction variable of a "
          "loop nested in another loop that not all of the location's "
          "accesses are in (an access outside the loop holding the "
          "rotation)");
    if (!a.access.iv && inRotating)
      return LiveBlocks::allFor(blocks, a.point,
                                "this instruction names a constant block in "
                                "the loop whose induction variable names the "
                                "other blocks");
    if (a.access.ap.allBlocks())
      return LiveBlocks::allFor(
          blocks, a.point, "this instruction accesses all of them at once");
  }
  BlockReadHulls reads;
  for (const LocAccess &a : accesses)
    if (bir::isRead(a.access.kind))
      reads.addRead(a.access, blocks, a.point);
  // The accesses of one instruction in the order they happen.
  SmallVector<LocAccess, 4> ordered(accesses);
  sortStably(ordered, [&](const LocAccess &a, const LocAccess &b) {
    auto rank = [&](const LocAccess &x) {
      bool write = x.access.kind == bir::AccessKind::Write;
      return order == AtOnePoint::ReadFirst ? write : !write;
    };
    return std::make_pair(a.point, rank(a)) < std::make_pair(b.point, rank(b));
  });

  // Times are (anchor, iteration, linear point): the anchor is the header
  // of a rotating loop or the point itself, so program order.
  using Time = std::tuple<unsigned, int64_t, unsigned>;
  struct Life {
    /// The values the block holds one after another, [first access, last
    /// access] each: a write covering what the block's reads read, after
    /// the last access of the value before, starts a new one (a tile array
    /// reused by a second loop).
    SmallVector<std::pair<Time, Time>, 1> values;
    /// Whether writes cover what the block's reads read, each read seeing
    /// only bytes written before it: decided by the write completing the
    /// cover or by a read of bytes not yet written. A block never read
    /// carries nothing.
    std::optional<bool> overwritten;
    /// The first read, if it was served by the writes so far.
    std::optional<unsigned> read;
    /// Partitions and bytes written since writes last started adding up
    /// afresh (`epoch`).
    SmallVector<Area, 1> written;
    unsigned epoch = 0;
    int64_t block;
  };
  // Only the blocks accessed, in order of first access: a location may have
  // many more. A Life is large, and the blocks accessed can number millions
  // (a rotating loop of 2^24 iterations): the map holds indices only, and
  // both are sized once for the most blocks the walk can visit.
  std::vector<Life> lives;
  llvm::DenseMap<int64_t, unsigned> lifeOf;
  // Per life, the first read the writes before it did not serve, and what
  // of it (rare: kept apart).
  llvm::DenseMap<unsigned, std::pair<unsigned, Area>> unserved;
  uint64_t most = 0;
  for (const LocAccess &a : accesses) {
    uint64_t visits =
        a.access.iv ? bir::getLoopOf(a.access.iv).getTripCount() : 1;
    most = std::min<uint64_t>(most + visits, blocks);
  }
  lives.reserve(most);
  lifeOf.reserve(most);
  // Writes add up until the walk enters or leaves a loop below the pass
  // level (`region`: that loop and the rotating iteration).
  unsigned epoch = 0;
  std::optional<std::pair<unsigned, int64_t>> region;
  // Visits the accesses in time order, so a block's first visit is its
  // first access.
  auto visit = [&](const LocAccess &a, int64_t iteration) {
    ArrayRef<unsigned> nest = lf.loopNest(a.point);
    // The ops of one pass sit at `level`, or directly in a loop of the pass
    // that the walk unrolls (a rotating loop, or a loop of constant blocks:
    // twice); deeper ones take their loop's span.
    bool inLoop = nest.size() > depth;
    size_t level = inLoop ? depth + 1 : depth;
    bool nested = nest.size() > level;
    // Writes add up along the rotating loops, as the checker unrolls them,
    // but within one iteration of another loop, which it iterates to a
    // fixpoint.
    std::optional<std::pair<unsigned, int64_t>> here;
    if (nested || (inLoop && !a.access.iv))
      here = std::make_pair(nest.back(), iteration);
    if (here != region) {
      ++epoch;
      region = here;
    }
    unsigned from = nested ? lf.loops[nest[level]].header : a.point;
    unsigned to = nested ? lf.loops[nest[level]].backEdge : a.point;
    // A start begins afresh on entering its innermost loop: every pass when
    // that loop is below `level`, every iteration of a rotating loop when it
    // is that loop (each names a block of its own), never when it is a loop
    // around the pass.
    bool fresh = a.access.kind == bir::AccessKind::Write;
    int64_t block = a.access.ap.getBlockOffset();
    Time begin{from, 0, from}, end{to, 0, to};
    if (inLoop) {
      unsigned header = lf.loops[nest[depth]].header;
      begin = Time{header, iteration, from};
      end = Time{header, iteration, to};
    }
    if (a.access.iv) {
      auto loop = cast<bir::LoopOp>(lf.loops[ivLoopOf(a)].op);
      block += loop.getLower() + iteration * loop.getStep();
      fresh |= a.start;
    } else {
      // A start directly in a loop of the pass restarts in its first
      // iteration only.
      fresh |= a.start && (nested || (inLoop ? iteration == 0 : depth == 0));
    }
    if (block < 0 || block >= blocks)
      return;
    auto [it, firstAccess] = lifeOf.try_emplace(block, lives.size());
    if (firstAccess) {
      lives.emplace_back();
      lives.back().block = block;
    }
    unsigned index = it->second;
    Life &life = lives[index];
    // Every block is overwritten in each pass before it is read (or the
    // blocks share no bank), so only the reads from the write's anchor on
    // can see what it overwrites: a narrower write can start a value.
    if (firstAccess ||
        (fresh && reads.covers(block, a.access, std::get<0>(begin)) &&
         life.values.back().second < begin))
      life.values.push_back({begin, end});
    else
      life.values.back().second = std::max(life.values.back().second, end);
    if (life.overwritten)
      return;
    if (life.epoch != epoch) {
      // Reads served by writes before the loop boundary keep the block
      // from being overwritten: the checker's cover restarts there.
      if (life.read) {
        life.overwritten = false;
        return;
      }
      life.written.clear();
      life.epoch = epoch;
    }
    if (fresh) {
      life.written.push_back(Area::of(a.access));
      if (areasCover(life.written, reads.hull(block)))
        life.overwritten = true;
    } else if (bir::isRead(a.access.kind)) {
      // A read of what was written earlier in the pass (the first column
      // or partition slice, drained before the second is written) sees
      // nothing older.
      life.read = life.read.value_or(a.point);
      if (std::optional<Area> part =
              uncoveredPart(life.written, Area::of(a.access))) {
        life.overwritten = false;
        unserved[index] = {a.point, *part};
      }
    }
  };
  for (size_t k = 0; k < ordered.size();) {
    const LocAccess &a = ordered[k];
    ArrayRef<unsigned> nest = lf.loopNest(a.point);
    if (nest.size() <= depth) {
      visit(a, 0);
      ++k;
      continue;
    }
    // A loop of the pass, iteration by iteration: a rotating loop's every
    // iteration; a loop of constant blocks twice, since its iterations
    // repeat: the second stands for every later one, and its values that
    // run into the next iteration are those of the first running into the
    // second (a pipeline's peeled prologue before the loop, whose blocks
    // each iteration writes and drains again, needs no bank per block).
    // Twice even for one trip or none, as psum-verify-allocation iterates
    // such a loop to a fixpoint whatever its trip count.
    const Loop &loop = lf.loops[nest[depth]];
    size_t end = k;
    while (end < ordered.size() && ordered[end].point < loop.backEdge)
      ++end;
    int64_t trips = a.access.iv ? cast<bir::LoopOp>(loop.op).getTripCount() : 2;
    for (int64_t i = 0; i < trips; ++i)
      for (const LocAccess &inLoop : ArrayRef(ordered).slice(k, end - k))
        visit(inLoop, i);
    k = end;
  }

  // Every value of every block, in order of first access.
  struct Value {
    Time first, last;
    int64_t block;
  };
  SmallVector<Value> values;
  size_t count = 0;
  for (const Life &life : lives)
    count += life.values.size();
  values.reserve(count);
  for (auto [index, life] : llvm::enumerate(lives)) {
    if (!life.overwritten.value_or(!life.read)) {
      auto it = unserved.find(index);
      return it != unserved.end()
                 ? LiveBlocks::all(blocks, it->second.first, it->second.second)
                 : LiveBlocks::all(blocks, life.read);
    }
    for (auto [first, last] : life.values)
      values.push_back({first, last, life.block});
  }
  llvm::sort(values, [](const Value &a, const Value &b) {
    return std::tie(a.first, a.block) < std::tie(b.first, b.block);
  });
  std::optional<int64_t> any;
  for (int64_t live = minPlaces; live < blocks; ++live) {
    if (blocks % live != 0 && (any || live > kMostBanks))
      continue;
    // The last value seen on each bank, in order of first access.
    llvm::SmallDenseMap<int64_t, const Value *> previous;
    bool clash = llvm::any_of(values, [&](const Value &value) {
      auto [it, first] = previous.try_emplace(value.block % live, &value);
      bool overlaps = !first && value.first <= it->second->last;
      it->second = &value;
      return overlaps;
    });
    if (clash)
      continue;
    any = any.value_or(live);
    if (blocks % live == 0)
      return LiveBlocks::servedBy(live, *any);
  }
  LiveBlocks live = LiveBlocks::servedBy(blocks, any.value_or(blocks));
  if (!any && blocks <= kMostCrowdedBlocks) {
    // For the note on "too big for PSUM": how many values overlap at most
    // (values come in order of first access), and where.
    std::priority_queue<Time, std::vector<Time>, std::greater<Time>> ends;
    std::pair<int64_t, unsigned> most{0, 0};
    for (const Value &value : values) {
      while (!ends.empty() && ends.top() < value.first)
        ends.pop();
      ends.push(value.last);
      if (int64_t(ends.size()) > most.first)
        most = {int64_t(ends.size()), std::get<2>(value.first)};
    }
    live.crowded = most;
  }
  return live;
}

/// How many blocks of the location are live at once: the banks its blocks
/// rotate over (k mod liveBlocks).
///
/// Blocks can share banks when every access indexes one block by the same
/// unit-step loop's induction variable, `iv + c`: block b is accessed from
/// iteration b - max(c) to iteration b - min(c) (over all accesses: a write
/// nobody reads lands in the bank too), so at most W = max(c) - min(c) + 1
/// blocks are held in any iteration, provided no read sees what the bank held
/// before the pass through its block (the byte rule below). A `+=` reads too,
/// unless it starts its group: every access is in the rotating loop, so the
/// start begins afresh in every iteration (in its own loop nested there, or in
/// the block each iteration names). The live block count is the smallest
/// divisor of the block count that is at least W (the seed's integral
/// shrink factor); of any kind it is W itself: the blocks live at once are W
/// consecutive ones, on distinct banks k mod any count >= W, and none lives
/// from one pass through the loop into the next. Locations naming constant
/// blocks, indexed by several loops (a tile array filled by two loops) or by
/// a loop of another step (unrolled pipelines) take the timeline. Either
/// way the count is at least `minPlaces`.
static LiveBlocks computeLiveBlocks(int64_t blocks,
                                    ArrayRef<LocAccess> accesses,
                                    const LinearFunction &lf,
                                    AtOnePoint order = AtOnePoint::ReadFirst,
                                    int64_t minPlaces = 1) {
  if (blocks <= 1)
    return LiveBlocks::all(blocks);
  Value iv;
  bool constantBlocks = false, otherIvs = false;
  // Every access lands in its block's bank, a write nobody reads too (it
  // clobbers whatever shares the bank): the blocks held in one iteration
  // run from the lowest offset to the highest.
  int64_t minOffset = std::numeric_limits<int64_t>::max();
  int64_t maxOffset = std::numeric_limits<int64_t>::min();
  for (const LocAccess &a : accesses) {
    if (!a.access.iv) {
      constantBlocks = true;
      continue;
    }
    if (iv && a.access.iv != iv) {
      otherIvs = true;
      continue;
    }
    iv = a.access.iv;
    int64_t offset = a.access.ap.getBlockOffset();
    minOffset = std::min(minOffset, offset);
    maxOffset = std::max(maxOffset, offset);
  }
  if (!iv || constantBlocks || otherIvs || bir::getLoopOf(iv).getStep() != 1)
    return timelineLiveBlocks(blocks, accesses, lf, order, minPlaces);
  // Every byte a read reads must come from this pass through the block: a
  // write at a larger offset (an earlier iteration) or at the same offset
  // earlier in the iteration (accesses come in linear order, the loop
  // body's once); pieces add up over the read's partitions and bytes.
  // Otherwise the read sees what the bank held before, another block's
  // value once blocks share it.
  // The first iterations have no earlier one: where the pass runs again
  // (a loop around L), a read there served only by larger offsets sees
  // what the previous pass left in its block, a value carried across
  // passes. Then only the same offset serves.
  bir::LoopOp loop = bir::getLoopOf(iv);
  bool passRepeats =
      !lf.loopNest(lf.loops[lf.loopOf.lookup(loop)].header).empty();
  // Each read's serving writes are gathered without repeats (the cover
  // depends neither on their order nor on their count): a walk over every
  // write per read was quadratic in the accesses of one tile array
  // (session-39 scaling audit).
  // The writes at each offset, where a larger offset serves.
  std::map<int64_t, DistinctAreas> allAt;
  if (!passRepeats)
    for (const LocAccess &w : accesses)
      if (bir::isWrite(w.access.kind))
        allAt[w.access.ap.getBlockOffset()].add(Area::of(w.access));
  llvm::SmallDenseMap<int64_t, DistinctAreas, 2> above;
  auto writtenAbove = [&](int64_t offset) -> ArrayRef<Area> {
    auto [it, fresh] = above.try_emplace(offset);
    if (fresh)
      for (auto at = allAt.upper_bound(offset); at != allAt.end(); ++at)
        it->second.add(at->second.get());
    return it->second.get();
  };
  // The writes at each offset before the current access.
  llvm::SmallDenseMap<int64_t, DistinctAreas, 4> earlier;
  auto addWrites = [&](ArrayRef<LocAccess> at) {
    for (const LocAccess &w : at)
      if (bir::isWrite(w.access.kind))
        earlier[w.access.ap.getBlockOffset()].add(Area::of(w.access));
  };
  SmallVector<Area, 8> written;
  for (size_t first = 0; first < accesses.size();) {
    // The accesses at one point: a read there sees the point's writes
    // before it only where writes come first.
    size_t end = first + 1;
    while (end < accesses.size() &&
           accesses[end].point == accesses[first].point)
      ++end;
    for (size_t k = first; k < end; ++k) {
      const LocAccess &r = accesses[k];
      if (bir::isRead(r.access.kind) && !r.start) {
        int64_t offset = r.access.ap.getBlockOffset();
        ArrayRef<Area> before = earlier[offset].get();
        written.assign(before.begin(), before.end());
        if (!passRepeats)
          llvm::append_range(written, writtenAbove(offset));
        if (std::optional<Area> part =
                uncoveredPart(written, Area::of(r.access)))
          return LiveBlocks::all(blocks, r.point, part);
      }
      if (order == AtOnePoint::WriteFirst)
        addWrites(accesses.slice(k, 1));
    }
    if (order == AtOnePoint::ReadFirst)
      addWrites(accesses.slice(first, end - first));
    first = end;
  }
  // Any count from W on keeps the W consecutive live blocks apart.
  int64_t window =
      std::max(std::min(maxOffset - minOffset + 1, blocks), minPlaces);
  int64_t divisor = window;
  while (blocks % divisor != 0)
    ++divisor;
  LiveBlocks live = LiveBlocks::all(blocks);
  live.divisor = divisor;
  live.any = window;
  return live;
}

unsigned psum::alloc::spillFootprint(const Node &node,
                                     ArrayRef<LocAccess> accesses,
                                     const LinearFunction &lf,
                                     const Geometry &geometry) {
  // The copies write what the instruction reads, the saves read what it
  // writes: the minted location sees each access as a write and a read.
  SmallVector<LocAccess, 4> both;
  for (const LocAccess &a : accesses)
    for (bir::AccessKind kind :
         {bir::AccessKind::Write, bir::AccessKind::Read}) {
      both.push_back(a);
      both.back().access.kind = kind;
    }
  uint64_t banks =
      static_cast<uint64_t>(
          computeLiveBlocks(node.blocks, both, lf, AtOnePoint::WriteFirst)
              .get(geometry)) *
      node.blockBanks;
  return static_cast<unsigned>(std::min<uint64_t>(banks, node.liveN));
}

bool psum::alloc::blocksShareBanks(int64_t blocks, ArrayRef<LocAccess> accesses,
                                   const LinearFunction &lf) {
  return computeLiveBlocks(blocks, accesses, lf).any < blocks;
}

bool psum::alloc::readsOnlyOwnPass(int64_t blocks, ArrayRef<LocAccess> accesses,
                                   const LinearFunction &lf) {
  return blocks > 1 &&
         timelineLiveBlocks(blocks, accesses, lf, AtOnePoint::ReadFirst).served;
}

std::string psum::alloc::unevenRotationHint(int64_t blocks, int64_t places,
                                            uint64_t blockBanks) {
  // A count of places, not of blocks live at once: sparse blocks (3 and 7
  // of 8) may meet in fewer places than they need (audit of session 36).
  return "its " + std::to_string(blocks) + " blocks could rotate over " +
         std::to_string(places) + " places (block k in place k mod " +
         std::to_string(places) +
         ") with no two live at once in one, but the seed's shrink factor "
         "rotates them over a divisor of the block count; "
         "uneven-rotation=true rotates them over " +
         std::to_string(places * blockBanks) + " banks";
}

LogicalResult psum::alloc::describeNode(Node &node, const LinearFunction &lf,
                                       ArrayRef<LocAccess> accesses,
                                       const Geometry &geometry,
                                       bool loopAware, Failure &failure) {
  auto fail = [&](const Twine &message) {
    failure.op = node.memloc;
    failure.message = message.str();
    return mlir::failure();
  };
  RawRange raw = findDefUse(accesses);
  if (!raw.firstDef)
    return fail("no first def find: PSUM location '" + node.name +
                "' is never written");
  if (!raw.lastUse)
    return fail("no last use find: PSUM location '" + node.name +
                "' is never read");
  LiveBlocks live = computeLiveBlocks(node.blocks, accesses, lf,
                                      AtOnePoint::ReadFirst, node.buffers);
  int64_t liveBlocks = live.get(geometry);
  node.unevenBlocks = static_cast<unsigned>(
      std::min<uint64_t>(live.any, std::numeric_limits<unsigned>::max()));
  node.shrinkFactor = node.blocks % liveBlocks == 0
                          ? static_cast<unsigned>(node.blocks / liveBlocks)
                          : 0;
  if (!geometry.unevenRotation && !node.shrinkFactor)
    return fail("getNBlocks() % shrink_factor == 0 fails for '" + node.name +
                "'");
  // Saturates rather than wraps: a huge location must fail the guard.
  uint64_t liveN = llvm::SaturatingMultiply(static_cast<uint64_t>(liveBlocks),
                                            node.blockBanks);
  if (geometry.usableBanks() < liveN) {
    // The seed's integral shrink factor may be what does not fit.
    int64_t window = live.any;
    int64_t needed =
        node.buffers > 1
            ? computeLiveBlocks(node.blocks, accesses, lf).get(geometry)
            : liveBlocks;
    if (liveBlocks > needed) {
      failure.noteOp = node.memloc;
      failure.note = "'buffers = " + std::to_string(node.buffers) +
                     "' makes its blocks rotate over " +
                     std::to_string(liveBlocks) + " places";
      if (liveBlocks > node.buffers)
        failure.note += " (the smallest count from " +
                        std::to_string(node.buffers) +
                        " on that keeps its blocks holding values at once "
                        "apart" +
                        (geometry.unevenRotation
                             ? std::string()
                             : " and divides its " +
                                   std::to_string(node.blocks) + " blocks") +
                        ")";
      failure.note += "; their liveness needs " + std::to_string(needed);
    } else if (window < liveBlocks &&
               static_cast<uint64_t>(window) * node.blockBanks <=
                   geometry.usableBanks()) {
      failure.noteOp = node.memloc;
      failure.note = unevenRotationHint(node.blocks, window, node.blockBanks);
    } else if (live.readFromBefore && node.blocks > 1) {
      // Say which read keeps the blocks from sharing banks.
      failure.noteOp = lf.points[*live.readFromBefore].op;
      failure.note = "no two of its " + std::to_string(node.blocks) +
                     " blocks share a bank: this read may see what its block "
                     "held before the pass through the blocks (the writes "
                     "before it in the pass do not cover all it reads, their "
                     "partitions and bytes added up";
      if (const std::optional<Area> &part = live.unwritten)
        failure.note += ": none writes partitions " +
                        std::to_string(part->partLo) + ":" +
                        std::to_string(part->partHi) + ", bytes " +
                        std::to_string(part->byteLo) + ":" +
                        std::to_string(part->byteHi) + " of its block";
      failure.note += ")";
    } else if (live.accessAt && node.blocks > 1) {
      failure.noteOp = lf.points[*live.accessAt].op;
      failure.note = "no two of its " + std::to_string(node.blocks) +
                     " blocks share a bank: " + live.accessWhy.str();
    } else if (live.crowded && node.blocks > 1) {
      auto [most, point] = *live.crowded;
      std::string blocks = std::to_string(node.blocks);
      failure.noteOp = lf.points[point].op;
      // Counts above the most banks were tried only where they divide.
      std::string counts =
          node.blocks <= kMostBanks + 1
              ? "for every count c below " + blocks
              : "for every count c up to " + std::to_string(kMostBanks);
      failure.note =
          "no two of its " + blocks + " blocks share a bank: " +
          (most == node.blocks
               ? "all " + blocks + " hold values at once here"
               : counts +
                     ", block k in place k mod c meets a block holding a "
                     "value in that place (at most " +
                     std::to_string(most) + " hold values at once, here)");
    }
    // The count itself, not the saturated one: up to 2^24 blocks of
    // 2^52 banks each.
    SmallString<24> required;
    (llvm::APInt(128, liveBlocks) * llvm::APInt(128, node.blockBanks))
        .toStringUnsigned(required);
    return fail(node.name + " is too big for PSUM, requires " + required +
                " banks with PSUM size " + Twine(geometry.usableBanks()));
  }
  // A block takes adjacent banks, which reserved banks may not leave (a
  // location of several blocks may still be spilled to its blocks' reloads).
  if (geometry.reserved && node.blockBanks > geometry.widestWindow())
    return fail("a block of '" + node.name + "' needs " +
                Twine(node.blockBanks) +
                " adjacent banks, but the reserved banks leave at most " +
                Twine(geometry.widestWindow()) + " adjacent");
  node.liveN = static_cast<unsigned>(liveN);

  Interval range = liveInterval(lf, accesses, raw, loopAware);
  node.def = range.def;
  node.use = range.use;

  // Instructions, not accesses: one save / reload serves all accesses of
  // one instruction. Accesses come in linear order.
  node.writers.clear();
  node.readers.clear();
  node.copyReaders.clear();
  auto addPoint = [](SmallVector<unsigned, 2> &points, unsigned point) {
    if (points.empty() || points.back() != point)
      points.push_back(point);
  };
  for (const LocAccess &a : accesses) {
    if (bir::isWrite(a.access.kind))
      addPoint(node.writers, a.point);
    if (bir::isRead(a.access.kind))
      addPoint(loadsToCopy(lf, geometry, a) ? node.copyReaders : node.readers,
               a.point);
  }
  // Read-modify-written locations (accumulation groups) are unspillable (a
  // TensorCopy never reads and writes one location). Both lists are in
  // linear order, as the accesses are.
  auto writer = node.writers.begin(), reader = node.readers.begin();
  while (writer != node.writers.end() && reader != node.readers.end() &&
         *writer != *reader)
    ++(*writer < *reader ? writer : reader);
  node.unspillable =
      writer != node.writers.end() && reader != node.readers.end();
  return success();
}

FailureOr<Problem> psum::alloc::buildLiveRanges(const LinearFunction &lf,
                                                const Geometry &geometry,
                                                bool loopAware,
                                                Failure &failure) {
  return buildLiveRanges(lf, collectPsumAccesses(lf), geometry, loopAware,
                         failure);
}

Problem psum::alloc::collectCandidates(const LinearFunction &lf,
                                       PsumAccesses accesses,
                                       const Geometry &geometry) {
  Problem problem;
  problem.geometry = geometry;
  problem.numPoints = lf.points.size();
  problem.nodes.reserve(accesses.size());
  problem.accesses.reserve(accesses.size());

  // Candidates are the PSUM locations with access patterns, numbered in
  // program order (renumber_locations).
  for (bir::MemLocOp memloc : lf.memlocs) {
    if (!memloc.isPsum())
      continue;
    LocAccesses *list = accesses.find(memloc.getResult());
    if (!list)
      continue;
    Node node;
    node.name = memloc.getName().str();
    node.memloc = memloc;
    node.blocks = memloc.getNumBlocks();
    node.blockBanks = llvm::divideCeil(static_cast<uint64_t>(memloc.getBytes()),
                                       geometry.bankSize);
    node.fromSpill =
        memloc->hasAttr(kSpillOriginAttr) || memloc->hasAttr(kSpilledAttr);
    if (std::optional<int64_t> pin = memloc.getPin())
      node.pin = static_cast<unsigned>(*pin);
    node.buffers = memloc.getBuffers().value_or(1);
    problem.nodes.push_back(std::move(node));
    problem.accesses.push_back(std::move(*list));
  }
  return problem;
}

LogicalResult psum::alloc::describeCandidates(Problem &problem,
                                              const LinearFunction &lf,
                                              bool loopAware,
                                              Failure &failure) {
  for (auto [node, accesses] : llvm::zip(problem.nodes, problem.accesses)) {
    // A bank per block is listed in `banks`: the number of blocks is what
    // the allocator's time and memory grow with.
    if (node.blocks > kMaxBlocks) {
      failure.op = node.memloc;
      failure.message = "PSUM location '" + node.name + "' has " +
                        std::to_string(node.blocks) +
                        " blocks, more than the " + std::to_string(kMaxBlocks) +
                        " the allocator takes";
      return mlir::failure();
    }
    if (failed(describeNode(node, lf, accesses, problem.geometry, loopAware,
                            failure)))
      return mlir::failure();
  }
  return success();
}

FailureOr<Problem> psum::alloc::buildLiveRanges(const LinearFunction &lf,
                                                PsumAccesses accesses,
                                                const Geometry &geometry,
                                                bool loopAware,
                                                Failure &failure) {
  Problem problem = collectCandidates(lf, std::move(accesses), geometry);
  if (failed(describeCandidates(problem, lf, loopAware, failure)))
    return mlir::failure();
  return problem;
}

uint64_t psum::alloc::rangeInputs(const LinearFunction &lf,
                                  const Problem &problem) {
  uint64_t hash = 0;
  auto add = [&](uint64_t value) { hash = mix64(hash ^ value); };
  auto addPointer = [&](const void *pointer) {
    add(reinterpret_cast<uintptr_t>(pointer));
  };
  // The points' ops but copies (spillProblem's have none yet): every other
  // op is the same in the IR and in the simulation.
  add(lf.points.size());
  for (auto [index, point] : llvm::enumerate(lf.points)) {
    addPointer(lf.isCopy(index) ? nullptr : point.op);
    add(static_cast<uint64_t>(point.kind) << 32 | point.nest);
  }
  add(lf.loops.size());
  for (const Loop &loop : lf.loops) {
    addPointer(loop.op);
    add(uint64_t(loop.header) << 32 | loop.backEdge);
  }
  add(lf.nests.size());
  for (ArrayRef<unsigned> nest : lf.nests) {
    add(nest.size());
    for (unsigned loop : nest)
      add(loop);
  }
  add(problem.nodes.size());
  for (auto [node, accesses] : llvm::zip(problem.nodes, problem.accesses)) {
    add(static_cast<uint64_t>(node.blocks));
    add(node.blockBanks);
    add(node.pin ? *node.pin + 1 : 0);
    add(accesses.size());
    // Not the location nor the operand index: what the simulation mints
    // keeps those of the spilled location's accesses, and describeNode
    // reads neither (but the location's blocks: the candidate's).
    for (const LocAccess &a : accesses) {
      add(uint64_t(a.point) << 1 | a.start);
      add(static_cast<uint64_t>(a.access.kind));
      addPointer(a.access.ap.getAsOpaquePointer());
      addPointer(a.access.iv.getAsOpaquePointer());
    }
  }
  return hash;
}
