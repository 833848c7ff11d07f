#!/usr/bin/env bash
# Builds referee and runs the whole test suite with CTest. Installs missing packages first.
#   scripts/test.sh                 the normal build, in build/
#   scripts/test.sh --no-browser    the same without the tests in Chromium (the HTML standings,
#                                   the pages of `referee serve`), and without installing it
#   scripts/test.sh --sanitize      everything under ASan+UBSan, with clang, in build-sanitize/
#                                   (the tree the fuzz targets share: scripts/configure-sanitize.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

sanitize=0 browser=ON
for option in "$@"; do
  case "$option" in
    --sanitize) sanitize=1 ;;
    --no-browser) browser=OFF ;;
    *)
      echo "test: unknown option '$option' (expected --sanitize or --no-browser)" >&2
      exit 3
      ;;
  esac
done

setup=(--tests)
if [ "$browser" = OFF ]; then setup+=(--no-browser); fi
if [ "$sanitize" -eq 1 ]; then setup+=(--sanitize); fi
bash scripts/setup.sh "${setup[@]}"

build_dir=build
if [ "$sanitize" -eq 1 ]; then
  build_dir=build-sanitize
  bash scripts/configure-sanitize.sh -DREFEREE_BROWSER_TESTS="$browser"
else
  cmake -S . -B "$build_dir" -G Ninja -DREFEREE_BROWSER_TESTS="$browser" > /dev/null
fi
cmake --build "$build_dir" --parallel "$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)" --timeout 600
