#pragma once
// Messages that name keys. Design: the engine and the run library name a parameter or a start
// setting by its key ("max_speed", "count", "model"), marked with markKey(), and each front end
// writes the marked keys its own way through one function: the command line as flags
// (--max-speed), Python as keywords (max_speed), JavaScript in camelCase (maxSpeed). A reader of
// what() sees each key as it is. A mark is the control character U+001F on both sides of the
// key; excerpt() escapes control characters, so a user's text quoted in a message cannot forge one.
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace flocklab {

/// The character on both sides of a marked key.
inline constexpr char kKeyMark = '\x1f';

/// `key` marked for a message: each front end writes it its own way.
std::string markKey(std::string_view key);

/// How a front end writes a key: "max_speed" -> "--max-speed", "max_speed" or "maxSpeed".
using KeySpelling = std::function<std::string(std::string_view key)>;

/// `marked` with each marked key written by `spell`.
std::string spellKeys(std::string_view marked, const KeySpelling& spell);
/// `marked` with each key written as it is.
std::string plainKeys(std::string_view marked);

/// What an exception with marked keys keeps besides its plain what().
class MarkedMessage {
 public:
  explicit MarkedMessage(std::string marked) : marked_(std::move(marked)) {}
  virtual ~MarkedMessage() = default;
  const std::string& marked() const noexcept { return marked_; }

 private:
  std::string marked_;
};

/// A bad value or setting that a caller can fix; what() reads plainly ("max_speed must be ..."),
/// marked() keeps the marks for a front end to spell.
class KeyedError : public std::invalid_argument, public MarkedMessage {
 public:
  explicit KeyedError(const std::string& marked) : std::invalid_argument(plainKeys(marked)), MarkedMessage(marked) {}
};

/// The message of `e` with its marks: the marked text of a MarkedMessage, else what().
std::string markedMessage(const std::exception& e);

}  // namespace flocklab
