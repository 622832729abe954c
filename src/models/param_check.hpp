#pragma once
// The number checks every model's validate() shares: finite, and >= 0 or > 0.
#include <cmath>
#include <initializer_list>
#include <string>

namespace flocklab {

/// One parameter to check: its name in messages, its value, whether 0 is allowed.
struct NumberCheck {
  const char* name;
  double value;
  bool allowZero;
};

/// A number as a person writes it: 0.5, 20, nan (no trailing zeros).
inline std::string showNumber(double v) {
  std::string text = std::to_string(v);
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

/// The first failed check as one sentence naming the parameter and its value, or "".
inline std::string firstNumberProblem(std::initializer_list<NumberCheck> checks) {
  for (const NumberCheck& c : checks) {
    const char* rule = !std::isfinite(c.value)                          ? " must be a finite number"
                       : c.value < 0 || (!c.allowZero && c.value == 0) ? (c.allowZero ? " must be >= 0" : " must be > 0")
                                                                        : nullptr;
    if (rule) return std::string(c.name) + rule + " (got " + showNumber(c.value) + ")";
  }
  return "";
}

}  // namespace flocklab
