//===- Allocator.h - PSUM bank allocator phases -----------------*- C++ -*-===//
//
// The PSUM colorer of docs/PsumAllocate.md, one function per phase. Data
// flows one way: IR -> LinearFunction -> Problem -> Graph -> NodeStack ->
// Selection -> IR rewrite (spill code, bank attributes).
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_TRANSFORMS_ALLOCATOR_H
#define PSUM_TRANSFORMS_ALLOCATOR_H

#include "Psum/Dialect/BIR/BIROps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/iterator.h"
#include "llvm/ADT/iterator_range.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace psum::alloc {

//===----------------------------------------------------------------------===//
// Linearize
//===----------------------------------------------------------------------===//

enum class PointKind { Instruction, LoopHeader, BackEdge };

/// One linear program point: an instruction, a loop header (the bir.loop op)
/// or a loop back-edge (its bir.backedge terminator).
struct Point {
  mlir::Operation *op;
  PointKind kind;
  /// The loops enclosing the point, as an index into LinearFunction::nests
  /// (a header is outside its own loop, a back-edge inside). Points share
  /// nests: a function has one per loop body, far fewer than points.
  unsigned nest;
};

struct Loop {
  mlir::Operation *op;
  unsigned header;
  unsigned backEdge;
};

/// The seed's LinearizedFunction: program order with loop bodies inlined
/// once (not unrolled).
struct LinearFunction {
  std::vector<Point> points;
  std::vector<Loop> loops;
  llvm::DenseMap<mlir::Operation *, unsigned> loopOf; ///< bir.loop -> index
  /// Loop nests, outermost loop first; nests[0] is the function body's
  /// (empty) nest, then one per loop body.
  std::vector<llvm::SmallVector<unsigned, 4>> nests;
  /// The function's locations in program order (all at the top of the
  /// body): the phases after linearize read them here, as a walk of the body
  /// for them misses the cache on nearly every op. Split keeps it current.
  std::vector<bir::MemLocOp> memlocs;

  /// The loops enclosing `point`, outermost first.
  llvm::ArrayRef<unsigned> loopNest(unsigned point) const {
    return nests[points[point].nest];
  }
  /// Whether `point` is a TensorCopy (the copies spillProblem inserts have
  /// no op yet: all of them are).
  bool isCopy(unsigned point) const {
    return !points[point].op || llvm::isa<bir::TensorCopyOp>(points[point].op);
  }
};

LinearFunction linearize(bir::FuncOp func);

using bir::Area;

/// Whether `areas` together cover every partition and byte of `target` (an
/// empty target is covered): pieces add up in both directions, so a tile
/// written as partition halves (heads stacked on partitions) or as column
/// halves is overwritten whole. Byte ranges add up within each band of
/// partitions between the areas' edges.
bool areasCover(llvm::ArrayRef<Area> areas, const Area &target);

/// A part of `target` that no area covers, if any: the first band of
/// partitions (between the areas' edges) with a gap, and the first byte
/// range missing there, the band widened over neighbours missing the same
/// bytes. Diagnostics name it: what an author forgot to write.
std::optional<Area> uncoveredPart(llvm::ArrayRef<Area> areas,
                                  const Area &target);

/// Areas added one at a time until they cover a fixed target: after each
/// add, the answer areasCover would give on the areas so far. A target
/// written as thousands of pieces asked areasCover again after each piece
/// (quadratic: session-28 scaling audit, F5); here the overlaps add up as
/// they come, and the full test runs only once they reach the target's size
/// and then only for an area reaching into the part the last test found
/// uncovered (nothing else can complete the cover).
class AreaCover {
public:
  explicit AreaCover(const Area &target);
  /// Adds `area`; whether the areas added so far cover the target.
  bool add(const Area &area);

private:
  Area target;
  llvm::SmallVector<Area, 4> areas;
  /// The target's size; nullopt where it is too large to add overlaps up.
  std::optional<int64_t> need;
  /// The overlaps so far, at most `need`.
  int64_t have = 0;
  std::optional<Area> gap;
  bool covered;
};

/// How many outermost loops two loop nests share.
size_t sharedLoops(llvm::ArrayRef<unsigned> a, llvm::ArrayRef<unsigned> b);

/// One access of a location at a linear point.
struct LocAccess {
  unsigned point;
  /// A `+=` that starts its accumulation group (bir::GroupStarts). Next to
  /// `point`, in what would be padding.
  bool start;
  bir::Access access;
};

/// The accesses of one location. Most have a write and a read or two:
/// inline, where a list on the heap cost a malloc per location.
using LocAccesses = llvm::SmallVector<LocAccess, 3>;

/// Sorts `range` stably by `less`. Accesses mostly come in order already,
/// and std::stable_sort takes a buffer from the heap even then: this runs
/// per location.
template <typename Range, typename Less>
void sortStably(Range &range, Less less) {
  if (!llvm::is_sorted(range, less))
    llvm::stable_sort(range, less);
}

/// Accesses of every PSUM location, in linear order, keyed by location: a
/// list per PSUM location, in program order of the locations, found through
/// a map that knows every location of the function. Collecting then asks
/// one small map per access; a map of the lists themselves moved its
/// 64-byte buckets as it grew, and each access asked the IR for its
/// location's memory space.
class PsumAccesses {
public:
  /// The accesses of PSUM location `loc`, or null if it has none; valid
  /// until the next append.
  LocAccesses *find(mlir::Value loc);
  /// Appends an access of PSUM location `loc`.
  void append(mlir::Value loc, const LocAccess &access);
  /// Moves the accesses of `loc` out and forgets it (split replaced it by
  /// its pieces).
  LocAccesses take(mlir::Value loc);
  /// The number of locations with accesses.
  size_t size() const { return numLocations; }
  /// Each location with accesses, and its accesses.
  auto locations() const { return llvm::make_filter_range(lists, hasAccesses); }

private:
  using Entry = std::pair<mlir::Value, LocAccesses>;
  static bool hasAccesses(const Entry &entry) { return !entry.second.empty(); }
  friend PsumAccesses collectPsumAccesses(const LinearFunction &lf);
  /// What `index` maps a location that is not PSUM to.
  static constexpr unsigned kNoList = ~0u;
  /// The list of `loc`, opened (empty) if it has none.
  LocAccesses &listOf(mlir::Value loc);
  /// The list of `loc`, possibly empty, or null if it is not PSUM.
  LocAccesses *existing(mlir::Value loc);

  llvm::DenseMap<mlir::Value, unsigned> index;
  /// Taken locations keep their place, with no accesses. A SmallVector,
  /// which moves the lists as it grows: std::vector copies them, as their
  /// move may throw.
  llvm::SmallVector<Entry, 0> lists;
  size_t numLocations = 0;
};
PsumAccesses collectPsumAccesses(const LinearFunction &lf);

/// Warns of each `+=` that starts its group afresh (inferred, not marked
/// `start`) in every iteration of an enclosing loop whose body never reads
/// the sum: each iteration's sum is overwritten unread (a K loop outside
/// the loop of the `+=`, as in `acc[n] +=` with K outer and N inner). The
/// innermost such loop is named: the one of more than one trip that does
/// not give the `+=` a block of its own in each iteration.
void warnUnreadRestarts(const LinearFunction &lf, const PsumAccesses &accesses);

/// Warns of each `+=` marked `start` whose innermost loop (of more than one
/// trip, not giving it a block of its own in each iteration) also holds
/// another write overwriting part of its sum: the mark starts the sum in
/// the first iteration only, so in the others the `+=` adds to what that
/// write left (a pool buffer reused in one loop body by two unrolled
/// K sums, each first chunk marked `start`).
void warnContinuedStarts(const LinearFunction &lf,
                         const PsumAccesses &accesses);

/// A live range [def, use] in linear points.
struct Interval {
  unsigned def, use;
  bool overlaps(const Interval &other) const {
    return def <= other.use && other.def <= use;
  }
};

/// The seed's loop extension: with the longest common loop-nest prefix of
/// def and use, a def deeper than it anchors at that loop's header and a use
/// deeper than it at that loop's back-edge.
Interval extendAroundLoops(const LinearFunction &lf, Interval raw);

/// First writer and last reader of `accesses`. Nullopt def / use when there
/// is no writer / reader. `lastAccess` is later than `lastUse` when a write
/// follows the last read: a dead write still lands in the location's banks.
struct RawRange {
  std::optional<unsigned> firstDef, lastUse;
  unsigned lastAccess = 0;
};
RawRange findDefUse(llvm::ArrayRef<LocAccess> accesses);

/// The partitions and bytes some reads read, as one rectangle: a write
/// covering it leaves nothing older that they could see, though it may write
/// less than the whole block. Empty, it is covered by anything.
struct ReadHull {
  int64_t partLo = INT64_MAX, partHi = INT64_MIN;
  int64_t byteLo = INT64_MAX, byteHi = INT64_MIN;

  void add(const bir::Access &read);
  void add(const ReadHull &other);
  Area area() const { return {partLo, partHi, byteLo, byteHi}; }
  /// Whether `write` writes every partition and byte of the hull.
  bool covers(const bir::Access &write) const {
    return areasCover(Area::of(write), area());
  }
};

/// Which writes leave nothing of a location's older value that a given read
/// could load, by the rules psum-verify-allocation applies as well (so the
/// checker never finds a value live where the allocator did not): a write
/// covering the partitions and bytes of every read of `accesses`, of all
/// blocks (or the only one) without an induction variable, or, when every
/// access indexes blocks by the same loop's iv, of the read's block.
class Overwrites {
public:
  explicit Overwrites(llvm::ArrayRef<LocAccess> accesses);
  bool kills(const bir::Access &w, const bir::Access &r) const;
  /// Whether `w` writes every partition and byte that reads read.
  bool coversReads(const bir::Access &w) const;
  /// Whether what `w` writes counts towards overwriting a read: it writes
  /// all blocks (or the one all reads read).
  bool addsUp(const bir::Access &w) const;
  /// Whether `w` writes a slice of the block the read `r` reads, by the iv
  /// every access uses: slices that add up to every partition and byte
  /// reads read (readArea) overwrite r's block, as in
  /// psum-verify-allocation's per-offset rotation analysis.
  bool slicesBlockOf(const bir::Access &w, const bir::Access &r) const;
  /// The partitions and bytes reads read.
  Area readArea() const { return reads.area(); }
  /// The first and last block `r` may name.
  std::pair<int64_t, int64_t> blockRange(const bir::Access &r) const;
  int64_t numBlocks() const { return blocks; }
  /// The last access in [begin, at) that may write afresh (a plain write or
  /// a group start), or null: walks back over a long `+=` chain in one step
  /// where `at` is among the accesses this was built from.
  const LocAccess *freshBefore(const LocAccess *at,
                               const LocAccess *begin) const;
  /// Visits the accesses that may write afresh before `from` (among those
  /// this was built from), newest first, down to the first at or before
  /// point `header`, skipping those at point `skip`, until `visit` returns
  /// false. A repeat (the same access, group start and loop body as one
  /// visited) is not visited: the walks that use this gain nothing from it.
  /// After a few steps the walk visits the last of each access not yet
  /// visited instead of stepping over all of them (a body interleaving a
  /// few writes many times was quadratic); the walks take the same union
  /// in any order.
  void walkBack(const LinearFunction &lf, const LocAccess *from,
                unsigned header, unsigned skip,
                llvm::function_ref<bool(const LocAccess &)> visit) const;
  /// What a loop writes afresh in each iteration as a sweep of the blocks
  /// (the offsets it covers), or nullopt where it is no sweep, by loop: a
  /// loop's reads each ask, and working it out walks the loop's accesses.
  mutable llvm::DenseMap<unsigned, std::optional<llvm::SmallVector<int64_t, 4>>>
      sweeps;
  /// Whether every read of a one-block location reads only what its one
  /// write wrote before it in the same iteration: one plain write, moving
  /// with a loop, and each read after it in the same loop body, of a slice
  /// it writes (bir::writesSliceOf; a reload before a reader moving with
  /// its loop, a slot drained as it is written). Then no read sees an older
  /// value, in any loop. psum-verify-allocation kills such a location at
  /// its write. Worked out on first use.
  bool readsOnlyItsWrite(const LinearFunction &lf) const;

private:
  ReadHull reads;
  /// The accesses this was built from, and for each (and one past the
  /// last) how many of them up to it may write afresh (freshBefore).
  llvm::ArrayRef<LocAccess> built;
  std::vector<unsigned> lastFresh;
  /// For walkBack, worked out on first use (kinds()): each access's kind
  /// (accesses alike in what a walk reads of them share one), and the
  /// positions of each kind, increasing.
  llvm::ArrayRef<std::vector<unsigned>> kinds(const LinearFunction &lf) const;
  mutable std::vector<unsigned> kindOf;
  mutable std::vector<std::vector<unsigned>> positionsOf;
  mutable std::optional<bool> onlyItsWrite;
  int64_t blocks = 1;
  mlir::Value rotationIv;
  /// The block every read reads, if they all name the same constant one.
  std::optional<int64_t> onlyBlock;
};

/// The partitions and bytes the reads of one location read, block by block:
/// a write covering them for its block leaves nothing of the block's older
/// value that a read could see, though it may write less than other blocks'
/// reads read (a narrower tail tile). Each read has a place (a linear point,
/// or the place of its op's ancestor in the checker's scope): where nothing
/// carries a block's value into the next pass, only the reads at or after
/// the write's place can see what it overwrites, so a write covering those
/// ends the value (a tile reused for a narrower value). The timeline and
/// psum-verify-allocation's per-block walk end a block's value by this rule.
class BlockReadHulls {
public:
  /// Adds the read `read` at place `at` of a location of `blocks` blocks.
  void addRead(const bir::Access &read, int64_t blocks, unsigned at);
  /// Whether `write` covers every partition and byte the reads of `block`
  /// at place `from` or later read.
  bool covers(int64_t block, const bir::Access &write, unsigned from = 0) const;
  /// The partitions and bytes the reads of `block` at place `from` or later
  /// read: writes adding up over it (areasCover) end the block's value.
  Area hull(int64_t block, unsigned from = 0) const;

private:
  /// Reads by place: on first query sorted, each then holding the hull of
  /// itself and every later one.
  struct ByPlace {
    llvm::SmallVector<std::pair<unsigned, ReadHull>, 1> reads;
    bool suffixed = false;
    ReadHull from(unsigned place);
  };
  ReadHull of(int64_t block, unsigned from) const;
  /// Reads of one constant block, per block; the others with the blocks
  /// they may name, per block set (`of` scans them: a tile array drained by
  /// many loops would make that quadratic).
  mutable llvm::DenseMap<int64_t, ByPlace> constant;
  mutable llvm::SmallVector<std::pair<bir::BlockSet, ByPlace>, 2> spread;
  llvm::DenseMap<std::tuple<int64_t, int64_t, int64_t>, unsigned> spreadOf;
};

/// Whether the group start `start` (LocAccess::start) starts its
/// group in every iteration of its innermost loop, not only in the first:
/// its block follows that loop's iv (`t[j] +=` in the loop of j), so each
/// iteration names a block of its own, whose group starts there. It is
/// then a plain write of that block.
bool startsEveryIteration(const LinearFunction &lf, const LocAccess &start);

/// Whether some blocks of a location of `blocks` blocks with `accesses`
/// (in linear order) can share banks: the live-block analysis finds fewer
/// live at once than there are.
bool blocksShareBanks(int64_t blocks, llvm::ArrayRef<LocAccess> accesses,
                      const LinearFunction &lf);

/// Whether every read among `accesses` (of one location of `blocks`
/// blocks, in linear order) reads only what writes among them stored before
/// it in the same pass through the blocks: the timeline of the live blocks
/// finds no read of an older value (the rotation analysis would let the
/// first iterations read blocks written before the loop). Split asks it of
/// the accesses after a cut.
bool readsOnlyOwnPass(int64_t blocks, llvm::ArrayRef<LocAccess> accesses,
                      const LinearFunction &lf);

/// Whether the read `r` (one of `accesses`, which are in linear order) sees
/// only what the current iteration of `loop` wrote: writes before it in
/// that iteration overwrite every block it may read. A plain write in r's
/// loop or one around it (so it runs whenever r does) overwrites all r
/// could read (Overwrites::kills) or, without an iv, its one block. A write
/// in a loop that ended before r overwrites all r could read, its one
/// constant block, or the blocks it names over that loop's iterations if
/// the loop is a sweep: it indexes the location only
/// as `iv + c` of its own iv (step 1) and each of its reads sees what the
/// same run of the loop wrote, except in its first iterations (a read of
/// `t[j]` after writes of `t[j + 1]`). A read inside such a sweep needs only
/// the blocks of those first iterations from before it (a pipeline's
/// prologue `t[0]`). Writes of some bytes of all blocks (or of the block
/// all reads read) add up, in r's loops and in loops that ended before r.
/// A group start is a plain write of its block where it
/// starts afresh: in every iteration of the loops around its innermost
/// one. These are the rules psum-verify-allocation applies. `overwrites`
/// is built from `accesses`.
bool readsOwnIteration(const LinearFunction &lf,
                       llvm::ArrayRef<LocAccess> accesses,
                       const Overwrites &overwrites, const LocAccess &r,
                       unsigned loop);

/// The live range of a location with `accesses` (at least one writer and one
/// reader): [first writer, last access], then, if `loopAware`, the seed's
/// extension around loops, and a whole loop for values carried around its
/// back-edge: a loop holding a read and a write, unless the read sees only
/// what the loop's current iteration wrote (readsOwnIteration), and the
/// innermost loop of the `+=` that starts an accumulation group.
Interval liveInterval(const LinearFunction &lf,
                      llvm::ArrayRef<LocAccess> accesses, RawRange raw,
                      bool loopAware);

//===----------------------------------------------------------------------===//
// Geometry and options
//===----------------------------------------------------------------------===//

struct Geometry {
  /// The target: the function's, or the arch option's.
  bir::ArchGen gen = bir::ArchGen::gen2;
  unsigned numBanks = 8;
  unsigned bankSize = 2048;
  /// Bit b set: bank b is reserved (never allocated).
  uint64_t reserved = 0;
  /// A TensorCopy can read the spill space: one reading a spilled tensor
  /// reads the saved copy, no reload (load2Copy).
  bool loadToCopy = true;
  /// A location's blocks may rotate over any number of banks, not only a
  /// divisor of the block count (the seed's integral shrink factor): block
  /// k on base + (k mod liveBlocks) x blockBanks either way.
  bool unevenRotation = false;

  uint64_t allBanks() const {
    return numBanks >= 64 ? ~uint64_t(0) : (uint64_t(1) << numBanks) - 1;
  }
  /// The NUM_PSUM_BANKS of the additive test: banks the allocator may use.
  unsigned usableBanks() const;
  /// The reserved banks, increasing (the form of `reserved_banks`).
  llvm::SmallVector<int64_t> reservedBanks() const;
  /// The most adjacent banks the allocator may use besides `taken`: the
  /// widest window a location can get (reserved banks, and banks already
  /// taken, may split PSUM).
  unsigned widestWindow(uint64_t taken = 0) const;
};

/// The bank mask of `banks` adjacent banks from `base`.
inline uint64_t windowMask(unsigned base, unsigned banks) {
  uint64_t ones = banks >= 64 ? ~uint64_t(0) : (uint64_t(1) << banks) - 1;
  return ones << base;
}

/// splitmix64's finalizer: a strong 64-bit mix, and a bijection.
inline uint64_t mix64(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// Whether `access` is a TensorCopy's read, which a spill of the location
/// points at the saved copy instead of a reload (load2Copy).
inline bool loadsToCopy(const LinearFunction &lf, const Geometry &geometry,
                        const LocAccess &access) {
  return geometry.loadToCopy && !bir::isWrite(access.access.kind) &&
         lf.isCopy(access.point);
}

/// The geometry of `func`'s architecture with the pass options' overrides
/// (empty / 0: keep); emits an error at `func` for a bad override (at its
/// location only: the whole function after an option error would bury
/// it). The
/// reserved banks are `reserved` and the function's `reserved_banks`;
/// unevenRotation is the function's `uneven_rotation` (a pass ORs its option
/// in).
mlir::FailureOr<Geometry> resolveGeometry(bir::FuncOp func,
                                          llvm::StringRef archOverride,
                                          unsigned numBanks, unsigned bankSize,
                                          llvm::ArrayRef<unsigned> reserved);

//===----------------------------------------------------------------------===//
// Split (the seed's memloc_split)
//===----------------------------------------------------------------------===//

/// Splits every PSUM location whose accesses form pieces used at disjoint
/// times (disjoint byte ranges, or values held one after another) into one
/// location per piece. Returns how many locations were split. `lf` (the
/// pieces take their location's place in `memlocs`) and `accesses` are kept
/// up to date: each piece gets its accesses, in linear order, as
/// collectPsumAccesses would find them afterwards (split adds no points).
/// `pieceOf`, if given, gets what each piece is a part of ("bytes [2048,
/// 20480) of 't'") and its first access, for the diagnostics that name a
/// piece the user did not write.
struct PieceOrigin {
  std::string part;
  mlir::Operation *firstAccess;
};
unsigned splitLocations(
    LinearFunction &lf, PsumAccesses &accesses, bool loopAware,
    llvm::DenseMap<mlir::Operation *, PieceOrigin> *pieceOf = nullptr);
/// The same on a fresh analysis of `func`.
unsigned splitLocations(bir::FuncOp func, bool loopAware);

//===----------------------------------------------------------------------===//
// Live ranges: the problem
//===----------------------------------------------------------------------===//

/// The most blocks a PSUM location may have: the allocator lists a bank
/// per block (`banks`), so its time and memory grow with the block count.
/// A fully unrolled 1M-instruction kernel has about 150k.
inline constexpr int64_t kMaxBlocks = int64_t(1) << 24;

/// A candidate: one PSUM location with access patterns.
struct Node {
  std::string name;
  mlir::Operation *memloc = nullptr;
  int64_t blocks = 1;
  /// ceil(bytes / bank size): banks per block. 64 bits until the "too big
  /// for PSUM" guard has bounded it by the bank count.
  uint64_t blockBanks = 1;
  /// blocks / liveBlocks, the seed's shrink factor; 0 where the blocks
  /// rotate unevenly (Geometry::unevenRotation).
  unsigned shrinkFactor = 1;
  /// The blocks live at once when they may rotate over any number of banks
  /// (liveBlocks() under Geometry::unevenRotation; with the seed's divisor
  /// rule liveBlocks() may be more).
  unsigned unevenBlocks = 1;
  unsigned liveN = 1;       ///< banks live at once: blocks / shrink * blockBanks
  unsigned def = 0, use = 0; ///< live range [def, use] in linear points
  /// Linear points of the writer instructions (a spill saves after each)
  /// and of the reader instructions (a spill reloads before each), but for
  /// the TensorCopies that read the location: a spill points them at the
  /// saved copy instead (the seed's load2Copy), no reload needed.
  llvm::SmallVector<unsigned, 2> writers, readers, copyReaders;
  bool unspillable = false; ///< read-modify-written (an accumulation group)
  bool fromSpill = false;   ///< minted by spilling: spilling again cannot help
  std::optional<unsigned> pin;
  /// The places its blocks rotate over at least (`buffers`): 1 unless the
  /// user asked for double buffering or more.
  int64_t buffers = 1;
  double cost = 0;          ///< spill cost in bank x cycles (+inf: unspillable)

  unsigned liveBlocks() const {
    return static_cast<unsigned>(liveN / blockBanks);
  }
};

struct Problem {
  Geometry geometry;
  std::vector<Node> nodes;
  /// Each node's accesses in linear order (parallel to nodes): what the
  /// spill fixpoint updates without going back to the IR (spillProblem).
  std::vector<LocAccesses> accesses;
  unsigned numPoints = 0;
};

/// A failure the allocator reports as an error on `op`, optionally with a
/// note (the per-bank map at the failing point) on `noteOp`.
struct Failure {
  mlir::Operation *op = nullptr;
  std::string message;
  mlir::Operation *noteOp = nullptr;
  std::string note;

  /// Emits the error (and note) on the ops' locations; more notes may be
  /// attached to the result.
  mlir::InFlightDiagnostic emit() const;
};

/// Why a location of `blocks` blocks could take fewer banks without the
/// seed's divisor rule: its blocks rotate over `places` places (block k in
/// place k mod places) with no two live at once in one place, which
/// uneven-rotation=true gives it (places x `blockBanks` banks). For the
/// "too big" note and the hint on spilling functions.
std::string unevenRotationHint(int64_t blocks, int64_t places,
                               uint64_t blockBanks);

/// Fills the footprint (shrink factor, liveN), live range, writers,
/// readers and the unspillable flag of `node` from its accesses in linear
/// order; name, memloc, blocks and blockBanks must be set. Fails with the
/// seed's messages on a missing def or use, a bad shrink factor or a
/// location too big for PSUM.
mlir::LogicalResult describeNode(Node &node, const LinearFunction &lf,
                                 llvm::ArrayRef<LocAccess> accesses,
                                 const Geometry &geometry, bool loopAware,
                                 Failure &failure);

/// The banks a location minted by spilling `node` for one instruction (its
/// reload, or the location its write goes to) keeps live, where `accesses`
/// are that instruction's accesses of `node`: at most `node.liveN`, fewer
/// when the instruction touches only a rotating window or a few constant
/// blocks.
unsigned spillFootprint(const Node &node, llvm::ArrayRef<LocAccess> accesses,
                        const LinearFunction &lf, const Geometry &geometry);

/// Builds the candidates with their live ranges and bank footprints. Fails
/// (with the seed's messages) on a location without def or use, a bad shrink
/// factor or a location too big for PSUM.
mlir::FailureOr<Problem> buildLiveRanges(const LinearFunction &lf,
                                         const Geometry &geometry,
                                         bool loopAware, Failure &failure);
/// The same from the accesses collectPsumAccesses(lf) finds (consumed).
mlir::FailureOr<Problem> buildLiveRanges(const LinearFunction &lf,
                                         PsumAccesses accesses,
                                         const Geometry &geometry,
                                         bool loopAware, Failure &failure);
/// buildLiveRanges in two steps. First the candidates with what the IR says
/// of them (memloc, name, blocks, banks per block, pin, spill marks) and
/// their accesses (consumed), not yet described...
Problem collectCandidates(const LinearFunction &lf, PsumAccesses accesses,
                          const Geometry &geometry);
/// ...then each one's live range and footprint (describeNode), in order;
/// also fails on a location of more than kMaxBlocks blocks.
mlir::LogicalResult describeCandidates(Problem &problem,
                                       const LinearFunction &lf, bool loopAware,
                                       Failure &failure);
/// A fingerprint (64-bit hash) of what describeCandidates computes the live
/// ranges from: the linear points (their ops, copies as such), loops and
/// nests, and each candidate's blocks, banks per block, pin and accesses
/// (but their location), in node order. Equal for the problem spillProblem
/// simulates and the one collected from the IR the spills are then written
/// to, the two describe to the same live ranges.
uint64_t rangeInputs(const LinearFunction &lf, const Problem &problem);

//===----------------------------------------------------------------------===//
// Interference
//===----------------------------------------------------------------------===//

/// The interference graph of the live ranges: two nodes interfere iff their
/// ranges overlap. A node's neighbors are a sorted list, but for a dense
/// node (one that interferes with at least 1/32 of all nodes): its list
/// holds only its neighbors that are not dense, and its dense neighbors are
/// the dense nodes whose ranges overlap its own. With many tiles live at
/// once the edges among dense nodes are most of the graph; none is stored,
/// and simplify and select ask the ranges for them (an edge each cost 32
/// bits in a list, then a bit in a row of the seed's matrix, and every
/// heuristic visited each one). Either way neighbors come in increasing
/// order.
class Graph {
public:
  /// Neighbors in increasing order: a list merged with the dense nodes
  /// overlapping a range (none for a node that is not dense).
  class NeighborIterator
      : public llvm::iterator_facade_base<
            NeighborIterator, std::forward_iterator_tag, const unsigned> {
  public:
    NeighborIterator(const Graph &graph, unsigned self, const unsigned *item,
                     const unsigned *itemEnd, const unsigned *dense,
                     const unsigned *denseEnd)
        : graph(&graph), self(self), item(item), itemEnd(itemEnd), dense(dense),
          denseEnd(denseEnd) {
      skipDense();
      settle();
    }
    const unsigned &operator*() const { return current; }
    NeighborIterator &operator++() {
      if (item != itemEnd && (dense == denseEnd || *item < *dense)) {
        ++item;
      } else {
        ++dense;
        skipDense();
      }
      settle();
      return *this;
    }
    bool operator==(const NeighborIterator &other) const {
      return item == other.item && dense == other.dense;
    }

  private:
    /// Steps over dense nodes that are `self` or do not overlap it.
    void skipDense();
    void settle() {
      if (item != itemEnd && (dense == denseEnd || *item < *dense))
        current = *item;
      else if (dense != denseEnd)
        current = *dense;
    }

    const Graph *graph;
    unsigned self;
    const unsigned *item, *itemEnd, *dense, *denseEnd;
    unsigned current = 0;
  };

  /// Sum of liveN over candidates: the seed's total bank demand.
  uint64_t totalDemand = 0;
  /// Peak banks live at one point (MaxLive) and a point where it occurs.
  unsigned peakDemand = 0;
  unsigned peakPoint = 0;

  /// All neighbors of v. For a dense node this walks every dense node: the
  /// hot loops ask storedNeighbors and the ranges instead.
  llvm::iterator_range<NeighborIterator> neighbors(unsigned v) const;
  /// The neighbors v's list holds: all of them, or for a dense node those
  /// that are not dense.
  llvm::ArrayRef<unsigned> storedNeighbors(unsigned v) const {
    return llvm::ArrayRef(lists).slice(listStart[v],
                                       listStart[v + 1] - listStart[v]);
  }
  bool isDense(unsigned v) const { return denseFlags[v]; }
  /// The dense nodes, increasing.
  llvm::ArrayRef<unsigned> denseNodes() const { return dense; }
  /// v's live range [def, use].
  const Interval &range(unsigned v) const { return ranges[v]; }
  size_t degree(unsigned v) const { return degrees[v]; }
  /// The banks of v's neighbors, summed (the seed's additive degree).
  uint64_t neighborBanks(unsigned v) const { return banksAround[v]; }
  bool interferes(unsigned a, unsigned b) const;
  /// The seed's this+0x2c8: NUM_PSUM_BANKS / total bank demand.
  double demandRatio(unsigned numBanks) const {
    return totalDemand ? double(numBanks) / double(totalDemand) : 1.0;
  }

private:
  friend Graph buildInterference(const Problem &, llvm::raw_ostream *,
                                 std::optional<size_t>);

  std::vector<Interval> ranges;
  std::vector<unsigned> degrees;
  std::vector<uint64_t> banksAround;
  /// Lists, one after the other: node v's from listStart[v] to
  /// listStart[v + 1].
  std::vector<size_t> listStart;
  std::vector<unsigned> lists;
  /// The dense nodes, increasing, and whether each node is one.
  std::vector<unsigned> dense;
  std::vector<bool> denseFlags;
};

/// Builds the graph by the seed's sweep. Nodes of at least `denseDegree`
/// neighbors are dense; by default those of at least max(64, n / 32) (tests
/// set it to compare the forms).
Graph buildInterference(const Problem &problem, llvm::raw_ostream *trace,
                        std::optional<size_t> denseDegree = std::nullopt);

/// The banks live at each point (numPoints + 1 entries, the last 0): the
/// demand the relief heuristics and the pruning test against PSUM.
std::vector<int64_t> bankDemand(const Problem &problem);

//===----------------------------------------------------------------------===//
// Costs
//===----------------------------------------------------------------------===//

/// Spill cost per node: liveN x copy latency per save and per reload;
/// unspillable nodes cost +inf.
void findCosts(Problem &problem, unsigned copyLatency, llvm::raw_ostream *trace);

//===----------------------------------------------------------------------===//
// Simplify
//===----------------------------------------------------------------------===//

/// How simplify orders safe nodes and picks a blocked node to push
/// optimistically when only hi / inf nodes remain.
struct Heuristic {
  std::string name;
  enum class Blocked { CostPerBank, MinCost, MaxDegree, LongestRange, MaxBanks };
  /// Sweep: no Chaitin removal at all; select places nodes by live-range
  /// start (linear scan), which colors interval graphs of one-bank nodes
  /// optimally.
  enum class Order { Ordinal, LiveStart, Size, Sweep };
  Blocked blocked = Blocked::CostPerBank;
  Order order = Order::Ordinal;
  /// Nonzero: ties are broken by a hash of the node and this seed.
  unsigned tieSeed = 0;
  /// Before coloring, spill the set reliefSpills() picks, ranking nodes by
  /// excess removed, by excess removed per cycle of cost, or sweeping the
  /// points and taking the spill that relieves furthest ahead.
  enum class Relief { None, Gain, GainPerCost, Reach };
  Relief relief = Relief::None;
  /// Before select, try a bounded backtracking search (exactPlacement with
  /// a budget linear in the nodes) for a spill-free placement.
  bool backtrack = false;
  /// What the relief model counts a spilled node keeping in PSUM: what the
  /// rewrite leaves (a reload at each reader, a location at each writer,
  /// the banks of the blocks that instruction touches), or all its banks at
  /// each reader and from its first writer to its last. The second is
  /// cautious: where later rounds of the fixpoint must spill what the
  /// footprint model fitted in, its set is the better start. Its search
  /// has no swaps (reliefSpills).
  enum class Kept { Footprint, Whole };
  Kept kept = Kept::Footprint;
};

/// The named heuristics of the best-of-n loop, the seed's first.
std::vector<Heuristic> namedHeuristics();
/// The first `count` heuristics (named ones, then seeded tie-break variants).
std::vector<Heuristic> heuristicSet(unsigned count);

/// The seed's additive test value for `node`: NUM_PSUM_BANKS - own banks -
/// sum of neighbor banks. The node is SAFE (trivially colorable) iff >= 0.
int64_t additiveBudget(const Problem &problem, const Graph &graph,
                       unsigned node);

/// The banks needed at each point while relief (reliefSpills) chooses
/// spills. Spilling a node changes the demand over its range, and relief
/// asks a node's gain over its range: with thousands of tiles live at once
/// a plain array made both quadratic (the many-live scaling shape). Where
/// many spillable nodes are live at once on average, the demand moves into
/// a segment tree over the points (useTree) that keeps, per node, the
/// lowest and highest demand and, for each bank count a spill frees in a
/// run, the excess clamped to it, summed. A change that moves no point of
/// a node across the band where those sums change (excess from 1 to the
/// widest run) stays pending there; one that does descends to the points
/// it moves. Spills only lower the demand, so a point crosses the band
/// once; reverse delete puts back only what fits, which stays below it.
/// Array and tree give the same numbers.
class DemandProfile {
public:
  /// `initial`: the banks live at each point (bankDemand); `usable`: the
  /// banks PSUM has for them.
  DemandProfile(std::vector<int64_t> initial, int64_t usable)
      : usable(usable), points(std::move(initial)) {}

  /// Moves the demand into the tree, summing clamped excess for the bank
  /// counts `runBanks` (sorted, unique, nonzero).
  void useTree(llvm::ArrayRef<int64_t> runBanks);
  bool isTree() const { return leaves != 0; }

  int64_t excessAt(unsigned p) const;
  /// Adds `delta` banks at the points of [lo, hi].
  void add(unsigned lo, unsigned hi, int64_t delta);
  /// The excess over [lo, hi], each point's clamped to `most` banks: what
  /// freeing `most` banks there removes.
  int64_t gain(unsigned lo, unsigned hi, int64_t most) const;
  /// Whether `more` banks fit at every point of [lo, hi].
  bool fits(unsigned lo, unsigned hi, int64_t more) const;
  /// fn(p, excess) for each point of [lo, hi] with excess, in order.
  template <typename Fn>
  void forEachExcess(unsigned lo, unsigned hi, Fn fn) const {
    if (!isTree()) {
      for (unsigned p = lo; p <= hi; ++p)
        if (points[p] > usable)
          fn(p, points[p] - usable);
      return;
    }
    forEachExcess(1, 0, unsigned(leaves - 1), lo, hi, 0, fn);
  }

private:
  void setLeaf(size_t node, int64_t demand);
  void pull(size_t node);
  /// Shifts the demand under `node` by `delta`, which keepsSums.
  void shift(size_t node, int64_t delta);
  /// Whether adding `delta` under `node` changes no clamped excess: every
  /// point stays without excess, or at least the widest run in excess.
  bool keepsSums(size_t node, int64_t delta) const;
  void add(size_t node, unsigned nodeLo, unsigned nodeHi, unsigned lo,
           unsigned hi, int64_t delta);
  /// A node's sums hold whatever is pending above it (keepsSums).
  int64_t gain(size_t node, unsigned nodeLo, unsigned nodeHi, unsigned lo,
               unsigned hi, size_t index) const;
  /// `carry`: what is pending above `node`.
  int64_t highest(size_t node, unsigned nodeLo, unsigned nodeHi, unsigned lo,
                  unsigned hi, int64_t carry) const;
  template <typename Fn>
  void forEachExcess(size_t node, unsigned nodeLo, unsigned nodeHi, unsigned lo,
                     unsigned hi, int64_t carry, Fn &fn) const {
    if (hi < nodeLo || nodeHi < lo || high[node] + carry <= usable)
      return;
    if (nodeLo == nodeHi) {
      fn(nodeLo, low[node] + carry - usable);
      return;
    }
    unsigned mid = nodeLo + (nodeHi - nodeLo) / 2;
    carry += pending[node];
    forEachExcess(2 * node, nodeLo, mid, lo, hi, carry, fn);
    forEachExcess(2 * node + 1, mid + 1, nodeHi, lo, hi, carry, fn);
  }

  int64_t usable;
  /// The plain array (before useTree).
  std::vector<int64_t> points;
  /// The tree: node 1 the root, node n's children 2n and 2n + 1, leaves
  /// from `leaves` on. low, high: the lowest and highest demand under a
  /// node, but what is pending above it; `pending`: what a node has not
  /// passed to its children yet.
  size_t leaves = 0;
  std::vector<int64_t> low, high, pending;
  std::vector<int64_t> banks;
  int64_t widest = 0;
  /// Per node, for each of `banks`: its points' excess clamped to it.
  std::vector<int64_t> sums;
};

/// A spill set chosen before coloring: while some point needs more banks
/// than PSUM has, spill the node whose spill leaves the least total excess,
/// the cheapest on ties. Unlike simplify's blocked-node choice, it sees
/// what a spill leaves in PSUM as insertSpillCode with `spill` writes it
/// (`lf` is the linearization `problem` was built from): a reload at each
/// reader and the location each writer writes, each the banks of the
/// blocks that instruction touches (`spillFootprint`), or with Kept::Whole
/// all its banks there and from its first writer to its last.
struct SpillOptions;
std::vector<unsigned> reliefSpills(const LinearFunction &lf,
                                   const Problem &problem,
                                   const SpillOptions &spill,
                                   Heuristic::Relief ranking,
                                   Heuristic::Kept kept);
/// Relief's reverse delete on a spill set chosen elsewhere: puts back the
/// nodes of `spills`, costliest first, whose banks the relief model fits
/// back at every point with the rest spilled and that `accept` takes
/// (called with the node, `spills` still holding it); `spills` keeps the
/// others, in order.
void putBackSpills(const LinearFunction &lf, const Problem &problem,
                   const SpillOptions &spill, std::vector<unsigned> &spills,
                   llvm::function_ref<bool(unsigned)> accept);

/// Removal order: select pops from the back.
using NodeStack = std::vector<unsigned>;

NodeStack simplify(const Problem &problem, const Graph &graph,
                   const Heuristic &heuristic, llvm::raw_ostream *trace);

//===----------------------------------------------------------------------===//
// Select
//===----------------------------------------------------------------------===//

struct Selection {
  /// Base bank per node; nullopt for nodes in the spill set.
  std::vector<std::optional<unsigned>> base;
  /// Nodes that did not fit, in the order select met them.
  std::vector<unsigned> spills;

  /// Banks of `node` as a bit mask (0 if unplaced).
  uint64_t bankMask(const Problem &problem, unsigned node) const;
};

/// Pins the pre-coloured nodes, then pops the stack and first-fits each node
/// into the lowest window of liveN free banks.
mlir::FailureOr<Selection> select(const Problem &problem, const Graph &graph,
                                  const NodeStack &stack,
                                  llvm::raw_ostream *trace, Failure &failure);

/// The first pair (v, m), v < m in node order, of pinned nodes whose
/// windows share a bank while both are live; m is the smallest for that v.
/// A sweep per bank over the pinned nodes alone: it needs no interference
/// graph, which thousands of tiles live at once make quadratic.
std::optional<std::pair<unsigned, unsigned>>
firstPinClash(const Problem &problem);

/// Checks user pins: in range, clear of reserved banks and of co-live pins.
/// Runs before the interference graph is built.
mlir::LogicalResult checkPins(const Problem &problem);

/// Banks the location of `node` occupies after allocation: each block's
/// blockBanks banks from `banks`, else liveN banks from `base_bank`.
std::vector<unsigned> occupiedBanks(bir::MemLocOp memloc, const Node &node);

/// The banks the `banks` attribute of `memloc` names, each block's
/// ceil(bytes / bankSize) from its first, as a mask (0 without it). Needs no
/// live ranges: it checks a placement before they are derived from it.
uint64_t placedBankMask(bir::MemLocOp memloc, unsigned bankSize);

/// A node as its placement is written to the IR: its location, its
/// footprint and the live range it was placed for. A placement made on a
/// simulated round (spillProblem) keeps these, not the round, until the IR
/// has its spill code.
struct PlacedNode {
  mlir::Operation *memloc = nullptr;
  int64_t blocks = 1;
  uint64_t blockBanks = 1;
  unsigned liveN = 1, def = 0, use = 0;

  static PlacedNode of(const Node &node) {
    return {node.memloc, node.blocks, node.blockBanks,
            node.liveN,  node.def,    node.use};
  }
  unsigned liveBlocks() const {
    return static_cast<unsigned>(liveN / blockBanks);
  }
};

/// PlacedNode::of each node of `problem`.
std::vector<PlacedNode> placedNodes(const Problem &problem);

/// Writes base_bank and banks on every node's location (block k on bank
/// base + (k mod liveBlocks) x blockBanks: the seed's round-robin).
void commit(llvm::ArrayRef<PlacedNode> nodes, const Selection &selection);
void commit(const Problem &problem, const Selection &selection);

//===----------------------------------------------------------------------===//
// Exact
//===----------------------------------------------------------------------===//

/// Search steps left; set `exhausted` when they run out.
struct ExactBudget {
  uint64_t steps = 0;
  bool exhausted = false;
};

/// A placement of every node in contiguous windows with no spill, by a
/// depth-first search along the sweep that remembers the bank-occupancy
/// states it has refuted and, from each refuted state, jumps back to the
/// last placed of the nodes live at its node's start. Nullopt if none
/// exists or the budget ran out; else the first placement in the order of
/// a plain depth-first search (lowest base first, nodes by start).
/// Nodes interfere where their live ranges overlap (buildInterference's
/// graph): the search reads the overlaps off the sweep.
std::optional<std::vector<unsigned>> exactPlacement(const Problem &problem,
                                                    ExactBudget &budget);

/// The banks the instruction at linear `point` needs whatever is spilled.
struct InstructionDemand {
  unsigned point = 0;
  unsigned banks = 0;
};

/// The per-instruction lower bound: at an instruction, every location it
/// accesses is in PSUM (unspilled, or the reload it reads or the location
/// its write goes to: `spillFootprint`), and so is every location that
/// cannot leave PSUM (accumulation groups, pinned and spill-minted ones)
/// live across it; a TensorCopy's read of a spillable location counts
/// nothing under load2Copy. The instruction that needs the most (the first
/// of equals); above the usable banks it proves that no allocation exists.
/// Nullopt if the function has no instruction.
std::optional<InstructionDemand> instructionBound(const LinearFunction &lf,
                                                  const Problem &problem);

/// A minimum-cost spill set (sorted): each set is rewritten on the problem
/// by spillProblem (`lf` is the linearization `problem` was built from), and
/// the result must be placed exactly. A* over spill sets, which grow only by
/// the nodes live where one stretch of points needs more banks than PSUM
/// has (or by any node when only fragmentation remains); a set's priority
/// is its cost plus the least cost of freeing each stretch's excess banks.
/// Nullopt if no set cheaper than `bound` exists or the budget ran out.
std::optional<std::vector<unsigned>> exactSpills(const LinearFunction &lf,
                                                 const Problem &problem,
                                                 const SpillOptions &spill,
                                                 bool loopAware, double bound,
                                                 ExactBudget &budget);

//===----------------------------------------------------------------------===//
// Spill
//===----------------------------------------------------------------------===//

struct SpillOptions {
  bir::MemorySpace space = bir::MemorySpace::sbuf;
  unsigned copyLatency = 64;
  /// Each writer of a spilled tensor after the first writes a SpillWrite
  /// location of its own (false: all write the tensor, as the seed's do).
  bool writeLocations = true;
};

/// Counters of minted locations, kept across fixpoint iterations so names
/// stay unique (the seed's this+0xAE / this+0xAF).
struct SpillCounters {
  unsigned spills = 0;
  unsigned writes = 0; ///< SpillWrite: where a writer after the first writes
  unsigned reloads = 0;
};

/// The names of the function's locations (`lf.memlocs`) that contain a kind
/// a spill mints (`SpillTensorCopy`, `SpillWrite`, `ReloadTensorCopy`): the
/// only ones a minted name `<t>_<kind><n>` must avoid.
llvm::StringSet<> spillLikeNames(const LinearFunction &lf);

/// Location names in use: a function's, and those minted since.
class LocationNames {
public:
  explicit LocationNames(const llvm::StringSet<> *existing = nullptr)
      : existing(existing) {}
  /// A fresh `<base>_<kind><n>`, n counting up from `counter`.
  std::string mint(llvm::StringRef base, llvm::StringRef kind,
                   unsigned &counter);

private:
  const llvm::StringSet<> *existing;
  llvm::StringSet<> minted;
};

/// The PSUM locations insertSpillCode mints for each spilled location (its
/// SpillWrite locations, then its reloads, in the order it mints them), by
/// the spilled location.
using MintedLocations =
    llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *, 2>>;

/// Inserts the save after every writer and a reload before every reader of
/// each spilled node (writers and readers in program order; `lf` is the
/// linearization `problem` was built from), and points the readers at their
/// reloads, and the TensorCopy readers at the saved copy (load2Copy). With
/// `options.writeLocations`, each writer after the first writes a fresh PSUM
/// location (`<t>_SpillWrite<n>`, spilled too) that only its saves read: the
/// values a spilled tensor holds one after another need not share one live
/// range.
/// `minted`, if given, gets the PSUM locations each spill mints
/// (MintedLocations).
mlir::LogicalResult insertSpillCode(bir::FuncOp func, const LinearFunction &lf,
                                    const Problem &problem,
                                    llvm::ArrayRef<unsigned> spills,
                                    const SpillOptions &options,
                                    SpillCounters &counters,
                                    llvm::raw_ostream *trace, Failure &failure,
                                    MintedLocations *minted = nullptr);

/// Gives the nodes spillProblem minted (no memloc) the locations
/// insertSpillCode minted replaying the same spills: each takes the next one
/// minted for the original before it, as spillProblem puts a spill's nodes
/// right after its original in the order they are minted. Fails, with
/// `nodes` partly bound, where the two do not pair up one to one.
mlir::LogicalResult bindMinted(llvm::MutableArrayRef<PlacedNode> nodes,
                               const MintedLocations &minted);

/// The spill fixpoint's incremental update: replaces `lf` and `problem` by
/// what insertSpillCode followed by linearize and buildLiveRanges would
/// give, without touching the IR. Untouched nodes keep their live ranges
/// (their accesses did not change; the points only move); spilled nodes, the
/// locations their later writers write, and their reloads are rebuilt from
/// their new accesses by describeNode, the code buildLiveRanges uses. Minted
/// nodes have no memloc. `counters` and `names` advance as insertSpillCode's
/// would; without `names` (a caller that reads no minted name: neither trace
/// nor diagnostics) minted nodes stay unnamed and `counters` unchanged. Fails
/// where insertSpillCode or buildLiveRanges would (the failure may lack the op:
/// callers take the IR path to report it); `lf` and `problem` are then
/// unspecified.
mlir::LogicalResult spillProblem(LinearFunction &lf, Problem &problem,
                                 llvm::ArrayRef<unsigned> spills,
                                 const SpillOptions &options, bool loopAware,
                                 SpillCounters &counters, LocationNames *names,
                                 llvm::raw_ostream *trace, Failure &failure);
/// The same update from `lf` and `problem` left as they are, into `nextLf`
/// and `next`: what a caller that keeps the problem it spills (the first
/// later round, the exact mode's spill sets) calls instead of copying it
/// first, which would build the kept nodes twice.
mlir::LogicalResult spillProblem(const LinearFunction &lf,
                                 const Problem &problem,
                                 llvm::ArrayRef<unsigned> spills,
                                 const SpillOptions &options, bool loopAware,
                                 SpillCounters &counters, LocationNames *names,
                                 llvm::raw_ostream *trace, Failure &failure,
                                 LinearFunction &nextLf, Problem &next);

/// On a location minted by spilling: the name of the tensor it copies (or,
/// on a `SpillWrite` location, whose value it holds until saved).
inline constexpr llvm::StringLiteral kSpillOriginAttr = bir::kSpillOfAttrName;
/// On a location that was spilled: its readers now read reloads. (Also on
/// a `SpillWrite` location: its writes are saved.)
inline constexpr llvm::StringLiteral kSpilledAttr = bir::kSpilledAttrName;
/// Checks the spill marks against the IR, each error on the op that shows
/// it: a location marked `spilled` is read only by the copy that saves it
/// and saved after each write; no spilled or minted location is summed into.
/// psum-allocate runs it on its input, the checker on the output.
mlir::LogicalResult checkSpillMarks(bir::FuncOp func);
/// Whether `memloc` is a SpillWrite location: minted for a spilled tensor's
/// later write, and saved like the tensor (both attributes).
inline bool isSpillWrite(mlir::Operation *memloc) {
  return memloc->hasAttr(kSpilledAttr) && memloc->hasAttr(kSpillOriginAttr);
}
/// The tensors `func`'s spill marks say were spilled: the locations marked
/// `spilled` that are not SpillWrite ones.
inline unsigned markedSpills(bir::FuncOp func) {
  unsigned spilled = 0;
  for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>())
    spilled += memloc->hasAttr(kSpilledAttr) && !isSpillWrite(memloc);
  return spilled;
}
/// On an allocated bir.func: the heuristic kept and its score.
inline constexpr llvm::StringLiteral kHeuristicAttr = "psum.heuristic";
inline constexpr llvm::StringLiteral kScoreAttr = "psum.score";

} // namespace psum::alloc

#endif // PSUM_TRANSFORMS_ALLOCATOR_H
