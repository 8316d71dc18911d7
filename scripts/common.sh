#!/usr/bin/env bash
# Shared set-up for the README commands: install what is missing, configure
# and build incrementally. Sourced by run-example.sh and test.sh.
set -euo pipefail

PSUM_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PSUM_BUILD="${PSUM_BUILD:-$PSUM_ROOT/build}"
PACKAGES=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools cmake ninja-build g++ ccache lld
  libglpk-dev libgtest-dev python3-psutil)

psum_install() {
  local missing=()
  for pkg in "${PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

psum_build() {
  if [ ! -f "$PSUM_BUILD/build.ninja" ]; then
    cmake -G Ninja -S "$PSUM_ROOT" -B "$PSUM_BUILD" \
      -DCMAKE_BUILD_TYPE=Release \
      -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
      -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
      -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DLLVM_USE_LINKER=lld "$@" >/dev/null
  fi
  cmake --build "$PSUM_BUILD" "${PSUM_TARGETS[@]/#/--target=}"
}
