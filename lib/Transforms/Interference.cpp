//===- Interference.cpp - interference graph by an interval sweep ---------===//
//
// The seed's build (@0xadad30): sweep the linear points with the set of
// live nodes, inserting firstDefs[p] and erasing lastUses[p]; two
// co-resident nodes interfere. firstDefs / lastUses are bucketed from the
// live ranges here (nodes in id order per point), not kept in the problem.
// Neighbor lists replace the seed's lower-triangular bit matrix, which is
// quadratic in candidates; every pair is met exactly once, when the later of
// the two starts. Pairs of dense nodes (many neighbors each) are not stored:
// their ranges say whether they meet.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace mlir;
using namespace psum::alloc;

void Graph::NeighborIterator::skipDense() {
  const Interval &own = graph->ranges[self];
  while (dense != denseEnd &&
         (*dense == self || !graph->ranges[*dense].overlaps(own)))
    ++dense;
}

llvm::iterator_range<Graph::NeighborIterator>
Graph::neighbors(unsigned v) const {
  const unsigned *list = lists.data();
  const unsigned *denseBegin = dense.data(), *denseEnd = denseBegin;
  if (isDense(v))
    denseEnd += dense.size();
  return {NeighborIterator(*this, v, list + listStart[v],
                           list + listStart[v + 1], denseBegin, denseEnd),
          NeighborIterator(*this, v, list + listStart[v + 1],
                           list + listStart[v + 1], denseEnd, denseEnd)};
}

bool Graph::interferes(unsigned a, unsigned b) const {
  if (isDense(a) && isDense(b))
    return a != b && ranges[a].overlaps(ranges[b]);
  llvm::ArrayRef<unsigned> list = storedNeighbors(isDense(a) ? b : a);
  return std::binary_search(list.begin(), list.end(), isDense(a) ? a : b);
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

namespace {
/// For each point p, what the nodes whose range starts before p weigh
/// (`weight` of a node: its banks, or 1 for a dense node), and those whose
/// range ends before p: the nodes a range [def, use] overlaps are those
/// started by use + 1 less those ended by def.
struct RangeCounts {
  std::vector<uint64_t> defined, ended;

  template <typename Weight>
  RangeCounts(const Problem &problem, Weight weight)
      : defined(problem.numPoints + 1, 0), ended(problem.numPoints + 1, 0) {
    for (auto [v, node] : llvm::enumerate(problem.nodes)) {
      defined[node.def + 1] += weight(unsigned(v));
      ended[node.use + 1] += weight(unsigned(v));
    }
    for (unsigned p = 1; p <= problem.numPoints; ++p) {
      defined[p] += defined[p - 1];
      ended[p] += ended[p - 1];
    }
  }
  /// What the nodes overlapping [def, use] weigh, with the node itself.
  uint64_t overlapping(const Node &node) const {
    return defined[node.use + 1] - ended[node.def];
  }
};
} // namespace

Graph psum::alloc::buildInterference(const Problem &problem,
                                     llvm::raw_ostream *trace,
                                     std::optional<size_t> denseDegree) {
  Graph graph;
  size_t n = problem.nodes.size();
  PointBuckets firstDefs(problem, &Node::def), lastUses(problem, &Node::use);
  // Degrees first, to size the lists: u and v interfere iff def_u <= use_v
  // and def_v <= use_u, and every u with use_u < def_v also has
  // def_u <= use_v, so v's degree is #{def_u <= use_v} - #{use_u < def_v}
  // less v itself (start[p] counts the nodes bucketed before point p).
  // The neighbors' banks add up the same way.
  RangeCounts banks(problem,
                    [&](unsigned v) { return problem.nodes[v].liveN; });
  graph.ranges.resize(n);
  graph.degrees.resize(n);
  graph.banksAround.resize(n);
  for (auto [v, node] : llvm::enumerate(problem.nodes)) {
    graph.ranges[v] = {node.def, node.use};
    graph.degrees[v] =
        firstDefs.start[node.use + 1] - lastUses.start[node.def] - 1;
    graph.banksAround[v] = banks.overlapping(node) - node.liveN;
  }
  size_t threshold = denseDegree.value_or(std::max<size_t>(64, n / 32));
  graph.denseFlags.assign(n, false);
  for (unsigned v = 0; v < n; ++v) {
    if (graph.degrees[v] && graph.degrees[v] >= threshold) {
      graph.denseFlags[v] = true;
      graph.dense.push_back(v);
    }
  }
  // A dense node lists its neighbors less the dense ones, counted the same
  // way over the dense nodes alone.
  RangeCounts denseCounted(problem,
                           [&](unsigned v) { return graph.isDense(v); });
  graph.listStart.assign(n + 1, 0);
  for (unsigned v = 0; v < n; ++v) {
    size_t listed = graph.degrees[v];
    if (graph.isDense(v))
      listed -= denseCounted.overlapping(problem.nodes[v]) - 1;
    graph.listStart[v + 1] = graph.listStart[v] + listed;
  }
  graph.lists.resize(graph.listStart[n]);
  std::vector<size_t> next(graph.listStart.begin(), graph.listStart.end() - 1);
  // Two live sets, the nodes that are not dense and the dense ones: a dense
  // node meets only the first, so the sweep takes no time over the edges it
  // does not store.
  std::vector<unsigned> live[2];
  std::vector<unsigned> position(n, 0);
  unsigned liveBanks = 0;
  for (unsigned point = 0; point < problem.numPoints; ++point) {
    for (unsigned node : firstDefs.at(point)) {
      bool isDense = graph.isDense(node);
      auto meet = [&](llvm::ArrayRef<unsigned> others) {
        for (unsigned other : others) {
          graph.lists[next[node]++] = other;
          graph.lists[next[other]++] = node;
        }
      };
      meet(live[0]);
      if (!isDense)
        meet(live[1]);
      std::vector<unsigned> &set = live[isDense];
      position[node] = set.size();
      set.push_back(node);
      liveBanks += problem.nodes[node].liveN;
    }
    if (liveBanks > graph.peakDemand) {
      graph.peakDemand = liveBanks;
      graph.peakPoint = point;
    }
    for (unsigned node : lastUses.at(point)) {
      // Swap-remove keeps erasure O(1), like the seed's SparseSet.
      std::vector<unsigned> &set = live[graph.isDense(node)];
      unsigned last = set.back();
      set[position[node]] = last;
      position[last] = position[node];
      set.pop_back();
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
