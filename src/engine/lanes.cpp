// Which lane kernel steps run (see engine/lanes.hpp): AVX-512 where the CPU has it,
// else AVX2 where it has that, else the one-boid path for lanes of boids and the portable two
// lanes for a boid's hits, the fastest measured on each kind of CPU and in WebAssembly
// (bench/README.md), unless a test, a benchmark or FLOCKLAB_LANES picks one for every use.
#include "engine/lanes.hpp"

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace flocklab {

namespace {

constexpr LaneKernel kKernels[] = {LaneKernel::Scalar, LaneKernel::Portable, LaneKernel::Avx2, LaneKernel::Avx512};
constexpr int kUnread = -2, kPreferred = -1;  // besides a kernel's value

// FLOCKLAB_LANES's kernel, or kPreferred when it is unset or empty.
int fromEnvironment() {
  const char* wanted = std::getenv("FLOCKLAB_LANES");
  if (wanted == nullptr || *wanted == '\0') return kPreferred;
  const std::optional<LaneKernel> kernel = laneKernelNamed(wanted);
  if (!kernel)
    throw std::invalid_argument(std::string("FLOCKLAB_LANES must be scalar, portable, avx2 or avx512 (got ") + wanted +
                                ")");
  if (!laneKernelSupported(*kernel))
    throw std::invalid_argument(std::string("FLOCKLAB_LANES: this CPU cannot run the ") + wanted + " kernel");
  return static_cast<int>(*kernel);
}

// The kernel every use runs, kPreferred, or kUnread before the environment is read.
std::atomic<int> chosen{kUnread};

}  // namespace

bool laneKernelSupported(LaneKernel kernel) {
  switch (kernel) {
    case LaneKernel::Scalar:
    case LaneKernel::Portable: return true;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    case LaneKernel::Avx2: return __builtin_cpu_supports("avx2");
    case LaneKernel::Avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512dq");
#endif
    default: return false;
  }
}

LaneKernel preferredLaneKernel(LaneUse use, bool hasAvx512, bool hasAvx2) {
  if (hasAvx512) return LaneKernel::Avx512;
  if (hasAvx2) return LaneKernel::Avx2;
  return use == LaneUse::Hits ? LaneKernel::Portable : LaneKernel::Scalar;
}

LaneKernel laneKernel(LaneUse use) {
  int kernel = chosen.load(std::memory_order_relaxed);
  if (kernel == kUnread) {
    kernel = fromEnvironment();
    chosen.store(kernel, std::memory_order_relaxed);
  }
  if (kernel == kPreferred) {
    static const bool avx512 = laneKernelSupported(LaneKernel::Avx512), avx2 = laneKernelSupported(LaneKernel::Avx2);
    return preferredLaneKernel(use, avx512, avx2);
  }
  return static_cast<LaneKernel>(kernel);
}

void setLaneKernel(LaneKernel kernel) {
  if (!laneKernelSupported(kernel))
    throw std::invalid_argument(std::string("this CPU cannot run the ") + laneKernelName(kernel) + " kernel");
  chosen.store(static_cast<int>(kernel), std::memory_order_relaxed);
}

void useDefaultLaneKernels() { chosen.store(kUnread, std::memory_order_relaxed); }

const char* laneKernelName(LaneKernel kernel) {
  switch (kernel) {
    case LaneKernel::Scalar: return "scalar";
    case LaneKernel::Portable: return "portable";
    case LaneKernel::Avx2: return "avx2";
    case LaneKernel::Avx512: return "avx512";
  }
  return "?";
}

std::optional<LaneKernel> laneKernelNamed(std::string_view name) {
  for (LaneKernel kernel : kKernels)
    if (name == laneKernelName(kernel)) return kernel;
  return std::nullopt;
}

}  // namespace flocklab
