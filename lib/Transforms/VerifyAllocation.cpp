//===- VerifyAllocation.cpp - independent check of an allocation ----------===//
//
// Rechecks what psum-allocate wrote without its data structures: liveness
// comes from a dataflow analysis over the loop structure, not from the
// allocator's linear intervals. A PSUM location holds a value at a point
// when a write may reach the point (forward "written") and a read may be
// reached from it (backward "live"). Locations that hold values at one
// instruction must own disjoint banks.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Passes.h"

#include "llvm/ADT/BitVector.h"

#include <set>

namespace psum {
#define GEN_PASS_DEF_PSUMVERIFYALLOCATIONPASS
#include "Psum/Transforms/Passes.h.inc"
} // namespace psum

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

static void join(llvm::BitVector &into, const llvm::BitVector &from) {
  into |= from;
}
static void join(std::set<int64_t> &into, const std::set<int64_t> &from) {
  into.insert(from.begin(), from.end());
}

/// The fixpoint of a loop body's transfer function: the state at the body's
/// start (forward) or end (backward) is what enters the loop joined with
/// what comes around its back-edge. Returns the state at the other end.
template <typename State, typename Transfer>
static State aroundLoop(const State &in, Transfer transfer) {
  State boundary = in;
  while (true) {
    State through = boundary;
    transfer(through);
    State next = boundary;
    join(next, through);
    if (next == boundary)
      return through;
    boundary = std::move(next);
  }
}

/// The accesses of `loc` by group starts directly in `loop`'s body: a group
/// started there begins afresh on entering the loop, so it is not live
/// before it.
static SmallVector<bir::Access>
startedIn(bir::LoopOp loop, Value loc,
          const llvm::DenseSet<Operation *> &starts) {
  SmallVector<bir::Access> started;
  for (Operation &nested : loop.getBodyBlock())
    if (starts.contains(&nested))
      for (const bir::Access &access :
           cast<bir::InstructionOpInterface>(nested).getAccesses())
        if (access.loc == loc)
          started.push_back(access);
  return started;
}

/// Partition x byte rectangles of a block, kept disjoint: what a backward
/// walk found written below the current point and not read in between
/// (writes add up in both directions, partition halves and column halves;
/// a read takes back only what it reads), or what reads still need.
/// What `access` writes in any iteration it runs: its area, or nothing
/// where its ranges move (the hull is only where it may write).
static Area writtenBy(const bir::Access &access) {
  Area area = Area::of(access);
  return area.moving ? Area{0, 0, 0, 0} : area;
}

/// What `access` writes as seen after an iteration of `loop`, which holds
/// it: the hull, where it fills the hull over a loop that is `loop` or
/// nested in it (Area::fills); otherwise writtenBy.
static Area writtenOverLoop(const bir::Access &access, bir::LoopOp loop) {
  // Area::of once: whether the write fills scans its location's users.
  Area area = Area::of(access);
  if (!area.moving)
    return area;
  Operation *filling = bir::getLoopOf(access.sliceIv);
  if (!area.fills || (filling != loop && !loop->isProperAncestor(filling)))
    return Area{0, 0, 0, 0};
  return Area{area.partLo, area.partHi, area.byteLo, area.byteHi};
}

class Areas {
public:
  void unite(const Area &area) {
    if (area.empty())
      return;
    subtract(area);
    // A piece that extends a rectangle along one side merges with it:
    // kept apart, each later subtract and cover test walked all the pieces
    // of a tile cut into thousands (session 31). Kept as plain rectangles:
    // what an access moving with a loop does is decided before.
    Area merged{area.partLo, area.partHi, area.byteLo, area.byteHi};
    for (auto *it = areas.begin(); it != areas.end();) {
      if (!merged.extendBy(*it)) {
        ++it;
        continue;
      }
      areas.erase(it);
      it = areas.begin();
    }
    areas.push_back(merged);
  }
  void subtract(const Area &cut) {
    SmallVector<Area, 2> rest;
    for (const Area &a : areas) {
      if (!a.overlaps(cut)) {
        rest.push_back(a);
        continue;
      }
      // What lies above and below the cut's partitions, then beside its
      // bytes.
      if (a.partLo < cut.partLo)
        rest.push_back({a.partLo, cut.partLo, a.byteLo, a.byteHi});
      if (cut.partHi < a.partHi)
        rest.push_back({cut.partHi, a.partHi, a.byteLo, a.byteHi});
      int64_t lo = std::max(a.partLo, cut.partLo);
      int64_t hi = std::min(a.partHi, cut.partHi);
      if (a.byteLo < cut.byteLo)
        rest.push_back({lo, hi, a.byteLo, cut.byteLo});
      if (cut.byteHi < a.byteHi)
        rest.push_back({lo, hi, cut.byteHi, a.byteHi});
    }
    areas = std::move(rest);
  }
  void subtract(const Areas &cut) {
    for (const Area &area : cut.areas)
      subtract(area);
  }
  void unite(const Areas &other) {
    for (const Area &area : other.areas)
      unite(area);
  }
  bool empty() const { return areas.empty(); }
  bool covers(const Area &target) const { return areasCover(areas, target); }

private:
  SmallVector<Area, 2> areas;
};

/// The instructions accessing `loc`, each once: getUsers() yields an op
/// once per operand, and each visit walks all of its accesses.
static SmallVector<Operation *> usersOf(Value loc) {
  SmallVector<Operation *> users;
  llvm::SmallPtrSet<Operation *, 16> seen;
  for (Operation *user : loc.getUsers())
    if (seen.insert(user).second)
      users.push_back(user);
  return users;
}

/// The instructions holding a `+=` that starts its accumulation group.
static llvm::DenseSet<Operation *> collectGroupStarts(bir::FuncOp func) {
  llvm::DenseSet<Operation *> groupStarts;
  bir::GroupStarts starts;
  func.walk<WalkOrder::PreOrder>([&](bir::InstructionOpInterface inst) {
    for (const bir::Access &access : inst.getAccesses())
      if (bir::isWrite(access.kind) && starts.add(inst, access))
        groupStarts.insert(inst.getOperation());
  });
  return groupStarts;
}

/// What the reads of a location read: their hull (ReadHull: a write
/// covering it leaves nothing of the old value that can be read, so it
/// kills the value even when it writes less than the whole block) and the
/// blocks they may read. A group start's read is none: the start begins
/// afresh on entering its loop, so it never reads what was there before.
struct LocationReads : ReadHull {
  /// The block every read reads, if they all name the same constant block.
  std::optional<int64_t> onlyBlock;
  /// The blocks some read may read.
  llvm::BitVector blocks;

  LocationReads(Value loc, const llvm::DenseSet<Operation *> &starts)
      : blocks(bir::getMemLoc(loc).getNumBlocks()) {
    bool oneBlock = true;
    for (Operation *user : usersOf(loc))
      for (const bir::Access &access :
           cast<bir::InstructionOpInterface>(user).getAccesses()) {
        if (access.loc != loc || !bir::isRead(access.kind) ||
            (access.kind == bir::AccessKind::ReadWrite &&
             starts.contains(user)))
          continue;
        const bir::AccessAttr &ap = access.ap;
        bir::BlockSet named(access, blocks.size());
        blocks.set(named.first, named.last + 1);
        add(access);
        if (access.iv || ap.allBlocks() ||
            (onlyBlock && *onlyBlock != ap.getBlockOffset()))
          oneBlock = false;
        onlyBlock = ap.getBlockOffset();
      }
    if (!oneBlock)
      onlyBlock.reset();
  }
  /// Whether `covered` holds every block some read may read.
  bool coversBlocks(const llvm::BitVector &covered) const {
    return !blocks.test(covered);
  }
};

/// PSUM locations of one function, numbered, with their bank footprints.
struct Locations {
  llvm::DenseMap<Value, unsigned> index;
  SmallVector<bir::MemLocOp> memlocs;
  SmallVector<uint64_t> footprint; ///< banks any block occupies
  SmallVector<int64_t> liveBlocks; ///< blocks on distinct banks (k mod this)
  SmallVector<LocationReads> reads; ///< what each location's reads read
};

/// A location whose every access indexes one block as `iv + c` of one loop
/// L: its blocks rotate through its banks. Its liveness is tracked per
/// offset c within one iteration of L; crossing L's back-edge, offset c of
/// the next iteration is offset c + step of this one. Outside L it holds
/// nothing (no access can name a block there).
class Rotation {
public:
  static std::optional<Rotation>
  find(bir::MemLocOp memloc, const LocationReads &reads,
       const llvm::DenseSet<Operation *> &starts);
  /// The liveness of `loc` inside `loop` alone, whose accesses of `loc` all
  /// index blocks as the loop's `iv + c` with c <= maxOffset; `users` are
  /// the instructions accessing it, all in the loop.
  static Rotation analyze(Value loc, ArrayRef<Operation *> users,
                          bir::LoopOp loop, int64_t maxOffset,
                          const LocationReads &reads,
                          const llvm::DenseSet<Operation *> &starts);

  bir::LoopOp loop;
  /// Offsets holding values while each instruction inside the loop runs:
  /// live after it, or accessed by it (a dead write lands in its bank too).
  llvm::DenseMap<Operation *, std::set<int64_t>> held;
  /// Offsets live at the start of an iteration: read before this or a
  /// later iteration writes them.
  std::set<int64_t> entry;
  /// Offsets whose values come from before the loop: then the rotation is
  /// not self-contained; the dataflow holds the location as a whole and
  /// BlockLiveness checks its blocks.
  bool escapes = false;

private:
  /// What each live offset needs from above the current point of one
  /// straight run of instructions: the partitions and bytes read below it
  /// and not written in between, so that pieces of a block (column or
  /// partition slices) add up over what each read reads. An offset live
  /// without an entry (live around a loop) needs all that reads read.
  using Needs = std::map<int64_t, Areas>;
  void backward(Block &block, std::set<int64_t> &live, Needs &needed);
  /// `offset`'s needs, all that reads read if it is live without an entry.
  Areas &needsOf(Needs &needed, const std::set<int64_t> &live,
                 int64_t offset) const;
  /// What a loop nested in L does to each offset: what it writes, and what
  /// its reads may need from before it.
  struct InnerEffects {
    std::map<int64_t, Areas> written, exposed;
  };
  InnerEffects innerEffects(bir::LoopOp inner) const;

  Value loc;
  /// The ops inside L accessing `loc` or holding an access, by block, in
  /// order.
  llvm::DenseMap<Block *, SmallVector<Operation *, 4>> marks;
  int64_t maxOffset = 0;
  const LocationReads *reads = nullptr;
  const llvm::DenseSet<Operation *> *starts = nullptr;
};

std::optional<Rotation>
Rotation::find(bir::MemLocOp memloc, const LocationReads &reads,
               const llvm::DenseSet<Operation *> &starts) {
  Value iv;
  int64_t maxOffset = 0;
  SmallVector<Operation *> users = usersOf(memloc.getResult());
  for (Operation *user : users) {
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(user).getAccesses()) {
      if (access.loc != memloc.getResult())
        continue;
      if (!access.iv || (iv && access.iv != iv))
        return std::nullopt;
      iv = access.iv;
      maxOffset = std::max(maxOffset, access.ap.getBlockOffset());
    }
  }
  if (!iv)
    return std::nullopt;
  return analyze(memloc.getResult(), users, bir::getLoopOf(iv), maxOffset,
                 reads, starts);
}

Rotation Rotation::analyze(Value loc, ArrayRef<Operation *> users,
                           bir::LoopOp loop, int64_t maxOffset,
                           const LocationReads &reads,
                           const llvm::DenseSet<Operation *> &starts) {
  Rotation rotation;
  rotation.loc = loc;
  rotation.loop = loop;
  rotation.maxOffset = maxOffset;
  rotation.reads = &reads;
  rotation.starts = &starts;
  // Fixpoint around L's back-edge, shifting offsets by one iteration.
  int64_t step = loop.getStep();
  std::set<int64_t> exit;
  // The ops in L that access the location or hold an access, by block in
  // order: while nothing is live, a walk skips to the previous one.
  for (Operation *user : users) {
    for (Operation *op = user; op != loop.getOperation();
         op = op->getParentOp())
      rotation.marks[op->getBlock()].push_back(op);
  }
  for (auto &[block, ops] : rotation.marks) {
    llvm::sort(
        ops, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    ops.erase(std::unique(ops.begin(), ops.end()), ops.end());
  }
  while (true) {
    rotation.entry = exit;
    Needs needed;
    // What the last walk finds held is the answer.
    rotation.held.clear();
    rotation.backward(loop.getBodyBlock(), rotation.entry, needed);
    std::set<int64_t> next;
    for (int64_t c : rotation.entry) {
      if (maxOffset - c < step)
        rotation.escapes = true;
      else
        next.insert(c + step);
    }
    if (next == exit)
      break;
    exit = next;
  }
  return rotation;
}

Rotation::InnerEffects Rotation::innerEffects(bir::LoopOp inner) const {
  InnerEffects effects;
  // Program order, nested loops' too: a read needs from before the loop
  // what the writes before it in the iteration did not write.
  inner.walk([&](bir::InstructionOpInterface inst) {
    bool fresh = starts->contains(inst) && bir::startsEveryIteration(inst);
    bir::AccessList accesses = inst.getAccesses();
    for (const bir::Access &access : accesses) {
      if (access.loc != loc || !bir::isRead(access.kind) || fresh)
        continue;
      int64_t offset = access.ap.getBlockOffset();
      Areas exposed;
      exposed.unite(Area::of(access));
      exposed.subtract(effects.written[offset]);
      effects.exposed[offset].unite(exposed);
    }
    for (const bir::Access &access : accesses)
      if (access.loc == loc && bir::isWrite(access.kind))
        effects.written[access.ap.getBlockOffset()].unite(
            writtenOverLoop(access, inner));
  });
  return effects;
}

Areas &Rotation::needsOf(Needs &needed, const std::set<int64_t> &live,
                         int64_t offset) const {
  auto [it, inserted] = needed.try_emplace(offset);
  if (inserted && live.count(offset))
    it->second.unite(reads->area());
  return it->second;
}

void Rotation::backward(Block &block, std::set<int64_t> &live, Needs &needed) {
  ArrayRef<Operation *> marked;
  if (auto it = marks.find(&block); it != marks.end())
    marked = it->second;
  // marked[0, below) are at or before the current op.
  size_t below = marked.size();
  for (Operation *at = block.empty() ? nullptr : &block.back(); at;
       at = at->getPrevNode()) {
    while (below > 0 && at->isBeforeInBlock(marked[below - 1]))
      --below;
    // Nothing is live and nothing here touches the location: on to the
    // previous op that does (an op skipped holds nothing, as no entry).
    if (live.empty() && needed.empty() &&
        (below == 0 || marked[below - 1] != at)) {
      if (below == 0)
        break;
      at = marked[below - 1];
    }
    Operation &op = *at;
    if (auto inner = dyn_cast<bir::LoopOp>(op)) {
      // The induction variable of L does not change inside an inner loop.
      Needs after = std::move(needed);
      needed.clear();
      std::set<int64_t> liveAfter = live;
      live = aroundLoop(live, [&](std::set<int64_t> &state) {
        Needs innerNeeded;
        backward(inner.getBodyBlock(), state, innerNeeded);
      });
      // The walk above met the inner loop's writes without what the reads
      // after it need. The loop runs at least once, its last iteration
      // after all before it: what an offset needed after it, less what the
      // loop writes, with what the loop's reads may need from before it,
      // is what it needs before (a half written in a nested loop).
      InnerEffects effects = innerEffects(inner);
      for (int64_t offset : liveAfter) {
        if (!live.count(offset))
          continue;
        Areas &needs = needed[offset];
        needs = after.count(offset) ? after[offset] : Areas();
        if (!after.count(offset))
          needs.unite(reads->area());
        needs.subtract(effects.written[offset]);
        needs.unite(effects.exposed[offset]);
        if (needs.empty()) {
          live.erase(offset);
          needed.erase(offset);
        }
      }
      // A group started in the inner loop is not live before it.
      for (const bir::Access &access : startedIn(inner, loc, *starts)) {
        live.erase(access.ap.getBlockOffset());
        needed.erase(access.ap.getBlockOffset());
      }
      continue;
    }
    // Past loops, a body holds instructions and its back-edge.
    if (isa<bir::BackEdgeOp>(op))
      continue;
    // An instruction not accessing the location holds what is live across
    // it; many locations rotate in one body, so no look at its accesses and
    // no entry where nothing is live (the same as an empty one).
    if (!llvm::is_contained(op.getOperands(), loc)) {
      if (live.empty())
        held.erase(&op);
      else
        held[&op] = live;
      continue;
    }
    auto inst = cast<bir::InstructionOpInterface>(op);
    bir::AccessList accesses = inst.getAccesses();
    std::set<int64_t> &holding = held[&op] = live;
    for (const bir::Access &access : accesses)
      if (access.loc == loc)
        holding.insert(access.ap.getBlockOffset());
    bool fresh = starts->contains(&op) && bir::startsEveryIteration(inst);
    for (const bir::Access &access : accesses) {
      int64_t offset = access.ap.getBlockOffset();
      if (access.loc != loc ||
          (access.kind != bir::AccessKind::Write && !fresh) ||
          !live.count(offset))
        continue;
      Areas &needs = needsOf(needed, live, offset);
      needs.subtract(writtenBy(access));
      if (needs.empty()) {
        live.erase(offset);
        needed.erase(offset);
      }
    }
    for (const bir::Access &access : accesses) {
      if (access.loc != loc || !bir::isRead(access.kind) || fresh)
        continue;
      int64_t offset = access.ap.getBlockOffset();
      needsOf(needed, live, offset).unite(Area::of(access));
      live.insert(offset);
    }
  }
}

/// The blocks of a location that shares banks but is no rotation of one
/// loop (a software pipeline's prologue and epilogue name constant blocks)
/// or a rotation the per-offset analysis cannot follow (halves adding up),
/// followed one by one: backward liveness per block over the region block
/// holding every access, with each loop whose iv indexes the location
/// unrolled (the verifier keeps `iv + c` inside the location, so such a loop
/// has few iterations) and the others iterated to a fixpoint. A block's
/// value ends where writes cover what the reads of that block read, bytes
/// adding up within a block of instructions; a read of bytes nothing wrote yet
/// holds the block from the start, since it would see whatever shares the bank.
/// Blocks on one bank (k mod the bank count) must never hold values at once.
class BlockLiveness {
public:
  BlockLiveness(bir::MemLocOp memloc, int64_t liveBlocks,
                const llvm::DenseSet<Operation *> &starts, uint64_t limit)
      : memloc(memloc), loc(memloc.getResult()), users(usersOf(loc)),
        blocks(memloc.getNumBlocks()), liveBlocks(liveBlocks), limit(limit),
        starts(starts) {}

  /// Reports the first place where two blocks on one bank hold values.
  LogicalResult check();

private:
  using Blocks = std::set<int64_t>;
  /// The region block holding every access and every unrolled loop.
  Block *scope();
  /// Block instances the walk visits: each access's blocks, once per
  /// iteration of the unrolled loops around it (saturating at `limit`).
  uint64_t work();
  /// What each block has written below the current point and not read in
  /// between: writes adding up over what the reads read end the block's
  /// value. Unrolled iterations are straight-line code, so it carries on
  /// across them; a loop iterated to a fixpoint starts and ends it afresh.
  using Coverage = llvm::DenseMap<int64_t, Areas>;
  void backward(Block &block, Blocks &live, Coverage &covered);
  /// The blocks `access` names here (under the unrolled loops' ivs).
  SmallVector<int64_t, 2> named(const bir::Access &access) const;
  /// Whether the group start `op` begins afresh here: in the first
  /// iteration of its innermost loop, if that loop is unrolled, in every
  /// iteration where each names a block of its own, or at the top of the
  /// function.
  bool startsHere(Operation *op) const;
  void checkHolding(Operation *op, const Blocks &holding);

  bir::MemLocOp memloc;
  Value loc;
  SmallVector<Operation *> users;
  int64_t blocks, liveBlocks;
  uint64_t limit;
  /// What the reads of each block read, by the place of their op's
  /// ancestor in the scope: writes covering what the reads from their own
  /// place on read end a block's value, unless the block carries a value
  /// into the next pass (`carried`), whose reads may see it too.
  BlockReadHulls reads;
  llvm::DenseMap<Operation *, unsigned> placeInScope;
  Blocks carried;
  unsigned placeOf(Operation *op) const {
    return placeInScope.lookup(scopeBlock->findAncestorOpInBlock(*op));
  }
  const llvm::DenseSet<Operation *> &starts;
  /// The loops around an access, and the iv value of each unrolled one.
  llvm::DenseSet<Operation *> touching;
  llvm::DenseMap<Operation *, int64_t> unrolled;
  /// The writes filling a block's hull slice by slice (Area::fills), by
  /// the loop they fill it over.
  llvm::DenseMap<Operation *, SmallVector<bir::Access, 1>> fillsIn;
  /// The scope, and its ops holding the first and the last anchor: the
  /// ops around them access nothing of the location, so the walk of the
  /// scope skips them (a pipeline per location at the top of a function
  /// made the check locations x ops: session-28 scaling audit).
  Block *scopeBlock = nullptr;
  Operation *firstInScope = nullptr, *lastInScope = nullptr;
  bool reporting = false;
  struct Clash {
    Operation *op;
    int64_t first, second;
  };
  std::optional<Clash> clash;
};

Block *BlockLiveness::scope() {
  SmallVector<Operation *> anchors;
  for (Operation *user : users) {
    anchors.push_back(user);
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(user).getAccesses()) {
      if (access.loc != loc)
        continue;
      if (access.iv) {
        bir::LoopOp loop = bir::getLoopOf(access.iv);
        unrolled.try_emplace(loop, 0);
        anchors.push_back(loop);
      }
      if (access.sliceIv && Area::of(access).fills)
        fillsIn[bir::getLoopOf(access.sliceIv)].push_back(access);
    }
    for (Operation *parent = user->getParentOp(); isa<bir::LoopOp>(parent);
         parent = parent->getParentOp())
      touching.insert(parent);
  }
  // The deepest block enclosing every anchor: walk the first anchor's
  // enclosing blocks outwards until one holds them all.
  for (Block *block = anchors.front()->getBlock(); block;
       block = block->getParentOp()->getBlock()) {
    if (!llvm::all_of(anchors, [&](Operation *anchor) {
          return block->findAncestorOpInBlock(*anchor) != nullptr;
        }))
      continue;
    scopeBlock = block;
    for (Operation *anchor : anchors) {
      Operation *op = block->findAncestorOpInBlock(*anchor);
      if (!firstInScope || op->isBeforeInBlock(firstInScope))
        firstInScope = op;
      if (!lastInScope || lastInScope->isBeforeInBlock(op))
        lastInScope = op;
    }
    unsigned place = 0;
    for (Operation &op :
         llvm::make_range(firstInScope->getIterator(),
                          std::next(lastInScope->getIterator())))
      placeInScope[&op] = place++;
    for (Operation *user : users)
      for (const bir::Access &access :
           cast<bir::InstructionOpInterface>(user).getAccesses())
        if (access.loc == loc && bir::isRead(access.kind))
          reads.addRead(access, blocks, placeOf(user));
    return block;
  }
  return nullptr;
}

uint64_t BlockLiveness::work() {
  auto times = [&](uint64_t a, uint64_t b) {
    return b != 0 && a > limit / b ? limit : std::min(a * b, limit);
  };
  uint64_t total = 0;
  for (Operation *user : users) {
    uint64_t copies = 1;
    for (Operation *parent = user->getParentOp(); isa<bir::LoopOp>(parent);
         parent = parent->getParentOp())
      if (unrolled.contains(parent))
        copies = times(copies, cast<bir::LoopOp>(parent).getTripCount());
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(user).getAccesses())
      if (access.loc == loc)
        total = std::min(
            total + times(copies, access.ap.allBlocks() ? blocks : 1), limit);
  }
  return total;
}

LogicalResult BlockLiveness::check() {
  Block *block = scope();
  // A pathological location (a million blocks in a loop of a million
  // iterations) gets an error, not an endless check.
  if (work() >= limit)
    return memloc.emitError("'")
           << memloc.getName() << "' shares banks among its " << blocks
           << " blocks; following them one by one would visit more than "
           << limit << " block instances (max-block-instances)";
  // Values carried around the loops holding the scope flow from its entry
  // back into its exit until nothing changes; then one reporting pass.
  Blocks exit;
  if (isa<bir::LoopOp>(block->getParentOp()))
    exit = aroundLoop(exit, [&](Blocks &state) {
      carried = state;
      Coverage covered;
      backward(*block, state, covered);
    });
  carried = exit;
  reporting = true;
  Coverage covered;
  backward(*block, exit, covered);
  if (!clash)
    return success();
  clash->op->emitError("blocks ")
      << clash->first << " and " << clash->second << " of '" << memloc.getName()
      << "' both hold values here but share bank "
      << (*memloc.getBanks())[clash->first];
  return failure();
}

SmallVector<int64_t, 2> BlockLiveness::named(const bir::Access &access) const {
  if (access.ap.allBlocks())
    return llvm::to_vector<2>(llvm::seq<int64_t>(0, blocks));
  if (!access.iv)
    return {access.ap.getBlockOffset()};
  return {unrolled.lookup(bir::getLoopOf(access.iv).getOperation()) +
          access.ap.getBlockOffset()};
}

bool BlockLiveness::startsHere(Operation *op) const {
  Operation *parent = op->getParentOp();
  auto loop = dyn_cast<bir::LoopOp>(parent);
  if (!loop || bir::startsEveryIteration(cast<bir::InstructionOpInterface>(op)))
    return true;
  auto it = unrolled.find(loop);
  return it != unrolled.end() &&
         it->second == static_cast<int64_t>(loop.getLower());
}

void BlockLiveness::checkHolding(Operation *op, const Blocks &holding) {
  if (!reporting)
    return;
  llvm::SmallDenseMap<int64_t, int64_t> slot;
  for (int64_t block : holding) {
    auto [it, inserted] = slot.try_emplace(block % liveBlocks, block);
    if (!inserted) {
      // The walk runs backward: the last clash seen is the first to happen.
      clash = Clash{op, it->second, block};
      return;
    }
  }
}

void BlockLiveness::backward(Block &block, Blocks &live, Coverage &covered) {
  Block::iterator begin = block.begin(), end = block.end();
  if (&block == scopeBlock) {
    begin = firstInScope->getIterator();
    end = std::next(lastInScope->getIterator());
  }
  for (Operation &op : llvm::reverse(llvm::make_range(begin, end))) {
    if (auto loop = dyn_cast<bir::LoopOp>(op)) {
      if (!touching.contains(loop))
        continue;
      if (auto it = unrolled.find(loop); it != unrolled.end()) {
        for (int64_t k = loop.getTripCount() - 1; k >= 0; --k) {
          it->second = static_cast<int64_t>(
              loop.getLower() + static_cast<uint64_t>(k) * loop.getStep());
          backward(loop.getBodyBlock(), live, covered);
        }
        continue;
      }
      covered.clear();
      live = aroundLoop(live, [&](Blocks &state) {
        Coverage inner;
        backward(loop.getBodyBlock(), state, inner);
      });
      // A loop filling a block slice by slice leaves nothing older of it
      // once over (its slices are the only access of the location in it).
      for (const bir::Access &access : fillsIn.lookup(loop))
        for (int64_t block : named(access)) {
          Areas written;
          written.unite(writtenOverLoop(access, loop));
          if (written.covers(carried.count(block)
                                 ? reads.hull(block)
                                 : reads.hull(block, placeOf(loop))))
            live.erase(block);
        }
      // A group started directly in the loop is not live before it.
      for (const bir::Access &access : startedIn(loop, loc, starts))
        for (int64_t started : named(access))
          live.erase(started);
      continue;
    }
    auto inst = dyn_cast<bir::InstructionOpInterface>(op);
    if (!inst || !llvm::is_contained(op.getOperands(), loc))
      continue;
    bir::AccessList accesses = inst.getAccesses();
    Blocks holding = live;
    bool fresh = starts.contains(&op) && startsHere(&op);
    for (const bir::Access &access : accesses)
      if (access.loc == loc)
        for (int64_t block : named(access))
          holding.insert(block);
    checkHolding(&op, holding);
    for (const bir::Access &access : accesses) {
      if (access.loc != loc || !bir::isWrite(access.kind) ||
          (access.kind != bir::AccessKind::Write && !fresh))
        continue;
      for (int64_t block : named(access)) {
        Areas &written = covered[block];
        written.unite(writtenBy(access));
        if (written.covers(carried.count(block)
                               ? reads.hull(block)
                               : reads.hull(block, placeOf(&op))))
          live.erase(block);
      }
    }
    // Reads happen before the writes of the same instruction.
    for (const bir::Access &access : accesses) {
      if (access.loc != loc || !bir::isRead(access.kind) || fresh)
        continue;
      for (int64_t read : named(access)) {
        if (auto it = covered.find(read); it != covered.end())
          it->second.subtract(Area::of(access));
        live.insert(read);
      }
    }
  }
}

/// Per-instruction read / write / kill sets and the two dataflow results.
class Dataflow {
public:
  /// `rotating`: locations whose rotation's own liveness replaces this
  /// one's; they are never live here (many rotate in one loop body).
  Dataflow(bir::FuncOp func, const Locations &locs,
           const llvm::DenseSet<Operation *> &groupStarts,
           llvm::BitVector rotating)
      : locs(locs), rotating(std::move(rotating)), groupStarts(groupStarts) {
    n = locs.memlocs.size();
    for (unsigned loc = 0; loc < n; ++loc)
      if (Operation *write = onlySliceWrite(locs.memlocs[loc]))
        sliceKills[write].push_back(loc);
    reach.assign(n, std::numeric_limits<unsigned>::max());
    numberInto(func.getBodyBlock(), std::nullopt);
    backward(func.getBodyBlock(), llvm::BitVector(n));
  }

  /// Locations holding a value while `op` executes: read, written, or live
  /// across it (and written before it). Sorted, without repeats.
  SmallVector<unsigned> holding(Operation *op) {
    Effects effects = effectsOf(op);
    SmallVector<unsigned> set(effects.reads.begin(), effects.reads.end());
    set.append(effects.writes);
    set.append(liveAfter.lookup(op));
    llvm::sort(set);
    set.erase(std::unique(set.begin(), set.end()), set.end());
    return set;
  }
  /// Whether a write of `loc` may run before `op` (forward "may be
  /// written", unions around back-edges).
  bool writtenBeforeOp(Operation *op, unsigned loc) const {
    return reach[loc] <= number.lookup(op);
  }

  /// The locations an instruction reads, writes and kills: a few, so
  /// lists rather than sets over all locations (which would make the
  /// analysis quadratic).
  struct Effects {
    SmallVector<unsigned, 4> reads, writes, kills;
    /// Reads that are not real at the group start (first `+=` of a group).
    SmallVector<unsigned, 4> startReads;
  };

  Effects effectsOf(Operation *op) {
    Effects effects;
    auto inst = cast<bir::InstructionOpInterface>(op);
    for (const bir::Access &access : inst.getAccesses()) {
      auto it = locs.index.find(access.loc);
      if (it == locs.index.end())
        continue;
      unsigned loc = it->second;
      if (bir::isRead(access.kind) && !llvm::is_contained(effects.reads, loc))
        effects.reads.push_back(loc);
      if (bir::isWrite(access.kind) && !llvm::is_contained(effects.writes, loc))
        effects.writes.push_back(loc);
    }
    if (groupStarts.contains(op)) {
      // The start overwrites: outside loops its read is never real, nor
      // where each iteration names a block of its own; inside a loop
      // otherwise, it is real from the back-edge only (see backwardInto).
      for (const bir::Access &access : inst.getAccesses()) {
        auto it = locs.index.find(access.loc);
        if (it == locs.index.end() || !isStartRead(op, access))
          continue;
        effects.startReads.push_back(it->second);
        if (!isFreshStart(op, access))
          continue;
        llvm::erase(effects.reads, it->second);
        if (!isa<bir::LoopOp>(op->getParentOp()) &&
            startEndsValue(it->second, access))
          effects.kills.push_back(it->second);
      }
    }
    if (auto it = sliceKills.find(op); it != sliceKills.end())
      llvm::append_range(effects.kills, it->second);
    return effects;
  }

private:
  /// Whether `access` of `op` is the read of a group start, which is not
  /// real where the group starts.
  bool isStartRead(Operation *op, const bir::Access &access) const {
    return groupStarts.contains(op) &&
           access.kind == bir::AccessKind::ReadWrite;
  }

  /// Whether the start `access` of `op` starts afresh wherever `op` runs:
  /// at the top of the function, or where each iteration of its loop names
  /// a block of its own. It is then a plain write.
  bool isFreshStart(Operation *op, const bir::Access &access) const {
    return isStartRead(op, access) && (!isa<bir::LoopOp>(op->getParentOp()) ||
                                       bir::isPerIteration(op, access));
  }

  /// Whether the group start `access` of `loc` leaves nothing of the older
  /// value that a read could see, as far as a value per location can tell.
  /// A start of one constant block leaves the others: the block adds to the
  /// coverage instead. One indexed by an iv is taken to: a value per
  /// location cannot follow its blocks, BlockLiveness does for the
  /// locations that share banks.
  bool startEndsValue(unsigned loc, const bir::Access &access) const {
    const LocationReads &reads = locs.reads[loc];
    return reads.covers(access) &&
           (access.iv || access.ap.allBlocks() ||
            bir::MemLocOp(locs.memlocs[loc]).getNumBlocks() == 1 ||
            access.ap.getBlockOffset() == reads.onlyBlock);
  }

  /// Numbers the instructions in program order and records where each
  /// location's writes first reach. "May be written" only grows along the
  /// walk, and around back-edges a write in a loop reaches all of the
  /// outermost loop holding it: from the first instruction of that loop's
  /// body (`outerBody`), or from the next instruction outside loops. A
  /// number and a reach per location replace a set per instruction.
  void numberInto(Block &block, std::optional<unsigned> outerBody) {
    for (Operation &op : block) {
      if (auto loop = dyn_cast<bir::LoopOp>(op)) {
        numberInto(loop.getBodyBlock(), outerBody ? outerBody : next);
        continue;
      }
      auto inst = dyn_cast<bir::InstructionOpInterface>(op);
      if (!inst)
        continue;
      unsigned at = next++;
      number[&op] = at;
      unsigned from = outerBody ? *outerBody : at + 1;
      for (const bir::Access &access : inst.getAccesses())
        if (auto it = locs.index.find(access.loc);
            it != locs.index.end() && bir::isWrite(access.kind))
          reach[it->second] = std::min(reach[it->second], from);
    }
  }

  /// Backward "may be read": unions around back-edges to a fixpoint. A
  /// group-start matmul's read is real only from the loop's back-edge, so
  /// the group is not live before the loop it starts in.
  void backward(Block &block, llvm::BitVector live) { backwardInto(block, live); }

  /// What of each location is overwritten before any read, from the current
  /// point on: partitions and bytes (by writes of all its blocks, adding
  /// up), and whole blocks (by writes of one block covering every partition
  /// and byte reads read).
  struct Coverage {
    llvm::DenseMap<unsigned, Areas> areas;
    llvm::DenseMap<unsigned, llvm::BitVector> blocks;
    /// What writes of one constant block wrote: pieces of a block add up
    /// to it (a pipeline's first tile written in halves).
    llvm::DenseMap<unsigned, llvm::SmallDenseMap<int64_t, Areas>> blockAreas;
  };

  /// What a loop does to the blocks of a location that it indexes only as
  /// `iv + c` of its own induction variable (step 1).
  struct Sweep {
    /// Blocks some iteration overwrites (every partition and byte reads
    /// read): every instruction of a loop runs in each of its iterations.
    llvm::BitVector written;
    /// Blocks the loop may read before overwriting them.
    llvm::BitVector readFirst;
  };

  /// A location is dead before a point once every byte of it is overwritten
  /// before being read: partial writes add up (e.g. four transposes filling
  /// one bank).
  SmallVector<unsigned, 4> coverageKills(Operation *op, Coverage &coverage) {
    SmallVector<unsigned, 4> kills;
    auto inst = cast<bir::InstructionOpInterface>(op);
    bir::AccessList accesses = inst.getAccesses();
    for (const bir::Access &access : accesses) {
      auto it = locs.index.find(access.loc);
      if (it == locs.index.end() ||
          (access.kind != bir::AccessKind::Write && !isFreshStart(op, access)))
        continue;
      // Only the partitions and bytes some read reads need covering.
      if (coverAreas(it->second, access, coverage) ||
          coverBlock(it->second, access, coverage))
        kills.push_back(it->second);
    }
    // Reads happen before the writes of the same instruction. A read needs
    // only its own partitions and bytes: the rest stays covered (a save of
    // one half between the writes of two halves).
    for (const bir::Access &access : accesses) {
      auto it = locs.index.find(access.loc);
      if (it == locs.index.end() || !bir::isRead(access.kind) ||
          isFreshStart(op, access))
        continue;
      Areas &areas = coverage.areas[it->second];
      bool oneBlock = !access.iv && !access.ap.allBlocks();
      bool everyBlock = oneBlock && areas.covers(locs.reads[it->second].area());
      areas.subtract(Area::of(access));
      if (!oneBlock) {
        coverage.blocks.erase(it->second);
        coverage.blockAreas.erase(it->second);
        continue;
      }
      // The partitions and bytes stand for all blocks: where they covered
      // what reads read, every block but this one stays overwritten (a tile
      // rewritten whole by an instruction reading one of its blocks).
      int64_t block = access.ap.getBlockOffset();
      if (everyBlock)
        blocksOf(coverage, it->second).set();
      if (auto blocks = coverage.blocks.find(it->second);
          blocks != coverage.blocks.end())
        blocks->second.reset(block);
      if (auto written = coverage.blockAreas.find(it->second);
          written != coverage.blockAreas.end())
        if (auto pieces = written->second.find(block);
            pieces != written->second.end())
          pieces->second.subtract(Area::of(access));
    }
    return kills;
  }

  /// Adds to `coverage` the partitions and bytes `access` overwrites, if
  /// it writes them in all blocks (or in the one all reads read); whether
  /// what is covered now holds all reads read.
  bool coverAreas(unsigned loc, const bir::Access &access, Coverage &coverage) {
    if (!addsUp(loc, access))
      return false;
    Areas &written = coverage.areas[loc];
    written.unite(writtenBy(access));
    return written.covers(locs.reads[loc].area());
  }

  /// Adds what `access` writes of one constant block to `coverage`: the
  /// block is covered once its pieces hold all that reads read; whether all
  /// blocks some read may read are covered.
  bool coverBlock(unsigned loc, const bir::Access &access, Coverage &coverage) {
    if (access.iv || access.ap.allBlocks())
      return false;
    const LocationReads &reads = locs.reads[loc];
    int64_t block = access.ap.getBlockOffset();
    Areas &written = coverage.blockAreas[loc][block];
    written.unite(writtenBy(access));
    if (!written.covers(reads.area()))
      return false;
    llvm::BitVector &blocks = blocksOf(coverage, loc);
    blocks.set(block);
    return reads.coversBlocks(blocks);
  }

  /// Whether `access` writes all blocks of `loc` (or the one all reads
  /// read), so that what it writes adds up with other such writes.
  bool addsUp(unsigned loc, const bir::Access &access) const {
    return !access.iv &&
           (access.ap.allBlocks() ||
            bir::MemLocOp(locs.memlocs[loc]).getNumBlocks() == 1 ||
            access.ap.getBlockOffset() == locs.reads[loc].onlyBlock);
  }

  llvm::BitVector &blocksOf(Coverage &coverage, unsigned loc) {
    auto [it, inserted] = coverage.blocks.try_emplace(loc);
    if (inserted) {
      bir::MemLocOp memloc = locs.memlocs[loc];
      it->second.resize(memloc.getNumBlocks());
    }
    return it->second;
  }

  /// What a loop does to the locations it touches, gathered in one walk:
  /// the backward pass meets a loop once per pass around the loops holding
  /// it, and a walk per location would be quadratic in a big loop.
  struct LoopSummary {
    struct Touch {
      unsigned loc;
      /// The partitions, bytes and blocks the loop's reads may read (a
      /// group start's read is not one: it reads what the start wrote); no
      /// blocks when it does not read the location.
      Areas readAreas;
      llvm::BitVector readBlocks;
      /// Whether its plain writes of all blocks (addsUp) cover what reads
      /// read: each iteration overwrites every block, after reading at most
      /// `readFirst` (by the ranges of the ivs that name them).
      Areas wholeWrites;
      bool overwritesAll = false;
      llvm::BitVector readFirst;
      /// The partitions and bytes its plain writes write (addsUp) before
      /// any read of them in an iteration: the loop runs at least once, so
      /// nothing older of them is seen in it or left after it (a half of a
      /// tile written in a nested loop, the other half after it).
      Areas writtenAreas;
      /// Whether it sweeps the location: indexes it only as `iv + c` of
      /// its own induction variable (step 1) and reads no block from
      /// before the loop that the analysis cannot name.
      std::optional<Sweep> sweep;
      /// Constant blocks it overwrites (writes, or group starts, whose
      /// pieces add up to what reads read) before any read of them in an
      /// iteration: the loop runs at least once, so nothing older of them
      /// is left after it, nor seen in it (a pipeline's first tile written
      /// in a loop of its own, maybe in halves, and maybe drained there
      /// too).
      llvm::BitVector written;
      /// What those writes wrote of each constant block, until it is read.
      llvm::SmallDenseMap<int64_t, Areas> blockPieces;
    };
    SmallVector<Touch, 2> touched;
  };

  const LoopSummary &summaryOf(bir::LoopOp loop) {
    auto [it, inserted] = summaries.try_emplace(loop);
    LoopSummary &summary = it->second;
    if (!inserted)
      return summary;
    struct Indexing {
      bool byIv = true; ///< every access names `iv + c` of the loop's iv
      int64_t maxOffset = 0;
      SmallVector<Operation *> users; ///< the loop's instructions using it
      /// What is written afresh in every iteration, by offset: slices add
      /// up (the halves of a two-bank tile, partition halves).
      std::map<int64_t, Areas> written;
    };
    llvm::DenseMap<unsigned, unsigned> position;
    SmallVector<Indexing, 2> indexing;
    Value iv = loop.getInductionVar();
    // Instructions come in program order, nested loops' too (each runs at
    // least once per iteration).
    loop.walk([&](bir::InstructionOpInterface inst) {
      // Writes of one constant block, and of all blocks, by touch: they
      // count once the instruction's reads (which come first) are known.
      SmallVector<std::tuple<unsigned, int64_t, Area>, 2> pieces;
      SmallVector<std::pair<unsigned, Area>, 2> writing;
      for (const bir::Access &access : inst.getAccesses()) {
        auto found = locs.index.find(access.loc);
        if (found == locs.index.end())
          continue;
        unsigned loc = found->second;
        auto [at, first] = position.try_emplace(loc, summary.touched.size());
        if (first) {
          summary.touched.emplace_back().loc = loc;
          indexing.emplace_back();
        }
        LoopSummary::Touch &touch = summary.touched[at->second];
        Indexing &index = indexing[at->second];
        if (index.users.empty() || index.users.back() != inst)
          index.users.push_back(inst);
        int64_t offset = access.ap.getBlockOffset();
        if (access.iv != iv) {
          index.byIv = false;
        } else if (index.byIv) {
          index.maxOffset = std::max(index.maxOffset, offset);
          // A group start writes afresh in every iteration where its
          // innermost loop is entered anew (one nested in `loop`) or names
          // a block of its own.
          bool write = access.kind == bir::AccessKind::Write ||
                       (isStartRead(inst, access) &&
                        (inst->getParentOp() != loop.getOperation() ||
                         bir::isPerIteration(inst, access)));
          if (write)
            index.written[offset].unite(writtenOverLoop(access, loop));
        }
        if (!access.iv && !access.ap.allBlocks() &&
            (access.kind == bir::AccessKind::Write ||
             isStartRead(inst, access)))
          pieces.push_back({at->second, offset, writtenOverLoop(access, loop)});
        if (access.kind == bir::AccessKind::Write && addsUp(loc, access))
          writing.push_back({at->second, writtenOverLoop(access, loop)});
        if (!bir::isRead(access.kind) || isStartRead(inst, access))
          continue;
        touch.readAreas.unite(Area::of(access));
        if (touch.readBlocks.empty())
          touch.readBlocks.resize(
              bir::MemLocOp(locs.memlocs[loc]).getNumBlocks());
        if (access.iv || access.ap.allBlocks())
          touch.readBlocks.set();
        else
          touch.readBlocks.set(offset);
        if (!touch.overwritesAll) {
          if (touch.readFirst.empty())
            touch.readFirst.resize(touch.readBlocks.size());
          bir::BlockSet named(access, touch.readFirst.size());
          for (int64_t block = named.first; block <= named.last;
               block += named.stride)
            touch.readFirst.set(block);
        }
      }
      for (auto [at, area] : writing) {
        LoopSummary::Touch &touch = summary.touched[at];
        Areas first;
        first.unite(area);
        first.subtract(touch.readAreas);
        touch.writtenAreas.unite(first);
        if (touch.overwritesAll)
          continue;
        touch.wholeWrites.unite(area);
        touch.overwritesAll =
            touch.wholeWrites.covers(locs.reads[touch.loc].area());
      }
      for (auto [at, block, area] : pieces) {
        LoopSummary::Touch &touch = summary.touched[at];
        if (!touch.readBlocks.empty() && touch.readBlocks.test(block))
          continue;
        Areas &written = touch.blockPieces[block];
        written.unite(area);
        if (!written.covers(locs.reads[touch.loc].area()))
          continue;
        if (touch.written.empty())
          touch.written.resize(
              bir::MemLocOp(locs.memlocs[touch.loc]).getNumBlocks());
        touch.written.set(block);
      }
    });
    if (loop.getStep() != 1)
      return summary;
    for (auto [touch, index] : llvm::zip(summary.touched, indexing)) {
      if (!index.byIv)
        continue;
      bir::MemLocOp memloc = locs.memlocs[touch.loc];
      Rotation rotation = Rotation::analyze(memloc.getResult(), index.users,
                                            loop, index.maxOffset,
                                            locs.reads[touch.loc], groupStarts);
      if (rotation.escapes)
        continue;
      // The verifier keeps `iv + c` inside the location over the whole loop.
      int64_t blocks = memloc.getNumBlocks();
      int64_t lower = loop.getLower(), last = loop.getLastIv();
      Sweep sweep{llvm::BitVector(blocks), llvm::BitVector(blocks)};
      for (auto &[c, written] : index.written)
        if (written.covers(locs.reads[touch.loc].area()))
          sweep.written.set(lower + c, last + c + 1);
      for (int64_t c : rotation.entry)
        sweep.readFirst.set(lower + c);
      touch.sweep = std::move(sweep);
    }
    return summary;
  }

  void backwardInto(Block &block, llvm::BitVector &live) {
    Coverage coverage;
    // The live locations as a list too, kept in step with `live` along
    // straight-line code: listing the set at every instruction would cost
    // the number of locations each time.
    SmallVector<unsigned> members(live.set_bits_begin(), live.set_bits_end());
    for (Operation &op : llvm::reverse(block)) {
      if (auto loop = dyn_cast<bir::LoopOp>(op)) {
        // Forget the coverage of the blocks and bytes the loop may read,
        // except blocks it sweeps: those it overwrites before reading them.
        // (The summary is used before the recursion below, which may add
        // summaries and move this one.)
        const LoopSummary &summary = summaryOf(loop);
        SmallVector<unsigned, 4> swept;
        for (const LoopSummary::Touch &touch : summary.touched) {
          unsigned loc = touch.loc;
          if (auto covered = coverage.areas.find(loc);
              covered != coverage.areas.end())
            covered->second.subtract(touch.readAreas);
          if (!touch.writtenAreas.empty()) {
            Areas &covered = coverage.areas[loc];
            covered.unite(touch.writtenAreas);
            if (covered.covers(locs.reads[loc].area()))
              swept.push_back(loc);
          }
          // What it may read of blocks written in pieces is needed again.
          if (auto pieces = coverage.blockAreas.find(loc);
              pieces != coverage.blockAreas.end() && !touch.readBlocks.empty())
            for (auto &[block, written] : pieces->second)
              if (touch.readBlocks.test(block))
                written.subtract(touch.readAreas);
          if (!touch.sweep) {
            if (auto covered = coverage.blocks.find(loc);
                covered != coverage.blocks.end() && !touch.readBlocks.empty())
              covered->second.reset(touch.readBlocks);
            if (touch.written.none() && !touch.overwritesAll)
              continue;
          }
          llvm::BitVector &blocks = blocksOf(coverage, loc);
          if (touch.sweep) {
            blocks |= touch.sweep->written;
            blocks.reset(touch.sweep->readFirst);
          }
          if (!touch.written.empty())
            blocks |= touch.written;
          // A loop that overwrites every block in each iteration leaves
          // older values only of the blocks it reads before that: the
          // others are overwritten before any read from here on (a tile
          // rewritten whole by an instruction reading one of its blocks).
          if (touch.overwritesAll) {
            llvm::BitVector rest(blocks.size(), true);
            rest.reset(touch.readFirst);
            blocks |= rest;
          }
          if (locs.reads[loc].coversBlocks(blocks))
            swept.push_back(loc);
        }
        // A location the loop does not read (its `+=` only continue groups
        // started in it) needs nothing older on entry that it did not need
        // after the loop: the body's walk finds it live only through those
        // groups. What the body overwrites before the loop ends (a sweep in
        // a nested loop) it does not need either.
        SmallVector<std::pair<unsigned, bool>, 4> unread;
        for (const LoopSummary::Touch &touch : summary.touched)
          if (touch.readBlocks.empty())
            unread.push_back({touch.loc, live.test(touch.loc)});
        live = aroundLoop(live, [&](llvm::BitVector &state) {
          backwardInto(loop.getBodyBlock(), state);
        });
        for (auto [loc, wasLive] : unread)
          live[loc] = live[loc] && wasLive;
        for (unsigned loc : startedKills(loop, coverage))
          live.reset(loc);
        for (unsigned loc : swept)
          live.reset(loc);
        members.assign(live.set_bits_begin(), live.set_bits_end());
        continue;
      }
      if (!isa<bir::InstructionOpInterface>(op))
        continue;
      // Only what was written before counts (holding): a location live
      // back to the function's entry would make the lists quadratic.
      SmallVector<unsigned, 4> &after = liveAfter[&op];
      after.clear();
      for (unsigned loc : members)
        if (writtenBeforeOp(&op, loc))
          after.push_back(loc);
      auto kill = [&](unsigned loc) {
        if (live.test(loc)) {
          live.reset(loc);
          llvm::erase(members, loc);
        }
      };
      Effects effects = effectsOf(&op);
      for (unsigned loc : effects.kills)
        kill(loc);
      for (unsigned loc : coverageKills(&op, coverage))
        kill(loc);
      for (unsigned loc : effects.reads) {
        if (!live.test(loc) && !rotating.test(loc)) {
          live.set(loc);
          members.push_back(loc);
        }
      }
    }
  }

  /// The instruction of a one-block location's only write, where every
  /// read reads only what that write wrote before it in the same iteration
  /// (Overwrites::readsOnlyItsWrite in the pass): one plain write moving
  /// with a loop, each read in a later instruction of the same loop body,
  /// of a slice it writes. Every read needs no more than that write, which
  /// then ends whatever the location held before. Null otherwise.
  static Operation *onlySliceWrite(bir::MemLocOp memloc) {
    if (memloc.getNumBlocks() != 1)
      return nullptr;
    Value loc = memloc.getResult();
    Operation *writer = nullptr;
    std::optional<bir::Access> write;
    SmallVector<std::pair<Operation *, bir::Access>, 2> reads;
    for (Operation *user : usersOf(loc))
      for (const bir::Access &access :
           cast<bir::InstructionOpInterface>(user).getAccesses()) {
        if (access.loc != loc)
          continue;
        if (bir::isRead(access.kind)) {
          reads.push_back({user, access});
          continue;
        }
        if (write || access.kind != bir::AccessKind::Write || !access.sliceIv)
          return nullptr;
        writer = user;
        write = access;
      }
    if (!write)
      return nullptr;
    for (const auto &[reader, read] : reads)
      if (reader->getBlock() != writer->getBlock() ||
          !writer->isBeforeInBlock(reader) ||
          !bir::writesSliceOf(*write, read))
        return nullptr;
    return writer;
  }

  /// The locations whose groups started directly in `loop` leave nothing
  /// of an older value that a read after the loop entry could see. A start
  /// overwrites its part on entering the loop, before any read of it (no
  /// access touches it before the start). A start of one constant block
  /// adds it to `coverage` (startEndsValue), and kills once the blocks
  /// covered hold all that reads read; one of some bytes of all blocks adds
  /// them (the two halves of a two-bank tile).
  SmallVector<unsigned, 4> startedKills(bir::LoopOp loop, Coverage &coverage) {
    SmallVector<unsigned, 4> kills;
    for (Operation &nested : loop.getBodyBlock()) {
      auto inst = dyn_cast<bir::InstructionOpInterface>(nested);
      if (!inst)
        continue;
      for (const bir::Access &access : inst.getAccesses()) {
        auto it = locs.index.find(access.loc);
        if (it == locs.index.end() || !isStartRead(inst, access))
          continue;
        unsigned loc = it->second;
        if (startEndsValue(loc, access) || coverAreas(loc, access, coverage) ||
            coverBlock(loc, access, coverage))
          kills.push_back(loc);
      }
    }
    return kills;
  }

  const Locations &locs;
  llvm::BitVector rotating;
  unsigned n = 0;
  /// Instruction numbers in program order, and where each location's
  /// writes first reach (numberInto).
  llvm::DenseMap<Operation *, unsigned> number;
  std::vector<unsigned> reach;
  unsigned next = 0;
  /// The locations live after each instruction and written before it (in
  /// no order): few at any point, so a list rather than a set over all
  /// locations.
  llvm::DenseMap<Operation *, SmallVector<unsigned, 4>> liveAfter;
  const llvm::DenseSet<Operation *> &groupStarts;
  llvm::DenseMap<Operation *, LoopSummary> summaries;
  /// The locations an instruction's write ends the value of
  /// (onlySliceWrite).
  llvm::DenseMap<Operation *, SmallVector<unsigned, 1>> sliceKills;
};

class PsumVerifyAllocationPass
    : public psum::impl::PsumVerifyAllocationPassBase<PsumVerifyAllocationPass> {
public:
  using PsumVerifyAllocationPassBase::PsumVerifyAllocationPassBase;
  void runOnOperation() override;

private:
  LogicalResult checkBanks(bir::MemLocOp memloc, const Geometry &geometry,
                           uint64_t &footprint, int64_t &liveBlocks);
};

} // namespace

LogicalResult PsumVerifyAllocationPass::checkBanks(bir::MemLocOp memloc,
                                                   const Geometry &geometry,
                                                   uint64_t &footprint,
                                                   int64_t &liveBlocks) {
  std::optional<int64_t> base = memloc.getBaseBank();
  std::optional<ArrayRef<int64_t>> banks = memloc.getBanks();
  if (!base || !banks)
    return memloc.emitError("PSUM location '")
           << memloc.getName() << "' has no banks";
  if (std::optional<int64_t> pin = memloc.getPin(); pin && *pin != *base)
    return memloc.emitError("'")
           << memloc.getName() << "' is pinned to bank " << *pin
           << " but placed at base bank " << *base;
  int64_t blockBanks = llvm::divideCeil(memloc.getBytes(), geometry.bankSize);
  llvm::SmallSetVector<int64_t, 8> distinct(banks->begin(), banks->end());
  liveBlocks = distinct.size();
  footprint = 0;
  for (auto [k, bank] : llvm::enumerate(*banks)) {
    int64_t expected = *base + int64_t(k % liveBlocks) * blockBanks;
    if (bank != expected)
      return memloc.emitError("banks of '")
             << memloc.getName() << "' do not follow base + (k mod "
             << liveBlocks << ") x " << blockBanks << ": block " << k
             << " is on bank " << bank << ", expected " << expected;
    if (bank + blockBanks > geometry.numBanks)
      return memloc.emitError("block ")
             << k << " of '" << memloc.getName() << "' needs banks [" << bank
             << ", " << bank + blockBanks - 1 << "] outside the "
             << geometry.numBanks << " PSUM banks";
    footprint |= windowMask(bank, blockBanks);
  }
  if (uint64_t clash = footprint & geometry.reserved)
    return memloc.emitError("'") << memloc.getName() << "' is on reserved bank "
                                 << llvm::countr_zero(clash);
  if (!geometry.unevenRotation && memloc.getNumBlocks() % liveBlocks != 0)
    return memloc.emitError("'")
           << memloc.getName() << "' rotates " << memloc.getNumBlocks()
           << " blocks over " << liveBlocks
           << " banks unevenly (uneven-rotation=true accepts it)";
  return success();
}

LogicalResult psum::alloc::checkSpillMarks(bir::FuncOp func) {
  LogicalResult result = success();
  auto isSaveOf = [](Operation *op, bir::MemLocOp spilled) {
    auto copy = dyn_cast_or_null<bir::TensorCopyOp>(op);
    if (!copy || copy.getCast() || copy.getLocs()[1] != spilled.getResult())
      return false;
    bir::MemLocOp dst = bir::getMemLoc(copy.getLocs()[0]);
    auto origin = dst->getAttrOfType<StringAttr>(kSpillOriginAttr);
    // A SpillWrite location is saved into its tensor's copy.
    auto tensor = spilled->getAttrOfType<StringAttr>(kSpillOriginAttr);
    return !dst.isPsum() && origin &&
           origin == (tensor ? tensor : spilled.getNameAttr());
  };
  // The first error of each marked location.
  auto check = [&](bir::MemLocOp memloc, bool spilled) -> LogicalResult {
    for (Operation *user : usersOf(memloc.getResult())) {
      auto inst = cast<bir::InstructionOpInterface>(user);
      for (const bir::Access &access : inst.getAccesses()) {
        if (access.loc != memloc.getResult())
          continue;
        if (access.kind == bir::AccessKind::ReadWrite)
          return user->emitError("accumulation group '")
                 << memloc.getName() << "' was spilled";
        if (!spilled)
          continue;
        if (bir::isWrite(access.kind)) {
          Operation *next = user->getNextNode();
          while (next && isa<bir::TensorCopyOp>(next) && !isSaveOf(next, memloc))
            next = next->getNextNode();
          if (!isSaveOf(next, memloc))
            return user->emitError("spilled value '")
                   << memloc.getName() << "' is not saved after this write";
        }
        if (bir::isRead(access.kind) && !isSaveOf(user, memloc))
          return user->emitError("reads spilled location '")
                 << memloc.getName() << "' instead of a reload";
      }
    }
    return success();
  };
  // Locations sit at the top of the body; only marked ones are looked at.
  for (bir::MemLocOp memloc : func.getBodyBlock().getOps<bir::MemLocOp>()) {
    // Marks are discardable attributes: no look among the inherent ones.
    bool spilled = bool(memloc->getDiscardableAttr(kSpilledAttr));
    if ((spilled || memloc->getDiscardableAttr(kSpillOriginAttr)) &&
        failed(check(memloc, spilled)))
      result = failure();
  }
  return result;
}

void PsumVerifyAllocationPass::runOnOperation() {
  bir::FuncOp func = getOperation();
  FailureOr<Geometry> geometry =
      resolveGeometry(func, arch, numBanks, bankSize, reservedBanks);
  if (failed(geometry))
    return signalPassFailure();
  geometry->unevenRotation |= unevenRotation;

  Locations locs;
  bool ok = true;
  llvm::DenseSet<Operation *> groupStarts = collectGroupStarts(func);
  for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>()) {
    if (!memloc.isPsum() || memloc.getResult().use_empty())
      continue;
    uint64_t footprint = 0;
    int64_t liveBlocks = 0;
    if (failed(checkBanks(memloc, *geometry, footprint, liveBlocks))) {
      ok = false;
      continue;
    }
    locs.index[memloc.getResult()] = locs.memlocs.size();
    locs.memlocs.push_back(memloc);
    locs.footprint.push_back(footprint);
    locs.liveBlocks.push_back(liveBlocks);
    locs.reads.emplace_back(memloc.getResult(), groupStarts);
  }
  if (failed(checkSpillMarks(func)) || !ok)
    return signalPassFailure();

  // Rotating locations: each point's live offsets must sit on distinct
  // banks, and the location holds its banks where any offset is live.
  llvm::DenseMap<unsigned, Rotation> rotations;
  // Instructions in program order, for the errors' order.
  llvm::DenseMap<Operation *, unsigned> instructionOrder;
  func.walk([&](bir::InstructionOpInterface inst) {
    instructionOrder.try_emplace(inst, instructionOrder.size());
  });
  for (auto [loc, memloc] : llvm::enumerate(locs.memlocs)) {
    int64_t liveBlocks = locs.liveBlocks[loc];
    std::optional<Rotation> rotation =
        Rotation::find(memloc, locs.reads[loc], groupStarts);
    // Blocks on one bank are followed one by one where the per-offset
    // analysis cannot tell them apart: in a location accessed otherwise
    // (held as a whole by the dataflow), or in a rotation whose values come
    // from before its loop (pieces written in an inner loop look so to
    // that analysis: it adds up bytes within a straight run only).
    // Its entry offsets, read in the first iteration, come from before the
    // loop too: every access names its block by the loop's iv, so from a
    // previous pass through it where a loop around it repeats it (in the
    // first pass, or without such a loop, the read is of garbage).
    if (!rotation || rotation->escapes ||
        (!rotation->entry.empty() &&
         rotation->loop->getParentOfType<bir::LoopOp>())) {
      if (liveBlocks < memloc.getNumBlocks() &&
          failed(
              BlockLiveness(memloc, liveBlocks, groupStarts, maxBlockInstances)
                  .check()))
        ok = false;
      continue;
    }
    // In program order, each pair once: where it first clashes.
    std::set<std::pair<int64_t, int64_t>> clashes;
    StringRef name = memloc.getName();
    SmallVector<std::pair<unsigned, Operation *>> heldOps;
    for (auto &[op, offsets] : rotation->held)
      heldOps.push_back({instructionOrder.lookup(op), op});
    llvm::sort(heldOps);
    for (auto [order, op] : heldOps) {
      llvm::SmallDenseMap<int64_t, int64_t> slot;
      for (int64_t c : rotation->held.find(op)->second) {
        auto [first, inserted] =
            slot.try_emplace(((c % liveBlocks) + liveBlocks) % liveBlocks, c);
        if (inserted || !clashes.insert({first->second, c}).second)
          continue;
        op->emitError("blocks at offsets ")
            << first->second << " and " << c << " of '" << name
            << "' are live at once on the same bank (" << liveBlocks
            << " banks rotate)";
        ok = false;
      }
    }
    rotations.try_emplace(loc, std::move(*rotation));
  }
  // A rotation's own liveness replaces the location-level one: it holds
  // its banks where the instruction accesses it or an offset is live.
  llvm::BitVector rotating(locs.memlocs.size());
  for (auto &[loc, rotation] : rotations)
    rotating.set(loc);
  Dataflow dataflow(func, locs, groupStarts, std::move(rotating));
  llvm::DenseMap<Operation *, SmallVector<unsigned, 2>> rotationsLive;
  for (auto &[loc, rotation] : rotations)
    for (auto &[op, offsets] : rotation.held)
      if (!offsets.empty())
        rotationsLive[op].push_back(loc);
  auto holding = [&](Operation *op) {
    SmallVector<unsigned> set;
    for (unsigned loc : dataflow.holding(op))
      if (!rotations.contains(loc))
        set.push_back(loc);
    for (Value operand : op->getOperands())
      if (auto it = locs.index.find(operand);
          it != locs.index.end() && rotations.contains(it->second))
        set.push_back(it->second);
    set.append(rotationsLive.lookup(op));
    llvm::sort(set);
    set.erase(std::unique(set.begin(), set.end()), set.end());
    return set;
  };
  llvm::DenseSet<std::pair<unsigned, unsigned>> reported;
  func.walk([&](bir::InstructionOpInterface inst) {
    Operation *op = inst.getOperation();
    Dataflow::Effects effects = dataflow.effectsOf(op);
    for (unsigned loc : effects.reads) {
      if (llvm::is_contained(effects.startReads, loc) ||
          dataflow.writtenBeforeOp(op, loc))
        continue;
      op->emitError("reads PSUM location '")
          << locs.memlocs[loc].getName() << "' before any write reaches it";
      ok = false;
    }
    SmallVector<int, 64> owner(geometry->numBanks, -1);
    for (unsigned loc : holding(op)) {
      for (unsigned bank = 0; bank < geometry->numBanks; ++bank) {
        if (!(locs.footprint[loc] & (uint64_t(1) << bank)))
          continue;
        if (owner[bank] < 0) {
          owner[bank] = loc;
          continue;
        }
        auto pair = std::make_pair(unsigned(owner[bank]), loc);
        if (!reported.insert(pair).second)
          continue;
        InFlightDiagnostic diag =
            op->emitError("PSUM locations '")
            << locs.memlocs[owner[bank]].getName() << "' and '"
            << locs.memlocs[loc].getName()
            << "' both hold values here but share bank " << bank;
        diag.attachNote(locs.memlocs[loc].getLoc())
            << "'" << locs.memlocs[loc].getName() << "' is defined here";
        ok = false;
      }
    }
  });
  if (!ok)
    signalPassFailure();
}
