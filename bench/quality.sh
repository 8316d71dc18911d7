#!/usr/bin/env bash
# Spill-cost quality on a fixed set of generated functions under pressure:
# the seed heuristic, best-of-n, and the exact mode (docs/Quality.md); where
# GLPK is installed (psum-ilp built), the exact mode against GLPK on the same
# functions: costs and times.
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
fi
