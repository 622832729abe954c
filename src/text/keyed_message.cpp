// Marked keys in messages (see flocklab/keyed_message.hpp).
#include "flocklab/keyed_message.hpp"

namespace flocklab {

std::string markKey(std::string_view key) {
  std::string out(1, kKeyMark);
  out += key;
  out += kKeyMark;
  return out;
}

std::string spellKeys(std::string_view marked, const KeySpelling& spell) {
  std::string out;
  out.reserve(marked.size());
  std::size_t at = 0;
  while (at < marked.size()) {
    const std::size_t open = marked.find(kKeyMark, at);
    const std::size_t close = open == std::string_view::npos ? open : marked.find(kKeyMark, open + 1);
    if (close == std::string_view::npos) {  // no (whole) mark left: the rest as it is, an odd mark dropped
      for (const char c : marked.substr(at))
        if (c != kKeyMark) out += c;
      break;
    }
    out += marked.substr(at, open - at);
    out += spell(marked.substr(open + 1, close - open - 1));
    at = close + 1;
  }
  return out;
}

std::string plainKeys(std::string_view marked) {
  return spellKeys(marked, [](std::string_view key) { return std::string(key); });
}

std::string markedMessage(const std::exception& e) {
  if (const auto* keyed = dynamic_cast<const MarkedMessage*>(&e)) return keyed->marked();
  return e.what();
}

}  // namespace flocklab
