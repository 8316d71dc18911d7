//===- Interference.cpp - interference graph by an interval sweep ---------===//
//
// The seed's build (@0xadad30): sweep the linear points with the set of
// live nodes, inserting firstDefs[p] and erasing lastUses[p]; two
// co-resident nodes interfere. firstDefs / lastUses are bucketed from the
// live ranges here (nodes in id order per point), not kept in the problem. Adjacency lists replace the seed's
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

namespace {
/// Nodes grouped by a linear point (compressed rows), in id order.
struct PointBuckets {
  std::vector<unsigned> start, nodes;

  PointBuckets(const Problem &problem, unsigned Node::*point)
      : start(problem.numPoints + 2, 0), nodes(problem.nodes.size()) {
    for (const Node &node : problem.nodes)
      ++start[node.*point + 2];
    for (size_t p = 2; p < start.size(); ++p)
      start[p] += start[p - 1];
    for (auto [v, node] : llvm::enumerate(problem.nodes))
      nodes[start[node.*point + 1]++] = v;
  }
  llvm::ArrayRef<unsigned> at(unsigned point) const {
    return llvm::ArrayRef(nodes).slice(start[point],
                                       start[point + 1] - start[point]);
  }
};
} // namespace

std::vector<int64_t> psum::alloc::bankDemand(const Problem &problem) {
  std::vector<int64_t> demand(problem.numPoints + 1, 0);
  for (const Node &node : problem.nodes) {
    demand[node.def] += node.liveN;
    demand[node.use + 1] -= node.liveN;
  }
  int64_t running = 0;
  for (int64_t &banks : demand)
    banks = running += banks;
  return demand;
}

Graph psum::alloc::buildInterference(const Problem &problem,
                                     llvm::raw_ostream *trace) {
  Graph graph;
  size_t n = problem.nodes.size();
  graph.adjacency.resize(n);
  PointBuckets firstDefs(problem, &Node::def), lastUses(problem, &Node::use);
  std::vector<unsigned> live;
  std::vector<unsigned> position(n, 0);
  unsigned liveBanks = 0;
  for (unsigned point = 0; point < problem.numPoints; ++point) {
    for (unsigned node : firstDefs.at(point)) {
      for (unsigned other : live) {
        graph.adjacency[node].push_back(other);
        graph.adjacency[other].push_back(node);
      }
      position[node] = live.size();
      live.push_back(node);
      liveBanks += problem.nodes[node].liveN;
    }
    if (liveBanks > graph.peakDemand) {
      graph.peakDemand = liveBanks;
      graph.peakPoint = point;
    }
    for (unsigned node : lastUses.at(point)) {
      // Swap-remove keeps erasure O(1), like the seed's SparseSet.
      unsigned last = live.back();
      live[position[node]] = last;
      position[last] = position[node];
      live.pop_back();
      liveBanks -= problem.nodes[node].liveN;
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
