//===- Linearize.cpp - program order with loops inlined once --------------===//
//
// The seed's Rep::linearize (8.16): instructions in program order, loop
// bodies inlined once (flattern_loop), each loop visible as a header point
// (the bir.loop op) and a back-edge point (its bir.backedge, opcode 105).
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include <limits>

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

/// Appends the points of `block`, whose loop nest is lf.nests[nest].
static void linearizeBlock(Block &block, LinearFunction &lf, unsigned nest) {
  for (Operation &op : block) {
    if (auto loop = dyn_cast<bir::LoopOp>(op)) {
      unsigned id = lf.loops.size();
      lf.loops.push_back({&op, 0, 0});
      lf.loopOf[&op] = id;
      lf.loops[id].header = lf.points.size();
      lf.points.push_back({&op, PointKind::LoopHeader, nest});
      unsigned body = lf.nests.size();
      lf.nests.push_back(lf.nests[nest]);
      lf.nests.back().push_back(id);
      linearizeBlock(loop.getBodyBlock(), lf, body);
      continue;
    }
    if (isa<bir::BackEdgeOp>(op)) {
      lf.loops[lf.nests[nest].back()].backEdge = lf.points.size();
      lf.points.push_back({&op, PointKind::BackEdge, nest});
      continue;
    }
    if (isa<bir::InstructionOpInterface>(op)) {
      lf.points.push_back({&op, PointKind::Instruction, nest});
      continue;
    }
    if (auto memloc = dyn_cast<bir::MemLocOp>(op))
      lf.memlocs.push_back(memloc);
  }
}

LinearFunction psum::alloc::linearize(bir::FuncOp func) {
  LinearFunction lf;
  lf.nests.emplace_back();
  linearizeBlock(func.getBodyBlock(), lf, 0);
  return lf;
}

LocAccesses &PsumAccesses::listOf(Value loc) {
  unsigned &list = index.try_emplace(loc, kNoList).first->second;
  if (list == kNoList) {
    list = lists.size();
    lists.emplace_back(loc, LocAccesses());
  }
  return lists[list].second;
}

LocAccesses *PsumAccesses::existing(Value loc) {
  auto it = index.find(loc);
  if (it == index.end() || it->second == kNoList)
    return nullptr;
  return &lists[it->second].second;
}

LocAccesses *PsumAccesses::find(Value loc) {
  LocAccesses *list = existing(loc);
  return list && !list->empty() ? list : nullptr;
}

void PsumAccesses::append(Value loc, const LocAccess &access) {
  LocAccesses &list = listOf(loc);
  numLocations += list.empty();
  list.push_back(access);
}

LocAccesses PsumAccesses::take(Value loc) {
  LocAccesses *list = existing(loc);
  if (!list)
    return {};
  LocAccesses taken = std::move(*list);
  list->clear();
  numLocations -= !taken.empty();
  index.erase(loc);
  return taken;
}

PsumAccesses psum::alloc::collectPsumAccesses(const LinearFunction &lf) {
  PsumAccesses result;
  // Locations are registered before the accesses.
  result.index.reserve(lf.memlocs.size());
  result.lists.reserve(lf.memlocs.size());
  for (bir::MemLocOp memloc : lf.memlocs) {
    if (memloc.isPsum())
      result.listOf(memloc);
    else
      result.index.try_emplace(memloc, PsumAccesses::kNoList);
  }
  // The linear order is program order, loop bodies once.
  bir::GroupStarts starts;
  for (auto [index, point] : llvm::enumerate(lf.points)) {
    auto inst = dyn_cast<bir::InstructionOpInterface>(point.op);
    if (!inst)
      continue;
    for (const bir::Access &access : inst.getAccesses()) {
      if (LocAccesses *list = result.existing(access.loc))
        list->push_back(
            {static_cast<unsigned>(index),
             bir::isWrite(access.kind) && starts.add(point.op, access),
             access});
    }
  }
  result.numLocations = llvm::count_if(result.lists, PsumAccesses::hasAccesses);
  return result;
}

/// The accesses inside loop `loop`: `accesses` are in linear order, so they
/// are those between its header and back-edge.
static ArrayRef<LocAccess> accessesIn(ArrayRef<LocAccess> accesses,
                                      const Loop &l) {
  auto begin = llvm::partition_point(
      accesses, [&](const LocAccess &a) { return a.point < l.header; });
  auto end =
      std::partition_point(begin, accesses.end(), [&](const LocAccess &a) {
        return a.point < l.backEdge;
      });
  return ArrayRef<LocAccess>(begin, end);
}

/// The innermost loop outside the innermost loop of `start` (a group
/// start) that starts it again on the same blocks, or null: more than one
/// trip, and not a loop whose iv names the block or moves the ranges. None if
/// the start never runs (a loop of no trip around it).
static const Loop *restartingLoop(const LinearFunction &lf,
                                  const LocAccess &start) {
  ArrayRef<unsigned> nest = lf.loopNest(start.point);
  if (nest.empty())
    return nullptr;
  auto trips = [&](unsigned loop) {
    return cast<bir::LoopOp>(lf.loops[loop].op).getTripCount();
  };
  if (llvm::any_of(nest, [&](unsigned loop) { return trips(loop) < 1; }))
    return nullptr;
  // A loop whose iv names the block or moves the ranges starts another
  // sum in each iteration, not the same one again.
  auto follows = [&](Value iv, Operation *loop) {
    return iv && bir::getLoopOf(iv).getOperation() == loop;
  };
  for (unsigned loop : llvm::reverse(nest.drop_back())) {
    Operation *op = lf.loops[loop].op;
    if (!follows(start.access.iv, op) && !follows(start.access.sliceIv, op) &&
        trips(loop) > 1)
      return &lf.loops[loop];
  }
  return nullptr;
}

void psum::alloc::warnUnreadRestarts(const LinearFunction &lf,
                                     const PsumAccesses &accesses) {
  struct Restart {
    const LocAccess *start;
    const Loop *loop;
  };
  std::vector<Restart> restarts;
  for (const auto &[loc, list] : accesses.locations()) {
    int64_t numBlocks = bir::getMemLoc(loc).getNumBlocks();
    for (const LocAccess &start : list) {
      if (!start.start ||
          cast<bir::MatmulOp>(lf.points[start.point].op).getStart())
        continue;
      const Loop *loop = restartingLoop(lf, start);
      if (!loop)
        continue;
      bir::BlockSet blocks(start.access, numBlocks);
      Area area = Area::of(start.access);
      // A `+=` reads only to add: it does not drain the sum. Any read of a
      // part of the sum counts as draining it: a partial drain is not
      // warned of.
      bool read =
          llvm::any_of(accessesIn(list, *loop), [&](const LocAccess &a) {
            return a.access.kind == bir::AccessKind::Read &&
                   bir::BlockSet(a.access, numBlocks).intersects(blocks) &&
                   Area::of(a.access).overlaps(area);
          });
      if (!read)
        restarts.push_back({&start, loop});
    }
  }
  // In program order, not in the order the locations are declared.
  llvm::sort(restarts, [](const Restart &a, const Restart &b) {
    return a.start->point < b.start->point;
  });
  for (const Restart &restart : restarts) {
    const bir::Access &access = restart.start->access;
    bir::MemLocOp memloc = bir::getMemLoc(access.loc);
    auto loop = cast<bir::LoopOp>(restart.loop->op);
    // By location, not on the op: MLIR would print the whole function with
    // each warning.
    Location loc = lf.points[restart.start->point].op->getLoc();
    InFlightDiagnostic diag = emitWarning(loc, "'+=' starts the sum in ");
    Area area = Area::of(access);
    Area whole{0, static_cast<int64_t>(memloc.getPartitions()), 0,
               static_cast<int64_t>(memloc.getBytes())};
    if (!(area == whole))
      diag << "partitions [" << area.partLo << ", " << area.partHi
           << ") x bytes [" << area.byteLo << ", " << area.byteHi << ") of ";
    // A constant block of an array: the sums of its blocks warn apart.
    if (memloc.getNumBlocks() > 1 && !access.iv && !access.ap.allBlocks())
      diag << "block " << access.ap.getBlockOffset() << " of ";
    diag << "'" << memloc.getName() << "' afresh in each of the "
         << loop.getTripCount()
         << " iterations of an enclosing loop, which never reads it: the "
            "sum of every iteration but the last is overwritten unread";
    diag.attachNote(loop.getLoc())
        << "the enclosing loop: write '" << memloc.getName()
        << "' before it (a memset) to add over its iterations too, or mark "
           "the '+=' 'start' to restart on purpose";
  }
}

void psum::alloc::warnContinuedStarts(const LinearFunction &lf,
                                      const PsumAccesses &accesses) {
  struct Continued {
    const LocAccess *start, *write;
  };
  std::vector<Continued> found;
  for (const auto &[loc, list] : accesses.locations()) {
    int64_t numBlocks = bir::getMemLoc(loc).getNumBlocks();
    for (const LocAccess &start : list) {
      if (!start.start ||
          !cast<bir::MatmulOp>(lf.points[start.point].op).getStart())
        continue;
      ArrayRef<unsigned> nest = lf.loopNest(start.point);
      if (nest.empty() || startsEveryIteration(lf, start))
        continue;
      const Loop &loop = lf.loops[nest.back()];
      if (cast<bir::LoopOp>(loop.op).getTripCount() < 2)
        continue;
      bir::BlockSet blocks(start.access, numBlocks);
      Area area = Area::of(start.access);
      for (const LocAccess &write : accessesIn(list, loop))
        if (&write != &start && bir::isWrite(write.access.kind) &&
            (write.access.kind == bir::AccessKind::Write || write.start) &&
            bir::BlockSet(write.access, numBlocks).intersects(blocks) &&
            Area::of(write.access).overlaps(area)) {
          found.push_back({&start, &write});
          break;
        }
    }
  }
  // In program order, not in the order the locations are declared.
  llvm::sort(found, [](const Continued &a, const Continued &b) {
    return a.start->point < b.start->point;
  });
  for (const Continued &continued : found) {
    Operation *op = lf.points[continued.start->point].op;
    auto loop = op->getParentOfType<bir::LoopOp>();
    // By location, not on the op: MLIR would print the whole function.
    InFlightDiagnostic diag =
        emitWarning(op->getLoc(), "'+=' marked 'start' ")
        << "starts the sum in '"
        << bir::getMemLoc(continued.start->access.loc).getName()
        << "' in the first of the " << loop.getTripCount()
        << " iterations of its loop only: in the others "
           "it adds to what another write left there";
    diag.attachNote(lf.points[continued.write->point].op->getLoc())
        << "this write overwrites the sum in each iteration; to start it "
           "afresh in every iteration, write the first product with '=' "
           "instead of '+= ... start'";
  }
}

RawRange psum::alloc::findDefUse(ArrayRef<LocAccess> accesses) {
  RawRange range;
  for (const LocAccess &a : accesses) {
    if (bir::isWrite(a.access.kind) && !range.firstDef)
      range.firstDef = a.point;
    if (bir::isRead(a.access.kind))
      range.lastUse = a.point;
    range.lastAccess = std::max(range.lastAccess, a.point);
  }
  return range;
}

/// The first part of [lo, hi) that no byte range [from, to) covers, if
/// any. Sorts the ranges.
static std::optional<std::pair<int64_t, int64_t>>
firstGap(MutableArrayRef<std::pair<int64_t, int64_t>> ranges, int64_t lo,
         int64_t hi) {
  llvm::sort(ranges);
  int64_t reach = lo;
  for (auto [from, to] : ranges) {
    if (from > reach)
      return std::make_pair(reach, std::min(from, hi));
    reach = std::max(reach, to);
    if (reach >= hi)
      return std::nullopt;
  }
  return std::make_pair(reach, hi);
}

/// The partitions times bytes of `target`, if small enough that overlaps
/// with it (each at most that size) add up to twice it without overflow.
static std::optional<int64_t> sizeToAddUp(const Area &target) {
  int64_t size;
  if (__builtin_mul_overflow(target.partHi - target.partLo,
                             target.byteHi - target.byteLo, &size) ||
      size > std::numeric_limits<int64_t>::max() / 2)
    return std::nullopt;
  return size;
}

/// The partitions times bytes `a` and `target` share (0 if none).
static int64_t overlapSize(const Area &a, const Area &target) {
  int64_t parts =
      std::min(a.partHi, target.partHi) - std::max(a.partLo, target.partLo);
  int64_t bytes =
      std::min(a.byteHi, target.byteHi) - std::max(a.byteLo, target.byteLo);
  return parts <= 0 || bytes <= 0 ? 0 : parts * bytes;
}

bool psum::alloc::areasCover(ArrayRef<Area> areas, const Area &target) {
  if (target.empty())
    return true;
  // First the cheap necessary test, that the pieces' overlaps with the
  // target add up to its size.
  if (std::optional<int64_t> need = sizeToAddUp(target)) {
    int64_t have = 0;
    for (const Area &a : areas) {
      if (!a.coversHull())
        continue;
      int64_t overlap = overlapSize(a, target);
      // An overlap as big as the target is all of it: one piece covering
      // it is the common case, and needs no search.
      if (overlap == *need)
        return true;
      have += overlap;
      if (have >= *need)
        break;
    }
    if (have < *need)
      return false;
  }
  return !uncoveredPart(areas, target);
}

AreaCover::AreaCover(const Area &target)
    : target(target), need(sizeToAddUp(target)), covered(target.empty()) {}

bool AreaCover::add(const Area &area) {
  // What misses the target changes nothing on it; a moving area covers
  // nothing unless it fills its hull.
  if (covered || !area.coversHull() || !area.overlaps(target))
    return covered;
  areas.push_back(area);
  if (need) {
    int64_t overlap = overlapSize(area, target);
    if (overlap == *need)
      return covered = true;
    have = std::min(*need, have + overlap);
    if (have < *need)
      return false;
  }
  // The areas before this one left `gap` uncovered: unless this one reaches
  // into it, it still is.
  if (gap && !area.overlaps(*gap))
    return false;
  gap = uncoveredPart(areas, target);
  return covered = !gap;
}

std::optional<Area> psum::alloc::uncoveredPart(ArrayRef<Area> areas,
                                               const Area &target) {
  if (target.empty())
    return std::nullopt;
  SmallVector<int64_t, 8> edges{target.partLo};
  for (const Area &a : areas)
    for (int64_t edge : {a.partLo, a.partHi})
      if (a.coversHull() && edge > target.partLo && edge < target.partHi)
        edges.push_back(edge);
  llvm::sort(edges);
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  SmallVector<std::pair<int64_t, int64_t>, 8> bytes;
  std::optional<Area> part;
  for (auto [i, lo] : llvm::enumerate(edges)) {
    int64_t hi = i + 1 < edges.size() ? edges[i + 1] : target.partHi;
    bytes.clear();
    for (const Area &a : areas)
      if (a.coversHull() && a.partLo <= lo && a.partHi >= hi)
        bytes.push_back({a.byteLo, a.byteHi});
    std::optional<std::pair<int64_t, int64_t>> gap =
        firstGap(bytes, target.byteLo, target.byteHi);
    if (part) {
      // Widened over the next band missing the same bytes.
      if (!gap || gap->first != part->byteLo || gap->second != part->byteHi)
        break;
      part->partHi = hi;
    } else if (gap) {
      part = Area{lo, hi, gap->first, gap->second};
    }
  }
  return part;
}

size_t psum::alloc::sharedLoops(ArrayRef<unsigned> a, ArrayRef<unsigned> b) {
  size_t common = 0;
  while (common < a.size() && common < b.size() && a[common] == b[common])
    ++common;
  return common;
}

Interval psum::alloc::extendAroundLoops(const LinearFunction &lf,
                                        Interval raw) {
  ArrayRef<unsigned> defNest = lf.loopNest(raw.def);
  ArrayRef<unsigned> useNest = lf.loopNest(raw.use);
  size_t common = sharedLoops(defNest, useNest);
  Interval extended = raw;
  if (defNest.size() > common)
    extended.def = lf.loops[defNest[common]].header;
  if (useNest.size() > common)
    extended.use = lf.loops[useNest[common]].backEdge;
  return extended;
}

/// Widens `range` to cover loop `loop`.
static void coverLoop(const LinearFunction &lf, unsigned loop, Interval &range) {
  range.def = std::min(range.def, lf.loops[loop].header);
  range.use = std::max(range.use, lf.loops[loop].backEdge);
}

bool psum::alloc::startsEveryIteration(const LinearFunction &lf,
                                       const LocAccess &start) {
  return bir::isPerIteration(lf.points[start.point].op, start.access);
}

void ReadHull::add(const bir::Access &read) {
  Area area = Area::of(read);
  partLo = std::min(partLo, area.partLo);
  partHi = std::max(partHi, area.partHi);
  byteLo = std::min(byteLo, area.byteLo);
  byteHi = std::max(byteHi, area.byteHi);
}

void ReadHull::add(const ReadHull &other) {
  partLo = std::min(partLo, other.partLo);
  partHi = std::max(partHi, other.partHi);
  byteLo = std::min(byteLo, other.byteLo);
  byteHi = std::max(byteHi, other.byteHi);
}

/// Whether `a` may write its location afresh (writesAfresh decides).
static bool mayWriteAfresh(const LocAccess &a) {
  return a.access.kind == bir::AccessKind::Write || a.start;
}

Overwrites::Overwrites(ArrayRef<LocAccess> accesses) : built(accesses) {
  blocks = bir::getMemLoc(accesses.front().access.loc).getNumBlocks();
  rotationIv = accesses.front().access.iv;
  bool oneBlock = true;
  // lastFresh[i]: one past the last access before i that may write afresh
  // (0: none).
  lastFresh.resize(accesses.size() + 1, 0);
  for (auto [i, a] : llvm::enumerate(accesses))
    lastFresh[i + 1] = mayWriteAfresh(a) ? i + 1 : lastFresh[i];
  for (const LocAccess &a : accesses) {
    if (a.access.iv != rotationIv)
      rotationIv = nullptr;
    if (!bir::isRead(a.access.kind))
      continue;
    bir::AccessAttr ap = a.access.ap;
    bool constant = !a.access.iv && !ap.allBlocks();
    if (!constant || (onlyBlock && *onlyBlock != ap.getBlockOffset()))
      oneBlock = false;
    onlyBlock = ap.getBlockOffset();
    reads.add(a.access);
  }
  if (!oneBlock)
    onlyBlock.reset();
}

const LocAccess *Overwrites::freshBefore(const LocAccess *at,
                                         const LocAccess *begin) const {
  if (at >= built.begin() && at <= built.end() && begin >= built.begin()) {
    unsigned last = lastFresh[at - built.begin()];
    const LocAccess *found = built.begin() + last - 1;
    return last && found >= begin ? found : nullptr;
  }
  while (at-- > begin)
    if (mayWriteAfresh(*at))
      return at;
  return nullptr;
}

/// What a walk back reads of an access: accesses with the same key are
/// alike to it (the same access, group start and loop body).
using KindKey = std::tuple<void *, const void *, void *, void *, unsigned,
                           unsigned, unsigned>;
static KindKey kindKey(const LinearFunction &lf, const LocAccess &a) {
  return {a.access.loc.getAsOpaquePointer(),
          a.access.ap.getAsOpaquePointer(),
          a.access.iv.getAsOpaquePointer(),
          a.access.sliceIv.getAsOpaquePointer(),
          static_cast<unsigned>(a.access.kind),
          unsigned(a.start),
          lf.points[a.point].nest};
}

void Overwrites::walkBack(
    const LinearFunction &lf, const LocAccess *from, unsigned header,
    unsigned skip, llvm::function_ref<bool(const LocAccess &)> visit) const {
  auto alike = [&](const LocAccess &a, const LocAccess &b) {
    return kindKey(lf, a) == kindKey(lf, b);
  };
  // Step by step first: most walks end within a few steps.
  constexpr unsigned kSteps = 16;
  SmallVector<const LocAccess *, kSteps> visited;
  const LocAccess *at = from;
  for (unsigned steps = 0;; ++steps) {
    const LocAccess *next = freshBefore(at, built.begin());
    if (!next || next->point <= header)
      return;
    if (steps >= kSteps) {
      // Then, where the accesses left outnumber the kinds, the last of
      // each kind not visited.
      const LocAccess *first =
          std::partition_point(built.begin(), next, [&](const LocAccess &a) {
            return a.point <= header;
          });
      if (kinds(lf).size() < static_cast<size_t>(next - first) + 1)
        break;
    }
    at = next;
    if (at->point == skip || llvm::any_of(visited, [&](const LocAccess *seen) {
          return alike(*seen, *at);
        }))
      continue;
    if (steps < kSteps)
      visited.push_back(at);
    if (!visit(*at))
      return;
  }
  llvm::SmallDenseSet<unsigned, kSteps> visitedKinds;
  for (const LocAccess *seen : visited)
    visitedKinds.insert(kindOf[seen - built.begin()]);
  unsigned before = at - built.begin();
  for (auto [kind, positions] : llvm::enumerate(positionsOf)) {
    if (visitedKinds.contains(kind) ||
        !mayWriteAfresh(built[positions.front()]))
      continue;
    for (auto it = llvm::lower_bound(positions, before);
         it != positions.begin();) {
      const LocAccess &w = built[*--it];
      if (w.point <= header)
        break;
      if (w.point == skip)
        continue;
      if (!visit(w))
        return;
      break;
    }
  }
}

ArrayRef<std::vector<unsigned>>
Overwrites::kinds(const LinearFunction &lf) const {
  if (!kindOf.empty() || built.empty())
    return positionsOf;
  llvm::DenseMap<KindKey, unsigned> index;
  kindOf.resize(built.size());
  for (auto [i, a] : llvm::enumerate(built)) {
    auto [it, fresh] = index.try_emplace(kindKey(lf, a), positionsOf.size());
    if (fresh)
      positionsOf.emplace_back();
    kindOf[i] = it->second;
    positionsOf[it->second].push_back(i);
  }
  return positionsOf;
}

bool Overwrites::addsUp(const bir::Access &w) const {
  bir::AccessAttr wp = w.ap;
  return !w.iv &&
         (wp.allBlocks() || blocks == 1 || wp.getBlockOffset() == onlyBlock);
}

bool Overwrites::slicesBlockOf(const bir::Access &w,
                               const bir::Access &r) const {
  return w.iv && w.iv == rotationIv && w.iv == r.iv &&
         w.ap.getBlockOffset() == r.ap.getBlockOffset();
}

bool Overwrites::coversReads(const bir::Access &w) const {
  return reads.covers(w);
}

bool Overwrites::kills(const bir::Access &w, const bir::Access &r) const {
  if (!coversReads(w))
    return false;
  if (!w.iv)
    return w.ap.allBlocks() || blocks == 1;
  return w.iv == rotationIv && w.iv == r.iv &&
         w.ap.getBlockOffset() == r.ap.getBlockOffset();
}

std::pair<int64_t, int64_t> Overwrites::blockRange(const bir::Access &r) const {
  bir::BlockSet set(r, blocks);
  return {set.first, set.last};
}

void BlockReadHulls::addRead(const bir::Access &read, int64_t blocks,
                             unsigned at) {
  bir::BlockSet named(read, blocks);
  ReadHull hull;
  hull.add(read);
  auto add = [&](ByPlace &byPlace) {
    byPlace.reads.push_back({at, hull});
    // Sorted again on the next query: a suffix hull merged with the ones
    // after it is still that suffix.
    byPlace.suffixed = false;
  };
  if (named.size() == 1)
    return add(constant[named.first]);
  auto [it, fresh] = spreadOf.try_emplace(
      {named.first, named.last, named.stride}, spread.size());
  if (fresh)
    spread.push_back({named, ByPlace()});
  add(spread[it->second].second);
}

ReadHull BlockReadHulls::ByPlace::from(unsigned place) {
  if (!suffixed) {
    // Reads come in place order from the allocator, not always from the
    // checker; equal places merge.
    llvm::stable_sort(reads, llvm::less_first());
    decltype(reads) merged;
    for (const auto &[at, hull] : reads) {
      if (merged.empty() || merged.back().first != at)
        merged.push_back({at, ReadHull()});
      merged.back().second.add(hull);
    }
    for (size_t i = merged.size(); i-- > 1;)
      merged[i - 1].second.add(merged[i].second);
    reads = std::move(merged);
    suffixed = true;
  }
  auto it = llvm::lower_bound(reads, place,
                              [](const std::pair<unsigned, ReadHull> &read,
                                 unsigned at) { return read.first < at; });
  return it == reads.end() ? ReadHull() : it->second;
}

ReadHull BlockReadHulls::of(int64_t block, unsigned from) const {
  ReadHull hull;
  if (auto it = constant.find(block); it != constant.end())
    hull = it->second.from(from);
  for (auto &[named, reads] : spread)
    if (named.contains(block))
      hull.add(reads.from(from));
  return hull;
}

bool BlockReadHulls::covers(int64_t block, const bir::Access &write,
                            unsigned from) const {
  return of(block, from).covers(write);
}

Area BlockReadHulls::hull(int64_t block, unsigned from) const {
  return of(block, from).area();
}

/// The loop whose induction variable `iv` is.
static unsigned loopOfIv(const LinearFunction &lf, Value iv) {
  return lf.loopOf.lookup(bir::getLoopOf(iv));
}

namespace {
/// How a loop L that indexes a location only as `iv + c` of its own
/// induction variable (step 1) writes its blocks, as psum-verify-allocation
/// sees such a loop: a read of offset c' in iteration j reads what this run
/// of L wrote if a write of offset c' precedes it in the same iteration, or
/// a write of a larger offset c ran (c - c') iterations earlier. Otherwise
/// the block comes from before L, and if some read's would come from before
/// L in every iteration (no larger offset is written), the loop is not a
/// sweep at all (the checker's rotation escapes).
class Sweep {
public:
  static std::optional<Sweep> of(const LinearFunction &lf,
                                 ArrayRef<LocAccess> accesses,
                                 const Overwrites &overwrites, unsigned loop);

  /// Whether each iteration writes its block at `offset` afresh.
  bool writes(int64_t offset) const {
    return llvm::is_contained(written, offset);
  }
  /// The blocks read `r` (inside the loop) may read from before the loop.
  llvm::BitVector fromBefore(const LinearFunction &lf,
                             ArrayRef<LocAccess> accesses,
                             const Overwrites &overwrites,
                             const LocAccess &r) const;

private:
  /// of() without the memo: `sweep` is the loop's, with nothing written.
  static std::optional<Sweep> find(const LinearFunction &lf,
                                   ArrayRef<LocAccess> accesses,
                                   const Overwrites &overwrites, Sweep sweep);
  Sweep(unsigned loop, bir::LoopOp op, int64_t blocks)
      : loop(loop), lower(op.getLower()), lastIv(op.getLastIv()),
        blocks(blocks) {}
  /// The smallest offset above `offset` written, if any.
  std::optional<int64_t> nextWritten(int64_t offset) const;

  unsigned loop;
  int64_t lower, lastIv, blocks;
  SmallVector<int64_t, 4> written; ///< offsets of covering writes
};
} // namespace

/// Whether `w`, inside `loop`, writes its block afresh in every iteration of
/// `loop`: a plain write, or the `+=` that starts a group where the group
/// starts afresh: whenever its innermost loop starts, so in each iteration
/// of any loop around that one, or in each of its own when each names
/// another block. There it writes its own block like a plain write, and no
/// other.
static bool writesAfresh(const LinearFunction &lf, const LocAccess &w,
                         unsigned loop) {
  return w.access.kind == bir::AccessKind::Write ||
         (w.start &&
          (lf.loopNest(w.point).back() != loop || startsEveryIteration(lf, w)));
}

/// Whether writes before `r` in the current iteration of `loop` (which
/// holds both; a write in a loop that ended before r ran at least once)
/// write r's block afresh (same iv and offset), adding up to every
/// partition and byte reads read: a `+=` K loop per bank of a two-bank
/// tile.
static bool writtenInIteration(const LinearFunction &lf,
                               ArrayRef<LocAccess> accesses,
                               const Overwrites &overwrites, const LocAccess &r,
                               unsigned loop) {
  AreaCover written(overwrites.readArea());
  auto serves = [&](const LocAccess &w) {
    return w.access.iv == r.access.iv &&
           w.access.ap.getBlockOffset() == r.access.ap.getBlockOffset() &&
           writesAfresh(lf, w, loop) && written.add(Area::of(w.access));
  };
  bool served = false;
  overwrites.walkBack(lf, &r, lf.loops[loop].header, r.point,
                      [&](const LocAccess &w) {
                        served = serves(w);
                        return !served;
                      });
  return served;
}

std::optional<int64_t> Sweep::nextWritten(int64_t offset) const {
  std::optional<int64_t> next;
  for (int64_t c : written)
    if (c > offset && (!next || c < *next))
      next = c;
  return next;
}

std::optional<Sweep> Sweep::of(const LinearFunction &lf,
                               ArrayRef<LocAccess> accesses,
                               const Overwrites &overwrites, unsigned loop) {
  auto op = cast<bir::LoopOp>(lf.loops[loop].op);
  // Once per loop and location.
  auto [it, fresh] = overwrites.sweeps.try_emplace(loop);
  if (fresh) {
    if (std::optional<Sweep> found = find(
            lf, accesses, overwrites, Sweep(loop, op, overwrites.numBlocks())))
      it->second = std::move(found->written);
    else
      it->second = std::nullopt;
  }
  if (!it->second)
    return std::nullopt;
  Sweep known(loop, op, overwrites.numBlocks());
  known.written = *it->second;
  return known;
}

std::optional<Sweep> Sweep::find(const LinearFunction &lf,
                                 ArrayRef<LocAccess> accesses,
                                 const Overwrites &overwrites, Sweep sweep) {
  auto op = cast<bir::LoopOp>(lf.loops[sweep.loop].op);
  unsigned loop = sweep.loop;
  Value iv = op.getInductionVar();
  ArrayRef<LocAccess> inside = accessesIn(accesses, lf.loops[loop]);
  if (op.getStep() != 1 || inside.empty())
    return std::nullopt;
  // What each iteration writes afresh, by offset: slices add up.
  llvm::SmallDenseMap<int64_t, AreaCover> areas;
  for (const LocAccess &a : inside) {
    if (a.access.iv != iv)
      return std::nullopt;
    if (!writesAfresh(lf, a, loop))
      continue;
    int64_t offset = a.access.ap.getBlockOffset();
    AreaCover &written =
        areas.try_emplace(offset, overwrites.readArea()).first->second;
    if (written.add(Area::of(a.access)) &&
        !llvm::is_contained(sweep.written, offset))
      sweep.written.push_back(offset);
  }
  for (const LocAccess &a : inside)
    if (bir::isRead(a.access.kind) && !writesAfresh(lf, a, loop) &&
        !sweep.nextWritten(a.access.ap.getBlockOffset()) &&
        !writtenInIteration(lf, accesses, overwrites, a, loop))
      return std::nullopt;
  return sweep;
}

llvm::BitVector Sweep::fromBefore(const LinearFunction &lf,
                                  ArrayRef<LocAccess> accesses,
                                  const Overwrites &overwrites,
                                  const LocAccess &r) const {
  llvm::BitVector blocksRead(blocks);
  if (writtenInIteration(lf, accesses, overwrites, r, loop))
    return blocksRead;
  // of() made sure a larger offset is written: the first (next - offset)
  // iterations read from before the loop.
  int64_t offset = r.access.ap.getBlockOffset();
  int64_t end = std::min(lower + *nextWritten(offset), lastIv + offset + 1);
  blocksRead.set(lower + offset, end);
  return blocksRead;
}

bool Overwrites::readsOnlyItsWrite(const LinearFunction &lf) const {
  if (onlyItsWrite)
    return *onlyItsWrite;
  // One block: the checker follows a location whose blocks share banks
  // block by block, without this rule.
  const LocAccess *write = nullptr;
  onlyItsWrite = blocks == 1 && llvm::all_of(built, [&](const LocAccess &a) {
    if (bir::isWrite(a.access.kind)) {
      if (write || a.access.kind != bir::AccessKind::Write ||
          !a.access.sliceIv)
        return false;
      write = &a;
      return true;
    }
    // Linear order: the write comes first, in the same loop body.
    return write && write->point < a.point &&
           lf.points[write->point].nest == lf.points[a.point].nest &&
           bir::writesSliceOf(write->access, a.access);
  });
  return *onlyItsWrite;
}

/// The blocks read `r` may read that no write before it in the current
/// iteration of `loop` (which holds r) overwrites.
static llvm::BitVector unwritten(const LinearFunction &lf,
                                 ArrayRef<LocAccess> accesses,
                                 const Overwrites &overwrites,
                                 const LocAccess &r, unsigned loop) {
  auto [first, last] = overwrites.blockRange(r.access);
  llvm::BitVector needed(overwrites.numBlocks());
  if (overwrites.readsOnlyItsWrite(lf))
    return needed;
  needed.set(first, last + 1);
  ArrayRef<unsigned> readNest = lf.loopNest(r.point);
  // Where the walk back starts, and the nest it walks in.
  size_t from = &r - accesses.data();
  // A read of a sweep inside `loop` sees earlier iterations of the sweep.
  if (r.access.iv) {
    unsigned ivLoop = loopOfIv(lf, r.access.iv);
    const unsigned *at = llvm::find(readNest, loop);
    if (ivLoop != loop &&
        llvm::is_contained(ArrayRef<unsigned>(at, readNest.end()), ivLoop)) {
      if (std::optional<Sweep> sweep =
              Sweep::of(lf, accesses, overwrites, ivLoop)) {
        needed = sweep->fromBefore(lf, accesses, overwrites, r);
        from = accessesIn(accesses, lf.loops[ivLoop]).data() - accesses.data();
        readNest = readNest.take_front(llvm::find(readNest, ivLoop) -
                                       readNest.begin());
      }
    }
  }
  // Writes of every block (or of the block all reads read) before r, in
  // r's loops or in loops that ended before it (which ran at least once):
  // pieces add up over the partitions reads read and r's bytes. So do
  // slices of r's own block by the iv every access uses (column or
  // partition slices of a tile), over every partition and byte reads read.
  Area target = overwrites.readArea();
  target.byteLo = r.access.ap.getByteOffset();
  target.byteHi = target.byteLo + r.access.ap.getByteSize();
  AreaCover pieces(target), slices(overwrites.readArea());
  llvm::SmallDenseMap<std::pair<int64_t, unsigned>, AreaCover> blockPieces;
  // Only what may write afresh counts (a long `+=` chain is one step back:
  // session-28 scaling audit), each kind of write once (walkBack). Whether
  // to go on.
  auto apply = [&](const LocAccess &w) {
    if (!writesAfresh(lf, w, loop))
      return !needed.none();
    ArrayRef<unsigned> writeNest = lf.loopNest(w.point);
    size_t common = sharedLoops(writeNest, readNest);
    bool prefix = common == writeNest.size();
    if (overwrites.addsUp(w.access)) {
      if (pieces.add(Area::of(w.access))) {
        needed.reset();
        return false;
      }
    } else if (writeNest == readNest &&
               overwrites.slicesBlockOf(w.access, r.access)) {
      // In r's own loop body, as the checker adds up slices within one
      // straight run.
      if (slices.add(Area::of(w.access))) {
        needed.reset();
        return false;
      }
    } else if (!w.access.iv && !w.access.ap.allBlocks()) {
      // Pieces of one constant block in one loop body that runs whenever r
      // does, or in a loop that ended before r (a pipeline's first tile
      // written in halves, directly or summed by a K loop of its own), over
      // every partition and byte reads read, as the checker adds them up
      // along its walk of that body.
      int64_t block = w.access.ap.getBlockOffset();
      AreaCover &written = blockPieces
                               .try_emplace({block, lf.points[w.point].nest},
                                            overwrites.readArea())
                               .first->second;
      if (written.add(Area::of(w.access))) {
        needed.reset(block);
        return !needed.none();
      }
    }
    // In a sweep that ended before r: the blocks it names over its
    // iterations, if each iteration writes its block afresh (slices add up).
    if (!prefix &&
        w.access.iv == cast<bir::LoopOp>(lf.loops[writeNest[common]].op)
                           .getInductionVar()) {
      std::optional<Sweep> sweep =
          Sweep::of(lf, accesses, overwrites, writeNest[common]);
      if (sweep && sweep->writes(w.access.ap.getBlockOffset())) {
        auto [sweptFirst, sweptLast] = overwrites.blockRange(w.access);
        needed.reset(sweptFirst, sweptLast + 1);
      }
      return !needed.none();
    }
    if (!overwrites.coversReads(w.access))
      return !needed.none();
    if (prefix) {
      // Runs whenever r does, before it.
      if (overwrites.kills(w.access, r.access))
        needed.reset();
      else if (!w.access.iv && !w.access.ap.allBlocks())
        needed.reset(w.access.ap.getBlockOffset());
      return !needed.none();
    }
    // In a loop that ended before r, which ran at least once: a write of
    // blocks fixed over that loop overwrites them.
    if (overwrites.kills(w.access, r.access))
      needed.reset();
    else if (!w.access.iv && !w.access.ap.allBlocks())
      needed.reset(w.access.ap.getBlockOffset());
    return !needed.none();
  };
  if (needed.any())
    overwrites.walkBack(lf, accesses.data() + from, lf.loops[loop].header,
                        r.point, apply);
  return needed;
}

bool psum::alloc::readsOwnIteration(const LinearFunction &lf,
                                    ArrayRef<LocAccess> accesses,
                                    const Overwrites &overwrites,
                                    const LocAccess &r, unsigned loop) {
  return unwritten(lf, accesses, overwrites, r, loop).none();
}

Interval psum::alloc::liveInterval(const LinearFunction &lf,
                                   ArrayRef<LocAccess> accesses, RawRange raw,
                                   bool loopAware) {
  // To the last access, not the last reader (the seed's use): a write after
  // the last read still needs the banks (docs/PsumAllocate.md, Decisions).
  Interval range{*raw.firstDef, std::max(*raw.firstDef, raw.lastAccess)};
  if (!loopAware)
    return range;
  range = extendAroundLoops(lf, range);
  Overwrites overwrites(accesses);

  // A read may see what a write in an earlier iteration of a loop holding
  // both stored: the value is live around that loop, unless the read sees
  // only what the current iteration wrote. Outermost first: covering a loop
  // covers those inside it. A `+=` that starts a group is no read (below).
  SmallVector<unsigned> writePoints;
  for (const LocAccess &a : accesses)
    if (bir::isWrite(a.access.kind))
      writePoints.push_back(a.point);
  for (const LocAccess &r : accesses) {
    if (!bir::isRead(r.access.kind) || r.start)
      continue;
    for (unsigned loop : lf.loopNest(r.point)) {
      const unsigned *write =
          llvm::lower_bound(writePoints, lf.loops[loop].header);
      if (write != writePoints.end() && *write < lf.loops[loop].backEdge &&
          !readsOwnIteration(lf, accesses, overwrites, r, loop)) {
        coverLoop(lf, loop, range);
        break;
      }
    }
  }

  // A `+=` that starts a group starts it in the first iteration of its
  // innermost loop and adds to the previous iteration's value in the others:
  // the group is live around that loop even if nothing reads it afterwards
  // (unless each iteration names a block, and a group, of its own).
  for (const LocAccess &start : accesses) {
    if (!start.start || startsEveryIteration(lf, start))
      continue;
    ArrayRef<unsigned> nest = lf.loopNest(start.point);
    if (!nest.empty())
      coverLoop(lf, nest.back(), range);
  }
  return range;
}
