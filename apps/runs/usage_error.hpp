#pragma once
// Errors a user can fix: bad values, files, paths. Each front end reports one as one line (the
// command line on stderr with exit status 2, Python as ValueError), writing the keys it names
// its own way (flocklab/keyed_message.hpp).
#include <stdexcept>
#include <string>

#include "flocklab/keyed_message.hpp"

namespace flocklab::runs {

/// A problem with what the user asked for; what() is one line naming the problem with each key
/// as it is, marked() the same line with the keys marked.
class UsageError : public std::runtime_error, public MarkedMessage {
 public:
  explicit UsageError(const std::string& marked) : std::runtime_error(plainKeys(marked)), MarkedMessage(marked) {}
};

/// Exit status for bad input of any kind.
inline constexpr int kUsageExit = 2;

}  // namespace flocklab::runs
