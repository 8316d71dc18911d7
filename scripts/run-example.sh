#!/usr/bin/env bash
# README command 1: install, build, and allocate PSUM for the bundled kernel.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
psum_install
PSUM_TARGETS=(psum-opt)
psum_build >&2
"$PSUM_BUILD/bin/psum-opt" "$PSUM_ROOT/examples/tiled_matmul.mlir" \
  --psum-allocate="remarks=true verify=true" "$@"
