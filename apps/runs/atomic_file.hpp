#pragma once
// Output files that appear whole or not at all: written to a temporary file beside the
// target, then renamed over it. What an output path may name:
// - a regular file or nothing yet: replaced whole by rename;
// - a symbolic link: followed; the file it names is replaced and the link stays;
// - a character device or a FIFO (/dev/null, a terminal, a named pipe): opened at once without
//   waiting (a FIFO only while a process reads it: flocklab waits a second for a reader started
//   beside it, then refuses, where open() would wait for ever), and written through at commit
//   from a temporary file that has no name; refused where only a regular file will do (a
//   checkpoint, which --resume must read back; a frame of --picture-every);
// - /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N: written at commit to that open
//   descriptor itself, where it stands (so `--save /dev/stdout > file` behaves as in a shell);
// - anything else (a folder, a socket, a block device, a link to nothing): refused.
#include <sys/types.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace flocklab::runs {

/// An output path that cannot be written; what() is one line naming the path and the reason.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A file written in one go or streamed in parts. The constructor creates the temporary file at
/// once, so a path that cannot be written fails before any work is done; write() appends to it;
/// the destructor removes it unless commit() put it into place. Not thread-safe.
class AtomicFile {
 public:
  /// What a path may name: any output above, or only a regular file (or nothing yet).
  enum class Accept { anyOutput, regularFile };
  /// Checks `path` (see above), opens the device or FIFO it names and creates its temporary
  /// file. Never waits for long. Throws OutputError.
  explicit AtomicFile(std::string path, Accept accept = Accept::anyOutput);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends `bytes` to the temporary file. Throws OutputError (also after finish()).
  void write(std::string_view bytes);
  /// finish() and publish(). Throws OutputError (also when called twice).
  void commit();
  /// Writes `contents` and commits: write(contents); commit(). Throws OutputError.
  void commit(const std::string& contents);

  /// The first half of commit(): everything is written and the temporary file closed, so that
  /// only publish() is left, which for a file is one rename. Throws OutputError.
  void finish();
  /// The second half: renames the temporary file over target(), or copies it into the device.
  /// `undoable` keeps a link to the file it replaces until this object is destroyed, for
  /// undo(). Throws OutputError.
  void publish(bool undoable = false);
  /// Puts back what an undoable publish() replaced (or removes the new file where there was
  /// none). A device's output cannot be taken back, nor a file whose old version could not be
  /// linked aside (a file system without hard links): that new file stays. Never throws.
  void undo() noexcept;

  /// The path as given.
  const std::string& path() const { return path_; }
  /// What the output replaces: the path with symbolic links followed.
  const std::string& target() const { return target_; }
  /// True when the target is a character device, a FIFO or an open descriptor, written through.
  bool writesThrough() const { return writesThrough_; }
  /// The device and inode of the regular file the output replaces or writes through to, if any
  /// (two outputs with one id would overwrite each other).
  std::optional<std::pair<dev_t, ino_t>> fileId() const;

 private:
  [[noreturn]] void fail(const std::string& reason) const;

  std::string path_, target_, tempPath_, backupPath_;
  bool published_ = false;
  bool replaced_ = false;  // publish() replaced an existing file
  bool writesThrough_ = false;
  int stream_ = -1;  // the open descriptor a /dev/stdout-like path names
  int device_ = -1;  // the device or FIFO written through, open since the constructor
  bool finished_ = false;
  int fd_ = -1;
};

}  // namespace flocklab::runs
