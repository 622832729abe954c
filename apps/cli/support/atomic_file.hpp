#pragma once
// Output files that appear whole or not at all: written to a temporary file beside the
// target, then renamed over it.
#include <stdexcept>
#include <string>
#include <string_view>

namespace flocklab {

/// An output path that cannot be written; what() is one line naming the path and the reason.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A file written in one go or streamed in parts. The constructor creates the temporary file at
/// once, so a path that cannot be written fails before any work is done; write() appends to it;
/// the destructor removes it unless commit() renamed it into place. Not thread-safe.
class AtomicFile {
 public:
  /// Creates `path`'s temporary sibling. Throws OutputError.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends `bytes` to the temporary file. Throws OutputError (also after commit()).
  void write(std::string_view bytes);
  /// Renames what was written into place, whole. Throws OutputError (also when called twice).
  void commit();
  /// Writes `contents` and commits: write(contents); commit(). Throws OutputError.
  void commit(const std::string& contents);
  /// The target path.
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::string tempPath_;
  int fd_ = -1;
};

}  // namespace flocklab
