#!/usr/bin/env bash
# Spill-cost quality on a fixed set of generated functions under pressure:
# the seed heuristic, best-of-n, and the exact mode (docs/Quality.md).
# Usage: bench/quality.sh [count] [first-seed]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${PSUM_BUILD:-$root/build}"
cmake --build "$build" --target psum-check >/dev/null
"$build/bin/psum-check" --quality --count "${1:-1000}" --seed "${2:-1}"
