#!/usr/bin/env bash
# Installs what flocklab needs on Debian 12, as root; installs nothing that is already there.
#   scripts/setup-debian.sh          build tools, libraries, emscripten (the browser lab), OpenMPI
#                                    (flocklab-mpi), and for the Python package pybind11, numpy,
#                                    pandas, venv and pip
#   scripts/setup-debian.sh --test   also what the tests need: node and npm's playwright-core
#                                    with Debian's Chromium (browser tests), ESLint, clang's libFuzzer,
#                                    clang-format 14 (scripts/check-format.sh), matplotlib, pytest
#                                    and Dask for /usr/bin/python3, ffmpeg (movies)
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(g++ cmake ninja-build pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev libgtest-dev
          libcpp-httplib-dev libbenchmark-dev emscripten librsvg2-dev fonts-dejavu-core libopenmpi-dev openmpi-bin
          pybind11-dev python3-dev python3-numpy python3-pandas python3-venv python3-pip
          python3-setuptools python3-wheel)
testing=0
[ "${1:-}" = "--test" ] && testing=1
if [ $testing = 1 ]; then
  packages+=(clang-14 libclang-rt-14-dev clang-format-14 chromium ffmpeg python3-matplotlib python3-pytest
             python3-distributed)
  command -v node >/dev/null || packages+=(nodejs)
  command -v npm >/dev/null || packages+=(npm)
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
# The JavaScript tests' packages as package-lock.json pins them: playwright-core (the browser
# tests' driver; never a downloaded browser), typescript (the npm package's typings) and ESLint
# (with @eslint/js, globals and eslint-plugin-import-x: the lint that scripts/test-all.sh runs
# first).
if [ $testing = 1 ] && [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
# OpenMPI's ranks resolve "localhost"; a minimal root without /etc/hosts (a fresh debootstrap, some
# containers) would ask DNS and wait out its 5 s timeout in every MPI start of 3 or more ranks.
# Debian's installer writes this file; add the loopback lines only where it has none.
if ! grep -qs '^[^#]*[[:space:]]localhost\([[:space:]]\|$\)' /etc/hosts; then
  echo "setup: /etc/hosts names no localhost; adding the loopback lines"
  printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' >> /etc/hosts
fi
