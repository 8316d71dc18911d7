//===- RandomKernel.h - seeded random bir functions -------------*- C++ -*-===//
//
// Generates valid bir functions for property tests and benchmarks: straight
// code and loop nests, plain results drained by activations, accumulation
// groups over K loops, tile arrays indexed by loop variables (shrinkable),
// multi-bank tensors, generic instructions, locations used as two halves
// or reused for a later value (split's input), with PSUM pressure above the
// bank count so that spills happen. The same seed gives the same function.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_TESTING_RANDOMKERNEL_H
#define PSUM_TESTING_RANDOMKERNEL_H

#include "Psum/Dialect/BIR/BIROps.h"

#include <cstdint>

namespace psum::testing {

struct RandomKernelOptions {
  uint64_t seed = 1;
  /// gen1 (4 banks, 64 partitions) or gen2 (8 banks, 128 partitions).
  bir::ArchGen arch = bir::ArchGen::gen2;
  /// Upper bound on PSUM tensors created.
  unsigned maxTensors = 14;
  /// Upper bound on instructions (a soft target: loops add drains).
  unsigned maxInstructions = 60;
  unsigned maxLoopDepth = 2;
  unsigned maxTripCount = 4;
  /// Percent of plain results written into a drained plain tensor again
  /// instead of a new one (one location holding values one after another,
  /// which split cuts apart). 0 keeps the functions of earlier versions.
  unsigned reusePercent = 0;
  /// Percent of tile arrays written and read in sibling pieces of code: a
  /// software pipeline (the first tile before the loop, the last one drained
  /// after it) or a loop filling every tile and a second loop draining them.
  /// 0 keeps the functions of earlier versions.
  unsigned pipelinePercent = 0;
  /// Percent of the tile writes in a loop whose iv picks the tile, of tiles
  /// no earlier write touches, made `+=` matmuls: each starts its tiles'
  /// groups in their own iterations. 0 keeps the functions of earlier
  /// versions.
  unsigned tileAccumulatePercent = 0;
  /// Percent of accumulation loops that sum afresh into a drained one-block
  /// tensor, their `+=` marked `start` (an accumulator reused by a later K
  /// loop). 0 keeps the functions of earlier versions.
  unsigned restartPercent = 0;
  /// Percent of tile arrays whose tiles are handled by two or three sibling
  /// loops, each writing and draining its share tile by tile (`iv + c` of
  /// its own iv), sometimes with a narrower tail tile before or after them
  /// (a constant block, written and read in part). 0 keeps the functions of
  /// earlier versions.
  unsigned splitLoopsPercent = 0;
  /// Percent of the tile writes in a loop whose iv picks the tile made two
  /// column halves (PE transposes packed into one tile), both before the
  /// tile's reads; and of pipelines whose tiles are written so, the
  /// prologue's lower half sometimes drained before the upper one is
  /// written, the loop's halves written around the reads of earlier tiles
  /// (a prefetch). 0 keeps the functions of earlier versions.
  unsigned tileSlicesPercent = 0;
  /// Percent of the tiles written in halves (tileSlicesPercent), and of
  /// the locations used as two halves, sliced by partitions instead of
  /// columns: two heads stacked on the partitions of one tile. 0 keeps the
  /// functions of earlier versions.
  unsigned partitionSlicesPercent = 0;
  /// Percent of those halves (and of the lower halves of the locations
  /// used as two halves) written in a loop of their own nested where they
  /// stand, which ends before the other half is written; and of sliced
  /// pipelines' first tiles, both halves in one loop of their own. 0 keeps
  /// the functions of earlier versions.
  unsigned nestedPiecesPercent = 0;
  /// Percent of the one-block plain results written a slice per iteration
  /// of a loop of their own (2 or 4 slices of columns, or of partitions
  /// under partitionSlicesPercent; sometimes by a `+=` starting its slice),
  /// and of the whole one-block drains read so. 0 keeps the functions of
  /// earlier versions.
  unsigned movingSlicesPercent = 0;
  /// Percent of the tile arrays of a tile loop with one more tile used
  /// outside the loop, written and drained: the first tile once before
  /// the loop, or a last one after it (a peeled diagonal block). 0 keeps
  /// the functions of earlier versions.
  unsigned peeledTilesPercent = 0;
  /// Percent of the plain results written into a buffer of a PSUM pool:
  /// one location of 2 to 4 one-bank blocks, each buffer named by a
  /// constant, sometimes written as a narrower value (half its bytes or
  /// partitions) than the buffer held before. 0 keeps the functions of
  /// earlier versions.
  unsigned poolPercent = 0;
  /// Percent of the PSUM locations pinned (`pin = B`) to a base bank drawn
  /// among those where all their blocks fit, whether or not the pin can
  /// hold: pins that collide are the input's error (a rejected input).
  /// Drawn after the rest, so 0 keeps the functions of earlier versions and
  /// any percent keeps their instructions.
  unsigned pinsPercent = 0;
  /// Percent of the functions that reserve one bank drawn at random
  /// (`reserved_banks`). Drawn last, so 0 keeps the functions of earlier
  /// versions and any percent keeps their instructions and pins.
  unsigned reservedPercent = 0;
};

/// Builds a random function named `name` at the builder's insertion point.
bir::FuncOp buildRandomKernel(mlir::OpBuilder &builder, mlir::Location loc,
                              llvm::StringRef name,
                              const RandomKernelOptions &options);

} // namespace psum::testing

#endif // PSUM_TESTING_RANDOMKERNEL_H
