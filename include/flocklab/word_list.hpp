#pragma once
// Words listed as a person writes them, for messages and help: "lab, steering or abm".
#include <string>
#include <vector>

namespace flocklab {

/// "a", "a or b", "a, b or c"; `last` joins the last two ("or", "and").
inline std::string wordList(const std::vector<std::string>& words, const std::string& last = "or") {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " " + last + " " : ", ") + words[i];
  return out;
}

}  // namespace flocklab
