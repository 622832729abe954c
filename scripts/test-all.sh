#!/usr/bin/env bash
# Builds and runs every test: the release suite (with the JavaScript reference), the suite
# without the statistical claims under AddressSanitizer + UndefinedBehaviorSanitizer, the
# threaded tests under ThreadSanitizer, and short libFuzzer runs over the state CSV reader and
# the sweep-file reader.
set -euo pipefail
cd "$(dirname "$0")/.."
for preset in release asan tsan fuzz; do
  echo "== $preset ($(date +%T))"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  ctest --preset "$preset"
done
echo "== done ($(date +%T))"
