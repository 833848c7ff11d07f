#!/usr/bin/env bash
# The worked examples of docs/library.md, taken from the page itself, built and run against a copy
# of referee installed under a scratch prefix: the C++ example through find_package(referee) and
# through pkg-config, the Python example through the installed module.
#   examples_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix

# The n-th fenced block of a language on the page.
block() { awk -v lang="$1" -v want="$2" '
  /^```/ && !inside { if ($0 == "```" lang) { n++; inside = (n == want) ? 1 : 2; next } }
  /^```$/ && inside { inside = 0; next }
  inside == 1 { print }' "$source_dir/docs/library.md"; }

cmake --install "$build" --prefix "$prefix" > /dev/null
mkdir -p "$scratch/cpp"
block cpp 1 > "$scratch/cpp/verify_records.cpp"
block cmake 1 > "$scratch/cpp/CMakeLists.txt"
test -s "$scratch/cpp/verify_records.cpp" && test -s "$scratch/cpp/CMakeLists.txt"

# Only the API's header is installed.
headers=$(cd "$prefix/include" && find . -type f | sort)
test "$headers" = "./referee/referee.h" || { echo "installed headers: $headers"; exit 1; }

# And the library exports the API alone: nothing else of referee's.
leaked=$(nm -D --defined-only "$(find "$prefix" -name 'libreferee.so' | head -1)" | c++filt |
  grep 'referee::' | grep -v 'referee::api::' || true)
test -z "$leaked" || { echo "libreferee exports more than its API: $leaked"; exit 1; }

cmake -S "$scratch/cpp" -B "$scratch/cpp/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" > /dev/null
cmake --build "$scratch/cpp/build" > /dev/null
cd "$source_dir"
expected="samples/collusion/invalid/revoke.yaml: invalid (collusion), line 13: revoke"
output=$("$scratch/cpp/build/verify_records" samples/collusion/invalid/revoke.yaml) && exit_code=0 || exit_code=$?
test "$output" = "$expected" || { echo "find_package example printed: $output"; exit 1; }
test "$exit_code" = 1 || { echo "find_package example exited $exit_code, expected 1"; exit 1; }

libdir=$(dirname "$(find "$prefix" -name referee.pc)")
flags=$(PKG_CONFIG_PATH=$libdir pkg-config --cflags --libs referee)
# shellcheck disable=SC2086
g++ "$scratch/cpp/verify_records.cpp" $flags -Wl,-rpath,"$(dirname "$libdir")" -o "$scratch/pc_example"
"$scratch/pc_example" samples/collusion/valid/deduction.yaml |
  grep -qx "samples/collusion/valid/deduction.yaml: valid (collusion)"

block python 1 > "$scratch/live_game.py"
module_dir=$(dirname "$(find "$prefix" -name 'referee*.so' -path '*python3*')")
printed=$(PYTHONPATH=$module_dir /usr/bin/python3 "$scratch/live_game.py")
echo "$printed" | head -1 | grep -Eq '^valid [NESW] wins with [0-9]+' ||
  { echo "python example printed: $printed"; exit 1; }
echo "$printed" | tail -1 | grep -Eq "^\['[a-d][a-z]+', '[a-d][a-z]+', '[a-d][a-z]+', '[a-d][a-z]+'\]$" ||
  { echo "python example printed: $printed"; exit 1; }
echo "examples of docs/library.md: built and run against $prefix"
