#pragma once
// "Did you mean ...?": the nearest known name to a mistyped one, for every front end's
// messages (the command line's flags and commands, Python's keywords).
#include <string>
#include <vector>

namespace flocklab::runs {

/// The name in `known` nearest to `typed` (case and leading dashes ignored, a swap of two
/// neighbouring letters counting as one edit), or "" when none is close enough to be a typo:
/// at most 1 edit for names up to 5 letters, 2 up to 8, 3 beyond; a name of 1 or 2 letters
/// only when equal. An unmatched `typed` of 3 letters or more that begins exactly one known
/// name suggests that name. Ties go to the earlier name in `known`.
std::string nearestName(const std::string& typed, const std::vector<std::string>& known);

}  // namespace flocklab::runs
