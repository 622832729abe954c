#pragma once
// A check, before allocating, that the boids of the runs going at once fit in memory. Design:
// what a boid costs is the model's measured peak (ModelDescription::bytesPerBoid); what the
// machine has is its physical memory, or less where a cgroup (a container) caps this process.
#include <cstdint>
#include <string>
#include <string_view>

namespace flocklab::runs {

/// Memory this process may use, in bytes: the physical memory, capped by the cgroup v2 limit
/// (/sys/fs/cgroup/memory.max) when there is one; 0 if unknown. The environment variable
/// FLOCKLAB_MEMORY_BYTES, a whole number of bytes, replaces it (for tests).
std::uint64_t physicalMemoryBytes();
/// The most bytes of an input file (--init, --resume) worth reading: physicalMemoryBytes(), or no
/// limit where it is unknown. A larger file could never be held, and an endless one is refused.
std::uint64_t inputFileLimit();
/// "" when `bytes` fit in physicalMemoryBytes() (or it is unknown), else one sentence:
/// "`what` about 2.1 GiB of memory but this machine has 1.0 GiB"; `what` is the subject and its
/// verb, "count 15000000 needs".
std::string memoryProblem(std::uint64_t bytes, std::string_view what);

}  // namespace flocklab::runs
