#!/usr/bin/env bash
# Installs the Debian packages referee needs, only those that are missing. Safe to run again.
#   scripts/setup.sh                 what building needs (the README's first command)
#   scripts/setup.sh --tests         and what the test suite needs, Chromium for the browser tests
#                                    included, with chromium-driver and python3-selenium to
#                                    drive it (--no-browser leaves them out: scripts/test.sh
#                                    --no-browser then skips those tests)
#   scripts/setup.sh --sanitize      and clang with its sanitizer runtime (scripts/test.sh
#                                    --sanitize, fuzz/run.sh)
#   scripts/setup.sh --package       and what building and testing the .deb needs
#                                    (packaging/test-deb.sh)
# Options combine: .ci/run gives them all.
set -euo pipefail

# The compiler, the build tools and the libraries; help2man writes the man pages at build time.
# The test libraries are here too: the build compiles the tests unless -DREFEREE_TESTS=OFF.
build=(
  g++ cmake ninja-build pkg-config help2man python3-dev pybind11-dev
  libyaml-cpp-dev libboost-json1.81-dev libboost1.81-dev libspdlog-dev libfmt-dev
  libcli11-dev libssl-dev libqrencode-dev libgtest-dev libgmock-dev librapidcheck-dev
)
tests=(clang-format curl jq time python3-yaml python3-jsonschema haproxy locales)
browser=(chromium chromium-driver python3-selenium zbar-tools)
sanitize=(clang libclang-rt-14-dev)
package=(debootstrap dpkg-dev file)

packages=("${build[@]}")
with_tests=0 with_browser=1
for option in "$@"; do
  case "$option" in
    --tests) with_tests=1 ;;
    --no-browser) with_browser=0 ;;
    --sanitize) packages+=("${sanitize[@]}") ;;
    --package) packages+=("${package[@]}") ;;
    *)
      echo "setup: unknown option '$option' (expected --tests, --no-browser, --sanitize or --package)" >&2
      exit 3
      ;;
  esac
done
if [ "$with_tests" -eq 1 ]; then
  packages+=("${tests[@]}")
  if [ "$with_browser" -eq 1 ]; then packages+=("${browser[@]}"); fi
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
