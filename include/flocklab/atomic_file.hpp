#pragma once
// Output files that appear whole or not at all: written to a temporary file beside the
// target, then renamed over it.
#include <stdexcept>
#include <string>

namespace flocklab {

/// An output path that cannot be written; what() is one line naming the path and the reason.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A file written in one go. The constructor creates the temporary file at once, so a path
/// that cannot be written fails before any work is done; the destructor removes it unless
/// commit() renamed it into place.
class AtomicFile {
 public:
  /// Creates `path`'s temporary sibling. Throws OutputError.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Writes `contents` and renames the temporary file to the target. Throws OutputError.
  void commit(const std::string& contents);
  /// The target path.
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::string tempPath_;
  int fd_ = -1;
};

}  // namespace flocklab
