#!/usr/bin/env bash
# Lints the JavaScript (ESLint, eslint.config.mjs: a lint error fails the run) and checks the C++
# layout (scripts/check-format.sh: clang-format 14 and .clang-format), then builds and
# runs every test: the release suite (with the JavaScript reference), the suite
# without the statistical claims under AddressSanitizer + UndefinedBehaviorSanitizer, the
# threaded tests under ThreadSanitizer, and short libFuzzer runs over the state CSV reader and
# the sweep-file reader.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== lint ($(date +%T))"
if [ ! -x node_modules/.bin/eslint ]; then
  echo "test-all: ESLint is not installed: run npm ci --no-audit --no-fund (scripts/setup-debian.sh --test does)" >&2
  exit 2
fi
node_modules/.bin/eslint --max-warnings 0 .
scripts/check-format.sh
for preset in release asan tsan fuzz; do
  echo "== $preset ($(date +%T))"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  ctest --preset "$preset"
done
echo "== done ($(date +%T))"
