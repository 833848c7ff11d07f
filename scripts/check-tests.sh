#!/usr/bin/env bash
# Fails on a property test that cannot fail: rc::check reports a counterexample and returns false,
# and a test that drops that result passes anyway. A property is an RC_GTEST_PROP, or its
# rc::check is inside EXPECT_TRUE / ASSERT_TRUE.
set -euo pipefail
cd "$(dirname "$0")/.."
if git grep -nE '^[[:space:]]*rc::check\(' -- 'tests/*.cpp' 'tests/*.h'; then
  echo "check-tests: the rc::check above drops its result; wrap it in EXPECT_TRUE" >&2
  exit 1
fi
echo "check-tests: every rc::check's result is checked"
