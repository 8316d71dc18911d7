#!/usr/bin/env bash
# README command 2: install, build, and run the whole test suite.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
psum_install
PSUM_TARGETS=(all)
psum_build
cmake --build "$PSUM_BUILD" --target check-psum
# The same suite under ASan + UBSan in a second build dir (docs/Testing.md:
# about 3-4 more minutes from clean on two cores); PSUM_SANITIZE=0 skips it.
if [ "${PSUM_SANITIZE:-1}" != 0 ]; then
  PSUM_BUILD="${PSUM_ASAN_BUILD:-$PSUM_ROOT/build-asan}"
  psum_build -DPSUM_ENABLE_SANITIZERS=ON
  cmake --build "$PSUM_BUILD" --target check-psum
fi
