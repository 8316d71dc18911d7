//===- Interference.cpp - interference graph by an interval sweep ---------===//
//
// The seed's build (@0xadad30): sweep the linear points with the set of
// live nodes, inserting firstDefs[p] and erasing lastUses[p]; two
// co-resident nodes interfere. Adjacency lists replace the seed's
// lower-triangular bit matrix, which is quadratic in candidates; every
// pair is met exactly once, when the later of the two starts.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace mlir;
using namespace psum::alloc;

bool Graph::interferes(unsigned a, unsigned b) const {
  return llvm::binary_search(adjacency[a], b);
}

Graph psum::alloc::buildInterference(const Problem &problem,
                                     llvm::raw_ostream *trace) {
  Graph graph;
  size_t n = problem.nodes.size();
  graph.adjacency.resize(n);
  std::vector<unsigned> live;
  std::vector<unsigned> position(n, 0);
  unsigned liveBanks = 0;
  for (unsigned point = 0; point < problem.numPoints; ++point) {
    if (auto it = problem.firstDefs.find(point); it != problem.firstDefs.end()) {
      for (unsigned node : it->second) {
        for (unsigned other : live) {
          graph.adjacency[node].push_back(other);
          graph.adjacency[other].push_back(node);
        }
        position[node] = live.size();
        live.push_back(node);
        liveBanks += problem.nodes[node].liveN;
      }
    }
    if (liveBanks > graph.peakDemand) {
      graph.peakDemand = liveBanks;
      graph.peakPoint = point;
    }
    if (auto it = problem.lastUses.find(point); it != problem.lastUses.end()) {
      for (unsigned node : it->second) {
        // Swap-remove keeps erasure O(1), like the seed's SparseSet.
        unsigned last = live.back();
        live[position[node]] = last;
        position[last] = position[node];
        live.pop_back();
        liveBanks -= problem.nodes[node].liveN;
      }
    }
  }
  for (auto &neighbors : graph.adjacency)
    std::sort(neighbors.begin(), neighbors.end());
  for (const Node &node : problem.nodes)
    graph.totalDemand += node.liveN;
  if (trace)
    *trace << "      "
           << llvm::format("%.2f", 100.0 * graph.demandRatio(
                                           problem.geometry.usableBanks()))
           << "% PSUM demand before spilling\n";
  return graph;
}
