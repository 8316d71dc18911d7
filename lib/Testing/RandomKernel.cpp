//===- RandomKernel.cpp - seeded random bir functions ---------------------===//

#include "Psum/Testing/RandomKernel.h"

#include "mlir/IR/Builders.h"

#include <random>

using namespace mlir;
using namespace psum;
using namespace psum::testing;

namespace {

/// One side of an instruction: a location, optionally one block of it
/// (`iv + offset`, or a constant when `iv` is null and `block` >= 0), and
/// optionally a byte range of it (all bytes when `bytes` is 0) and a
/// partition range (all partitions when `parts` is 0), moving by the
/// strides with `sliceIv` if set.
struct Slice {
  Value loc;
  Value iv = {};
  int64_t block = -1;
  int64_t byteOffset = 0, bytes = 0;
  int64_t partOffset = 0, parts = 0;
  Value sliceIv = {};
  int64_t partStride = 0, byteStride = 0;
};

/// A PSUM value waiting for its drain.
struct Live {
  Value loc;
  unsigned banks;
  bool accumulator;
  /// For a pool buffer's value: what of the pool it holds.
  std::optional<Slice> part = std::nullopt;
};

class Generator {
public:
  Generator(OpBuilder &builder, Location loc, const RandomKernelOptions &options)
      : builder(builder), loc(loc), options(options), rng(options.seed) {}

  bir::FuncOp build(StringRef name);

private:
  uint64_t pick(uint64_t n) { return rng() % n; }
  bool chance(unsigned percent) { return pick(100) < percent; }
  int64_t latency() { return int64_t(16) << pick(4); }
  /// Whether a tile write in the loop whose iv picks the tile, of tiles no
  /// earlier write touches, is a `+=`: it starts each tile's group in its
  /// iteration. (A `+=` of tiles written before would add to tiles nothing
  /// wrote yet, and a pipeline prologue's in an outer loop starts only once,
  /// so the array would not rotate.) tileAccumulatePercent = 0 draws
  /// nothing.
  bool tileAccumulates() {
    return options.tileAccumulatePercent &&
           chance(options.tileAccumulatePercent);
  }
  /// Whether a tile written in halves is sliced by partitions rather than
  /// by columns. partitionSlicesPercent = 0 draws nothing.
  bool slicedByRows() {
    return options.partitionSlicesPercent &&
           chance(options.partitionSlicesPercent);
  }
  /// Whether a value is written or drained a slice per iteration of a loop
  /// of its own (movingSlicesPercent; 0 draws nothing).
  bool movesSlices() {
    return options.movingSlicesPercent && chance(options.movingSlicesPercent);
  }
  /// The loop moving over `t` in 2 or 4 slices of its bytes or partitions,
  /// at the builder; the slice of iteration `%i`.
  Slice movingSlice(Value t);
  /// Emits a matmul writing `slice`, sometimes (nestedPiecesPercent; 0
  /// draws nothing) in a loop of its own, nested where it stands.
  void writePiece(const Slice &slice) {
    if (!options.nestedPiecesPercent || !chance(options.nestedPiecesPercent))
      return emit("matmul", {slice, Slice{w}, Slice{x}});
    OpBuilder::InsertionGuard guard(builder);
    loop(1 + pick(2));
    emit("matmul", {slice, Slice{w}, Slice{x}});
  }
  /// The lower or upper half of `tile`: its partitions or its bytes.
  static Slice half(Slice tile, bool upper, bool byRows) {
    auto memloc = bir::getMemLoc(tile.loc);
    if (byRows) {
      tile.parts = memloc.getPartitions() / 2;
      tile.partOffset = upper ? tile.parts : 0;
    } else {
      tile.bytes = memloc.getBytes() / 2;
      tile.byteOffset = upper ? tile.bytes : 0;
    }
    return tile;
  }

  Value memloc(StringRef name, bir::MemorySpace space, int64_t bytes,
               int64_t blocks);
  bir::AccessAttr pattern(const Slice &slice, SmallVectorImpl<Value> &ivs);
  void emit(StringRef kind, ArrayRef<Slice> slices, bool accumulate = false,
            unsigned numWrites = 1, bool start = false);

  void genBlock(unsigned depth);
  void evacuate(const Slice &source);
  void defPlain();
  void drain();
  /// Takes live[i] out of the live values after its last read.
  void retire(size_t i);
  void accumulationLoop(unsigned depth);
  void tileLoop(unsigned depth);
  void pipelinedTiles(unsigned depth);
  void splitTileLoops(unsigned depth);
  void plainLoop(unsigned depth);
  void genericInst();
  void halves();
  void poolValue();
  bir::LoopOp loop(int64_t trip, int64_t step = 1);

  OpBuilder &builder;
  Location loc;
  const RandomKernelOptions &options;
  std::mt19937_64 rng;
  /// Locations go first in the function body, in creation order.
  Block *declBlock = nullptr;
  Operation *lastDecl = nullptr;
  int64_t partitions = 128;
  unsigned usableBanks = 8;
  unsigned accumulatorBanks = 0;
  unsigned numTensors = 0, numInstructions = 0;
  Value w, x, y;
  std::vector<Live> live;
  /// Drained plain tensors, which defPlain may write again.
  std::vector<Live> drained;
  /// The pool (poolPercent), and which of its buffers hold a value.
  Value pool;
  std::vector<bool> poolBusy;
};

} // namespace

Value Generator::memloc(StringRef name, bir::MemorySpace space, int64_t bytes,
                        int64_t blocks) {
  OpBuilder::InsertionGuard guard(builder);
  if (lastDecl)
    builder.setInsertionPointAfter(lastDecl);
  else
    builder.setInsertionPointToStart(declBlock);
  auto op = bir::MemLocOp::create(builder, loc, name, space, partitions, bytes,
                                  blocks);
  lastDecl = op;
  return op.getResult();
}

bir::AccessAttr Generator::pattern(const Slice &slice,
                                   SmallVectorImpl<Value> &ivs) {
  auto memloc = bir::getMemLoc(slice.loc);
  int64_t blockIv = -1, blockOffset = slice.block;
  if (slice.iv) {
    auto *it = llvm::find(ivs, slice.iv);
    blockIv = it - ivs.begin();
    if (it == ivs.end())
      ivs.push_back(slice.iv);
  }
  int64_t sliceIv = -1;
  if (slice.sliceIv) {
    auto *it = llvm::find(ivs, slice.sliceIv);
    sliceIv = it - ivs.begin();
    if (it == ivs.end())
      ivs.push_back(slice.sliceIv);
  }
  int64_t bytes = slice.bytes ? slice.bytes : memloc.getBytes();
  int64_t parts = slice.parts ? slice.parts : memloc.getPartitions();
  return bir::AccessAttr::get(builder.getContext(), slice.partOffset, parts,
                              slice.byteOffset, bytes, blockIv, blockOffset,
                              sliceIv, slice.partStride, slice.byteStride);
}

Slice Generator::movingSlice(Value t) {
  auto memloc = bir::getMemLoc(t);
  int64_t n = 2 << pick(2);
  Slice slice{t};
  slice.sliceIv = loop(n).getInductionVar();
  if (slicedByRows()) {
    slice.parts = slice.partStride = memloc.getPartitions() / n;
  } else {
    slice.bytes = slice.byteStride = memloc.getBytes() / n;
  }
  return slice;
}

void Generator::emit(StringRef kind, ArrayRef<Slice> slices, bool accumulate,
                     unsigned numWrites, bool start) {
  SmallVector<Value> locs, ivs;
  SmallVector<Attribute> aps;
  for (const Slice &slice : slices) {
    locs.push_back(slice.loc);
    aps.push_back(pattern(slice, ivs));
  }
  ArrayAttr apsAttr = builder.getArrayAttr(aps);
  uint64_t cycles = latency();
  ++numInstructions;
  if (kind == "matmul")
    bir::MatmulOp::create(builder, loc, locs, ivs, apsAttr, cycles, accumulate,
                          start);
  else if (kind == "activation")
    bir::ActivationOp::create(builder, loc, locs, ivs, apsAttr, cycles,
                              bir::ActivationFunc(pick(8)));
  else if (kind == "copy")
    bir::TensorCopyOp::create(builder, loc, locs, ivs, apsAttr, cycles);
  else
    bir::InstOp::create(builder, loc, locs, ivs, apsAttr, cycles, kind,
                        numWrites);
}

bir::LoopOp Generator::loop(int64_t trip, int64_t step) {
  auto op = bir::LoopOp::create(builder, loc, 0, trip, step);
  builder.setInsertionPoint(op.getBodyBlock().getTerminator());
  return op;
}

void Generator::defPlain() {
  // Decided first so that poolPercent = 0 draws nothing.
  if (options.poolPercent && chance(options.poolPercent))
    return poolValue();
  // Decided before anything else so that reusePercent = 0 draws nothing.
  if (options.reusePercent && !drained.empty() &&
      chance(options.reusePercent)) {
    size_t i = pick(drained.size());
    Live again = drained[i];
    if (again.banks + accumulatorBanks > usableBanks)
      return drain();
    drained.erase(drained.begin() + i);
    emit("matmul", {Slice{again.loc}, Slice{w}, Slice{x}});
    live.push_back(again);
    return;
  }
  if (numTensors >= options.maxTensors)
    return drain();
  static constexpr int64_t kBytes[] = {512, 1024, 2048, 2048, 2048, 4096, 6144};
  int64_t bytes = kBytes[pick(std::size(kBytes))];
  int64_t blocks = bytes == 2048 && chance(20) ? 2 : 1;
  unsigned banks = blocks * llvm::divideCeil(bytes, 2048);
  // Beside the live accumulation groups (which cannot be spilled).
  if (banks + accumulatorBanks > usableBanks)
    bytes = 2048, blocks = 1, banks = 1;
  Value t = memloc("t" + std::to_string(numTensors++), bir::MemorySpace::psum,
                   bytes, blocks);
  // Sometimes written a slice per iteration: sometimes by a `+=` that
  // starts its own slice each time (an accumulator, not spilled).
  if (blocks == 1 && movesSlices()) {
    OpBuilder::InsertionGuard guard(builder);
    // Few: an accumulator cannot be spilled.
    bool accumulates =
        2 * (accumulatorBanks + banks) <= usableBanks && chance(20);
    emit("matmul", {movingSlice(t), Slice{w}, Slice{x}}, accumulates);
    live.push_back({t, banks, accumulates});
    if (accumulates)
      accumulatorBanks += banks;
    return;
  }
  emit("matmul", {Slice{t}, Slice{w}, Slice{x}});
  live.push_back({t, banks, false});
}

/// Reads `source` out of PSUM into y: by an activation, or by a TensorCopy
/// (which a spill points at the saved copy instead of reloading).
void Generator::evacuate(const Slice &source) {
  // A whole one-block location, sometimes a slice per iteration.
  if (!source.iv && source.block < 0 && !source.bytes && !source.parts &&
      bir::getMemLoc(source.loc).getNumBlocks() == 1 && movesSlices()) {
    OpBuilder::InsertionGuard guard(builder);
    Slice from = movingSlice(source.loc), to = from;
    to.loc = y;
    if (!to.bytes)
      to.bytes = bir::getMemLoc(source.loc).getBytes();
    return emit(chance(30) ? "copy" : "activation", {to, from});
  }
  if (!chance(30))
    return emit("activation", {Slice{y}, source});
  int64_t bytes =
      source.bytes ? source.bytes : bir::getMemLoc(source.loc).getBytes();
  emit("copy", {Slice{y, {}, -1, 0, bytes, 0, source.parts}, source});
}

void Generator::drain() {
  if (live.empty())
    return;
  size_t i = pick(live.size());
  evacuate(live[i].part.value_or(Slice{live[i].loc}));
  if (chance(75))
    retire(i);
}

void Generator::retire(size_t i) {
  if (live[i].accumulator)
    accumulatorBanks -= live[i].banks;
  else if (live[i].part)
    poolBusy[live[i].part->block] = false;
  else
    drained.push_back(live[i]);
  live.erase(live.begin() + i);
}

/// A value in a free buffer of the pool: whole, or (after the buffer held
/// one) sometimes a half of its bytes or partitions, as a lowering reuses a
/// pool's buffer for a tail tile or a transposed slab.
void Generator::poolValue() {
  if (!pool) {
    if (numTensors >= options.maxTensors)
      return drain();
    int64_t blocks = 2 + pick(3);
    pool = memloc("p" + std::to_string(numTensors++), bir::MemorySpace::psum,
                  2048, blocks);
    poolBusy.assign(blocks, false);
  }
  SmallVector<int64_t> free;
  for (auto [block, busy] : llvm::enumerate(poolBusy))
    if (!busy)
      free.push_back(block);
  if (free.empty() || 1 + accumulatorBanks > usableBanks)
    return drain();
  Slice buffer{pool};
  buffer.block = free[pick(free.size())];
  if (chance(40))
    buffer = half(buffer, chance(30), slicedByRows());
  emit("matmul", {buffer, Slice{w}, Slice{x}});
  poolBusy[buffer.block] = true;
  live.push_back({pool, 1, false, buffer});
}

void Generator::accumulationLoop(unsigned depth) {
  // Decided first so that restartPercent = 0 draws nothing: a drained
  // one-block tensor summed into afresh, its `+=` marked `start`.
  std::optional<size_t> restart;
  if (options.restartPercent && !drained.empty() &&
      chance(options.restartPercent)) {
    size_t i = pick(drained.size());
    if (bir::getMemLoc(drained[i].loc).getNumBlocks() == 1)
      restart = i;
  }
  // Unspillable groups must leave room for one more tensor and a reload.
  int64_t bytes = restart ? bir::getMemLoc(drained[*restart].loc).getBytes()
                  : chance(25) ? 4096
                               : 2048;
  unsigned banks = llvm::divideCeil(bytes, 2048);
  if (accumulatorBanks + banks + 2 > usableBanks ||
      (!restart && numTensors >= options.maxTensors))
    return plainLoop(depth);
  Value acc;
  if (restart) {
    acc = drained[*restart].loc;
    drained.erase(drained.begin() + *restart);
  } else {
    acc = memloc("acc" + std::to_string(numTensors++), bir::MemorySpace::psum,
                 bytes, 1);
  }
  accumulatorBanks += banks;
  // A two-bank group is sometimes filled by a `+=` per bank (one matmul
  // writes one bank at most), the halves in one loop or in two.
  bool byHalves = banks == 2 && tileAccumulates();
  OpBuilder::InsertionGuard guard(builder);
  bir::LoopOp kLoop = loop(1 + pick(options.maxTripCount));
  if (!byHalves)
    emit("matmul", {Slice{acc}, Slice{w}, Slice{x}}, /*accumulate=*/true,
         /*numWrites=*/1, restart.has_value());
  else
    emit("matmul", {Slice{acc, {}, -1, 0, 2048}, Slice{w}, Slice{x}},
         /*accumulate=*/true, /*numWrites=*/1, restart.has_value());
  if (chance(40))
    genBlock(depth + 1);
  if (byHalves) {
    if (chance(40)) {
      builder.setInsertionPointAfter(kLoop);
      loop(1 + pick(options.maxTripCount));
    }
    emit("matmul", {Slice{acc, {}, -1, 2048, 2048}, Slice{w}, Slice{x}},
         /*accumulate=*/true, /*numWrites=*/1, restart.has_value());
  }
  live.push_back({acc, banks, true});
}

void Generator::tileLoop(unsigned depth) {
  if (numTensors >= options.maxTensors)
    return drain();
  // Decided first so that pipelinePercent = 0 draws nothing.
  if (options.pipelinePercent && chance(options.pipelinePercent))
    return pipelinedTiles(depth);
  if (options.splitLoopsPercent && chance(options.splitLoopsPercent))
    return splitTileLoops(depth);
  // Decided first so that peeledTilesPercent = 0 draws nothing.
  bool peeled =
      options.peeledTilesPercent && chance(options.peeledTilesPercent);
  bool peeledFirst = peeled && chance(50);
  int64_t trip = 2 + pick(std::max(1u, options.maxTripCount - 1));
  // A pipelined array keeps two blocks live; an even block count lets them
  // rotate over two banks.
  bool pipelined = trip % 2 == 1 && chance(60);
  int64_t looped = pipelined ? trip + 1 : trip;
  Value tiles = memloc("tile" + std::to_string(numTensors++),
                       bir::MemorySpace::psum, chance(30) ? 1024 : 2048,
                       peeled && !peeledFirst ? looped + 1 : looped);
  if (peeledFirst) {
    emit("matmul", {Slice{tiles, {}, 0}, Slice{w}, Slice{x}});
    evacuate(Slice{tiles, {}, 0});
  }
  {
    OpBuilder::InsertionGuard guard(builder);
    bir::LoopOp tileLoop = loop(trip);
    Value iv = tileLoop.getInductionVar();
    // Decided first so that tileSlicesPercent = 0 draws nothing.
    if (options.tileSlicesPercent && chance(options.tileSlicesPercent)) {
      bool byRows = slicedByRows();
      for (bool upper : {false, true})
        writePiece(half(Slice{tiles, iv, 0}, upper, byRows));
    } else {
      // A `+=` would add to the first tile's value from before the loop.
      emit("matmul", {Slice{tiles, iv, 0}, Slice{w}, Slice{x}},
           !peeledFirst && tileAccumulates());
    }
    if (pipelined)
      emit("matmul", {Slice{tiles, iv, 1}, Slice{w}, Slice{x}});
    if (chance(40))
      genBlock(depth + 1);
    evacuate(Slice{tiles, iv, 0});
  }
  if (peeled && !peeledFirst) {
    emit("matmul", {Slice{tiles, {}, looped}, Slice{w}, Slice{x}});
    evacuate(Slice{tiles, {}, looped});
  }
}

/// The fewest banks blocks `0..blocks-1` can rotate over when `ahead + 1`
/// consecutive ones hold values at once: the smallest divisor of the block
/// count that is at least that.
static int64_t rotationBanks(int64_t blocks, int64_t ahead) {
  int64_t live = ahead + 1;
  while (blocks % live != 0)
    ++live;
  return live;
}

/// The tiles' blocks are named by constants outside the loops and by the
/// induction variable inside: each loop sweeps the blocks, so the array
/// carries nothing around a loop enclosing these pieces.
void Generator::pipelinedTiles(unsigned depth) {
  int64_t trip = 2 + pick(std::max(1u, options.maxTripCount - 1));
  int64_t bytes = chance(30) ? 1024 : 2048;
  bool fillThenDrain = chance(50);
  // A pipeline writes `ahead` tiles before reading one.
  int64_t ahead = fillThenDrain ? 0 : (chance(30) ? 2 : 1);
  // A loop unrolled by two (step 2) handles two tiles per iteration.
  int64_t unroll = chance(30) ? 2 : 1;
  trip -= trip % unroll;
  // Beside the accumulation groups, with a bank to spare: all of a filled
  // array, and the banks a pipeline rotates over.
  int64_t room = int64_t(usableBanks) - accumulatorBanks - 1;
  auto banks = [&](int64_t trip) {
    return fillThenDrain ? trip
                         : rotationBanks(trip + ahead, ahead + unroll - 1);
  };
  while (trip >= 2 && banks(trip) > room)
    trip -= unroll;
  if (trip < 2)
    return drain();
  Value tiles = memloc("tile" + std::to_string(numTensors++),
                       bir::MemorySpace::psum, bytes, trip + ahead);
  if (fillThenDrain) {
    {
      OpBuilder::InsertionGuard guard(builder);
      Value iv = loop(trip, unroll).getInductionVar();
      for (int64_t u = 0; u < unroll; ++u)
        emit("matmul", {Slice{tiles, iv, u}, Slice{w}, Slice{x}},
             tileAccumulates());
      if (chance(40))
        genBlock(depth + 1);
    }
    OpBuilder::InsertionGuard guard(builder);
    Value iv = loop(trip, unroll).getInductionVar();
    for (int64_t u = 0; u < unroll; ++u)
      evacuate(Slice{tiles, iv, u});
    return;
  }
  // Tiles written as two halves, of columns or of partitions (decided
  // first so that tileSlicesPercent = 0 draws nothing): the prologue's, the
  // lower one sometimes drained before the upper one is written; the loop's
  // around the reads of earlier tiles, where no tile written is read in the
  // same iteration (a prefetch).
  bool sliced = options.tileSlicesPercent && chance(options.tileSlicesPercent);
  bool byRows = sliced && slicedByRows();
  for (int64_t block = 0; block < ahead; ++block) {
    Slice tile{tiles, {}, block};
    if (!sliced) {
      emit("matmul", {tile, Slice{w}, Slice{x}});
      continue;
    }
    // Both halves sometimes (nestedPiecesPercent) in one loop of their own,
    // a K loop ending before the pipeline reads the tile.
    OpBuilder::InsertionGuard guard(builder);
    if (options.nestedPiecesPercent && chance(options.nestedPiecesPercent))
      loop(1 + pick(2));
    emit("matmul", {half(tile, false, byRows), Slice{w}, Slice{x}});
    if (chance(50))
      evacuate(half(tile, false, byRows));
    emit("matmul", {half(tile, true, byRows), Slice{w}, Slice{x}});
  }
  {
    OpBuilder::InsertionGuard guard(builder);
    Value iv = loop(trip, unroll).getInductionVar();
    bool prefetch = sliced && ahead >= unroll;
    for (int64_t u = 0; u < unroll; ++u) {
      Slice tile{tiles, iv, ahead + u};
      if (!sliced) {
        emit("matmul", {tile, Slice{w}, Slice{x}}, tileAccumulates());
        continue;
      }
      emit("matmul", {half(tile, false, byRows), Slice{w}, Slice{x}});
      if (!prefetch)
        emit("matmul", {half(tile, true, byRows), Slice{w}, Slice{x}});
    }
    if (chance(40))
      genBlock(depth + 1);
    for (int64_t u = 0; u < unroll; ++u)
      evacuate(Slice{tiles, iv, u});
    if (prefetch)
      for (int64_t u = 0; u < unroll; ++u)
        emit("matmul",
             {half(Slice{tiles, iv, ahead + u}, true, byRows), Slice{w},
              Slice{x}});
  }
  // Without the epilogue the last tiles are dead writes.
  if (chance(75))
    for (int64_t block = trip; block < trip + ahead; ++block)
      evacuate(Slice{tiles, {}, block});
}

/// Each loop writes and drains its share of the tiles, one per iteration
/// (or, with reuse, all of them again): one tile holds a value at a time,
/// so the array rotates over one bank. A tail tile narrower than the
/// others is written and read in part.
void Generator::splitTileLoops(unsigned depth) {
  if (int64_t(usableBanks) - accumulatorBanks < 2)
    return drain();
  int64_t share = 1 + pick(options.maxTripCount);
  int64_t loops = 2 + pick(2);
  int64_t bytes = chance(30) ? 1024 : 2048;
  std::optional<bool> tailFirst;
  if (chance(50))
    tailFirst = chance(50);
  int64_t first = tailFirst.value_or(false) ? 1 : 0;
  // Sometimes every loop sweeps the same tiles again, each tile written
  // afresh (drawn only with reusePercent, so that functions without it
  // stay those of earlier versions).
  bool again = options.reusePercent && chance(options.reusePercent);
  int64_t swept = again ? share : loops * share;
  int64_t blocks = first + swept + (tailFirst == false ? 1 : 0);
  Value tiles = memloc("tile" + std::to_string(numTensors++),
                       bir::MemorySpace::psum, bytes, blocks);
  auto tail = [&](int64_t block) {
    Slice part{tiles, {}, block, 0, bytes / 2};
    emit("matmul", {part, Slice{w}, Slice{x}});
    evacuate(part);
  };
  if (tailFirst == true)
    tail(0);
  for (int64_t l = 0; l < loops; ++l) {
    OpBuilder::InsertionGuard guard(builder);
    Value iv = loop(share).getInductionVar();
    Slice tile{tiles, iv, first + (again ? 0 : l * share)};
    // A later sweep over the same tiles writes them afresh: a `+=` would
    // add to the earlier sweep's values.
    emit("matmul", {tile, Slice{w}, Slice{x}},
         !(again && l > 0) && tileAccumulates());
    if (chance(40))
      genBlock(depth + 1);
    evacuate(tile);
  }
  if (tailFirst == false)
    tail(blocks - 1);
}

void Generator::plainLoop(unsigned depth) {
  OpBuilder::InsertionGuard guard(builder);
  loop(1 + pick(options.maxTripCount));
  genBlock(depth + 1);
}

void Generator::genericInst() {
  if (live.empty() || numTensors >= options.maxTensors)
    return defPlain();
  size_t i = pick(live.size());
  Slice source = live[i].part.value_or(Slice{live[i].loc});
  Value t = memloc("v" + std::to_string(numTensors++), bir::MemorySpace::psum,
                   2048, 1);
  emit("vector_op", {Slice{t}, source, Slice{x}});
  if (chance(50))
    retire(i);
  live.push_back({t, 1, false});
}

/// A location used as two halves, one after the other (split makes two
/// candidates of it), or sometimes both at once (split leaves it whole).
void Generator::halves() {
  if (numTensors >= options.maxTensors)
    return defPlain();
  int64_t bytes = chance(50) ? 4096 : 2048;
  Value t = memloc("h" + std::to_string(numTensors++), bir::MemorySpace::psum,
                   bytes, 1);
  bool byRows = slicedByRows();
  Slice low = half(Slice{t}, false, byRows),
        high = half(Slice{t}, true, byRows);
  bool overlap = chance(30);
  writePiece(low);
  if (!overlap)
    evacuate(low);
  // Only between pieces that split apart: a tensor beside a whole `h` could
  // outgrow the room left beside the accumulation groups.
  if (!overlap && chance(50))
    defPlain();
  emit("matmul", {high, Slice{w}, Slice{x}});
  if (overlap)
    evacuate(low);
  evacuate(high);
}

void Generator::genBlock(unsigned depth) {
  unsigned steps = 2 + pick(5);
  for (unsigned s = 0; s < steps && numInstructions < options.maxInstructions;
       ++s) {
    unsigned c = pick(100);
    bool nest = depth < options.maxLoopDepth;
    if (c < 30)
      defPlain();
    else if (c < 55)
      drain();
    else if (c < 65 && nest)
      accumulationLoop(depth);
    else if (c < 75 && nest)
      tileLoop(depth);
    else if (c < 85 && nest)
      plainLoop(depth);
    else if (c < 92)
      genericInst();
    else if (c < 96)
      halves();
    else
      defPlain();
  }
}

bir::FuncOp Generator::build(StringRef name) {
  auto arch = bir::ArchAttr::get(builder.getContext(), options.arch);
  partitions = arch.getPartitions();
  usableBanks = arch.getNumBanks();
  auto func = bir::FuncOp::create(builder, loc, name, arch);
  OpBuilder::InsertionGuard guard(builder);
  declBlock = &func.getBodyBlock();
  w = memloc("w", bir::MemorySpace::sbuf, 128, 1);
  x = memloc("x", bir::MemorySpace::sbuf, 8192, 1);
  y = memloc("y", bir::MemorySpace::sbuf, 8192, 1);
  builder.setInsertionPointToEnd(&func.getBodyBlock());
  while (numInstructions < options.maxInstructions / 2) {
    unsigned before = numInstructions;
    genBlock(0);
    if (numInstructions == before)
      break;
  }
  while (!live.empty()) {
    evacuate(live.back().part.value_or(Slice{live.back().loc}));
    live.pop_back();
  }
  if (options.pinsPercent)
    for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>()) {
      int64_t banks = memloc.getNumBlocks() *
                      llvm::divideCeil(memloc.getBytes(), arch.getBankSize());
      if (memloc.isPsum() && banks <= usableBanks &&
          chance(options.pinsPercent))
        memloc.setPinAttr(
            builder.getI64IntegerAttr(pick(usableBanks - banks + 1)));
    }
  if (options.reservedPercent && chance(options.reservedPercent))
    func.setReservedBanks({static_cast<int64_t>(pick(usableBanks))});
  return func;
}

bir::FuncOp psum::testing::buildRandomKernel(OpBuilder &builder, Location loc,
                                             StringRef name,
                                             const RandomKernelOptions &options) {
  return Generator(builder, loc, options).build(name);
}
