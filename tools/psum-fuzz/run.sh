#!/usr/bin/env bash
# Build (if needed) and run psum-fuzz. Arguments go to libFuzzer, e.g.
#   tools/psum-fuzz/run.sh -max_total_time=1800
# The fuzzer build lives in build-fuzz/ (clang, -DPSUM_BUILD_FUZZER=ON), the
# working corpus in build-fuzz/fuzz/corpus (seeded from test/ and examples/
# by make-corpus.py), crashers in build-fuzz/fuzz/artifacts. See
# docs/Testing.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${PSUM_FUZZ_BUILD:-$ROOT/build-fuzz}"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DPSUM_BUILD_FUZZER=ON >/dev/null
fi
ninja -C "$BUILD" -j"${PSUM_JOBS:-1}" psum-fuzz psum-opt psum-check >/dev/null
# The tools of this build are sanitized too (see docs/Testing.md).
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0}"
mkdir -p "$BUILD/fuzz/corpus" "$BUILD/fuzz/artifacts"
python3 "$ROOT/tools/psum-fuzz/make-corpus.py" "$BUILD/fuzz/seed" \
  --psum-check "$BUILD/bin/psum-check" --psum-opt "$BUILD/bin/psum-opt" >/dev/null
cd "$BUILD/fuzz"
exec "$BUILD/bin/psum-fuzz" -dict="$ROOT/tools/psum-fuzz/bir.dict" \
  -timeout=10 -rss_limit_mb=4096 -jobs=1 -max_len=16384 \
  -artifact_prefix="$BUILD/fuzz/artifacts/" "$@" corpus seed
