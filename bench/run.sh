#!/usr/bin/env bash
# The psum-allocate scaling benchmark: builds psum-opt (and the phase
# micro-benchmark), generates the kernels, measures and writes
# docs/performance.md. See docs/performance.md for what it measures.
#
#   ./bench/run.sh                 # the working tree, as it is
#   ./bench/run.sh --rev HEAD      # a committed revision, exported clean
#   ./bench/run.sh --quick         # 1k and 10k only, no 1M (a smoke test)
#   ./bench/run.sh --budget 0      # no overall time budget (every 1M case)
#   ./bench/run.sh --no-build      # measure $PSUM_BUILD/bin/psum-opt as it is
#
# Other options go to bench/run.py (--sizes, --kinds, --shapes, --timeout, --budget,
# --no-profile, --out, ...). Environment: PSUM_BUILD (default build-bench),
# JOBS (ninja -j, default 1: the machine is shared).
set -euo pipefail

ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${PSUM_BUILD:-$ROOT/build-bench}"
JOBS="${JOBS:-1}"
REV=""
BUILD_IT=1
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rev) REV="$2"; shift 2 ;;
    --rev=*) REV="${1#--rev=}"; shift ;;
    --no-build) BUILD_IT=0; shift ;;
    *) ARGS+=("$1"); shift ;;
  esac
done

SRC="$ROOT"
SOURCE_DESC="working tree of $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "an unknown commit")"
if ! git -C "$ROOT" diff --quiet HEAD -- lib include tools CMakeLists.txt 2>/dev/null; then
  SOURCE_DESC="$SOURCE_DESC with uncommitted changes in: $(git -C "$ROOT" diff --name-only HEAD -- lib include tools | tr '\n' ' ')"
fi
if [ -n "$REV" ]; then
  SHA="$(git -C "$ROOT" rev-parse --short "$REV^{commit}")"
  SRC="$BUILD/src-$SHA"
  BUILD="$BUILD/rev-$SHA"
  if [ ! -f "$SRC/CMakeLists.txt" ]; then
    mkdir -p "$SRC"
    git -C "$ROOT" archive "$SHA" | tar -x -C "$SRC"
  fi
  # The measuring stick comes from this tree, the allocator from $REV.
  rm -rf "$SRC/bench"
  cp -r "$ROOT/bench" "$SRC/bench"
  grep -q 'add_subdirectory(bench)' "$SRC/CMakeLists.txt" ||
    printf 'if(PSUM_BUILD_BENCHMARKS)\n  add_subdirectory(bench)\nendif()\n' >> "$SRC/CMakeLists.txt"
  SOURCE_DESC="commit $SHA ($(git -C "$ROOT" log -1 --format=%s "$SHA" | cut -c1-80)), exported clean"
fi

PHASES=()
if [ "$BUILD_IT" = 1 ]; then
  # The README's configure and build (scripts/common.sh), on $SRC in $BUILD,
  # with the phase micro-benchmark turned on (also in an existing tree).
  source "$ROOT/scripts/common.sh"
  PSUM_ROOT="$SRC"
  PSUM_BUILD="$BUILD"
  export CMAKE_BUILD_PARALLEL_LEVEL="$JOBS"
  if [ -f "$BUILD/build.ninja" ]; then
    cmake -S "$SRC" -B "$BUILD" -DPSUM_BUILD_BENCHMARKS=ON >/dev/null
  fi
  PSUM_TARGETS=(psum-opt)
  psum_build -DPSUM_BUILD_BENCHMARKS=ON >&2
  PSUM_TARGETS=(psum-bench-phases)
  psum_build >&2 ||
    echo "warning: psum-bench-phases did not build; the phase table is skipped" >&2
elif [ ! -x "$BUILD/bin/psum-opt" ]; then
  echo "error: --no-build needs $BUILD/bin/psum-opt (set PSUM_BUILD)" >&2
  exit 1
fi
[ -x "$BUILD/bin/psum-bench-phases" ] && PHASES=(--phases "$BUILD/bin/psum-bench-phases")

COMMAND="./bench/run.sh"
[ -n "$REV" ] && COMMAND="$COMMAND --rev $REV"
[ ${#ARGS[@]} -gt 0 ] && COMMAND="$COMMAND ${ARGS[*]}"
exec python3 "$ROOT/bench/run.py" --psum-opt "$BUILD/bin/psum-opt" \
  "${PHASES[@]}" --work "$BUILD/bench-kernels" \
  --source "$SOURCE_DESC" --command "$COMMAND" "${ARGS[@]}"
