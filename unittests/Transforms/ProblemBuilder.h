//===- ProblemBuilder.h - allocator problems built by hand ------*- C++ -*-===//
//
// The phases after the live ranges read only the Problem: nodes with their
// live ranges [def, use], banks and costs. Tests build one by hand.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_UNITTESTS_TRANSFORMS_PROBLEMBUILDER_H
#define PSUM_UNITTESTS_TRANSFORMS_PROBLEMBUILDER_H

#include "Psum/Transforms/Allocator.h"

#include <string>

namespace psum::alloc::testing {

struct ProblemBuilder {
  Problem problem;

  explicit ProblemBuilder(unsigned numPoints, unsigned numBanks = 8) {
    problem.numPoints = numPoints;
    problem.geometry.numBanks = numBanks;
  }

  /// A location of one block of `liveN` banks live over [def, use]
  /// (use below the problem's numPoints).
  unsigned add(const std::string &name, unsigned def, unsigned use,
               unsigned liveN = 1, double cost = 64) {
    Node node;
    node.name = name;
    node.def = def;
    node.use = use;
    node.liveN = liveN;
    node.blockBanks = liveN;
    node.cost = cost;
    problem.nodes.push_back(std::move(node));
    problem.accesses.emplace_back();
    return unsigned(problem.nodes.size() - 1);
  }
  Node &operator[](unsigned v) { return problem.nodes[v]; }
};

} // namespace psum::alloc::testing

#endif // PSUM_UNITTESTS_TRANSFORMS_PROBLEMBUILDER_H
