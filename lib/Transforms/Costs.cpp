//===- Costs.cpp - spill costs in bank x cycles ---------------------------===//
//
// The seed's find_costs (@0xae1ba0): a spill saves after every writer and
// reloads before every reader, each a TensorCopy of liveN banks, so the
// cost is liveN x latency per save and per reload. A reader that is itself
// a TensorCopy needs no reload (load2Copy): it copies from the saved value.
// Read-modify-written locations (accumulation groups) cannot be spilled:
// cost +inf. Neither can what spilling minted (saved originals, reloads):
// spilling them again would only add copies, so they are +inf too and
// simplify pushes them last, which makes select place them first.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"

#include <limits>

using namespace psum::alloc;

void psum::alloc::findCosts(Problem &problem, unsigned copyLatency,
                            llvm::raw_ostream *trace) {
  if (trace)
    *trace << "      find costs\n";
  for (Node &node : problem.nodes) {
    node.cost = 0;
    if (node.unspillable || node.fromSpill || node.pin) {
      node.cost = std::numeric_limits<double>::infinity();
      continue;
    }
    double copy = double(node.liveN) * copyLatency;
    for (size_t i = 0; i < node.writers.size(); ++i) {
      node.cost += copy;
      if (trace)
        *trace << "add store cost, remove from needSave " << node.name << "\n";
    }
    for (size_t i = 0; i < node.readers.size(); ++i) {
      node.cost += copy;
      if (trace)
        *trace << " need load, add load cost, add to needSave " << node.name
               << "\n";
    }
    // A TensorCopy reader copies from the saved value instead: no load.
    if (trace)
      for (size_t i = 0; i < node.copyReaders.size(); ++i)
        *trace << "need load2Copy, add to needSave " << node.name << "\n";
  }
}
