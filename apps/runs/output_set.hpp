#pragma once
// All the outputs of one command, published together: every file appears, or none changes.
// Each output is opened (and its path checked) when it is added, before any work; two outputs
// that name the same file are refused then. commitAll() finishes every file first (where a
// full disk shows), writes through to devices, and then renames the files in one go, undoing
// the renames already made if a later one fails.
#include <memory>
#include <string>
#include <vector>

#include "runs/atomic_file.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {

class OutputSet {
 public:
  /// Opens `path` as the output of `flag` ("--save"); nullptr when `path` is empty (the output
  /// was not asked for). Throws OutputError when the path cannot be written or another output
  /// of the set names the same file (devices such as /dev/null may be named twice).
  AtomicFile* add(const std::string& flag, const std::string& path);
  /// Claims the names `frame-NNNNNN.png` in `folder` for `flag`'s frames, which are written
  /// as they come rather than at the end. Throws OutputError when an output is one of them.
  void claimFrames(const std::string& flag, const std::string& folder);
  /// Claims `path` for `flag`'s file, which it writes itself as it goes (a checkpoint). Throws
  /// OutputError when an output names it.
  void claimFile(const std::string& flag, const std::string& path);
  /// Publishes every output, all or none. Throws OutputError.
  void commitAll();

 private:
  struct Output {
    std::string flag;
    std::string identity;  // the absolute target
    std::unique_ptr<AtomicFile> file;
  };
  void checkAgainstFrames(const std::string& flag, const std::string& identity) const;
  void checkAgainstClaims(const std::string& flag, const std::string& identity) const;

  std::vector<Output> outputs_;
  std::vector<std::pair<std::string, std::string>> claimed_;  // flag, identity of a claimed file
  std::string framesFlag_, framesFolder_;
};

}  // namespace flocklab::runs

namespace flocklab::runs {

/// Runs `work`, reporting an output that cannot be written as the user's error (exit 2).
template <class Fn>
auto onOutputs(Fn&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
}

}  // namespace flocklab::runs
