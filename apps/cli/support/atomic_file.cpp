// Atomic output: the temporary file lives in the target's folder (rename is atomic only
// within one file system) and has a unique name from mkstemp, so two runs never collide.
#include "support/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace flocklab {
namespace {
std::string reason() { return std::strerror(errno); }
}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) throw OutputError("an output path is empty");
  struct stat info {};
  if (stat(path_.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
    throw OutputError("cannot write " + path_ + ": it is a directory");
  std::string pattern = path_ + ".tmp.XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  fd_ = mkstemp(name.data());
  if (fd_ < 0) throw OutputError("cannot write " + path_ + ": " + reason());
  tempPath_ = name.data();
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) close(fd_);
  if (!tempPath_.empty()) unlink(tempPath_.c_str());
}

void AtomicFile::write(std::string_view bytes) {
  if (fd_ < 0) throw OutputError("cannot write " + path_ + ": the file is already committed");
  const char* data = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t written = ::write(fd_, data, left);
    if (written < 0) {
      if (errno == EINTR) continue;
      throw OutputError("cannot write " + path_ + ": " + reason());
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
}

void AtomicFile::commit() {
  if (fd_ < 0) throw OutputError("cannot write " + path_ + ": the file is already committed");
  // mkstemp creates mode 0600; give the file the usual permissions under the umask.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd_, 0666 & ~mask);
  const int closed = close(fd_);
  fd_ = -1;
  if (closed != 0) throw OutputError("cannot write " + path_ + ": " + reason());
  if (std::rename(tempPath_.c_str(), path_.c_str()) != 0)
    throw OutputError("cannot write " + path_ + ": " + reason());
  tempPath_.clear();
}

void AtomicFile::commit(const std::string& contents) {
  write(contents);
  commit();
}

}  // namespace flocklab
