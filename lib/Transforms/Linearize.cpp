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

static void linearizeBlock(Block &block, LinearFunction &lf,
                           SmallVector<unsigned, 4> &nest) {
  for (Operation &op : block) {
    if (auto loop = dyn_cast<bir::LoopOp>(op)) {
      unsigned id = lf.loops.size();
      lf.loops.push_back({&op, 0, 0});
      lf.loops[id].header = lf.points.size();
      lf.pointOf[&op] = lf.points.size();
      lf.points.push_back({&op, PointKind::LoopHeader, nest});
      nest.push_back(id);
      linearizeBlock(loop.getBodyBlock(), lf, nest);
      nest.pop_back();
      continue;
    }
    if (isa<bir::BackEdgeOp>(op)) {
      lf.loops[nest.back()].backEdge = lf.points.size();
      lf.pointOf[&op] = lf.points.size();
      lf.points.push_back({&op, PointKind::BackEdge, nest});
      continue;
    }
    if (isa<bir::InstructionOpInterface>(op)) {
      lf.pointOf[&op] = lf.points.size();
      lf.points.push_back({&op, PointKind::Instruction, nest});
    }
  }
}

LinearFunction psum::alloc::linearize(bir::FuncOp func) {
  LinearFunction lf;
  SmallVector<unsigned, 4> nest;
  linearizeBlock(func.getBodyBlock(), lf, nest);
  return lf;
}

DenseMap<Value, SmallVector<LocAccess>>
psum::alloc::collectPsumAccesses(const LinearFunction &lf) {
  DenseMap<Value, SmallVector<LocAccess>> result;
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
  }
  return range;
}

Interval psum::alloc::extendAroundLoops(const LinearFunction &lf,
                                        Interval raw) {
  ArrayRef<unsigned> defNest = lf.points[raw.def].loopNest;
  ArrayRef<unsigned> useNest = lf.points[raw.use].loopNest;
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
