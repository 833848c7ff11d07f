#!/usr/bin/env bash
# Fails when a product source file (C++ outside tests/, bench/ and fuzz/) is over 600 lines: a file
# that long holds several things, and is split by what it holds (docs/architecture.md).
set -euo pipefail
cd "$(dirname "$0")/.."

readonly most_lines=600
mapfile -t files < <(git ls-files '*.h' '*.cpp' | grep -v -E '^(tests|bench|fuzz)/')
long=0
for file in "${files[@]}"; do
  lines=$(wc -l < "$file")
  if [ "$lines" -gt "$most_lines" ]; then
    echo "check-file-size: $file has $lines lines (at most $most_lines)" >&2
    long=$((long + 1))
  fi
done
if [ "$long" -gt 0 ]; then
  exit 1
fi
echo "check-file-size: ${#files[@]} product files of at most $most_lines lines"
