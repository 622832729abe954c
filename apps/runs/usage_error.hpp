#pragma once
// Errors a user can fix: bad values, files, paths. main() prints them as one line and exits 2.
#include <stdexcept>

namespace flocklab::runs {

/// A problem with what the user asked for; what() is one line naming the problem.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Exit status for bad input of any kind.
inline constexpr int kUsageExit = 2;

}  // namespace flocklab::runs
