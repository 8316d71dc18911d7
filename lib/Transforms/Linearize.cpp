//===- Linearize.cpp - program order with loops inlined once --------------===//
//
// The seed's Rep::linearize (8.16): instructions in program order, loop
// bodies inlined once (flattern_loop), each loop visible as a header point
// (the bir.loop op) and a back-edge point (its bir.backedge, opcode 105).
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

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
    }
  }
}

LinearFunction psum::alloc::linearize(bir::FuncOp func) {
  LinearFunction lf;
  lf.nests.emplace_back();
  linearizeBlock(func.getBodyBlock(), lf, 0);
  return lf;
}

PsumAccesses psum::alloc::collectPsumAccesses(const LinearFunction &lf) {
  PsumAccesses result;
  for (auto [index, point] : llvm::enumerate(lf.points)) {
    auto inst = dyn_cast<bir::InstructionOpInterface>(point.op);
    if (!inst)
      continue;
    for (const bir::Access &access : inst.getAccesses()) {
      bir::MemLocOp memloc = bir::getMemLoc(access.loc);
      if (memloc && memloc.isPsum())
        result[access.loc].push_back({static_cast<unsigned>(index), access});
    }
  }
  return result;
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

Interval psum::alloc::extendAroundLoops(const LinearFunction &lf,
                                        Interval raw) {
  ArrayRef<unsigned> defNest = lf.loopNest(raw.def);
  ArrayRef<unsigned> useNest = lf.loopNest(raw.use);
  size_t common = 0;
  while (common < defNest.size() && common < useNest.size() &&
         defNest[common] == useNest[common])
    ++common;
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

Overwrites::Overwrites(ArrayRef<LocAccess> accesses) {
  blocks = bir::getMemLoc(accesses.front().access.loc).getNumBlocks();
  rotationIv = accesses.front().access.iv;
  for (const LocAccess &a : accesses) {
    if (a.access.iv != rotationIv)
      rotationIv = nullptr;
    if (!bir::isRead(a.access.kind))
      continue;
    bir::AccessAttr ap = a.access.ap;
    partLo = std::min(partLo, ap.getPartOffset());
    partHi = std::max(partHi, ap.getPartOffset() + ap.getPartSize());
    byteLo = std::min(byteLo, ap.getByteOffset());
    byteHi = std::max(byteHi, ap.getByteOffset() + ap.getByteSize());
  }
}

bool Overwrites::coversReads(const bir::Access &w) const {
  bir::AccessAttr wp = w.ap;
  return wp.getPartOffset() <= partLo &&
         wp.getPartOffset() + wp.getPartSize() >= partHi &&
         wp.getByteOffset() <= byteLo &&
         wp.getByteOffset() + wp.getByteSize() >= byteHi;
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
  if (r.ap.allBlocks())
    return {0, blocks - 1};
  int64_t c = r.ap.getBlockOffset();
  if (!r.iv)
    return {c, c};
  auto loop =
      cast<bir::LoopOp>(cast<BlockArgument>(r.iv).getOwner()->getParentOp());
  return {static_cast<int64_t>(loop.getLower()) + c, loop.getLastIv() + c};
}

/// Whether the write `w`, in a loop that lies inside `loop` and ended before
/// `r`, sweeps every block `r` may read (see readsOwnIteration).
static bool sweepsBefore(const LinearFunction &lf, ArrayRef<LocAccess> accesses,
                         const Overwrites &overwrites, const LocAccess &w,
                         const LocAccess &r, unsigned loop) {
  ArrayRef<unsigned> writeNest = lf.loopNest(w.point);
  ArrayRef<unsigned> readNest = lf.loopNest(r.point);
  size_t common = 0;
  while (common < writeNest.size() && common < readNest.size() &&
         writeNest[common] == readNest[common])
    ++common;
  if (common == writeNest.size() ||
      !llvm::is_contained(writeNest.take_front(common), loop))
    return false;
  unsigned sweep = writeNest[common];
  auto sweepOp = cast<bir::LoopOp>(lf.loops[sweep].op);
  if (sweepOp.getStep() != 1 || w.access.iv != sweepOp.getInductionVar() ||
      !overwrites.coversReads(w.access))
    return false;
  auto [first, last] = overwrites.blockRange(r.access);
  auto [sweptFirst, sweptLast] = overwrites.blockRange(w.access);
  if (first < sweptFirst || last > sweptLast)
    return false;
  // Accesses are in linear order: those inside the sweeping loop are the
  // ones between its header and back-edge.
  auto inside = [&](const LocAccess &a) {
    return a.point < lf.loops[sweep].header;
  };
  auto begin = llvm::partition_point(accesses, inside);
  for (const LocAccess &a : llvm::make_range(begin, accesses.end())) {
    if (a.point > lf.loops[sweep].backEdge)
      break;
    if (a.access.iv != w.access.iv ||
        (bir::isRead(a.access.kind) &&
         !readsOwnIteration(lf, accesses, overwrites, a, sweep)))
      return false;
  }
  return true;
}

bool psum::alloc::readsOwnIteration(const LinearFunction &lf,
                                    ArrayRef<LocAccess> accesses,
                                    const Overwrites &overwrites,
                                    const LocAccess &r, unsigned loop) {
  ArrayRef<unsigned> readNest = lf.loopNest(r.point);
  unsigned header = lf.loops[loop].header;
  // `r` is one of `accesses`, which are in linear order: the candidates are
  // the accesses before it, back to the loop's header.
  for (const LocAccess &w :
       llvm::reverse(accesses.take_front(&r - accesses.data()))) {
    if (w.point <= header)
      return false;
    if (w.access.kind != bir::AccessKind::Write || w.point == r.point)
      continue;
    ArrayRef<unsigned> writeNest = lf.loopNest(w.point);
    if (writeNest.size() <= readNest.size() &&
        writeNest == readNest.take_front(writeNest.size())) {
      if (llvm::is_contained(writeNest, loop) &&
          overwrites.kills(w.access, r.access))
        return true;
    } else if (sweepsBefore(lf, accesses, overwrites, w, r, loop)) {
      return true;
    }
  }
  return false;
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

  // Within the innermost loop holding both def and use, a read before a
  // write in the body may read the previous iteration's value.
  std::optional<unsigned> lastWrite;
  for (const LocAccess &a : accesses)
    if (bir::isWrite(a.access.kind))
      lastWrite = a.point;
  ArrayRef<unsigned> defNest = lf.loopNest(*raw.firstDef);
  ArrayRef<unsigned> useNest = lf.loopNest(*raw.lastUse);
  size_t common = 0;
  while (common < defNest.size() && common < useNest.size() &&
         defNest[common] == useNest[common])
    ++common;
  if (common > 0 && lastWrite &&
      llvm::any_of(accesses, [&](const LocAccess &r) {
        return r.access.kind == bir::AccessKind::Read && r.point < *lastWrite &&
               !readsOwnIteration(lf, accesses, overwrites, r,
                                  defNest[common - 1]);
      }))
    coverLoop(lf, defNest[common - 1], range);

  // The same around any loop holding the read: a write later in that loop's
  // body (or at the read's own instruction) stores what the next iteration
  // may read, e.g. a pipeline's first tile prefetched at the end of an
  // outer loop. Outermost first: covering a loop covers those inside it.
  SmallVector<unsigned> writePoints;
  for (const LocAccess &a : accesses)
    if (bir::isWrite(a.access.kind))
      writePoints.push_back(a.point);
  for (const LocAccess &r : accesses) {
    if (r.access.kind != bir::AccessKind::Read)
      continue;
    const unsigned *later = llvm::lower_bound(writePoints, r.point);
    if (later == writePoints.end())
      continue;
    for (unsigned loop : lf.loopNest(r.point)) {
      if (*later < lf.loops[loop].backEdge &&
          !readsOwnIteration(lf, accesses, overwrites, r, loop)) {
        coverLoop(lf, loop, range);
        break;
      }
    }
  }

  // A block written as iv + c and read as iv + c' (c' < c) crosses the
  // back-edge of iv's loop.
  llvm::SmallDenseMap<Value, int64_t> maxWrite;
  for (const LocAccess &a : accesses)
    if (a.access.iv && bir::isWrite(a.access.kind)) {
      auto [it, inserted] =
          maxWrite.try_emplace(a.access.iv, a.access.ap.getBlockOffset());
      if (!inserted)
        it->second = std::max(it->second, a.access.ap.getBlockOffset());
    }
  for (const LocAccess &a : accesses) {
    if (!a.access.iv || !bir::isRead(a.access.kind))
      continue;
    auto it = maxWrite.find(a.access.iv);
    if (it == maxWrite.end() || a.access.ap.getBlockOffset() >= it->second)
      continue;
    Operation *loopOp =
        cast<BlockArgument>(a.access.iv).getOwner()->getParentOp();
    unsigned loop = lf.loopOf.lookup(loopOp);
    if (!readsOwnIteration(lf, accesses, overwrites, a, loop))
      coverLoop(lf, loop, range);
  }

  // The first `+=` of a group starts it in the first iteration of its
  // innermost loop and adds to the previous iteration's value in the others:
  // the group is live around that loop even if nothing reads it afterwards.
  for (const LocAccess &a : accesses) {
    if (!bir::isWrite(a.access.kind))
      continue;
    ArrayRef<unsigned> nest = lf.loopNest(a.point);
    if (a.access.kind == bir::AccessKind::ReadWrite && !nest.empty())
      coverLoop(lf, nest.back(), range);
    break;
  }

  // A block written as iv + c and read through another selector (a
  // constant, all blocks, another loop's iv) may have been written in an
  // earlier iteration of any loop holding both: cover the outermost one.
  for (const LocAccess &r : accesses) {
    if (!bir::isRead(r.access.kind))
      continue;
    ArrayRef<unsigned> readNest = lf.loopNest(r.point);
    for (const LocAccess &w : accesses) {
      if (!bir::isWrite(w.access.kind) || !w.access.iv ||
          w.access.iv == r.access.iv)
        continue;
      ArrayRef<unsigned> writeNest = lf.loopNest(w.point);
      if (!readNest.empty() && !writeNest.empty() &&
          readNest.front() == writeNest.front()) {
        if (!readsOwnIteration(lf, accesses, overwrites, r, readNest.front()))
          coverLoop(lf, readNest.front(), range);
        break;
      }
    }
  }
  return range;
}
