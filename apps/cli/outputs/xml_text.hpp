#pragma once
// Text placed in SVG (titles, captions, legend names): the characters XML reserves there.
#include <string>

namespace flocklab::cli {

/// `text` with &, <, > and " written as entities (enough for text and "-quoted attributes).
inline std::string escapeXml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace flocklab::cli
