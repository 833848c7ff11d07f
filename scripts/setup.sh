#!/usr/bin/env bash
# Installs the Debian packages referee needs, only those that are missing. Safe to run again.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config clang-format
  libyaml-cpp-dev libboost-json1.81-dev libboost1.81-dev libspdlog-dev libfmt-dev
  libgtest-dev libgmock-dev librapidcheck-dev libcli11-dev libssl-dev
  chromium clang libclang-rt-14-dev curl jq time python3-yaml
)

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
