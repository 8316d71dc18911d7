#!/usr/bin/env bash
# README command 2: install, build, and run the whole test suite.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
psum_install
PSUM_TARGETS=(all)
psum_build
cmake --build "$PSUM_BUILD" --target check-psum
