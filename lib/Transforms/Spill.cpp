//===- Spill.cpp - spill and reload by TensorCopy -------------------------===//
//
// The seed's insert_spill_code (@0xaef160) and correct_spill_reload
// (@0xaed4b0): PSUM has no PSUM-side spill space, so a spilled value is
// saved by a TensorCopy out of PSUM right after each writer into
// <t>_SpillTensorCopy<id> (SBUF or DRAM), and copied back into a fresh PSUM
// location <t>_ReloadTensorCopy<id> right before each reader, whose access
// patterns are rewritten to read the reload. A reader that is a TensorCopy
// reads the saved copy instead (load2Copy): it is a copy out of PSUM already.
//
// spillProblem is the same rewrite on the problem: the linear points and
// candidates that linearize and buildLiveRanges would find in the rewritten
// function, so the spill fixpoint needs no IR until its winner is known
// (docs/PsumAllocate.md, "The spill fixpoint without the IR").
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

/// The kinds of location a spill mints, named `<t>_<kind><n>`.
static constexpr StringLiteral kSaveKind = "SpillTensorCopy",
                               kWriteKind = "SpillWrite",
                               kReloadKind = "ReloadTensorCopy";
static constexpr StringLiteral kMintedKinds[] = {kSaveKind, kWriteKind,
                                                 kReloadKind};

llvm::StringSet<> psum::alloc::spillLikeNames(const LinearFunction &lf) {
  // Only a name containing a kind can equal a minted one: the rest need not
  // be hashed and copied into the set.
  llvm::StringSet<> names;
  for (bir::MemLocOp memloc : lf.memlocs) {
    StringRef name = memloc.getName();
    if (llvm::any_of(kMintedKinds,
                     [&](StringRef kind) { return name.contains(kind); }))
      names.insert(name);
  }
  return names;
}

std::string LocationNames::mint(StringRef base, StringRef kind,
                                unsigned &counter) {
  std::string name;
  do {
    name = (base + "_" + kind + Twine(counter++)).str();
  } while ((existing && existing->contains(name)) ||
           !minted.insert(name).second);
  return name;
}

/// What a location that spilling made holds, from its name `<t>_<kind><n>`,
/// for the give-up: the seed's message names the minted copy, not the
/// tensor the user wrote.
static std::string describeSpillMinted(StringRef name) {
  struct Role {
    StringLiteral kind, before, after;
  };
  for (const Role &role :
       {Role{kReloadKind, "the reload of '", "' before a reader"},
        Role{kWriteKind, "a later write of '", "' up to its save"}}) {
    size_t at = name.rfind(("_" + role.kind).str());
    if (at == StringRef::npos)
      continue;
    // A counter follows a minted kind; a user's name may end in the kind.
    StringRef counter = name.drop_front(at + 1 + role.kind.size());
    if (!counter.empty() && llvm::all_of(counter, llvm::isDigit))
      return (role.before + name.take_front(at) + role.after).str();
  }
  return "spilled already: what is left of it in PSUM, its writes and their "
         "saves, cannot be spilled again";
}

/// The seed's preconditions of a spill (its assert and its two give-ups).
static LogicalResult checkSpillable(const Node &node, Failure &failure) {
  failure.op = node.memloc;
  if (node.unspillable) {
    failure.message = ("cannot allocate PSUM location '" + node.name + "' (" +
                       Twine(node.liveN) +
                       " banks): it is read-modify-written (an "
                       "accumulation group) and cannot be spilled")
                          .str();
    return mlir::failure();
  }
  if (node.fromSpill) {
    failure.message = "too many reloads required: spilling '" + node.name +
                      "' again cannot relieve PSUM pressure (" +
                      describeSpillMinted(node.name) + ")";
    return mlir::failure();
  }
  return success();
}

/// A save goes after its writer, which must not end its block.
static LogicalResult checkSaveable(Operation *writer, Failure &failure) {
  if (writer->getNextNode())
    return success();
  failure.op = writer;
  failure.message = "tried to insert PSUM spill at end of block";
  return mlir::failure();
}

namespace {
/// Mints locations with unique names and inserts the copies.
class SpillRewriter {
public:
  SpillRewriter(bir::FuncOp func, const LinearFunction &lf,
                const SpillOptions &options, SpillCounters &counters,
                llvm::raw_ostream *trace)
      : lf(lf), options(options), counters(counters), trace(trace),
        savedSpace(bir::MemorySpaceAttr::get(func.getContext(), options.space)),
        psumSpace(bir::MemorySpaceAttr::get(func.getContext(),
                                            bir::MemorySpace::psum)),
        originName(StringAttr::get(func.getContext(), kSpillOriginAttr)),
        spilledName(StringAttr::get(func.getContext(), kSpilledAttr)),
        existing(spillLikeNames(lf)) {}

  /// Spills `node`; the PSUM locations it mints are appended to `minted`.
  LogicalResult spill(const Node &node, Failure &failure,
                      SmallVectorImpl<Operation *> &minted);

private:
  /// A location shaped like `original` in `space`, with the attributes
  /// `attrs` (one dictionary for all the locations a spill mints).
  bir::MemLocOp mint(OpBuilder &builder, bir::MemLocOp original, StringRef kind,
                     unsigned &counter, bir::MemorySpaceAttr space,
                     DictionaryAttr attrs);
  /// Copies of the accesses of `loc` by `op` that write (saves after it)
  /// or read (reloads before it), from `src` into `dst`, one per distinct
  /// pattern; each access's operand becomes `operand`. They share the cost
  /// model's figure for the instruction, liveN x copy latency, so the copies
  /// add up to the score.
  void copyAccesses(OpBuilder &builder, Operation *op, Value loc, bool writes,
                    Value dst, Value src, Value operand, unsigned liveN);

  const LinearFunction &lf;
  const SpillOptions &options;
  SpillCounters &counters;
  llvm::raw_ostream *trace;
  // Built once: a spill mints a location per writer and reader.
  bir::MemorySpaceAttr savedSpace, psumSpace;
  StringAttr originName, spilledName;
  llvm::StringSet<> existing;
  LocationNames names{&existing};
};
} // namespace

bir::MemLocOp SpillRewriter::mint(OpBuilder &builder, bir::MemLocOp original,
                                  StringRef kind, unsigned &counter,
                                  bir::MemorySpaceAttr space,
                                  DictionaryAttr attrs) {
  std::string name = names.mint(original.getName(), kind, counter);
  auto memloc = bir::MemLocOp::create(
      builder, original.getLoc(), bir::MemLocType::get(builder.getContext()),
      builder.getStringAttr(name), space, original.getPartitionsAttr(),
      original.getBytesAttr(), original.getBlocksAttr(), /*pin=*/nullptr,
      /*base_bank=*/nullptr, /*banks=*/nullptr, /*buffers=*/nullptr);
  memloc->setDiscardableAttrs(attrs);
  return memloc;
}

/// The pattern of a copy of `access` and the copy's induction variable
/// operands: the access's block and range ivs, in that order.
static bir::AccessAttr copyPattern(const bir::Access &access,
                                   SmallVectorImpl<Value> &ivs) {
  if (access.iv)
    ivs.push_back(access.iv);
  if (access.sliceIv && access.sliceIv != access.iv)
    ivs.push_back(access.sliceIv);
  return access.ap.withIvs(/*blockIv=*/0, /*sliceIv=*/ivs.size() - 1);
}

void SpillRewriter::copyAccesses(OpBuilder &builder, Operation *op, Value loc,
                                 bool writes, Value dst, Value src,
                                 Value operand, unsigned liveN) {
  // One copy per distinct pattern: an instruction reading the same slice
  // twice takes one reload.
  SmallVector<bir::Access, 2> accesses;
  for (const bir::Access &access :
       cast<bir::InstructionOpInterface>(op).getAccesses())
    if (access.loc == loc &&
        (writes ? bir::isWrite(access.kind) : bir::isRead(access.kind)))
      accesses.push_back(access);
  for (const bir::Access &access : accesses)
    op->setOperand(access.index, operand);
  if (accesses.size() > 1) {
    llvm::SmallDenseSet<std::pair<Attribute, Value>, 4> patterns;
    llvm::erase_if(accesses, [&](const bir::Access &access) {
      return !patterns.insert({access.ap, access.iv}).second;
    });
  }
  uint64_t total = static_cast<uint64_t>(liveN) * options.copyLatency;
  for (auto [k, access] : llvm::enumerate(accesses)) {
    SmallVector<Value, 2> ivs;
    bir::AccessAttr ap = copyPattern(access, ivs);
    uint64_t latency =
        total / accesses.size() + (k < total % accesses.size() ? 1 : 0);
    bir::TensorCopyOp::create(builder, op->getLoc(), ValueRange{dst, src}, ivs,
                              builder.getArrayAttr({ap, ap}), latency);
  }
}

LogicalResult SpillRewriter::spill(const Node &node, Failure &failure,
                                   SmallVectorImpl<Operation *> &minted) {
  auto original = cast<bir::MemLocOp>(node.memloc);
  if (!original.isPsum()) {
    failure.op = original;
    failure.message =
        "memType == bir::MemoryType::PSUM && \"Expected save from PSUM\"";
    return mlir::failure();
  }
  Value loc = original.getResult();
  OpBuilder builder(original);
  builder.setInsertionPointAfter(original);
  // What the minted locations carry: the tensor they copy, and on SpillWrite
  // locations the mark that their writes are saved.
  NamedAttribute origin(originName, original.getNameAttr());
  DictionaryAttr copyAttrs = builder.getDictionaryAttr(origin), writeAttrs;
  bir::MemLocOp saved = mint(builder, original, kSaveKind, counters.spills,
                             savedSpace, copyAttrs);
  Operation *lastMinted = saved;
  // Writers and readers in program order (the node's linear points).
  for (auto [i, point] : llvm::enumerate(node.writers)) {
    Operation *writer = lf.points[point].op;
    if (failed(checkSaveable(writer, failure)))
      return mlir::failure();
    // Nothing reads a write but its saves, so each writer after the first
    // writes a location of its own, live from the write to its saves.
    Value written = loc;
    if (i > 0 && options.writeLocations) {
      builder.setInsertionPointAfter(lastMinted);
      if (!writeAttrs)
        writeAttrs = builder.getDictionaryAttr(
            {origin, NamedAttribute(spilledName, builder.getUnitAttr())});
      bir::MemLocOp piece = mint(builder, original, kWriteKind, counters.writes,
                                 psumSpace, writeAttrs);
      lastMinted = piece;
      minted.push_back(piece);
      written = piece.getResult();
    }
    builder.setInsertionPointAfter(writer);
    copyAccesses(builder, writer, loc, /*writes=*/true, saved, written, written,
                 node.liveN);
    if (trace)
      *trace << "insert spill " << saved.getName() << "\n";
  }
  for (unsigned point : node.readers) {
    Operation *reader = lf.points[point].op;
    builder.setInsertionPointAfter(lastMinted);
    bir::MemLocOp reload = mint(builder, original, kReloadKind,
                                counters.reloads, psumSpace, copyAttrs);
    lastMinted = reload;
    minted.push_back(reload);
    builder.setInsertionPoint(reader);
    copyAccesses(builder, reader, loc, /*writes=*/false, reload, saved, reload,
                 node.liveN);
    if (trace)
      *trace << "insert reload " << reload.getName() << "\n";
  }
  // load2Copy: a TensorCopy reader copies from the saved value.
  for (unsigned point : node.copyReaders) {
    Operation *reader = lf.points[point].op;
    for (const bir::Access &access :
         cast<bir::InstructionOpInterface>(reader).getAccesses())
      if (access.loc == loc)
        reader->setOperand(access.index, saved);
  }
  original->setAttr(spilledName, builder.getUnitAttr());
  return success();
}

LogicalResult
psum::alloc::insertSpillCode(bir::FuncOp func, const LinearFunction &lf,
                             const Problem &problem, ArrayRef<unsigned> spills,
                             const SpillOptions &options,
                             SpillCounters &counters, llvm::raw_ostream *trace,
                             Failure &failure, MintedLocations *minted) {
  for (unsigned v : spills)
    if (failed(checkSpillable(problem.nodes[v], failure)))
      return mlir::failure();
  SpillRewriter rewriter(func, lf, options, counters, trace);
  SmallVector<Operation *, 2> ignored;
  for (unsigned v : spills) {
    const Node &node = problem.nodes[v];
    if (failed(rewriter.spill(node, failure,
                              minted ? (*minted)[node.memloc] : ignored)))
      return mlir::failure();
    ignored.clear();
  }
  return success();
}

LogicalResult psum::alloc::bindMinted(MutableArrayRef<PlacedNode> nodes,
                                      const MintedLocations &minted) {
  size_t bound = 0;
  ArrayRef<Operation *> next;
  for (PlacedNode &node : nodes) {
    if (node.memloc) {
      auto it = minted.find(node.memloc);
      next = it == minted.end() ? ArrayRef<Operation *>() : it->second;
      continue;
    }
    if (next.empty())
      return failure();
    node.memloc = next.front();
    next = next.drop_front();
    ++bound;
  }
  size_t total = 0;
  for (const auto &entry : minted)
    total += entry.second.size();
  return success(bound == total);
}

namespace {
/// The copies spillProblem inserts: one per access of a spilled node but for
/// the reads of TensorCopies (load2Copy, they read the saved copy) and for
/// an access its instruction already made the same way (`repeated`, one
/// copy serves both, as in copyAccesses). `first` numbers the accesses of
/// all spills: access a of spill s is number first[s] + a.
struct SpillCopies {
  struct Copy {
    unsigned point;
    bool after;
    unsigned spill, access;
    /// A reload before its reader, in spill order; saves after their writer
    /// with the latest spill first, as each spill inserts its saves right
    /// after the writer.
    auto key() const {
      return std::make_tuple(point, after, after ? -int64_t(spill) : spill,
                             access);
    }
  };
  std::vector<Copy> copies;
  std::vector<unsigned> first;
  std::vector<bool> repeated;
  /// The new linear point of each access's copy.
  std::vector<unsigned> copyPoint;

  unsigned index(unsigned spill, unsigned access) const {
    return first[spill] + access;
  }
};

/// The names spillProblem mints for each spill, in spill order as
/// insertSpillCode mints them: the locations of the writers after the
/// first, and the reloads.
struct SpillNames {
  std::vector<std::vector<std::string>> writes, reloads;
};
} // namespace

/// The copies `spills` need, sorted by where they go; a failure where a
/// node or one of its writers cannot be spilled.
static FailureOr<SpillCopies> planCopies(const LinearFunction &lf,
                                         const Problem &problem,
                                         ArrayRef<unsigned> spills,
                                         Failure &failure) {
  const std::vector<Node> &nodes = problem.nodes;
  for (unsigned v : spills)
    if (failed(checkSpillable(nodes[v], failure)))
      return mlir::failure();
  SpillCopies plan;
  unsigned numAccesses = 0;
  for (unsigned v : spills)
    numAccesses += problem.accesses[v].size();
  plan.repeated.resize(numAccesses);
  plan.copyPoint.resize(numAccesses);
  numAccesses = 0;
  for (auto [s, v] : llvm::enumerate(spills)) {
    for (unsigned point : nodes[v].writers)
      if (failed(checkSaveable(lf.points[point].op, failure)))
        return mlir::failure();
    plan.first.push_back(numAccesses);
    const LocAccesses &accesses = problem.accesses[v];
    numAccesses += accesses.size();
    // The patterns of the instruction at `point`, where it has several
    // accesses (an instruction's accesses are next to each other).
    llvm::SmallDenseSet<std::tuple<unsigned, Attribute, Value>, 4> patterns;
    unsigned point = ~0u;
    for (auto [a, access] : llvm::enumerate(accesses)) {
      if (loadsToCopy(lf, problem.geometry, access))
        continue;
      if (access.point != point && !patterns.empty())
        patterns.clear();
      bool several =
          access.point == point ||
          (a + 1 < accesses.size() && accesses[a + 1].point == access.point);
      point = access.point;
      bool write = bir::isWrite(access.access.kind);
      if (several &&
          !patterns
               .insert({unsigned(write), access.access.ap, access.access.iv})
               .second)
        plan.repeated[plan.index(s, a)] = true;
      else
        plan.copies.push_back({access.point, write, unsigned(s), unsigned(a)});
    }
  }
  llvm::sort(plan.copies,
             [](const SpillCopies::Copy &a, const SpillCopies::Copy &b) {
               return a.key() < b.key();
             });
  return plan;
}

/// The names of what `spills` mint (empty without `names`: only the trace
/// shows them), traced as the seed's `insert spill` / `insert reload`.
static SpillNames mintNames(const Problem &problem, ArrayRef<unsigned> spills,
                            const SpillOptions &options,
                            SpillCounters &counters, LocationNames *names,
                            llvm::raw_ostream *trace) {
  SpillNames minted;
  minted.writes.resize(spills.size());
  minted.reloads.resize(spills.size());
  for (auto [s, v] : llvm::enumerate(spills)) {
    const Node &node = problem.nodes[v];
    if (options.writeLocations && !node.writers.empty())
      minted.writes[s].resize(node.writers.size() - 1);
    minted.reloads[s].resize(node.readers.size());
    if (!names)
      continue;
    std::string saved = names->mint(node.name, kSaveKind, counters.spills);
    for (std::string &name : minted.writes[s])
      name = names->mint(node.name, kWriteKind, counters.writes);
    if (trace)
      for (size_t i = 0; i < node.writers.size(); ++i)
        *trace << "insert spill " << saved << "\n";
    for (std::string &name : minted.reloads[s]) {
      name = names->mint(node.name, kReloadKind, counters.reloads);
      if (trace)
        *trace << "insert reload " << name << "\n";
    }
  }
  return minted;
}

/// The linear points of `lf` with the copies of `plan` inserted, into
/// `next` (copies take the loop nest of their neighbour; the loops move from
/// `ownedLf` when given); fills plan.copyPoint. The new point of each old
/// one.
static std::vector<unsigned> insertCopyPoints(const LinearFunction &lf,
                                              LinearFunction *ownedLf,
                                              SpillCopies &plan,
                                              LinearFunction &next) {
  if (ownedLf) {
    next.loopOf = std::move(ownedLf->loopOf);
    next.loops = std::move(ownedLf->loops);
    next.nests = std::move(ownedLf->nests);
  } else {
    next.loopOf = lf.loopOf;
    next.loops = lf.loops;
    next.nests = lf.nests;
  }
  next.points.clear();
  std::vector<unsigned> moved(lf.points.size());
  next.points.reserve(lf.points.size() + plan.copies.size());
  auto copy = plan.copies.begin();
  auto insertCopy = [&](size_t p) {
    plan.copyPoint[plan.index(copy->spill, copy->access)] = next.points.size();
    next.points.push_back({nullptr, PointKind::Instruction, lf.points[p].nest});
  };
  for (size_t p = 0; p < lf.points.size(); ++p) {
    for (; copy != plan.copies.end() && copy->point == p && !copy->after;
         ++copy)
      insertCopy(p);
    moved[p] = next.points.size();
    next.points.push_back(lf.points[p]);
    for (; copy != plan.copies.end() && copy->point == p; ++copy)
      insertCopy(p);
  }
  for (Loop &loop : next.loops) {
    loop.header = moved[loop.header];
    loop.backEdge = moved[loop.backEdge];
  }
  return moved;
}

/// Spilled node `v` (spill number `s`) as the rewrite leaves it: each
/// writer's writes and their saves (each save follows its writer) form a
/// location of their own, the first writer's being the original (a spilled
/// location has no `+=`, so no group starts); each reader reads its own
/// reload, written by copies just before it; TensorCopy readers read the
/// saved copy. `add` describes and keeps each location; `original` is the
/// node itself (moved out of `problem` where the caller replaces it: only
/// its accesses are read there).
static LogicalResult
rewriteSpilled(const LinearFunction &lf, const Problem &problem, unsigned v,
               unsigned s, Node original, const SpillCopies &plan,
               ArrayRef<unsigned> moved, const SpillOptions &options,
               SpillNames &names,
               function_ref<LogicalResult(Node &&, LocAccesses &&)> add) {
  std::vector<LocAccesses> writes, reloadWrites, reloadReads;
  for (auto [a, access] : llvm::enumerate(problem.accesses[v])) {
    if (loadsToCopy(lf, problem.geometry, access))
      continue;
    unsigned copy = plan.copyPoint[plan.index(s, a)];
    bool makesCopy = !plan.repeated[plan.index(s, a)];
    unsigned point = moved[access.point];
    // Each access gets a copy beside it in its loop.
    bir::Access kept = access.access, copied = access.access;
    kept.besideCopies = copied.besideCopies = true;
    SmallVector<Value, 2> ivs;
    copied.ap = copyPattern(access.access, ivs);
    if (bir::isWrite(access.access.kind)) {
      if (writes.empty() ||
          (options.writeLocations && writes.back().front().point != point))
        writes.emplace_back();
      copied.kind = bir::AccessKind::Read;
      writes.back().push_back({point, false, kept});
      if (makesCopy)
        writes.back().push_back({copy, false, copied});
      continue;
    }
    if (reloadReads.empty() || reloadReads.back().back().point != point) {
      reloadWrites.emplace_back();
      reloadReads.emplace_back();
    }
    copied.kind = bir::AccessKind::Write;
    if (makesCopy)
      reloadWrites.back().push_back({copy, false, copied});
    reloadReads.back().push_back({point, false, kept});
  }
  auto mintNode = [blocks = original.blocks,
                   blockBanks = original.blockBanks](std::string &name) {
    Node minted;
    minted.name = std::move(name);
    minted.blocks = blocks;
    minted.blockBanks = blockBanks;
    minted.fromSpill = true;
    return minted;
  };
  original.fromSpill = true;
  for (auto [k, accesses] : llvm::enumerate(writes)) {
    // A writer's accesses precede all of its saves.
    sortStably(accesses, [](const LocAccess &a, const LocAccess &b) {
      return a.point < b.point;
    });
    if (failed(
            add(k == 0 ? std::move(original) : mintNode(names.writes[s][k - 1]),
                std::move(accesses))))
      return failure();
  }
  for (auto [reloadWrites, reads, name] :
       llvm::zip(reloadWrites, reloadReads, names.reloads[s])) {
    LocAccesses accesses = std::move(reloadWrites);
    accesses.append(reads.begin(), reads.end());
    if (failed(add(mintNode(name), std::move(accesses))))
      return failure();
  }
  return success();
}

/// spillProblem from `lf` and `problem` into `next` and `nextLf`. What is
/// kept moves from `ownedLf` and `owned` when given (the same objects as `lf`
/// and `problem`, replaced by the caller), and is copied otherwise.
static LogicalResult spillInto(const LinearFunction &lf, const Problem &problem,
                               LinearFunction *ownedLf, Problem *owned,
                               ArrayRef<unsigned> spills,
                               const SpillOptions &options, bool loopAware,
                               SpillCounters &counters, LocationNames *names,
                               llvm::raw_ostream *trace, Failure &failure,
                               LinearFunction &next, Problem &result) {
  FailureOr<SpillCopies> plan = planCopies(lf, problem, spills, failure);
  if (failed(plan))
    return mlir::failure();
  SpillNames minted =
      mintNames(problem, spills, options, counters, names, trace);
  std::vector<unsigned> moved = insertCopyPoints(lf, ownedLf, *plan, next);

  const std::vector<Node> &nodes = problem.nodes;
  result = Problem();
  result.geometry = problem.geometry;
  result.numPoints = next.points.size();
  size_t numMinted = 0;
  for (auto [s, v] : llvm::enumerate(spills))
    numMinted += minted.writes[s].size() + nodes[v].readers.size();
  result.nodes.reserve(nodes.size() + numMinted);
  result.accesses.reserve(nodes.size() + numMinted);
  auto add = [&](Node &&node, LocAccesses &&accesses) {
    if (failed(describeNode(node, next, accesses, problem.geometry, loopAware,
                            failure)))
      return mlir::failure();
    result.nodes.push_back(std::move(node));
    result.accesses.push_back(std::move(accesses));
    return success();
  };
  constexpr unsigned kKept = ~0u;
  std::vector<unsigned> spillOf(nodes.size(), kKept);
  for (auto [s, v] : llvm::enumerate(spills))
    spillOf[v] = s;
  for (size_t v = 0; v < nodes.size(); ++v) {
    Node node = owned ? std::move(owned->nodes[v]) : Node(nodes[v]);
    if (unsigned s = spillOf[v]; s != kKept) {
      if (failed(rewriteSpilled(lf, problem, v, s, std::move(node), *plan,
                                moved, options, minted, add)))
        return mlir::failure();
      continue;
    }
    // Its accesses are untouched: the same live range, moved.
    node.def = moved[node.def];
    node.use = moved[node.use];
    for (auto *points : {&node.writers, &node.readers, &node.copyReaders})
      for (unsigned &point : *points)
        point = moved[point];
    LocAccesses accesses = owned ? std::move(owned->accesses[v])
                                 : LocAccesses(problem.accesses[v]);
    for (LocAccess &a : accesses)
      a.point = moved[a.point];
    result.nodes.push_back(std::move(node));
    result.accesses.push_back(std::move(accesses));
  }
  return success();
}

LogicalResult psum::alloc::spillProblem(
    LinearFunction &lf, Problem &problem, ArrayRef<unsigned> spills,
    const SpillOptions &options, bool loopAware, SpillCounters &counters,
    LocationNames *names, llvm::raw_ostream *trace, Failure &failure) {
  LinearFunction next;
  Problem result;
  if (failed(spillInto(lf, problem, &lf, &problem, spills, options, loopAware,
                       counters, names, trace, failure, next, result)))
    return mlir::failure();
  lf = std::move(next);
  problem = std::move(result);
  return success();
}

LogicalResult psum::alloc::spillProblem(
    const LinearFunction &lf, const Problem &problem, ArrayRef<unsigned> spills,
    const SpillOptions &options, bool loopAware, SpillCounters &counters,
    LocationNames *names, llvm::raw_ostream *trace, Failure &failure,
    LinearFunction &nextLf, Problem &next) {
  return spillInto(lf, problem, nullptr, nullptr, spills, options, loopAware,
                   counters, names, trace, failure, nextLf, next);
}
