#!/usr/bin/env bash
# Writes the screenshots of docs/organisers.md (docs/images/*.png) by running the browser tests of
# the pages against a built referee (default build/): each test keeps its screenshots in its
# artefacts and copies those of the docs into docs/images. Needs what `scripts/setup.sh --tests`
# installs (chromium, chromium-driver, python3-selenium).
#   scripts/page-screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
referee="$build_dir/cli/referee"
if [ ! -x "$referee" ]; then
  echo "page-screenshots: no $referee: build it first (cmake --build $build_dir)" >&2
  exit 3
fi
export PYTHONDONTWRITEBYTECODE=1  # nothing written beside the tests
mkdir -p docs/images
artefacts=$(mktemp -d)
trap 'rm -rf "$artefacts"' EXIT
for test in seat_match scorer seat_controls director_room; do
  /usr/bin/python3 "tests/browser/${test}_test.py" --referee "$referee" --artefacts "$artefacts" \
    --docs docs/images
done
ls docs/images
