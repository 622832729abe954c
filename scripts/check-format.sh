#!/usr/bin/env bash
# Checks that every C and C++ source of the tree follows .clang-format, with clang-format 14 (its
# output differs between versions, so no other version is used).
#   scripts/check-format.sh         prints each file clang-format would change; exit 1 if any
#   scripts/check-format.sh --fix   rewrites those files in place
# Exit 2, with one line, when clang-format 14 is missing or the arguments are wrong.
# Every tracked source is flocklab's own: there is no third-party or generated C++ to leave out.
set -euo pipefail
cd "$(dirname "$0")/.."
fix=0
case "${1:-}" in
  "") ;;
  --fix) fix=1 ;;
  *) echo "check-format: unknown argument '$1' (usage: scripts/check-format.sh [--fix])" >&2; exit 2 ;;
esac
[ $# -le 1 ] || { echo "check-format: too many arguments (usage: scripts/check-format.sh [--fix])" >&2; exit 2; }

tool=""
if command -v clang-format-14 >/dev/null; then
  tool=clang-format-14
elif command -v clang-format >/dev/null && clang-format --version | grep -q 'version 14\.'; then
  tool=clang-format
fi
if [ -z "$tool" ]; then
  echo "check-format: clang-format 14 is not installed: apt-get install clang-format-14 (scripts/setup-debian.sh --test does)" >&2
  exit 2
fi

# The tracked sources; where git is not installed (a fresh machine runs the tests from a copy),
# every source outside the build folders and node_modules, which are the same files.
if command -v git >/dev/null && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -d '' files < <(git ls-files -z -- '*.c' '*.cc' '*.cpp' '*.cxx' '*.h' '*.hh' '*.hpp' '*.hxx' '*.inl' '*.ipp')
else
  mapfile -d '' files < <(find . \( -path ./.git -o -path './build*' -o -name node_modules \) -prune -o -type f \
    \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' -o -name '*.cxx' -o -name '*.h' -o -name '*.hh' -o -name '*.hpp' \
    -o -name '*.hxx' -o -name '*.inl' -o -name '*.ipp' \) -print0 | sort -z)
fi
[ ${#files[@]} -gt 0 ] || { echo "check-format: no C or C++ sources found" >&2; exit 2; }

# One run over all files; --ferror-limit=1 gives one diagnostic line per unformatted file.
style=(--style=file:.clang-format)
status=0
report=$("$tool" "${style[@]}" --dry-run --Werror --ferror-limit=1 "${files[@]}" 2>&1) || status=$?
mapfile -t bad < <(printf '%s\n' "$report" | sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if [ $status -ne 0 ] && [ ${#bad[@]} -eq 0 ]; then
  # clang-format failed for another reason (an unreadable file, a broken .clang-format).
  echo "check-format: $tool failed: $(printf '%s\n' "$report" | head -n 1)" >&2
  exit 2
fi
[ ${#bad[@]} -gt 0 ] || exit 0

if [ $fix = 1 ]; then
  "$tool" "${style[@]}" -i "${bad[@]}"
  printf 'check-format: formatted %s\n' "${bad[@]}"
  exit 0
fi
printf '%s: not formatted (scripts/check-format.sh --fix formats it)\n' "${bad[@]}"
echo "check-format: ${#bad[@]} of ${#files[@]} files not formatted as .clang-format says" >&2
exit 1
