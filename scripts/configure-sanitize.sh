#!/usr/bin/env bash
# Configures build-sanitize/: everything built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, the libraries instrumented for libFuzzer as well. One tree serves the
# sanitizer test suite (`scripts/test.sh --sanitize`) and the fuzz targets (`fuzz/run.sh`), so CI
# compiles the libraries under sanitizers once, not twice.
#
# Build type "Sanitize" has no flags of its own: -O1 with line tables is what libFuzzer suggests
# and what keeps sanitizer reports readable, and compiles in about half the time of -O2 -g. -O0
# compiles in less than half the time again, but the suite then runs three times as long, which
# ate the whole gain (8.5 min either way, build and tests, on 2 cores). The
# benchmarks are left out: timing sanitized code tells nothing (the normal build compiles them).
# Arguments are passed on to cmake (scripts/test.sh --no-browser gives -DREFEREE_BROWSER_TESTS=OFF).
set -euo pipefail
cd "$(dirname "$0")/.."

CC=clang CXX=clang++ cmake -S . -B build-sanitize -G Ninja \
  -DREFEREE_SANITIZE=ON -DREFEREE_FUZZ=ON -DREFEREE_BENCH=OFF -DCMAKE_BUILD_TYPE=Sanitize \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only -fsanitize=fuzzer-no-link" "$@" > /dev/null
