//===- BIROps.h - bir operations --------------------------------*- C++ -*-===//

#ifndef PSUM_DIALECT_BIR_BIROPS_H
#define PSUM_DIALECT_BIR_BIROPS_H

#include "Psum/Dialect/BIR/BIRAttrs.h"
#include "Psum/Dialect/BIR/BIRDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/OpAsmSupport.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>
#include <tuple>

#define GET_TYPEDEF_CLASSES
#include "Psum/Dialect/BIR/BIROpsTypes.h.inc"

namespace psum::bir {

/// How an instruction uses one of its access patterns.
enum class AccessKind : uint8_t { Read, Write, ReadWrite };

/// The marks psum-allocate's spill rewrite leaves on locations, which the
/// memloc verifier checks the kinds of: `spill_of` (a string) on a location
/// minted by spilling names the tensor it copies; `spilled` (a unit
/// attribute) on a PSUM location whose readers read reloads.
inline constexpr llvm::StringLiteral kSpillOfAttrName = "spill_of";
inline constexpr llvm::StringLiteral kSpilledAttrName = "spilled";

inline bool isRead(AccessKind kind) { return kind != AccessKind::Write; }
inline bool isWrite(AccessKind kind) { return kind != AccessKind::Read; }

/// One access of an instruction: the location value, its pattern, the loop
/// induction variable its block follows (if any), how it is used, and the
/// induction variable its ranges move with (if any). `besideCopies` marks
/// an access that psum-allocate's spill model keeps beside copies of its
/// location it has not written into the IR yet: it never fills its hull
/// (Area::fills), as the rewritten IR will show.
struct Access {
  mlir::Value loc;
  AccessAttr ap;
  mlir::Value iv;
  mlir::Value sliceIv;
  AccessKind kind;
  bool besideCopies = false;
  unsigned index;
};

/// The accesses of one instruction. Instructions have at most three or four:
/// they stay inline, as the verifier and every allocator phase list them per
/// instruction.
using AccessList = llvm::SmallVector<Access, 4>;

namespace detail {
mlir::LogicalResult verifyInstruction(mlir::Operation *op);
/// Access number `index` of an instruction with these patterns, location
/// operands and induction variables.
inline Access accessAt(mlir::ArrayAttr aps, mlir::OperandRange locs,
                       mlir::OperandRange ivs, AccessKind kind,
                       unsigned index) {
  auto ap = llvm::cast<AccessAttr>(aps[index]);
  return {locs[index],
          ap,
          ap.hasIvBlock() ? ivs[ap.getBlockIv()] : nullptr,
          ap.hasIvSlice() ? ivs[ap.getSliceIv()] : nullptr,
          kind,
          /*besideCopies=*/false,
          index};
}
} // namespace detail

} // namespace psum::bir

#include "Psum/Dialect/BIR/BIRInterfaces.h.inc"

#define GET_OP_CLASSES
#include "Psum/Dialect/BIR/BIROps.h.inc"

namespace psum::bir {
/// The `bir.memloc` op that defines a location value, or null.
inline MemLocOp getMemLoc(mlir::Value loc) { return loc.getDefiningOp<MemLocOp>(); }
/// The architecture of the function enclosing `op` (null if none).
ArchAttr getArch(mlir::Operation *op);
/// The `bir.loop` whose induction variable `iv` is.
inline LoopOp getLoopOf(mlir::Value iv) {
  return mlir::cast<LoopOp>(
      mlir::cast<mlir::BlockArgument>(iv).getOwner()->getParentOp());
}

/// Whether `access` of `op` names its block by the induction variable of
/// `op`'s own loop (`t[j]` directly in the loop of j): each iteration names
/// a block of its own.
inline bool namesBlockPerIteration(mlir::Operation *op, const Access &access) {
  return access.iv && getLoopOf(access.iv).getOperation() == op->getParentOp();
}

/// Whether `access` of `op` names a block or moves its ranges by the
/// induction variable of `op`'s own loop: each iteration then reaches a
/// block or slice of its own.
inline bool isPerIteration(mlir::Operation *op, const Access &access) {
  return namesBlockPerIteration(op, access) ||
         (access.sliceIv &&
          getLoopOf(access.sliceIv).getOperation() == op->getParentOp());
}

/// Whether the `+=` of `op`, a group start (GroupStarts), starts in every
/// iteration of its loop rather than only in the first: its block or its
/// slice follows that loop's iv (isPerIteration). It is then a plain write
/// of that block or slice.
bool startsEveryIteration(InstructionOpInterface op);

/// Whether write `w` writes, in each iteration, every partition and byte
/// that read `r` reads in the same iteration: both move with the same
/// induction variable by the same strides, name the same blocks, and w's
/// slice holds r's.
bool writesSliceOf(const Access &w, const Access &r);

/// The blocks an access may name over all iterations of its loop: first,
/// first + stride, ..., last (the op verifier keeps them in the location).
struct BlockSet {
  int64_t first, last, stride = 1;

  BlockSet(const Access &access, int64_t numBlocks);
  bool contains(int64_t block) const {
    return first <= block && block <= last && (block - first) % stride == 0;
  }
  bool contains(const BlockSet &other) const;
  bool intersects(const BlockSet &other) const;
  int64_t size() const { return (last - first) / stride + 1; }
  bool operator==(const BlockSet &other) const {
    return first == other.first && last == other.last && stride == other.stride;
  }
};

/// A rectangle of partitions x bytes of a location's block: what an access
/// pattern reads or writes there. For an access whose ranges move with a
/// loop L it is their hull over L, and `moving` is set: such a write covers
/// only a part of it in any one iteration, so it does not count as covering
/// anything (its slices may leave gaps, or L may read a slice before
/// writing the next); as a read or a touch, the hull is what it may reach.
/// The exception is `fills`: a plain write whose slices, one per iteration,
/// tile the hull, of blocks that do not follow the iv of L, and the only
/// access of its location in L. Seen from outside L, L then writes the hull
/// as one write would, and inside L nothing looks at the location between
/// the slices: an analysis of values may take it as covering the hull
/// (`coversHull`). Where one asks what is held at each instruction inside
/// L (psum-verify-allocation), it writes the hull only once L is over.
struct Area {
  int64_t partLo, partHi, byteLo, byteHi;
  bool moving = false, fills = false;

  static Area of(const Access &access);
  /// Whether, as a write, it covers the area: fixed, or filling it over its
  /// loop.
  bool coversHull() const { return !moving || fills; }
  bool empty() const { return partLo >= partHi || byteLo >= byteHi; }
  bool overlaps(const Area &other) const {
    return partLo < other.partHi && other.partLo < partHi &&
           byteLo < other.byteHi && other.byteLo < byteHi;
  }
  bool operator==(const Area &other) const {
    return partLo == other.partLo && partHi == other.partHi &&
           byteLo == other.byteLo && byteHi == other.byteHi &&
           moving == other.moving && fills == other.fills;
  }
  /// Grows this area by `other` where the two share a whole side and meet
  /// along it, so that their union is one rectangle; whether it did. Pieces
  /// written in order (a tile cut into thousands of slices) so stay a few
  /// rectangles to search. Moving areas never grow or join.
  bool extendBy(const Area &other) {
    if (moving || other.moving)
      return false;
    if (partLo == other.partLo && partHi == other.partHi &&
        (byteHi == other.byteLo || other.byteHi == byteLo)) {
      byteLo = std::min(byteLo, other.byteLo);
      byteHi = std::max(byteHi, other.byteHi);
      return true;
    }
    if (byteLo == other.byteLo && byteHi == other.byteHi &&
        (partHi == other.partLo || other.partHi == partLo)) {
      partLo = std::min(partLo, other.partLo);
      partHi = std::max(partHi, other.partHi);
      return true;
    }
    return false;
  }
};

/// Items (writes) of locations, indexed by the blocks they name: an item of
/// one block alone under its location and block, the others per location.
/// A question about some blocks of a location then looks only at the items
/// that may name them, not at all of the location's (a fully unrolled tile
/// array has an item per block). One map for all locations: a map per
/// location would cost more than its items.
template <typename Item> class BlockIndex {
public:
  /// Adds `item`, which names `blocks` of `loc`.
  void add(mlir::Value loc, const BlockSet &blocks, Item item) {
    Entry &entry = locations[loc];
    if (blocks.size() != 1) {
      entry.spread.push_back({blocks, std::move(item)});
      return;
    }
    auto &alone = byBlock[{loc, blocks.first}];
    if (alone.empty())
      entry.blocks.push_back(blocks.first);
    alone.push_back(std::move(item));
  }
  /// The items of `loc` naming `block` alone.
  llvm::ArrayRef<Item> alone(mlir::Value loc, int64_t block) const {
    auto it = byBlock.find({loc, block});
    return it == byBlock.end() ? llvm::ArrayRef<Item>()
                               : llvm::ArrayRef<Item>(it->second);
  }
  /// The latest item of `loc` naming `block` alone, or null: one a caller
  /// may widen in place instead of adding another.
  Item *lastAlone(mlir::Value loc, int64_t block) {
    auto it = byBlock.find({loc, block});
    return it == byBlock.end() ? nullptr : &it->second.back();
  }
  /// The items of `loc` naming more than one block, with their blocks.
  llvm::ArrayRef<std::pair<BlockSet, Item>> spread(mlir::Value loc) const {
    auto it = locations.find(loc);
    return it == locations.end()
               ? llvm::ArrayRef<std::pair<BlockSet, Item>>()
               : llvm::ArrayRef<std::pair<BlockSet, Item>>(it->second.spread);
  }
  /// Whether `pred` holds for an item of `loc` that names one of `blocks`.
  template <typename Pred>
  bool any(mlir::Value loc, const BlockSet &blocks, Pred pred) const {
    auto it = locations.find(loc);
    if (it == locations.end())
      return false;
    const Entry &entry = it->second;
    for (const auto &[named, item] : entry.spread)
      if (named.intersects(blocks) && pred(item))
        return true;
    auto anyAlone = [&](int64_t block) {
      return llvm::any_of(alone(loc, block), pred);
    };
    // Look the blocks up, or walk the blocks named alone, whichever is
    // fewer.
    if (blocks.size() <= static_cast<int64_t>(entry.blocks.size())) {
      for (int64_t block = blocks.first; block <= blocks.last;
           block += blocks.stride)
        if (anyAlone(block))
          return true;
      return false;
    }
    return llvm::any_of(entry.blocks, [&](int64_t block) {
      return blocks.contains(block) && anyAlone(block);
    });
  }
  void erase(mlir::Value loc) {
    auto it = locations.find(loc);
    if (it == locations.end())
      return;
    for (int64_t block : it->second.blocks)
      byBlock.erase({loc, block});
    locations.erase(it);
  }

private:
  struct Entry {
    llvm::SmallVector<std::pair<BlockSet, Item>, 1> spread;
    /// The blocks with items of their own in `byBlock`.
    llvm::SmallVector<int64_t, 1> blocks;
  };
  llvm::DenseMap<mlir::Value, Entry> locations;
  llvm::DenseMap<std::pair<mlir::Value, int64_t>, llvm::SmallVector<Item, 1>>
      byBlock;
};

/// Which `+=` matmuls start their accumulation group. Fed the writes of a
/// function in program order (loop bodies once, the allocator's linear
/// order), a `+=` destination starts its group when no write before it
/// touches what it writes: another block, other partitions or other bytes
/// of a location (a pipeline loop's tiles after its prologue's, the upper
/// half of a two-bank tile) are groups of their own. A start overwrites in
/// the first iteration of its innermost loop, or in every iteration where
/// each names a block of its own (namesBlockPerIteration).
class GroupStarts {
public:
  /// Records the write `access` of `op` (of any location; only PSUM ones
  /// count) and returns whether it is a `+=` that starts its group: one
  /// nothing before touched, or one marked `start`.
  bool add(mlir::Operation *op, const Access &access);

private:
  /// The partitions and bytes the writes so far of each PSUM location wrote
  /// in the blocks they name; none once one wrote all of it, after which
  /// nothing starts there.
  BlockIndex<Area> written;
  llvm::DenseSet<mlir::Value> full;
  /// The latest write added: a repeat of it (the next `+=` of an unrolled
  /// group) touches it, and adds nothing to search. One for the function,
  /// not one per location: a map entry per location cost more memory than
  /// the repeats it would catch beyond the consecutive ones.
  std::optional<std::tuple<mlir::Value, BlockSet, Area>> latest;
};
} // namespace psum::bir

#endif // PSUM_DIALECT_BIR_BIROPS_H
