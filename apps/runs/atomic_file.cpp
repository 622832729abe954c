// Atomic output: the temporary file lives in the target's folder (rename is atomic only
// within one file system) and has a unique name from temporary_files.hpp, so two runs never
// collide and a killed run's leftovers are found and removed by the next. A device or FIFO
// cannot be renamed over, so its output waits in an unnamed temporary file until publish().
// A device or FIFO is opened in the constructor with O_NONBLOCK, which for a FIFO fails at once
// (ENXIO) when no process reads it, instead of waiting in open() for ever; once open, the
// descriptor blocks again, so its reader takes the bytes at its own pace, and it stays open until
// publish(), so the reader waits for them rather than reading an early end.
#include "runs/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "flocklab/text_excerpt.hpp"
#include "runs/temporary_files.hpp"

namespace flocklab::runs {
namespace {

std::string reason() { return std::strerror(errno); }

std::string folderOf(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return folder.empty() ? "." : folder;
}

// An unnamed file for a device's output: nothing to clean up, whatever happens.
int unnamedTemporary() {
  const char* dir = std::getenv("TMPDIR");
  const std::string folder = dir && *dir ? dir : "/tmp";
  const int fd = open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return fd;
  std::string name;
  const int named = createTemporary(folder, name);
  if (named >= 0) {
    unlink(name.c_str());
    forgetTemporary(name);
  }
  return named;
}

void writeAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) throw std::system_error(errno, std::generic_category());
    data += written;
    size -= static_cast<std::size_t>(written);
  }
}

// How long a FIFO's reader may take to open it: a reader started beside flocklab
// (`cat pipe & flocklab run --save pipe`) has had time to open it by then.
constexpr std::chrono::milliseconds kReaderWait{1000};

// `path`, a character device or a FIFO, opened for writing without waiting: -1 with errno set
// when it cannot be (ENXIO: a FIFO that no process reads within kReaderWait). O_NOCTTY: a
// terminal never becomes flocklab's controlling terminal.
int openWithoutWaiting(const std::string& path, bool fifo) {
  const auto deadline = std::chrono::steady_clock::now() + kReaderWait;
  for (;;) {
    const int fd = open(path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0) {
      const int mode = fcntl(fd, F_GETFL);
      if (mode >= 0 && fcntl(fd, F_SETFL, mode & ~O_NONBLOCK) == 0) return fd;
      const int error = errno;
      close(fd);
      errno = error;
      return -1;
    }
    if (errno == EINTR) continue;
    if (errno != ENXIO || !fifo || std::chrono::steady_clock::now() >= deadline) return -1;
    usleep(10'000);
  }
}

// The descriptor that /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N names, or -1.
int streamOf(const std::string& path) {
  if (path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"})
    if (path.rfind(prefix, 0) == 0 && path.size() > prefix.size() && path.size() - prefix.size() <= 6 &&
        path.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
      return std::stoi(path.substr(prefix.size()));
  return -1;
}

}  // namespace

AtomicFile::AtomicFile(std::string path, Accept accept) : path_(std::move(path)), target_(path_) {
  if (path_.empty()) throw OutputError("an output path is empty");
  // Follow the links one at a time, so that a link to /dev/stdout is a stream like /dev/stdout.
  std::filesystem::path at = std::filesystem::path(path_).lexically_normal();
  struct stat info {};
  bool exists = false;
  for (int hops = 0; (stream_ = streamOf(at.string())) < 0; ++hops) {
    if (lstat(at.c_str(), &info) != 0) break;
    if (!S_ISLNK(info.st_mode)) {
      exists = true;
      break;
    }
    std::error_code error;
    const std::filesystem::path next = std::filesystem::read_symlink(at, error);
    if (error || hops == 40) fail("cannot follow its symbolic links");
    at = (next.is_absolute() ? next : at.parent_path() / next).lexically_normal();
    if (lstat(at.c_str(), &info) != 0 && streamOf(at.string()) < 0) fail("it is a symbolic link to nothing");
  }
  target_ = at.string();
  if (stream_ >= 0) {
    // Only a descriptor flocklab was handed (flocklab's own are all close-on-exec), open for writing.
    const int flags = fcntl(stream_, F_GETFD);
    const int mode = fcntl(stream_, F_GETFL);
    if (flags < 0 || mode < 0) fail("it names a descriptor that is not open");
    if (flags & FD_CLOEXEC) fail("it names a descriptor of flocklab's own");
    if ((mode & O_ACCMODE) == O_RDONLY) fail("it names a descriptor open only for reading");
    writesThrough_ = true;
  } else if (exists) {
    if (S_ISDIR(info.st_mode)) fail("it is a directory");
    writesThrough_ = S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode);
    if (!writesThrough_ && !S_ISREG(info.st_mode)) fail("it is not a regular file, a character device or a FIFO");
  }
  if (writesThrough_ && accept == Accept::regularFile)
    fail(stream_ >= 0             ? "it names an open descriptor, not a regular file"
         : S_ISFIFO(info.st_mode) ? "it is a FIFO, not a regular file"
                                  : "it is a character device, not a regular file");
  if (writesThrough_) {
    if (stream_ < 0) {
      const bool fifo = S_ISFIFO(info.st_mode);
      device_ = openWithoutWaiting(target_, fifo);
      if (device_ < 0)
        fail(fifo && errno == ENXIO ? "it is a FIFO that no process reads (start its reader first)" : reason());
    }
    fd_ = unnamedTemporary();
  } else {
    const std::string folder = folderOf(target_);
    const long longest = pathconf(folder.c_str(), _PC_NAME_MAX);
    if (longest > 0 && std::filesystem::path(target_).filename().string().size() > static_cast<std::size_t>(longest))
      fail(std::strerror(ENAMETOOLONG));
    fd_ = createTemporary(folder, tempPath_);
  }
  if (fd_ < 0) {
    const std::string why = reason();
    if (device_ >= 0) close(device_);  // no destructor runs for a constructor that throws
    fail(why);
  }
}

std::optional<std::pair<dev_t, ino_t>> AtomicFile::fileId() const {
  struct stat info {};
  const int found = stream_ >= 0 ? fstat(stream_, &info) : stat(target_.c_str(), &info);
  if (found != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  return std::pair{info.st_dev, info.st_ino};
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) close(fd_);
  if (device_ >= 0) close(device_);
  for (const std::string* name : {&tempPath_, &backupPath_})
    if (!name->empty()) {
      unlink(name->c_str());
      forgetTemporary(*name);
    }
}

void AtomicFile::fail(const std::string& why) const {
  throw OutputError("cannot write " + excerpt(path_, kPathChars) + ": " + why);
}

void AtomicFile::write(std::string_view bytes) {
  if (finished_) fail("the file is already committed");
  try {
    writeAll(fd_, bytes.data(), bytes.size());
  } catch (const std::system_error& e) {
    fail(std::strerror(e.code().value()));
  }
}

void AtomicFile::finish() {
  if (finished_) fail("the file is already committed");
  finished_ = true;
  if (writesThrough_) return;  // the unnamed file stays open for publish()
  // mkstemp creates mode 0600: give a new file the usual permissions under the umask, and a
  // replaced file its own.
  struct stat old {};
  mode_t mode = 0;
  if (stat(target_.c_str(), &old) == 0) {
    mode = old.st_mode & 07777;
  } else {
    const mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  if (fchmod(fd_, mode) != 0) fail(reason());
  // The descriptor stays open until publish(): it holds the lock that tells other processes
  // this temporary file is in use (temporary_files.hpp).
}

void AtomicFile::publish(bool undoable) {
  if (!finished_ || published_) fail("the file is not finished or already committed");
  if (!writesThrough_) {
    replaced_ = access(target_.c_str(), F_OK) == 0;
    if (undoable && replaced_) {
      const std::string backup = tempPath_ + ".old";
      if (link(target_.c_str(), backup.c_str()) == 0) backupPath_ = registerTemporary(backup);
    }
    if (std::rename(tempPath_.c_str(), target_.c_str()) != 0) fail(reason());
    forgetTemporary(tempPath_);
    tempPath_.clear();
    published_ = true;
    const int closed = close(fd_);
    fd_ = -1;
    if (closed != 0) fail(reason());
    return;
  }
  // The device opened in the constructor (never an open() that could wait here), or a copy of
  // the stream's descriptor.
  int device = device_;
  device_ = -1;
  if (stream_ >= 0) {
    do device = dup(stream_);
    while (device < 0 && errno == EINTR);
  }
  if (device < 0) fail(reason());
  char buffer[1 << 16];
  try {
    if (lseek(fd_, 0, SEEK_SET) != 0) throw std::system_error(errno, std::generic_category());
    for (;;) {
      const ssize_t got = read(fd_, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) throw std::system_error(errno, std::generic_category());
      if (got == 0) break;
      writeAll(device, buffer, static_cast<std::size_t>(got));
    }
  } catch (const std::system_error& e) {
    close(device);
    fail(std::strerror(e.code().value()));
  }
  close(fd_);
  fd_ = -1;
  published_ = true;
  if (close(device) != 0) fail(reason());
}

void AtomicFile::undo() noexcept {
  if (!published_ || writesThrough_) return;
  if (!replaced_) {
    unlink(target_.c_str());
  } else if (backupPath_.empty()) {
    return;  // no link to the old file could be made: the new one stays rather than none
  } else if (std::rename(backupPath_.c_str(), target_.c_str()) == 0) {
    forgetTemporary(backupPath_);
    backupPath_.clear();
  }
  published_ = false;
}

void AtomicFile::commit() {
  finish();
  if (writesThrough_) publish();  // may wait while a FIFO's reader is slow: an interrupt must not wait too
  else whileHoldingTemporaries([this] { publish(); });
}

void AtomicFile::commit(const std::string& contents) {
  write(contents);
  commit();
}

}  // namespace flocklab::runs
