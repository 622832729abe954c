// The nearest known name to a mistyped one (see the header).
#include "runs/nearest_name.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace flocklab::runs {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view withoutDashes(std::string_view name) {
  return name.substr(std::min(name.find_first_not_of('-'), name.size()));
}

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbouring letters, each one edit.
std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string nearestName(const std::string& typed, const std::vector<std::string>& known) {
  const std::string core = lower(withoutDashes(typed));
  if (core.empty()) return "";
  const std::size_t limit = core.size() < 3 ? 0 : core.size() <= 5 ? 1 : core.size() <= 8 ? 2 : 3;
  std::string best;
  std::size_t bestDistance = limit + 1;
  for (const std::string& name : known) {
    const std::size_t distance = editDistance(core, lower(withoutDashes(name)));
    if (distance < bestDistance) best = name, bestDistance = distance;
  }
  if (!best.empty() || core.size() < 3) return best;
  std::vector<std::string> extending;
  for (const std::string& name : known)
    if (lower(withoutDashes(name)).rfind(core, 0) == 0) extending.push_back(name);
  return extending.size() == 1 ? extending.front() : "";
}

}  // namespace flocklab::runs
