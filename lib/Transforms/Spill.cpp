//===- Spill.cpp - spill and reload by TensorCopy -------------------------===//
//
// The seed's insert_spill_code (@0xaef160) and correct_spill_reload
// (@0xaed4b0): PSUM has no PSUM-side spill space, so a spilled value is
// saved by a TensorCopy out of PSUM right after each writer into
// <t>_SpillTensorCopy<id> (SBUF or DRAM), and copied back into a fresh PSUM
// location <t>_ReloadTensorCopy<id> right before each reader, whose access
// patterns are rewritten to read the reload.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {
/// Mints locations with unique names and inserts the copies.
class SpillRewriter {
public:
  SpillRewriter(bir::FuncOp func, const SpillOptions &options,
                SpillCounters &counters, llvm::raw_ostream *trace)
      : options(options), counters(counters), trace(trace) {
    for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>())
      names.insert(memloc.getName());
  }

  LogicalResult spill(const Node &node, Failure &failure);

private:
  bir::MemLocOp mint(OpBuilder &builder, bir::MemLocOp original,
                     StringRef kind, unsigned &counter,
                     bir::MemorySpace space);
  void copy(OpBuilder &builder, Location loc, Value dst, Value src,
            const bir::Access &access, unsigned liveN);

  const SpillOptions &options;
  SpillCounters &counters;
  llvm::raw_ostream *trace;
  llvm::StringSet<> names;
};
} // namespace

bir::MemLocOp SpillRewriter::mint(OpBuilder &builder, bir::MemLocOp original,
                                  StringRef kind, unsigned &counter,
                                  bir::MemorySpace space) {
  std::string name;
  do {
    name = (original.getName() + "_" + kind + Twine(counter++)).str();
  } while (!names.insert(name).second);
  auto memloc = bir::MemLocOp::create(
      builder, original.getLoc(), bir::MemLocType::get(builder.getContext()),
      builder.getStringAttr(name),
      bir::MemorySpaceAttr::get(builder.getContext(), space),
      original.getPartitionsAttr(), original.getBytesAttr(),
      original.getBlocksAttr(), /*pin=*/nullptr, /*base_bank=*/nullptr,
      /*banks=*/nullptr);
  memloc->setAttr(kSpillOriginAttr, original.getNameAttr());
  return memloc;
}

void SpillRewriter::copy(OpBuilder &builder, Location loc, Value dst,
                         Value src, const bir::Access &access,
                         unsigned liveN) {
  SmallVector<Value, 1> ivs;
  bir::AccessAttr ap = access.ap;
  if (access.iv) {
    ivs.push_back(access.iv);
    ap = bir::AccessAttr::get(ap.getContext(), ap.getPartOffset(),
                              ap.getPartSize(), ap.getByteOffset(),
                              ap.getByteSize(), /*blockIv=*/0,
                              ap.getBlockOffset());
  }
  bir::TensorCopyOp::create(builder, loc, ValueRange{dst, src}, ivs,
                            builder.getArrayAttr({ap, ap}),
                            static_cast<uint64_t>(liveN) * options.copyLatency);
}

LogicalResult SpillRewriter::spill(const Node &node, Failure &failure) {
  auto original = cast<bir::MemLocOp>(node.memloc);
  if (!original.isPsum()) {
    failure.op = original;
    failure.message =
        "memType == bir::MemoryType::PSUM && \"Expected save from PSUM\"";
    return mlir::failure();
  }
  Value loc = original.getResult();
  // Users are gathered first: the saves about to be inserted read `loc` too.
  llvm::SetVector<Operation *> writers, readers;
  for (Operation *user : loc.getUsers()) {
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(user).getAccesses()) {
      if (access.loc != loc)
        continue;
      if (bir::isWrite(access.kind))
        writers.insert(user);
      if (bir::isRead(access.kind))
        readers.insert(user);
    }
  }

  OpBuilder builder(original);
  builder.setInsertionPointAfter(original);
  bir::MemLocOp saved = mint(builder, original, "SpillTensorCopy",
                             counters.spills, options.space);
  Operation *lastMinted = saved;
  for (Operation *writer : writers) {
    if (!writer->getNextNode()) {
      failure.op = writer;
      failure.message = "tried to insert PSUM spill at end of block";
      return mlir::failure();
    }
    builder.setInsertionPointAfter(writer);
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(writer).getAccesses())
      if (access.loc == loc && bir::isWrite(access.kind))
        copy(builder, writer->getLoc(), saved, loc, access, node.liveN);
    if (trace)
      *trace << "insert spill " << saved.getName() << "\n";
  }
  for (Operation *reader : readers) {
    builder.setInsertionPointAfter(lastMinted);
    bir::MemLocOp reload = mint(builder, original, "ReloadTensorCopy",
                                counters.reloads, bir::MemorySpace::psum);
    lastMinted = reload;
    builder.setInsertionPoint(reader);
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(reader).getAccesses()) {
      if (access.loc != loc || !bir::isRead(access.kind))
        continue;
      copy(builder, reader->getLoc(), reload, saved, access, node.liveN);
      reader->setOperand(access.index, reload);
    }
    if (trace)
      *trace << "insert reload " << reload.getName() << "\n";
  }
  original->setAttr(kSpilledAttr, builder.getUnitAttr());
  return success();
}

LogicalResult psum::alloc::insertSpillCode(bir::FuncOp func,
                                           const Problem &problem,
                                           ArrayRef<unsigned> spills,
                                           const SpillOptions &options,
                                           SpillCounters &counters,
                                           llvm::raw_ostream *trace,
                                           Failure &failure) {
  for (unsigned v : spills) {
    const Node &node = problem.nodes[v];
    failure.op = node.memloc;
    if (node.unspillable) {
      failure.message = ("cannot allocate PSUM location '" + node.name +
                         "' (" + Twine(node.liveN) +
                         " banks): it is read-modify-written (an "
                         "accumulation group) and cannot be spilled")
                            .str();
      return mlir::failure();
    }
    if (node.fromSpill) {
      failure.message = "too many reloads required: spilling '" + node.name +
                        "' again cannot relieve PSUM pressure";
      return mlir::failure();
    }
  }
  SpillRewriter rewriter(func, options, counters, trace);
  for (unsigned v : spills)
    if (failed(rewriter.spill(problem.nodes[v], failure)))
      return mlir::failure();
  return success();
}
