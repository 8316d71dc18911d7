//===- BIROps.cpp - bir operations ----------------------------------------===//

#include "Psum/Dialect/BIR/BIROps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace psum::bir;

#include "Psum/Dialect/BIR/BIRInterfaces.cpp.inc"

ArchAttr psum::bir::getArch(Operation *op) {
  auto func = dyn_cast<FuncOp>(op);
  if (!func)
    func = op->getParentOfType<FuncOp>();
  return func ? func.getArch() : ArchAttr();
}

/// Parses the attribute dictionary that ends an op's custom form. Inherent
/// attributes other than `inDict` have syntax of their own: written in the
/// dictionary as well, creating the op would let them override that syntax,
/// or drop them when of the wrong kind, so they are rejected. The allowed
/// ones are checked against their constraints for the same reason.
static ParseResult parseTrailingAttrDict(OpAsmParser &parser,
                                         OperationState &result,
                                         ArrayRef<StringRef> inDict = {}) {
  SMLoc loc = parser.getCurrentLocation();
  NamedAttrList attrs;
  if (parser.parseOptionalAttrDict(attrs))
    return failure();
  for (StringAttr inherent : result.name.getAttributeNames())
    if (attrs.get(inherent) && !llvm::is_contained(inDict, inherent.getValue()))
      return parser.emitError(loc, "attribute '")
             << inherent.getValue()
             << "' has its own syntax; it cannot be in the attribute "
                "dictionary";
  if (failed(result.name.verifyInherentAttrs(
          attrs, [&] { return parser.emitError(loc); })))
    return failure();
  result.attributes.append(attrs);
  return success();
}

//===----------------------------------------------------------------------===//
// Access patterns in the custom form
//
//   access   ::= ssa-id (`[` range `,` range (`,` block)? `]`)?
//   range    ::= bound `:` bound                   (start : end, end exclusive)
//   bound    ::= int | ssa-id (`*` int)? ((`+` | `-`) int)?
//   block    ::= int | ssa-id ((`+` | `-`) int)?
//
// A bare location means all of it; a slice without block means all blocks.
// The two bounds of a range follow the same induction variable with the same
// stride (`%i * 512 : %i * 512 + 512`), and both ranges of an access follow
// at most one.
//===----------------------------------------------------------------------===//

namespace {
/// One end of a range: `constant + stride * iv`.
struct Bound {
  Value iv;
  int64_t stride = 0, constant = 0;
};

/// Collects the operands and patterns of an instruction while parsing.
struct AccessParser {
  OpAsmParser &parser;
  SmallVector<Value> locs;
  SmallVector<Value> ivs;
  SmallVector<Attribute> aps;

  /// The operand number of induction variable `iv`, added if new.
  int64_t ivIndex(Value iv) {
    auto *it = llvm::find(ivs, iv);
    if (it == ivs.end())
      ivs.push_back(iv);
    return it - ivs.begin();
  }

  /// Parses an optional `+ c` or `- c` into `constant`.
  ParseResult parseOptionalShift(int64_t &constant) {
    constant = 0;
    if (succeeded(parser.parseOptionalPlus()))
      return parser.parseInteger(constant);
    if (failed(parser.parseOptionalMinus()))
      return success();
    if (parser.parseInteger(constant))
      return failure();
    constant = -constant;
    return success();
  }

  /// Parses an induction variable operand if one comes next: `iv` stays
  /// null otherwise.
  ParseResult parseOptionalIv(Value &iv) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult has = parser.parseOptionalOperand(operand);
    if (!has.has_value())
      return success();
    SmallVector<Value, 1> resolved;
    if (failed(*has) ||
        parser.resolveOperand(operand, parser.getBuilder().getIndexType(),
                              resolved))
      return failure();
    iv = resolved.front();
    return success();
  }

  ParseResult parseBound(Bound &bound) {
    if (parseOptionalIv(bound.iv))
      return failure();
    if (!bound.iv)
      return parser.parseInteger(bound.constant);
    bound.stride = 1;
    SMLoc strideLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalStar())) {
      if (parser.parseInteger(bound.stride))
        return failure();
      if (bound.stride <= 0)
        return parser.emitError(strideLoc, "the stride of a range must be "
                                           "positive, got ")
               << bound.stride;
    }
    return parseOptionalShift(bound.constant);
  }

  /// Parses `start : end` into an offset (`start`'s constant), a size, and
  /// the induction variable and stride both ends follow, if any.
  ParseResult parseRange(int64_t &offset, int64_t &size, Value &iv,
                         int64_t &stride) {
    Bound start, end;
    SMLoc loc = parser.getCurrentLocation();
    if (parseBound(start) || parser.parseColon() || parseBound(end))
      return failure();
    if (start.iv != end.iv || start.stride != end.stride)
      return parser.emitError(loc, "both ends of an access range must follow "
                                   "the same induction variable with the "
                                   "same stride");
    offset = start.constant;
    iv = start.iv;
    stride = start.stride;
    if (end.constant <= offset)
      return parser.emitError(loc, "empty access range ")
             << offset << ":" << end.constant;
    if (llvm::SubOverflow(end.constant, offset, size))
      return parser.emitError(loc, "access range ")
             << offset << ":" << end.constant << " is too large";
    return success();
  }

  ParseResult parseAccess() {
    OpAsmParser::UnresolvedOperand locOperand;
    SMLoc locLoc = parser.getCurrentLocation();
    if (parser.parseOperand(locOperand) ||
        parser.resolveOperand(locOperand,
                              MemLocType::get(parser.getContext()), locs))
      return failure();
    int64_t partOffset = 0, partSize = 0, byteOffset = 0, byteSize = 0;
    int64_t blockIv = -1, blockOffset = -1;
    int64_t sliceIv = -1, partStride = 0, byteStride = 0;
    if (succeeded(parser.parseOptionalLSquare())) {
      Value partIv, byteIv;
      SMLoc rangesLoc = parser.getCurrentLocation();
      if (parseRange(partOffset, partSize, partIv, partStride) ||
          parser.parseComma() ||
          parseRange(byteOffset, byteSize, byteIv, byteStride))
        return failure();
      if (partIv && byteIv && partIv != byteIv)
        return parser.emitError(rangesLoc,
                                "the ranges of an access may follow one "
                                "induction variable, not two");
      if (Value iv = partIv ? partIv : byteIv)
        sliceIv = ivIndex(iv);
      if (succeeded(parser.parseOptionalComma()) && parseBlock(blockIv, blockOffset))
        return failure();
      if (parser.parseRSquare())
        return failure();
    } else {
      MemLocOp memloc = getMemLoc(locs.back());
      if (!memloc)
        return parser.emitError(locLoc, "a whole-location access needs its "
                                        "bir.memloc defined earlier; write "
                                        "the slice explicitly");
      // Not verified yet: a generic-form memloc may lack its shape.
      if (!memloc.getPartitionsAttr() || !memloc.getBytesAttr())
        return parser.emitError(locLoc, "a whole-location access needs the "
                                        "partitions and bytes of its "
                                        "bir.memloc; write the slice "
                                        "explicitly");
      partSize = memloc.getPartitions();
      byteSize = memloc.getBytes();
    }
    aps.push_back(AccessAttr::get(parser.getContext(), partOffset, partSize,
                                  byteOffset, byteSize, blockIv, blockOffset,
                                  sliceIv, partStride, byteStride));
    return success();
  }

  ParseResult parseBlock(int64_t &blockIv, int64_t &blockOffset) {
    Value iv;
    if (parseOptionalIv(iv))
      return failure();
    if (!iv) {
      SMLoc blockLoc = parser.getCurrentLocation();
      if (parser.parseInteger(blockOffset))
        return failure();
      // A negative constant would silently mean "all blocks" in AccessAttr.
      if (blockOffset < 0)
        return parser.emitError(blockLoc,
                                "block index must be non-negative, got ")
               << blockOffset;
      return success();
    }
    blockIv = ivIndex(iv);
    return parseOptionalShift(blockOffset);
  }

  ParseResult parseAccessList() {
    return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                          [&] { return parseAccess(); });
  }

  /// Parses `latency N attr-dict` and fills the common operands/attributes.
  ParseResult finish(OperationState &result) {
    int64_t latency;
    if (parser.parseKeyword("latency") || parser.parseInteger(latency) ||
        parseTrailingAttrDict(parser, result))
      return failure();
    Builder &b = parser.getBuilder();
    result.addOperands(locs);
    result.addOperands(ivs);
    result.addAttribute("aps", b.getArrayAttr(aps));
    result.addAttribute("latency", b.getI64IntegerAttr(latency));
    result.addAttribute("operandSegmentSizes",
                        b.getDenseI32ArrayAttr({static_cast<int32_t>(locs.size()),
                                                static_cast<int32_t>(ivs.size())}));
    return success();
  }
};
} // namespace

/// Prints `constant + stride * iv` as a range's bound.
static void printBound(OpAsmPrinter &p, Value iv, int64_t stride,
                       int64_t constant) {
  if (!stride) {
    p << constant;
    return;
  }
  p << iv;
  if (stride != 1)
    p << " * " << stride;
  if (constant > 0)
    p << " + " << constant;
  else if (constant < 0)
    p << " - " << -constant;
}

static void printRange(OpAsmPrinter &p, Value iv, int64_t stride,
                       int64_t offset, int64_t size) {
  printBound(p, iv, stride, offset);
  p << (stride ? " : " : ":");
  printBound(p, iv, stride, offset + size);
}

static void printAccess(OpAsmPrinter &p, InstructionOpInterface inst,
                        unsigned index) {
  Access access = inst.getAccess(index);
  AccessAttr ap = access.ap;
  p << access.loc;
  MemLocOp memloc = getMemLoc(access.loc);
  bool whole =
      memloc && ap.allBlocks() && !ap.hasIvSlice() && ap.getPartOffset() == 0 &&
      ap.getByteOffset() == 0 &&
      ap.getPartSize() == static_cast<int64_t>(memloc.getPartitions()) &&
      ap.getByteSize() == static_cast<int64_t>(memloc.getBytes());
  if (whole)
    return;
  p << '[';
  printRange(p, access.sliceIv, ap.getPartStride(), ap.getPartOffset(),
             ap.getPartSize());
  p << ", ";
  printRange(p, access.sliceIv, ap.getByteStride(), ap.getByteOffset(),
             ap.getByteSize());
  if (access.iv) {
    p << ", " << access.iv;
    if (int64_t offset = ap.getBlockOffset(); offset > 0)
      p << " + " << offset;
    else if (offset < 0)
      p << " - " << -offset;
  } else if (!ap.allBlocks()) {
    p << ", " << ap.getBlockOffset();
  }
  p << ']';
}

/// Prints the latency and the discardable attributes. Every inherent
/// attribute of an instruction has its own syntax; the discardable ones are
/// read straight from the op, because `getAttrs()` would build a dictionary
/// of the properties on every print.
static void printLatency(OpAsmPrinter &p, Operation *op, int64_t latency) {
  p << " latency " << latency;
  p.printOptionalAttrDict(op->getDiscardableAttrDictionary().getValue());
}

//===----------------------------------------------------------------------===//
// Instruction verification shared by all instruction ops
//===----------------------------------------------------------------------===//

/// Whether `[offset, offset + size)` is non-empty and inside `[0, extent)`.
static bool inRange(int64_t offset, int64_t size, int64_t extent) {
  int64_t end;
  return offset >= 0 && size > 0 && !llvm::AddOverflow(offset, size, end) &&
         end <= extent;
}

/// Reports `[offset, offset + size)` outside `[0, extent)`.
static LogicalResult emitOutOfRange(Operation *op, StringRef what,
                                    int64_t offset, int64_t size,
                                    int64_t extent, MemLocOp memloc) {
  int64_t end;
  bool overflow = llvm::AddOverflow(offset, size, end);
  InFlightDiagnostic diag = op->emitOpError("access pattern ") << what << " [";
  if (overflow)
    diag << offset << ", " << offset << " + " << size;
  else
    diag << offset << ", " << end;
  return diag << ") outside location '" << memloc.getName() << "' with "
              << extent << " " << what;
}

/// Checks the range `offset + stride * iv` of `size` over the iterations of
/// `bounds` (stride not negative: the first and last are the extremes; the
/// loop, verified first, has a trip).
static LogicalResult verifyMovingRange(Operation *op, StringRef what,
                                       int64_t offset, int64_t size,
                                       int64_t stride, LoopOp::Bounds bounds,
                                       int64_t extent, MemLocOp memloc) {
  if (size <= 0)
    return emitOutOfRange(op, what, offset, size, extent, memloc);
  int64_t first, last, end;
  if (llvm::MulOverflow(stride, bounds.lower, first) ||
      llvm::AddOverflow(offset, first, first) ||
      llvm::MulOverflow(stride, bounds.lastIv(), last) ||
      llvm::AddOverflow(offset, last, last) ||
      llvm::AddOverflow(last, size, end))
    return op->emitOpError("access pattern ")
           << what << " overflow over the loop";
  if (first >= 0 && end <= extent)
    return success();
  return op->emitOpError("access pattern ")
         << what << " run over [" << first << ", " << end
         << ") over the loop, outside location '" << memloc.getName()
         << "' with " << extent << " " << what;
}

LogicalResult psum::bir::detail::verifyInstruction(Operation *op) {
  auto inst = cast<InstructionOpInterface>(op);
  // The ODS invariants ran first: `locs` are memlocs and `ivs` are indices,
  // in that order.
  OperandRange operands = op->getOperands();
  unsigned numLocs = 0, numIvs = 0;
  for (Value operand : operands)
    isa<MemLocType>(operand.getType()) ? ++numLocs : ++numIvs;
  auto aps = op->getAttrOfType<ArrayAttr>("aps");
  if (aps.size() != numLocs)
    return op->emitOpError("has ")
           << aps.size() << " access patterns for " << numLocs << " locations";
  if (inst.getLatencyCycles() < 0)
    return op->emitOpError("latency must be non-negative, got ")
           << inst.getLatencyCycles();
  // Check the block and range selectors before the accesses index `ivs`
  // with them.
  for (auto ap : aps.getAsRange<AccessAttr>()) {
    if (ap.hasIvBlock()) {
      if (ap.getBlockIv() >= numIvs)
        return op->emitOpError("access pattern refers to induction variable "
                               "operand #")
               << ap.getBlockIv() << " but the op has " << numIvs;
    } else if (ap.getBlockIv() != -1 || ap.getBlockOffset() < -1) {
      return op->emitOpError("access pattern has a malformed block selector (")
             << ap.getBlockIv() << ", " << ap.getBlockOffset()
             << "); expected (-1, -1) for all blocks, (-1, c) with c >= 0 "
                "for block c, or (i, c) for induction variable operand #i "
                "plus c";
    }
    bool fixed = ap.getSliceIv() == -1 && ap.getPartStride() == 0 &&
                 ap.getByteStride() == 0;
    bool moving = ap.hasIvSlice() && ap.getPartStride() >= 0 &&
                  ap.getByteStride() >= 0 &&
                  (ap.getPartStride() > 0 || ap.getByteStride() > 0);
    if (!fixed && !moving)
      return op->emitOpError("access pattern has a malformed range selector (")
             << ap.getSliceIv() << ", " << ap.getPartStride() << ", "
             << ap.getByteStride()
             << "); expected (-1, 0, 0) for fixed ranges or (i, p, b) for "
                "ranges moving p partitions and b bytes per step of "
                "induction variable operand #i, p and b non-negative and "
                "not both 0";
    if (moving && ap.getSliceIv() >= numIvs)
      return op->emitOpError("access pattern refers to induction variable "
                             "operand #")
             << ap.getSliceIv() << " but the op has " << numIvs;
  }
  // The loop whose induction variable is operand #`iv`, if it encloses op.
  auto enclosingLoop = [&](int64_t iv) {
    auto arg = dyn_cast<BlockArgument>(operands[numLocs + iv]);
    auto loop = arg ? dyn_cast_or_null<LoopOp>(arg.getOwner()->getParentOp())
                    : LoopOp();
    return loop && loop->isProperAncestor(op) ? loop : LoopOp();
  };
  llvm::SmallBitVector usedIvs(numIvs);
  // The accesses, read straight from the operands rather than built as a
  // list: this runs on every instruction each time the IR is verified.
  for (auto [index, ap] : llvm::enumerate(aps.getAsRange<AccessAttr>())) {
    MemLocOp memloc = getMemLoc(operands[index]);
    if (!memloc)
      return op->emitOpError("accesses a location not defined by bir.memloc");
    int64_t partitions = memloc.getPartitions(), bytes = memloc.getBytes();
    if (ap.hasIvSlice()) {
      usedIvs.set(ap.getSliceIv());
      LoopOp loop = enclosingLoop(ap.getSliceIv());
      if (!loop)
        return op->emitOpError("access range must follow the induction "
                               "variable of an enclosing bir.loop");
      if (failed(verifyMovingRange(op, "partitions", ap.getPartOffset(),
                                   ap.getPartSize(), ap.getPartStride(),
                                   loop.getBounds(), partitions, memloc)) ||
          failed(verifyMovingRange(op, "bytes", ap.getByteOffset(),
                                   ap.getByteSize(), ap.getByteStride(),
                                   loop.getBounds(), bytes, memloc)))
        return failure();
    } else if (!inRange(ap.getPartOffset(), ap.getPartSize(), partitions)) {
      return emitOutOfRange(op, "partitions", ap.getPartOffset(),
                            ap.getPartSize(), partitions, memloc);
    } else if (!inRange(ap.getByteOffset(), ap.getByteSize(), bytes)) {
      return emitOutOfRange(op, "bytes", ap.getByteOffset(), ap.getByteSize(),
                            bytes, memloc);
    }
    int64_t numBlocks = memloc.getNumBlocks();
    if (!ap.hasIvBlock()) {
      if (!ap.allBlocks() && ap.getBlockOffset() >= numBlocks)
        return op->emitOpError("access pattern block ")
               << ap.getBlockOffset() << " outside location '"
               << memloc.getName() << "' with " << numBlocks << " blocks";
      continue;
    }
    usedIvs.set(ap.getBlockIv());
    LoopOp loop = enclosingLoop(ap.getBlockIv());
    if (!loop)
      return op->emitOpError(
          "block index must follow the induction variable of an enclosing "
          "bir.loop");
    // The enclosing loop was verified first, so its trip count is positive.
    int64_t first, last;
    bool overflow =
        llvm::AddOverflow(loop.getLastIv(), ap.getBlockOffset(), last) ||
        llvm::AddOverflow(static_cast<int64_t>(loop.getLower()),
                          ap.getBlockOffset(), first);
    if (loop.getTripCount() > 0 &&
        (overflow || first < 0 || last >= numBlocks)) {
      InFlightDiagnostic diag = op->emitOpError("access pattern block index ");
      if (overflow)
        diag << "overflows";
      else
        diag << "runs from " << first << " to " << last;
      return diag << " over the loop, outside location '" << memloc.getName()
                  << "' with " << numBlocks << " blocks";
    }
  }
  if (!usedIvs.all())
    return op->emitOpError("has an induction variable operand that no access "
                           "pattern uses");
  return success();
}

/// Checks the number of accesses of a fixed-arity instruction.
static LogicalResult checkArity(InstructionOpInterface inst, unsigned expected) {
  size_t actual = inst->getAttrOfType<ArrayAttr>("aps").size();
  if (actual != expected)
    return inst->emitOpError("expects ")
           << expected << " access patterns, got " << actual;
  return success();
}

static MemorySpace spaceOf(Value loc) {
  MemLocOp memloc = getMemLoc(loc);
  return memloc ? memloc.getSpace() : MemorySpace::dram;
}

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   ArchAttr arch) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addAttribute(getArchAttrName(state.name), arch);
  Region *body = state.addRegion();
  body->push_back(new Block);
}

/// Walks instructions in program order with loop bodies visited once: the
/// order in which the allocator linearizes them.
static void walkProgramOrder(Block &block,
                             function_ref<void(InstructionOpInterface)> fn) {
  for (Operation &op : block) {
    if (auto inst = dyn_cast<InstructionOpInterface>(op))
      fn(inst);
    else if (auto loop = dyn_cast<LoopOp>(op))
      walkProgramOrder(loop.getBodyBlock(), fn);
  }
}

LogicalResult FuncOp::verify() {
  if (std::optional<ArrayRef<int64_t>> reserved = getReservedBanks()) {
    int64_t numBanks = getArch().getNumBanks();
    for (auto [i, bank] : llvm::enumerate(*reserved)) {
      if (bank < 0 || bank >= numBanks)
        return emitOpError("reserved bank ")
               << bank << " is outside the " << numBanks << " PSUM banks";
      // Increasing: one spelling per set, so that output is deterministic.
      if (i > 0 && bank <= (*reserved)[i - 1])
        return emitOpError("reserved banks must increase, got ")
               << bank << " after " << (*reserved)[i - 1];
    }
    if (static_cast<int64_t>(reserved->size()) == numBanks)
      return emitOpError("reserves every PSUM bank");
  }
  // Runs before the nested ops are verified: look at op kinds and names only.
  Operation *bad = nullptr;
  // StringAttrs are uniqued: equal names are the same attribute.
  llvm::DenseMap<StringAttr, MemLocOp> names;
  LogicalResult result = success();
  getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isa<MemLocOp, LoopOp, BackEdgeOp, InstructionOpInterface>(op)) {
      bad = op;
      return WalkResult::interrupt();
    }
    auto memloc = dyn_cast<MemLocOp>(op);
    if (!memloc)
      return WalkResult::advance();
    // Not verified yet: the memloc's own verifier reports a missing name.
    auto name = op->getAttrOfType<StringAttr>(memloc.getNameAttrName());
    if (!name)
      return WalkResult::advance();
    auto [it, inserted] = names.try_emplace(name, memloc);
    if (inserted)
      return WalkResult::advance();
    result = memloc.emitOpError("redefines location name '")
                 .append(name.getValue(), "'")
                 .attachNote(it->second.getLoc())
             << "first defined here";
    return WalkResult::interrupt();
  });
  if (bad)
    return bad->emitOpError("is not allowed in a bir.func body");
  return result;
}

/// A rectangle (partitions x bytes) of `read` that none of `writes` covers,
/// as {partLo, partHi, byteLo, byteHi}, if any. Blocks are not looked at:
/// the caller passes the writes of one block. A moving write counts as
/// writing its hull here: the question is only whether anything writes the
/// bytes at all.
static std::optional<std::array<int64_t, 4>>
uncoveredPart(const Area &read, ArrayRef<Area> writes) {
  auto box = [](const Area &area) {
    return std::array<int64_t, 4>{area.partLo, area.partHi, area.byteLo,
                                  area.byteHi};
  };
  std::array<int64_t, 4> r = box(read);
  SmallVector<std::array<int64_t, 4>> hits;
  for (const Area &write : writes) {
    std::array<int64_t, 4> w = box(write);
    if (w[0] <= r[0] && r[1] <= w[1] && w[2] <= r[2] && r[3] <= w[3])
      return std::nullopt;
    if (w[0] < r[1] && r[0] < w[1] && w[2] < r[3] && r[2] < w[3])
      hits.push_back(w);
  }
  if (hits.size() > 64)
    return std::nullopt; // too many pieces to check cell by cell: accept
  // Cells between the pieces' edges are either covered or not as a whole.
  SmallVector<int64_t> parts = {r[0], r[1]}, bytes = {r[2], r[3]};
  for (const std::array<int64_t, 4> &w : hits) {
    parts.append({std::clamp(w[0], r[0], r[1]), std::clamp(w[1], r[0], r[1])});
    bytes.append({std::clamp(w[2], r[2], r[3]), std::clamp(w[3], r[2], r[3])});
  }
  llvm::sort(parts);
  parts.erase(llvm::unique(parts), parts.end());
  llvm::sort(bytes);
  bytes.erase(llvm::unique(bytes), bytes.end());
  for (size_t i = 0; i + 1 < parts.size(); ++i)
    for (size_t j = 0; j + 1 < bytes.size(); ++j) {
      std::array<int64_t, 4> cell = {parts[i], parts[i + 1], bytes[j],
                                     bytes[j + 1]};
      if (llvm::none_of(hits, [&](const std::array<int64_t, 4> &w) {
            return w[0] <= cell[0] && cell[1] <= w[1] && w[2] <= cell[2] &&
                   cell[3] <= w[3];
          }))
        return cell;
    }
  return std::nullopt;
}

static bool fillsOverLoop(const Access &access, LoopOp loop);

Area Area::of(const Access &access) {
  AccessAttr ap = access.ap;
  Area area{ap.getPartOffset(), ap.getPartOffset() + ap.getPartSize(),
            ap.getByteOffset(), ap.getByteOffset() + ap.getByteSize()};
  if (!access.sliceIv)
    return area;
  // The verifier kept the hull inside the location (strides >= 0).
  LoopOp loop = getLoopOf(access.sliceIv);
  LoopOp::Bounds bounds = loop.getBounds();
  area.moving = true;
  area.partLo += ap.getPartStride() * bounds.lower;
  area.byteLo += ap.getByteStride() * bounds.lower;
  area.partHi += ap.getPartStride() * bounds.lastIv();
  area.byteHi += ap.getByteStride() * bounds.lastIv();
  area.fills = !access.besideCopies && fillsOverLoop(access, loop);
  return area;
}

/// Whether `access`, moving with `loop`, fills its hull over the loop
/// (Area::fills): a plain write, slices in one dimension that leave no gap
/// between iterations, blocks fixed over the loop, and no other access of
/// its location inside the loop.
static bool fillsOverLoop(const Access &access, LoopOp loop) {
  AccessAttr ap = access.ap;
  if (access.kind != AccessKind::Write ||
      (access.iv && getLoopOf(access.iv) == loop))
    return false;
  // One dimension moves, by at most its size per step.
  int64_t stride = ap.getPartStride(), size = ap.getPartSize();
  if (stride == 0)
    stride = ap.getByteStride(), size = ap.getByteSize();
  else if (ap.getByteStride() != 0)
    return false;
  int64_t step;
  if (llvm::MulOverflow(stride, static_cast<int64_t>(loop.getStep()), step) ||
      step > size)
    return false;
  // Each instruction once: an instruction may use the location twice.
  llvm::SmallPtrSet<Operation *, 4> seen;
  unsigned inLoop = 0;
  for (Operation *user : access.loc.getUsers()) {
    if (!loop->isProperAncestor(user) || !seen.insert(user).second)
      continue;
    for (const Access &other : cast<InstructionOpInterface>(user).getAccesses())
      if (other.loc == access.loc && ++inLoop > 1)
        return false;
  }
  return true;
}

bool psum::bir::writesSliceOf(const Access &w, const Access &r) {
  AccessAttr wp = w.ap, rp = r.ap;
  if (!w.sliceIv || w.sliceIv != r.sliceIv ||
      wp.getPartStride() != rp.getPartStride() ||
      wp.getByteStride() != rp.getByteStride() || w.iv != r.iv ||
      (!wp.allBlocks() && wp.getBlockOffset() != rp.getBlockOffset()))
    return false;
  return wp.getPartOffset() <= rp.getPartOffset() &&
         rp.getPartOffset() + rp.getPartSize() <=
             wp.getPartOffset() + wp.getPartSize() &&
         wp.getByteOffset() <= rp.getByteOffset() &&
         rp.getByteOffset() + rp.getByteSize() <=
             wp.getByteOffset() + wp.getByteSize();
}

BlockSet::BlockSet(const Access &access, int64_t numBlocks) {
  AccessAttr ap = access.ap;
  if (ap.allBlocks()) {
    first = 0, last = numBlocks - 1;
    return;
  }
  first = last = ap.getBlockOffset();
  if (!access.iv)
    return;
  LoopOp::Bounds loop = getLoopOf(access.iv).getBounds();
  first += loop.lower;
  last += loop.lastIv();
  stride = loop.step;
}

bool BlockSet::intersects(const BlockSet &other) const {
  int64_t lo = std::max(first, other.first), hi = std::min(last, other.last);
  if (lo > hi)
    return false;
  // Walk the sparser set from lo: the residues modulo the denser one's
  // stride repeat after that many steps.
  const BlockSet &sparse = stride >= other.stride ? *this : other;
  const BlockSet &dense = stride >= other.stride ? other : *this;
  int64_t x = sparse.first + (lo - sparse.first + sparse.stride - 1) /
                                 sparse.stride * sparse.stride;
  for (int64_t k = 0; k < dense.stride && x <= hi; ++k, x += sparse.stride)
    if (dense.contains(x))
      return true;
  return false;
}

bool psum::bir::startsEveryIteration(InstructionOpInterface op) {
  return llvm::any_of(op.getAccesses(), [&](const Access &access) {
    return access.kind == AccessKind::ReadWrite && isPerIteration(op, access);
  });
}

/// Whether an access naming `blocks` of `area` covers every block,
/// partition and byte of `memloc`.
static bool coversWhole(MemLocOp memloc, const BlockSet &blocks,
                        const Area &area) {
  return blocks.size() == memloc.getNumBlocks() &&
         area == Area{0, static_cast<int64_t>(memloc.getPartitions()), 0,
                      static_cast<int64_t>(memloc.getBytes())};
}

bool GroupStarts::add(Operation *op, const Access &access) {
  MemLocOp memloc = getMemLoc(access.loc);
  if (!memloc || !memloc.isPsum())
    return false;
  auto matmul = dyn_cast<MatmulOp>(op);
  bool marked = matmul && matmul.getStart() && access.index == MatmulOp::kDst;
  if (full.contains(access.loc))
    return marked;
  BlockSet blocks(access, memloc.getNumBlocks());
  Area area = Area::of(access);
  bool repeat = latest == std::make_tuple(access.loc, blocks, area);
  // Only a `+=` not marked asks what came before: a tile written as
  // thousands of plain pieces searched them all for each (quadratic:
  // session-28 scaling audit, F5).
  auto touches = [&](const Area &before) { return before.overlaps(area); };
  bool starts =
      access.kind == AccessKind::ReadWrite &&
      (marked || (!repeat && !written.any(access.loc, blocks, touches)));
  if (coversWhole(memloc, blocks, area)) {
    full.insert(access.loc);
    written.erase(access.loc);
  } else if (!repeat) {
    Area *last = blocks.size() == 1
                     ? written.lastAlone(access.loc, blocks.first)
                     : nullptr;
    if (!last || !last->extendBy(area))
      written.add(access.loc, blocks, area);
    latest = {access.loc, blocks, area};
  }
  return starts;
}

bool BlockSet::contains(const BlockSet &other) const {
  if (stride == 1)
    return first <= other.first && other.last <= last;
  return llvm::all_of(llvm::seq<int64_t>(0, other.size()), [&](int64_t k) {
    return contains(other.first + k * other.stride);
  });
}

/// Whether some instruction writes location `loc`.
static bool isWritten(Value loc) {
  return llvm::any_of(loc.getUsers(), [&](Operation *user) {
    auto inst = dyn_cast<InstructionOpInterface>(user);
    return inst && llvm::any_of(inst.getAccesses(), [&](const Access &access) {
             return access.loc == loc && isWrite(access.kind);
           });
  });
}

LogicalResult FuncOp::verifyRegions() {
  // Runs after every nested op verified, so accesses are well formed.
  // PSUM has no initial contents: a PSUM read needs an earlier write. The
  // only exception is the accumulating matmul that starts its group. One
  // walk checks that and gathers each PSUM location's writes and reads.
  struct PsumLoc {
    bool written = false;
    // A write covers every block, partition and byte: every read is covered,
    // so the location's partial writes and reads need not be kept.
    bool whole = false;
  };
  llvm::DenseMap<Value, PsumLoc> psumLocs;
  BlockIndex<Area> writes;
  // Each distinct write (location, blocks, pattern) is kept once: a tile
  // rewritten in every round adds nothing to what reads may read, and kept
  // every time it made the reads' search quadratic (session-28 scaling
  // audit). A read identical to one is covered without a search.
  using WriteKey = std::tuple<Value, int64_t, int64_t, int64_t, int64_t,
                              int64_t, int64_t, int64_t>;
  auto keyOf = [](Value loc, const BlockSet &blocks, const Area &area) {
    return WriteKey{loc,         blocks.first, blocks.last, blocks.stride,
                    area.partLo, area.partHi,  area.byteLo, area.byteHi};
  };
  llvm::DenseSet<WriteKey> distinctWrites;
  SmallVector<std::pair<InstructionOpInterface, Access>> psumReads;
  LogicalResult result = success();
  walkProgramOrder(getBodyBlock(), [&](InstructionOpInterface inst) {
    if (failed(result))
      return;
    auto matmul = dyn_cast<MatmulOp>(inst.getOperation());
    AccessList accesses = inst.getAccesses();
    for (const Access &access : accesses) {
      if (!isRead(access.kind) || spaceOf(access.loc) != MemorySpace::psum)
        continue;
      PsumLoc &loc = psumLocs[access.loc];
      if (!loc.whole)
        psumReads.push_back({inst, access});
      bool startsGroup = matmul && access.index == MatmulOp::kDst;
      if (startsGroup || loc.written)
        continue;
      InFlightDiagnostic diag = inst->emitOpError("reads PSUM location '")
                                << getMemLoc(access.loc).getName()
                                << "' before any write";
      // The seed's live_range asserts a first def: say so where there is
      // none at all, not only none before this read.
      if (!isWritten(access.loc))
        diag << "; no instruction writes it (the seed's live_range: no "
                "first def find)";
      result = diag;
      return;
    }
    for (const Access &access : accesses) {
      if (!isWrite(access.kind))
        continue;
      MemLocOp memloc = getMemLoc(access.loc);
      if (!memloc || !memloc.isPsum())
        continue;
      PsumLoc &loc = psumLocs[access.loc];
      loc.written = true;
      if (loc.whole)
        continue;
      BlockSet blocks(access, memloc.getNumBlocks());
      Area area = Area::of(access);
      if (coversWhole(memloc, blocks, area)) {
        loc.whole = true;
        writes.erase(access.loc);
        continue;
      }
      if (distinctWrites.insert(keyOf(access.loc, blocks, area)).second)
        writes.add(access.loc, blocks, area);
    }
  });
  if (failed(result))
    return result;

  // Nor does a part of a location that no instruction writes: a read of
  // PSUM must read only partitions and bytes that some write of the
  // location writes, in each block it may read.
  for (auto &read : psumReads) {
    // Named, not bound: a structured binding cannot be captured in C++17.
    InstructionOpInterface inst = read.first;
    const Access &access = read.second;
    if (psumLocs.lookup(access.loc).whole)
      continue;
    MemLocOp memloc = getMemLoc(access.loc);
    BlockSet readBlocks(access, memloc.getNumBlocks());
    Area area = Area::of(access);
    if (distinctWrites.contains(keyOf(access.loc, readBlocks, area)))
      continue;
    // Writes that cover all the read may read settle it at once.
    auto covers = [&](const Area &write) {
      return !uncoveredPart(area, write);
    };
    if (llvm::any_of(writes.spread(access.loc),
                     [&](const std::pair<BlockSet, Area> &write) {
                       return write.first.contains(readBlocks) &&
                              covers(write.second);
                     }) ||
        (readBlocks.size() == 1 &&
         llvm::any_of(writes.alone(access.loc, readBlocks.first), covers)))
      continue;
    for (int64_t k = 0; k < readBlocks.size(); ++k) {
      int64_t block = readBlocks.first + k * readBlocks.stride;
      SmallVector<Area> blockWrites(writes.alone(access.loc, block));
      for (const auto &[blocks, write] : writes.spread(access.loc))
        if (blocks.contains(block))
          blockWrites.push_back(write);
      std::optional<std::array<int64_t, 4>> hole =
          uncoveredPart(area, blockWrites);
      if (!hole)
        continue;
      InFlightDiagnostic diag = inst->emitOpError("reads partitions [")
                                << (*hole)[0] << ", " << (*hole)[1]
                                << ") x bytes [" << (*hole)[2] << ", "
                                << (*hole)[3] << ") of ";
      if (memloc.getNumBlocks() > 1)
        diag << "block " << block << " of ";
      return diag << "PSUM location '" << memloc.getName()
                  << "', which no instruction writes";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MemLocOp
//===----------------------------------------------------------------------===//

void MemLocOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), getName());
}

ParseResult MemLocOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  auto &props = result.getOrAddProperties<Properties>();
  std::string name;
  StringRef space;
  int64_t partitions, bytes;
  if (parser.parseString(&name))
    return failure();
  SMLoc spaceLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&space))
    return failure();
  std::optional<MemorySpace> symbol = symbolizeMemorySpace(space);
  if (!symbol)
    return parser.emitError(spaceLoc, "expected memory space dram, sbuf or "
                                      "psum, got '")
           << space << "'";
  if (parser.parseLSquare() || parser.parseInteger(partitions) ||
      parser.parseComma() || parser.parseInteger(bytes) ||
      parser.parseRSquare())
    return failure();
  props.name = b.getStringAttr(name);
  props.space = MemorySpaceAttr::get(b.getContext(), *symbol);
  props.partitions = b.getI64IntegerAttr(partitions);
  props.bytes = b.getI64IntegerAttr(bytes);
  if (succeeded(parser.parseOptionalKeyword("x"))) {
    int64_t blocks;
    if (parser.parseInteger(blocks))
      return failure();
    props.blocks = b.getI64IntegerAttr(blocks);
  }
  // `pin`, `buffers`, `base_bank` and `banks` are written in the attribute
  // dictionary; creating the op moves them into the properties.
  if (parseTrailingAttrDict(parser, result,
                            {getPinAttrName(result.name).getValue(),
                             getBuffersAttrName(result.name).getValue(),
                             getBaseBankAttrName(result.name).getValue(),
                             getBanksAttrName(result.name).getValue()}))
    return failure();
  result.addTypes(MemLocType::get(b.getContext()));
  return success();
}

void MemLocOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printString(getName());
  p << ' ' << stringifyMemorySpace(getSpace()) << " [" << getPartitions()
    << ", " << getBytes() << ']';
  if (std::optional<uint64_t> blocks = getBlocks())
    p << " x " << static_cast<int64_t>(*blocks);
  // The optional inherent attributes print in the dictionary with the
  // discardable ones, sorted by name as a DictionaryAttr would be.
  SmallVector<NamedAttribute> attrs(
      (*this)->getDiscardableAttrDictionary().getValue());
  if (IntegerAttr pin = getPinAttr())
    attrs.emplace_back(getPinAttrName(), pin);
  if (IntegerAttr buffers = getBuffersAttr())
    attrs.emplace_back(getBuffersAttrName(), buffers);
  if (IntegerAttr baseBank = getBaseBankAttr())
    attrs.emplace_back(getBaseBankAttrName(), baseBank);
  if (DenseI64ArrayAttr banks = getBanksAttr())
    attrs.emplace_back(getBanksAttrName(), banks);
  llvm::sort(attrs);
  p.printOptionalAttrDict(attrs);
}

LogicalResult MemLocOp::verify() {
  if (getName().empty())
    return emitOpError("needs a non-empty name");
  // The generated getters are unsigned; the sizes are signed in the IR.
  int64_t partitions = static_cast<int64_t>(getPartitions());
  int64_t bytes = static_cast<int64_t>(getBytes());
  if (partitions <= 0 || bytes <= 0 || getNumBlocks() <= 0)
    return emitOpError("location '")
           << getName() << "' must have positive partitions, bytes and "
           << "blocks, got [" << partitions << ", " << bytes << "] x "
           << getNumBlocks();
  if (Attribute mark = (*this)->getDiscardableAttr(kSpilledAttrName)) {
    if (!isa<UnitAttr>(mark))
      return emitOpError("'") << kSpilledAttrName << "' on location '"
                              << getName() << "' takes no value, got " << mark;
    if (!isPsum())
      return emitOpError("location '")
             << getName() << "' is not in PSUM but is marked spilled";
  }
  if (Attribute origin = (*this)->getDiscardableAttr(kSpillOfAttrName);
      origin && !isa<StringAttr>(origin))
    return emitOpError("'")
           << kSpillOfAttrName << "' on location '" << getName()
           << "' must name a tensor (a string), got " << origin;
  ArchAttr arch = psum::bir::getArch(*this);
  if (!arch)
    return success();
  if (partitions > static_cast<int64_t>(arch.getPartitions()))
    return emitOpError("location '")
           << getName() << "' has " << getPartitions()
           << " partitions but the architecture has " << arch.getPartitions();
  if (!isPsum() && (getPin() || getBuffers() || getBaseBank() || getBanks()))
    return emitOpError("location '")
           << getName() << "' is not in PSUM but carries "
           << (getPin()       ? "a pin"
               : getBuffers() ? "buffers"
                              : "banks");
  if (std::optional<uint64_t> buffers = getBuffers();
      buffers && (static_cast<int64_t>(*buffers) < 1 ||
                  static_cast<int64_t>(*buffers) > getNumBlocks()))
    return emitOpError("location '")
           << getName() << "' asks for " << static_cast<int64_t>(*buffers)
           << " buffers but has " << getNumBlocks()
           << " blocks: buffers must be between 1 and the block count";
  int64_t numBanks = arch.getNumBanks();
  auto checkBank = [&](StringRef what, int64_t bank) -> LogicalResult {
    if (bank < 0 || bank >= numBanks)
      return emitOpError(what) << " " << bank << " of location '" << getName()
                               << "' is outside the " << numBanks
                               << " PSUM banks";
    return success();
  };
  if (getPin() && failed(checkBank("pinned bank", *getPin())))
    return failure();
  if (getBaseBank() && failed(checkBank("base bank", *getBaseBank())))
    return failure();
  if (std::optional<ArrayRef<int64_t>> banks = getBanks()) {
    if (static_cast<int64_t>(banks->size()) != getNumBlocks())
      return emitOpError("location '")
             << getName() << "' lists " << banks->size() << " banks for "
             << getNumBlocks() << " blocks";
    // A block takes whole banks from its first one.
    int64_t blockBanks = llvm::divideCeil(getBytes(), arch.getBankSize());
    for (auto [block, bank] : llvm::enumerate(*banks)) {
      if (failed(checkBank("bank", bank)))
        return failure();
      if (bank + blockBanks > numBanks)
        return emitOpError("block ")
               << block << " of location '" << getName() << "' takes banks "
               << bank << "-" << bank + blockBanks - 1
               << ", past the last PSUM bank, " << numBanks - 1;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LoopOp
//===----------------------------------------------------------------------===//

void LoopOp::build(OpBuilder &builder, OperationState &state, int64_t lower,
                   int64_t upper, int64_t step) {
  state.addAttribute(getLowerAttrName(state.name),
                     builder.getI64IntegerAttr(lower));
  state.addAttribute(getUpperAttrName(state.name),
                     builder.getI64IntegerAttr(upper));
  state.addAttribute(getStepAttrName(state.name),
                     builder.getI64IntegerAttr(step));
  Region *body = state.addRegion();
  auto *block = new Block;
  block->addArgument(builder.getIndexType(), state.location);
  body->push_back(block);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(block);
  BackEdgeOp::create(builder, state.location);
}

/// Loops nest at most this deep: the parser recurses per loop, and a few
/// thousand levels overflow its stack (real kernels nest a handful).
static constexpr unsigned kMaxLoopDepth = 256;

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  // The loops being parsed on this thread, around this one.
  static thread_local unsigned depth = 0;
  if (depth >= kMaxLoopDepth)
    return parser.emitError(parser.getCurrentLocation(),
                            "loops nested more than ")
           << kMaxLoopDepth << " deep";
  ++depth;
  llvm::scope_exit leave([] { --depth; });
  OpAsmParser::Argument iv;
  int64_t lower, upper, step = 1;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseInteger(lower) || parser.parseKeyword("to") ||
      parser.parseInteger(upper))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("step")) &&
      parser.parseInteger(step))
    return failure();
  Builder &b = parser.getBuilder();
  iv.type = b.getIndexType();
  result.addAttribute("lower", b.getI64IntegerAttr(lower));
  result.addAttribute("upper", b.getI64IntegerAttr(upper));
  result.addAttribute("step", b.getI64IntegerAttr(step));
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, iv) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  LoopOp::ensureTerminator(*body, b, result.location);
  return success();
}

void LoopOp::print(OpAsmPrinter &p) {
  // The generated getters are unsigned; print the signed values.
  p << ' ' << getInductionVar() << " = " << static_cast<int64_t>(getLower())
    << " to " << static_cast<int64_t>(getUpper());
  if (getStep() != 1)
    p << " step " << static_cast<int64_t>(getStep());
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  p.printOptionalAttrDictWithKeyword(
      (*this)->getDiscardableAttrDictionary().getValue());
}

LogicalResult LoopOp::verify() {
  Block &body = getBodyBlock();
  if (body.getNumArguments() != 1 || !body.getArgument(0).getType().isIndex())
    return emitOpError("body must take one index induction variable");
  // The generated getters are unsigned; bounds and step are signed.
  int64_t lower = static_cast<int64_t>(getLower());
  int64_t upper = static_cast<int64_t>(getUpper());
  int64_t step = static_cast<int64_t>(getStep());
  if (step <= 0)
    return emitOpError("step must be positive, got ") << step;
  if (upper <= lower)
    return emitOpError("has a trip count of 0: upper bound ")
           << upper << " is not above lower bound " << lower;
  if (getTripCount() < 0)
    return emitOpError("has more than ")
           << std::numeric_limits<int64_t>::max() << " iterations";
  return success();
}

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

AccessKind MatmulOp::getAccessKind(unsigned index) {
  if (index == kDst)
    return getAccumulate() ? AccessKind::ReadWrite : AccessKind::Write;
  return AccessKind::Read;
}

ParseResult MatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  AccessParser aps{parser};
  if (aps.parseAccess())
    return failure();
  if (succeeded(parser.parseOptionalPlus()))
    result.addAttribute("accumulate", parser.getBuilder().getUnitAttr());
  if (parser.parseEqual())
    return failure();
  if (aps.parseAccess() || parser.parseComma() || aps.parseAccess())
    return failure();
  if (succeeded(parser.parseOptionalKeyword("start")))
    result.addAttribute("start", parser.getBuilder().getUnitAttr());
  return aps.finish(result);
}

void MatmulOp::print(OpAsmPrinter &p) {
  p << ' ';
  printAccess(p, *this, kDst);
  p << (getAccumulate() ? " += " : " = ");
  printAccess(p, *this, kLhs);
  p << ", ";
  printAccess(p, *this, kRhs);
  if (getStart())
    p << " start";
  printLatency(p, *this, static_cast<int64_t>(getLatency()));
}

LogicalResult MatmulOp::verify() {
  if (failed(checkArity(*this, 3)))
    return failure();
  if (getStart() && !getAccumulate())
    return emitOpError("marks a group start but overwrites ('='): 'start' "
                       "applies to an accumulating matmul ('+=')");
  auto locs = getLocs();
  if (spaceOf(locs[kDst]) != MemorySpace::psum)
    return emitOpError("must write PSUM, but '")
           << getMemLoc(locs[kDst]).getName() << "' is in "
           << stringifyMemorySpace(spaceOf(locs[kDst]));
  for (unsigned i : {kLhs, kRhs})
    if (spaceOf(locs[i]) == MemorySpace::psum)
      return emitOpError("must read its operands outside PSUM, but '")
             << getMemLoc(locs[i]).getName() << "' is in psum";
  return success();
}

//===----------------------------------------------------------------------===//
// ActivationOp
//===----------------------------------------------------------------------===//

AccessKind ActivationOp::getAccessKind(unsigned index) {
  return index == 0 ? AccessKind::Write : AccessKind::Read;
}

ParseResult ActivationOp::parse(OpAsmParser &parser, OperationState &result) {
  StringRef funcName;
  SMLoc funcLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&funcName))
    return failure();
  std::optional<ActivationFunc> func = symbolizeActivationFunc(funcName);
  if (!func) {
    InFlightDiagnostic diag =
        parser.emitError(funcLoc, "unknown activation function '")
        << funcName << "', expected one of ";
    for (uint32_t value = 0; value <= getMaxEnumValForActivationFunc(); ++value)
      diag << (value ? ", " : "")
           << stringifyActivationFunc(static_cast<ActivationFunc>(value));
    return diag;
  }
  result.addAttribute("func", ActivationFuncAttr::get(parser.getContext(), *func));
  AccessParser aps{parser};
  if (aps.parseAccess() || parser.parseEqual() || aps.parseAccess())
    return failure();
  return aps.finish(result);
}

void ActivationOp::print(OpAsmPrinter &p) {
  p << ' ' << stringifyActivationFunc(getFunc()) << ' ';
  printAccess(p, *this, 0);
  p << " = ";
  printAccess(p, *this, 1);
  printLatency(p, *this, static_cast<int64_t>(getLatency()));
}

LogicalResult ActivationOp::verify() {
  if (failed(checkArity(*this, 2)))
    return failure();
  Value src = getLocs()[1];
  if (spaceOf(src) != MemorySpace::psum)
    return emitOpError("must read PSUM, but '")
           << getMemLoc(src).getName() << "' is in "
           << stringifyMemorySpace(spaceOf(src));
  return success();
}

//===----------------------------------------------------------------------===//
// TensorCopyOp
//===----------------------------------------------------------------------===//

AccessKind TensorCopyOp::getAccessKind(unsigned index) {
  return index == 0 ? AccessKind::Write : AccessKind::Read;
}

ParseResult TensorCopyOp::parse(OpAsmParser &parser, OperationState &result) {
  AccessParser aps{parser};
  if (aps.parseAccess() || parser.parseEqual() || aps.parseAccess())
    return failure();
  if (succeeded(parser.parseOptionalKeyword("cast")))
    result.addAttribute("cast", parser.getBuilder().getUnitAttr());
  return aps.finish(result);
}

void TensorCopyOp::print(OpAsmPrinter &p) {
  p << ' ';
  printAccess(p, *this, 0);
  p << " = ";
  printAccess(p, *this, 1);
  if (getCast())
    p << " cast";
  printLatency(p, *this, static_cast<int64_t>(getLatency()));
}

LogicalResult TensorCopyOp::verify() {
  if (failed(checkArity(*this, 2)))
    return failure();
  auto aps = getAps().getAsRange<AccessAttr>();
  AccessAttr dst = *aps.begin(), src = *std::next(aps.begin());
  int64_t srcBytes = src.getByteSize(), dstBytes = dst.getByteSize();
  // A cast converts each element: element types of 1, 2 or 4 bytes.
  auto convertible = [](int64_t from, int64_t to) {
    return llvm::any_of(std::initializer_list<int64_t>{1, 2, 4},
                        [&](int64_t ratio) {
                          return from == to * ratio || to == from * ratio;
                        });
  };
  if (dst.getPartSize() != src.getPartSize() ||
      (getCast() ? !convertible(srcBytes, dstBytes) : srcBytes != dstBytes)) {
    InFlightDiagnostic diag = emitOpError(getCast() ? "casts [" : "copies [")
                              << src.getPartSize() << ", " << srcBytes
                              << "] into [" << dst.getPartSize() << ", "
                              << dstBytes << "]: ";
    if (dst.getPartSize() != src.getPartSize())
      return diag << "partitions differ";
    if (getCast())
      return diag << "the byte sizes are not in a ratio of 1, 2 or 4";
    return diag << "sizes differ (a copy that converts the element type is "
                   "marked 'cast')";
  }
  if (getLocs()[0] == getLocs()[1])
    return emitOpError("copies a location onto itself");
  return success();
}

//===----------------------------------------------------------------------===//
// InstOp
//===----------------------------------------------------------------------===//

AccessKind InstOp::getAccessKind(unsigned index) {
  return index < getNumWrites() ? AccessKind::Write : AccessKind::Read;
}

ParseResult InstOp::parse(OpAsmParser &parser, OperationState &result) {
  std::string opcode;
  if (parser.parseString(&opcode))
    return failure();
  AccessParser aps{parser};
  if (parser.parseKeyword("writes") || aps.parseAccessList())
    return failure();
  size_t numWrites = aps.aps.size();
  if (parser.parseKeyword("reads") || aps.parseAccessList())
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute("opcode", b.getStringAttr(opcode));
  result.addAttribute("num_writes", b.getI64IntegerAttr(numWrites));
  return aps.finish(result);
}

void InstOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printString(getOpcode());
  unsigned numAccesses = getLocs().size();
  unsigned numWrites = std::min<unsigned>(getNumWrites(), numAccesses);
  auto printList = [&](StringRef keyword, unsigned begin, unsigned end) {
    p << ' ' << keyword << '(';
    for (unsigned i = begin; i < end; ++i) {
      if (i != begin)
        p << ", ";
      printAccess(p, *this, i);
    }
    p << ')';
  };
  printList("writes", 0, numWrites);
  printList("reads", numWrites, numAccesses);
  printLatency(p, *this, static_cast<int64_t>(getLatency()));
}

LogicalResult InstOp::verify() {
  int64_t numWrites = static_cast<int64_t>(getNumWrites());
  if (numWrites < 0)
    return emitOpError("num_writes must be non-negative, got ") << numWrites;
  if (numWrites > static_cast<int64_t>(getLocs().size()))
    return emitOpError("declares ") << numWrites << " writes but has only "
                                    << getLocs().size() << " access patterns";
  return success();
}

#define GET_OP_CLASSES
#include "Psum/Dialect/BIR/BIROps.cpp.inc"
