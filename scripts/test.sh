#!/usr/bin/env bash
# Builds referee and runs the whole test suite with CTest. Installs missing packages first.
#   scripts/test.sh              the normal build, in build/
#   scripts/test.sh --sanitize   everything under ASan+UBSan, with clang, in build-sanitize/
#                                (the tree the fuzz targets share: scripts/configure-sanitize.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
build_dir=build
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-sanitize
  bash scripts/configure-sanitize.sh
else
  cmake -S . -B "$build_dir" -G Ninja > /dev/null
fi
cmake --build "$build_dir" --parallel "$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)" --timeout 600
