#!/usr/bin/env bash
# Builds referee and runs the whole test suite with CTest. Installs missing packages first.
#   scripts/test.sh              the normal build, in build/
#   scripts/test.sh --sanitize   everything under ASan+UBSan, in build-sanitize/
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build
options=()
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-sanitize
  options=(-DREFEREE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug)
fi

bash scripts/setup.sh
cmake -S . -B "$build_dir" -G Ninja "${options[@]}" > /dev/null
cmake --build "$build_dir" --parallel "$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)" --timeout 600
