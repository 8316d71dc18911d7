//===- Interference.cpp - interference graph by an interval sweep ---------===//
//
// The seed's build (@0xadad30): sweep the linear points with the set of
// live nodes, inserting firstDefs[p] and erasing lastUses[p]; two
// co-resident nodes interfere. firstDefs / lastUses are bucketed from the
// live ranges here (nodes in id order per point), not kept in the problem.
// Neighbor lists replace the seed's lower-triangular bit matrix, which is
// quadratic in candidates, but for nodes with many neighbors, which keep a
// row of it; every pair is met exactly once, when the later of the two
// starts.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace mlir;
using namespace psum::alloc;

unsigned Graph::NeighborIterator::nextSet(unsigned from) const {
  if (from >= size)
    return size;
  size_t w = from / 64;
  uint64_t word = words[w] & (~uint64_t(0) << (from % 64));
  while (!word) {
    if (++w * 64 >= size)
      return size;
    word = words[w];
  }
  return unsigned(w * 64) + unsigned(llvm::countr_zero(word));
}

llvm::iterator_range<Graph::NeighborIterator>
Graph::neighbors(unsigned v) const {
  if (rowOf[v] != kNoRow) {
    const uint64_t *row = bitWords.data() + rowOf[v] * wordsPerRow;
    unsigned n = unsigned(degrees.size());
    return {NeighborIterator(row, 0, n), NeighborIterator(row, n, n)};
  }
  const unsigned *list = lists.data();
  return {NeighborIterator(list + listStart[v]),
          NeighborIterator(list + listStart[v + 1])};
}

bool Graph::interferes(unsigned a, unsigned b) const {
  if (rowOf[a] != kNoRow)
    return bitWords[rowOf[a] * wordsPerRow + b / 64] >> (b % 64) & 1;
  return std::binary_search(lists.begin() + listStart[a],
                            lists.begin() + listStart[a + 1], b);
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
                                     llvm::raw_ostream *trace,
                                     std::optional<size_t> bitRowDegree) {
  Graph graph;
  size_t n = problem.nodes.size();
  PointBuckets firstDefs(problem, &Node::def), lastUses(problem, &Node::use);
  // Degrees first, to size the lists: u and v interfere iff def_u <= use_v
  // and def_v <= use_u, and every u with use_u < def_v also has
  // def_u <= use_v, so v's degree is #{def_u <= use_v} - #{use_u < def_v}
  // less v itself (start[p] counts the nodes bucketed before point p).
  // The neighbors' banks add up the same way.
  std::vector<uint64_t> banksDefined(problem.numPoints + 1, 0),
      banksEnded(problem.numPoints + 1, 0);
  for (const Node &node : problem.nodes) {
    banksDefined[node.def + 1] += node.liveN;
    banksEnded[node.use + 1] += node.liveN;
  }
  for (unsigned p = 1; p <= problem.numPoints; ++p) {
    banksDefined[p] += banksDefined[p - 1];
    banksEnded[p] += banksEnded[p - 1];
  }
  graph.degrees.resize(n);
  graph.banksAround.resize(n);
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    graph.degrees[v] =
        firstDefs.start[node.use + 1] - lastUses.start[node.def] - 1;
    graph.banksAround[v] =
        banksDefined[node.use + 1] - banksEnded[node.def] - node.liveN;
  }
  size_t rowDegree = bitRowDegree.value_or(std::max<size_t>(64, n / 32));
  graph.wordsPerRow = (n + 63) / 64;
  graph.rowOf.assign(n, Graph::kNoRow);
  graph.listStart.assign(n + 1, 0);
  for (unsigned v = 0; v < n; ++v) {
    size_t listed = graph.degrees[v];
    if (listed && listed >= rowDegree) {
      graph.rowOf[v] = unsigned(graph.numRows++);
      listed = 0;
    }
    graph.listStart[v + 1] = graph.listStart[v] + listed;
  }
  graph.lists.resize(graph.listStart[n]);
  graph.bitWords.assign(graph.numRows * graph.wordsPerRow, 0);
  std::vector<size_t> next(graph.listStart.begin(), graph.listStart.end() - 1);
  auto add = [&](unsigned v, unsigned neighbor) {
    if (graph.rowOf[v] == Graph::kNoRow)
      graph.lists[next[v]++] = neighbor;
    else
      graph.bitWords[graph.rowOf[v] * graph.wordsPerRow + neighbor / 64] |=
          uint64_t(1) << (neighbor % 64);
  };
  std::vector<unsigned> live;
  std::vector<unsigned> position(n, 0);
  unsigned liveBanks = 0;
  for (unsigned point = 0; point < problem.numPoints; ++point) {
    for (unsigned node : firstDefs.at(point)) {
      for (unsigned other : live) {
        add(node, other);
        add(other, node);
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
  for (unsigned v = 0; v < n; ++v)
    std::sort(graph.lists.begin() + graph.listStart[v],
              graph.lists.begin() + graph.listStart[v + 1]);
  for (const Node &node : problem.nodes)
    graph.totalDemand += node.liveN;
  if (trace)
    *trace << "      "
           << llvm::format("%.2f", 100.0 * graph.demandRatio(
                                           problem.geometry.usableBanks()))
           << "% PSUM demand before spilling\n";
  return graph;
}
