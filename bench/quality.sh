#!/usr/bin/env bash
# Spill-cost quality on a fixed set of generated functions under pressure:
# the seed heuristic, best-of-n, and the exact mode (docs/Quality.md); where
# GLPK is installed (psum-ilp built), the exact mode against GLPK on the same
# functions: costs and times; then a default run of each function against
# the lower bound by groups of overlapping live ranges (equal: proven
# optimal; docs/Quality.md, "Best-of-n on the benchmark kernels against a
# lower bound").
# Usage: bench/quality.sh [count] [first-seed]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${PSUM_BUILD:-$root/build}"
cmake --build "$build" --target psum-check >/dev/null
"$build/bin/psum-check" --quality --count "${1:-1000}" --seed "${2:-1}"
if cmake --build "$build" --target psum-ilp >/dev/null 2>&1; then
  set_file="$(mktemp --suffix=.mlir)"
  trap 'rm -f "$set_file"' EXIT
  "$build/bin/psum-check" --emit --count "${1:-1000}" --seed "${2:-1}" >"$set_file"
  "$build/bin/psum-ilp" "$set_file"
  "$build/bin/psum-ilp" --bound --max-candidates 0 "$set_file" | tail -n 1
fi
