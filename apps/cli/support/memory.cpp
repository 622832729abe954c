#include "support/memory.hpp"

#include <unistd.h>

#include <cstdio>

namespace flocklab {

std::uint64_t physicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

std::string memoryProblem(std::uint64_t count) {
  const std::uint64_t physical = physicalMemoryBytes();
  constexpr std::uint64_t kMaxIndexable = 0xffffffffULL;  // grid indices are 32-bit
  const bool tooMany = count > kMaxIndexable;
  const double needGiB = static_cast<double>(count) * static_cast<double>(kBytesPerBoid) / (1ULL << 30);
  if (!tooMany && (physical == 0 || count <= physical / kBytesPerBoid)) return "";
  char text[200];
  if (tooMany)
    std::snprintf(text, sizeof text, "count %llu is more than the %llu boids flocklab can index",
                  static_cast<unsigned long long>(count), static_cast<unsigned long long>(kMaxIndexable));
  else
    std::snprintf(text, sizeof text,
                  "count %llu needs about %.1f GiB of memory but this machine has %.1f GiB",
                  static_cast<unsigned long long>(count), needGiB,
                  static_cast<double>(physical) / (1ULL << 30));
  return text;
}

}  // namespace flocklab
