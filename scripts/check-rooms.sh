#!/usr/bin/env bash
# Fails when the rooms of the tree and docs/architecture.md disagree: every folder of product code
# (C++ outside tests/, bench/ and fuzz/, at the top level and under referee/) has a bullet there
# that starts with its name ("- `league/` ..."), and every such bullet names a folder that exists.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly doc=docs/architecture.md
mapfile -t rooms < <(git ls-files '*.h' '*.cpp' | grep -v -E '^(tests|bench|fuzz)/' |
  sed -E 's#^(referee/[^/]+)/.*#\1#; t; s#^([^/]+)/.*#\1#' | sort -u)
mapfile -t drawn < <(grep -oE '^ *- `[a-z_/]+/`' "$doc" | grep -oE '[a-z_/]+/' | sed 's#/$##')
missing=0
for room in "${rooms[@]}"; do
  name=${room#referee/}
  [ "$room" = referee ] && continue
  if ! printf '%s\n' "${drawn[@]}" | grep -qx -e "$room" -e "$name"; then
    echo "check-rooms: $room/ holds product code but $doc has no bullet for it" >&2
    missing=$((missing + 1))
  fi
done
for name in "${drawn[@]}"; do
  if [ ! -d "$name" ] && [ ! -d "referee/$name" ]; then
    echo "check-rooms: $doc describes $name/, which is not a folder of the tree" >&2
    missing=$((missing + 1))
  fi
done
if [ "$missing" -gt 0 ]; then
  exit 1
fi
echo "check-rooms: ${#rooms[@]} rooms, each described in $doc"
