// Memory this process may use. Design: a cgroup's limit is what a container's out-of-memory
// killer enforces, so it counts rather than the host's physical memory; both are read once
// per check, which runs before a command allocates its flocks.
#include "runs/memory.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace flocklab::runs {
namespace {

std::uint64_t wholeNumber(std::string_view text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc() && end == text.data() + text.size() ? v : 0;
}

// The cgroup v2 memory limit of this process, or 0 when there is none ("max") or no cgroup v2.
std::uint64_t cgroupLimit() {
  std::ifstream in("/sys/fs/cgroup/memory.max");
  std::string text;
  if (!(in >> text)) return 0;
  return wholeNumber(text);
}

}  // namespace

std::uint64_t physicalMemoryBytes() {
  if (const char* given = std::getenv("FLOCKLAB_MEMORY_BYTES"); given && *given) return wholeNumber(given);
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  std::uint64_t bytes =
      pages > 0 && pageSize > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize) : 0;
  if (const std::uint64_t limit = cgroupLimit(); limit > 0 && (bytes == 0 || limit < bytes)) bytes = limit;
  return bytes;
}

std::uint64_t inputFileLimit() {
  const std::uint64_t physical = physicalMemoryBytes();
  return physical == 0 ? ~std::uint64_t{0} : physical;
}

std::string memoryProblem(std::uint64_t bytes, std::string_view what) {
  const std::uint64_t physical = physicalMemoryBytes();
  if (physical == 0 || bytes <= physical) return "";
  constexpr double kGiB = 1ULL << 30;
  char text[200];
  std::snprintf(text, sizeof text, "%.*s about %.1f GiB of memory but this machine has %.1f GiB",
                static_cast<int>(what.size()), what.data(), static_cast<double>(bytes) / kGiB,
                static_cast<double>(physical) / kGiB);
  return text;
}

}  // namespace flocklab::runs
