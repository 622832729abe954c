#!/usr/bin/env bash
# Installs what flocklab needs on Debian 12, as root; installs nothing that is already there.
#   scripts/setup-debian.sh          build tools and libraries (enough to build and run)
#   scripts/setup-debian.sh --test   also what the tests need (node for the reference, clang's
#                                    libFuzzer for the fuzz smoke test)
set -euo pipefail
packages=(g++ cmake ninja-build pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev libgtest-dev libcpp-httplib-dev)
if [ "${1:-}" = "--test" ]; then
  packages+=(clang-14 libclang-rt-14-dev)
  command -v node >/dev/null || packages+=(nodejs)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
