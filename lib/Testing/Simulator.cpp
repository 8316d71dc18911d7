//===- Simulator.cpp - abstract execution of bir functions ----------------===//

#include "Psum/Testing/Simulator.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace mlir;
using namespace psum;
using namespace psum::testing;

namespace {

/// splitmix64: a fixed, process-independent mixer.
uint64_t mix(uint64_t a, uint64_t b) {
  uint64_t z = a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr uint64_t kUninit = 0x5eed5eed5eed5eedULL;

class Machine {
public:
  Machine(bir::FuncOp func, const SimOptions &options)
      : func(func), options(options) {}

  SimResult run();

private:
  struct LocState {
    bir::MemLocOp memloc;
    int64_t partCells, byteCells;
    std::vector<uint64_t> cells; ///< logical storage
    bool physical = false;
  };

  LocState &state(Value loc);
  /// Cells an access touches in the current iteration, in canonical order.
  LogicalResult cellsOf(const bir::Access &access, SmallVectorImpl<uint64_t *> &cells);
  LogicalResult execBlock(Block &block);
  LogicalResult execInst(bir::InstructionOpInterface inst);
  LogicalResult fail(Operation *op, const Twine &message) {
    if (result.ok) {
      result.ok = false;
      std::string text;
      llvm::raw_string_ostream os(text);
      os << message << " at ";
      op->getLoc().print(os);
      result.error = text;
    }
    return failure();
  }

  bir::FuncOp func;
  const SimOptions &options;
  SimResult result;
  llvm::DenseMap<Value, LocState> locs;
  std::vector<uint64_t> banks; ///< physical PSUM cells
  int64_t bankPartCells = 0, bankByteCells = 0;
  llvm::DenseMap<Value, int64_t> ivValues;
  std::vector<int64_t> iteration;
  llvm::DenseSet<Operation *> groupStarts;
  uint64_t steps = 0;
};

} // namespace

Machine::LocState &Machine::state(Value loc) {
  auto it = locs.find(loc);
  if (it != locs.end())
    return it->second;
  LocState s;
  s.memloc = bir::getMemLoc(loc);
  s.partCells = s.memloc.getPartitions() / options.partitionCell;
  s.byteCells = s.memloc.getBytes() / options.byteCell;
  s.physical = options.psum == PsumModel::Physical && s.memloc.isPsum();
  if (!s.physical)
    s.cells.assign(s.memloc.getNumBlocks() * s.partCells * s.byteCells, kUninit);
  return locs.try_emplace(loc, std::move(s)).first->second;
}

LogicalResult Machine::cellsOf(const bir::Access &access,
                               SmallVectorImpl<uint64_t *> &cells) {
  LocState &s = state(access.loc);
  bir::AccessAttr ap = access.ap;
  int64_t numBlocks = s.memloc.getNumBlocks();
  SmallVector<int64_t, 4> blocks;
  if (access.iv)
    blocks.push_back(ivValues.lookup(access.iv) + ap.getBlockOffset());
  else if (ap.allBlocks())
    for (int64_t k = 0; k < numBlocks; ++k)
      blocks.push_back(k);
  else
    blocks.push_back(ap.getBlockOffset());
  // Ranges moving with a loop, where this iteration has them.
  int64_t step = access.sliceIv ? ivValues.lookup(access.sliceIv) : 0;
  int64_t partOffset = ap.getPartOffset() + ap.getPartStride() * step;
  int64_t byteOffset = ap.getByteOffset() + ap.getByteStride() * step;
  int64_t p0 = partOffset / options.partitionCell;
  int64_t p1 = (partOffset + ap.getPartSize()) / options.partitionCell;
  int64_t b0 = byteOffset / options.byteCell;
  int64_t b1 = (byteOffset + ap.getByteSize()) / options.byteCell;
  std::optional<ArrayRef<int64_t>> bankOf = s.memloc.getBanks();
  for (int64_t k : blocks) {
    if (k < 0 || k >= numBlocks)
      return fail(s.memloc, "block index out of range");
    if (s.physical && (!bankOf || k >= int64_t(bankOf->size())))
      return fail(s.memloc, "PSUM location '" + s.memloc.getName() +
                                "' has no banks");
    for (int64_t p = p0; p < p1; ++p) {
      for (int64_t b = b0; b < b1; ++b) {
        if (!s.physical) {
          cells.push_back(&s.cells[(k * s.partCells + p) * s.byteCells + b]);
          continue;
        }
        int64_t byte = b * options.byteCell;
        int64_t bank = (*bankOf)[k] + byte / options.bankSize;
        int64_t within = (byte % options.bankSize) / options.byteCell;
        if (bank < 0 || bank >= int64_t(options.numBanks) || p >= bankPartCells)
          return fail(s.memloc, "physical address outside PSUM");
        cells.push_back(&banks[(bank * bankPartCells + p) * bankByteCells + within]);
      }
    }
  }
  return success();
}

LogicalResult Machine::execInst(bir::InstructionOpInterface inst) {
  Operation *op = inst.getOperation();
  // Each instruction records its reads with the iteration it ran in.
  steps += 1 + iteration.size();
  if (steps > options.maxSteps) {
    result.overBudget = true;
    return fail(op, "step budget exhausted");
  }
  bir::AccessList accesses = inst.getAccesses();
  bool start = false;
  if (groupStarts.contains(op)) {
    // In the first iteration of its innermost loop, or in every one where
    // each names a block, and so a group, of its own.
    auto loop = dyn_cast<bir::LoopOp>(op->getParentOp());
    start = !loop ||
            ivValues.lookup(loop.getInductionVar()) ==
                static_cast<int64_t>(loop.getLower()) ||
            bir::startsEveryIteration(inst);
  }
  uint64_t readValue = 0x1234;
  SmallVector<uint64_t> sourceValues;
  for (const bir::Access &access : accesses) {
    if (!bir::isRead(access.kind))
      continue;
    SmallVector<uint64_t *> cells;
    if (failed(cellsOf(access, cells)))
      return failure();
    bool startRead = start && access.kind == bir::AccessKind::ReadWrite;
    for (uint64_t *cell : cells) {
      uint64_t value = startRead ? kUninit : *cell;
      readValue = mix(readValue, value);
      sourceValues.push_back(value);
    }
  }
  int64_t id = -1;
  if (auto attr = op->getAttrOfType<IntegerAttr>(kSimIdAttr)) {
    id = attr.getInt();
    result.reads.push_back({id, iteration, readValue, op});
  }
  bool isCopy = isa<bir::TensorCopyOp>(op);
  uint64_t base = mix(mix(0xabcdef, uint64_t(id)), readValue);
  for (int64_t i : iteration)
    base = mix(base, uint64_t(i));
  for (const bir::Access &access : accesses) {
    if (!bir::isWrite(access.kind))
      continue;
    SmallVector<uint64_t *> cells;
    if (failed(cellsOf(access, cells)))
      return failure();
    for (auto [i, cell] : llvm::enumerate(cells))
      *cell = isCopy ? (i < sourceValues.size() ? sourceValues[i] : kUninit)
                     : mix(base, i);
  }
  return success();
}

LogicalResult Machine::execBlock(Block &block) {
  for (Operation &op : block) {
    if (auto loop = dyn_cast<bir::LoopOp>(op)) {
      Value iv = loop.getInductionVar();
      for (int64_t k = 0, trip = loop.getTripCount(); k < trip; ++k) {
        int64_t i = static_cast<int64_t>(loop.getLower() + k * loop.getStep());
        ivValues[iv] = i;
        iteration.push_back(i);
        LogicalResult body = execBlock(loop.getBodyBlock());
        iteration.pop_back();
        if (failed(body))
          return failure();
      }
      continue;
    }
    if (auto inst = dyn_cast<bir::InstructionOpInterface>(op))
      if (failed(execInst(inst)))
        return failure();
  }
  return success();
}

SimResult Machine::run() {
  int64_t maxPartitions = options.partitionCell;
  bir::GroupStarts starts;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto memloc = dyn_cast<bir::MemLocOp>(op)) {
      if (memloc.isPsum())
        maxPartitions = std::max<int64_t>(maxPartitions, memloc.getPartitions());
      return;
    }
    auto inst = dyn_cast<bir::InstructionOpInterface>(op);
    if (!inst)
      return;
    for (const bir::Access &access : inst.getAccesses())
      if (bir::isWrite(access.kind) && starts.add(op, access))
        groupStarts.insert(op);
  });
  bankPartCells = maxPartitions / options.partitionCell;
  bankByteCells = options.bankSize / options.byteCell;
  // Storage is a cell per partition and byte cell of every location (and
  // of PSUM, physically): too many is a function this cannot run.
  bool physical = options.psum == PsumModel::Physical;
  auto cellsFor = [](uint64_t a, uint64_t b, uint64_t c) {
    return llvm::SaturatingMultiply(llvm::SaturatingMultiply(a, b), c);
  };
  uint64_t cells =
      physical ? cellsFor(options.numBanks, bankPartCells, bankByteCells) : 0;
  for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>())
    if (!physical || !memloc.isPsum())
      cells = llvm::SaturatingAdd(
          cells, cellsFor(memloc.getNumBlocks(),
                          memloc.getPartitions() / options.partitionCell,
                          memloc.getBytes() / options.byteCell));
  if (cells > options.maxCells) {
    result.overBudget = true;
    (void)fail(func, "cell budget exceeded: the locations take " +
                         std::to_string(cells) + " cells, more than " +
                         std::to_string(options.maxCells));
    return result;
  }
  if (physical)
    banks.assign(options.numBanks * bankPartCells * bankByteCells, kUninit);
  if (failed(execBlock(func.getBodyBlock())))
    return result;
  for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>()) {
    if (memloc.isPsum() || memloc->hasAttr("spill_of"))
      continue;
    uint64_t value = 0;
    for (uint64_t cell : state(memloc.getResult()).cells)
      value = mix(value, cell);
    result.finalState[memloc.getName().str()] = value;
  }
  return result;
}

void psum::testing::granularity(bir::FuncOp func, SimOptions &options) {
  int64_t parts = 0, bytes = options.bankSize;
  func.walk([&](Operation *op) {
    if (auto memloc = dyn_cast<bir::MemLocOp>(op)) {
      parts = std::gcd(parts, memloc.getPartitions());
      bytes = std::gcd(bytes, memloc.getBytes());
    } else if (auto inst = dyn_cast<bir::InstructionOpInterface>(op)) {
      for (const bir::Access &access : inst.getAccesses()) {
        parts = std::gcd(
            std::gcd(parts, access.ap.getPartOffset()),
            std::gcd(access.ap.getPartSize(), access.ap.getPartStride()));
        bytes = std::gcd(
            std::gcd(bytes, access.ap.getByteOffset()),
            std::gcd(access.ap.getByteSize(), access.ap.getByteStride()));
      }
    }
  });
  options.partitionCell = std::max<int64_t>(parts, 1);
  options.byteCell = std::max<int64_t>(bytes, 1);
}

SimResult psum::testing::simulate(bir::FuncOp func, const SimOptions &options) {
  return Machine(func, options).run();
}

std::string psum::testing::compareRuns(const SimResult &original,
                                       const SimResult &allocated) {
  if (!original.ok)
    return "original run failed: " + original.error;
  if (!allocated.ok)
    return "allocated run failed: " + allocated.error;
  std::string text;
  llvm::raw_string_ostream os(text);
  size_t n = std::min(original.reads.size(), allocated.reads.size());
  for (size_t i = 0; i < n; ++i) {
    const ReadEvent &a = original.reads[i], &b = allocated.reads[i];
    if (a.id != b.id || a.iteration != b.iteration) {
      os << "instruction order differs at event " << i << ": id " << a.id
         << " vs " << b.id;
      return text;
    }
    if (a.value == b.value)
      continue;
    os << "instruction (sim id " << a.id << ") at ";
    b.op->getLoc().print(os);
    os << " read a clobbered value in iteration [";
    llvm::interleaveComma(a.iteration, os);
    os << "]";
    return text;
  }
  if (original.reads.size() != allocated.reads.size()) {
    os << "the runs executed " << original.reads.size() << " and "
       << allocated.reads.size() << " instructions";
    return text;
  }
  for (const auto &[name, value] : original.finalState) {
    auto it = allocated.finalState.find(name);
    if (it == allocated.finalState.end() || it->second != value) {
      os << "final contents of '" << name << "' differ";
      return text;
    }
  }
  return text;
}
