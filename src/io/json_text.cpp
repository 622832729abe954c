// Bounded JSON reading. Design: nlohmann's parser is iterative, but its DOM builder would let a
// value of any depth through to code that recurses (dump(), comparisons), so a SAX handler of
// our own builds the value and stops the parse at the first level past the limit, or at a key
// seen twice in one object (nlohmann would silently keep the later one). Lexer errors arrive at
// parse_error() with the byte offset, so every message names the line and column; the text
// they last read is quoted as an excerpt, never whole.
#include "flocklab/io/json_text.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "flocklab/text_excerpt.hpp"

namespace flocklab {
namespace {

using Json = nlohmann::json;

// "line L, column C" of byte offset `at` (0-based) of `text`.
std::string whereIs(std::string_view text, std::size_t at) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, column = 1;
    else if ((static_cast<unsigned char>(text[i]) & 0xc0u) != 0x80u) ++column;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// nlohmann's reason ("invalid literal"), without its prefixes and the text it last read (we
// quote the input ourselves).
std::string reasonOf(const std::string& what) {
  std::string reason = what;
  if (const std::size_t colon = reason.find(": "); colon != std::string::npos) reason.erase(0, colon + 2);
  if (const std::size_t dash = reason.find(" - "); dash != std::string::npos) reason.erase(0, dash + 3);
  if (const std::size_t last = reason.find("; last read"); last != std::string::npos) reason.erase(last);
  return excerpt(reason, 120);
}

class BoundedBuilder {
 public:
  BoundedBuilder(Json& root, std::string_view text) : root_(root), text_(text) {}

  bool null() { return put(nullptr); }
  bool boolean(bool v) { return put(v); }
  bool number_integer(Json::number_integer_t v) { return put(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return put(v); }
  bool number_float(Json::number_float_t v, const std::string&) { return put(v); }
  bool string(std::string& v) { return put(std::move(v)); }
  bool binary(Json::binary_t&) { return fail("binary values are not JSON"); }
  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    if (!keys_.back().insert(k).second) return fail("key '" + excerpt(k) + "' appears twice in one object");
    slot_ = &(*stack_.back())[k];
    return true;
  }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e);

  /// Why the parse stopped.
  const std::string& problem() const { return problem_; }

 private:
  bool fail(std::string why) {
    problem_ = std::move(why);
    return false;
  }
  // Places a value where the parse is (top level, next array item or the last key's slot).
  Json* place(Json&& v) {
    if (stack_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    if (stack_.back()->is_array()) {
      stack_.back()->push_back(std::move(v));
      return &stack_.back()->back();
    }
    *slot_ = std::move(v);
    return slot_;
  }
  bool put(Json&& v) {
    place(std::move(v));
    return true;
  }
  bool open(Json&& container) {
    if (stack_.size() >= kMaxJsonDepth)
      return fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels of arrays and objects");
    stack_.push_back(place(std::move(container)));
    keys_.emplace_back();
    return true;
  }
  bool close() {
    stack_.pop_back();
    keys_.pop_back();
    return true;
  }

  Json& root_;
  std::string_view text_;
  // The open arrays and objects, outermost first. Their addresses are stable: a container only
  // grows while it is the innermost one, and then nothing points into it from below.
  std::vector<Json*> stack_;
  std::vector<std::set<std::string>> keys_;  // each open object's keys so far
  Json* slot_ = nullptr;
  std::string problem_;
};

// The error handler that reports where the lexer stopped; it runs after BoundedBuilder's.
bool BoundedBuilder::parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) {
  // `position` counts the bytes read, the one at fault included.
  const std::size_t at = position == 0 ? 0 : position - 1;
  if (e.id == 406)  // the lexer has read the whole number
    return fail("number out of range at " + whereIs(text_, at + 1 - std::min(token.size(), at + 1)) + " (got " +
                excerpt(token) + ")");
  const std::string where = whereIs(text_, at);
  if (at >= text_.size()) return fail("not valid JSON: it ends too early (" + reasonOf(e.what()) + ")");
  return fail("not valid JSON at " + where + ": " + reasonOf(e.what()) + " (near " + excerpt(text_.substr(at)) + ")");
}

bool blank(std::string_view text) {
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  return true;
}

}  // namespace

Json parseJsonText(std::string_view text) {
  if (text.size() > kMaxJsonBytes)
    throw JsonTextError("longer than " + std::to_string(kMaxJsonBytes) + " bytes (" + std::to_string(text.size()) +
                        ")");
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (blank(text)) throw JsonTextError("holds no JSON (it is empty)");
  Json root;
  BoundedBuilder builder(root, text);
  if (!Json::sax_parse(text.begin(), text.end(), &builder, Json::input_format_t::json, true))
    throw JsonTextError(builder.problem());
  return root;
}

std::string jsonExcerpt(const Json& value) {
  return excerpt(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

}  // namespace flocklab
