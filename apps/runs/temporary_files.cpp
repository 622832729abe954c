// The process's list of temporary files. It is never destroyed (an interrupt may use it while
// static objects are being torn down), and a recursive mutex lets a publish that holds it still
// forget the files it renames.
#include "runs/temporary_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string_view>
#include <vector>

namespace flocklab::runs {
namespace {

constexpr std::string_view kPrefix = ".flocklab-tmp-";

struct Registry {
  std::recursive_mutex mutex;
  std::set<std::string> files;
  std::set<std::string> cleanedFolders;
};

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed, see above
  return *r;
}

// The PID in `.flocklab-tmp-PID-XXXXXX` (or a backup's `...-XXXXXX.old`), or 0 when the name is not one of ours.
pid_t ownerOf(std::string_view name) {
  if (name.substr(0, kPrefix.size()) != kPrefix) return 0;
  name.remove_prefix(kPrefix.size());
  const std::size_t dash = name.find('-');
  if (dash == 0 || dash == std::string_view::npos || dash + 1 == name.size()) return 0;
  long pid = 0;
  for (const char c : name.substr(0, dash)) {
    if (c < '0' || c > '9' || pid > 100'000'000) return 0;
    pid = pid * 10 + (c - '0');
  }
  return static_cast<pid_t>(pid);
}

// Removes the temporaries in `folder` whose process is gone. A PID says little across PID
// namespaces (containers sharing a folder), so a file is also left alone while any process
// holds its lock, as every writer does until it publishes.
void removeStale(const std::string& folder) {
  DIR* dir = opendir(folder.c_str());
  if (!dir) return;
  std::vector<std::string> candidates;
  while (const dirent* entry = readdir(dir)) {
    const pid_t owner = ownerOf(entry->d_name);
    if (owner > 0 && owner != getpid() && kill(owner, 0) != 0 && errno == ESRCH) candidates.emplace_back(entry->d_name);
  }
  closedir(dir);
  for (const std::string& name : candidates) {
    const std::string path = folder + "/" + name;
    const int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) continue;
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) unlink(path.c_str());
    close(fd);
  }
}

}  // namespace

int createTemporary(const std::string& folder, std::string& name) {
  Registry& r = registry();
  std::lock_guard<std::recursive_mutex> lock(r.mutex);
  if (r.cleanedFolders.insert(folder).second) removeStale(folder);
  std::string pattern = folder + "/" + std::string(kPrefix) + std::to_string(getpid()) + "-XXXXXX";
  const int fd = mkostemp(pattern.data(), O_CLOEXEC);
  if (fd < 0) return -1;
  flock(fd, LOCK_EX | LOCK_NB);  // in use: see removeStale()
  name = pattern;
  r.files.insert(name);
  return fd;
}

std::string registerTemporary(std::string name) {
  Registry& r = registry();
  std::lock_guard<std::recursive_mutex> lock(r.mutex);
  r.files.insert(name);
  return name;
}

void forgetTemporary(const std::string& name) {
  Registry& r = registry();
  std::lock_guard<std::recursive_mutex> lock(r.mutex);
  r.files.erase(name);
}

void removeAllTemporaries() {
  Registry& r = registry();
  r.mutex.lock();  // held until the process exits
  for (const std::string& name : r.files) unlink(name.c_str());
  r.files.clear();
}

namespace detail {
void lockTemporaries() { registry().mutex.lock(); }
void unlockTemporaries() { registry().mutex.unlock(); }
}  // namespace detail

}  // namespace flocklab::runs
