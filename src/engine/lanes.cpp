// Which lane kernel steps run (see flocklab/engine/lanes.hpp): AVX-512 where the CPU has it,
// else AVX2 where it has that, else the scalar path, the fastest measured on each kind of CPU
// (bench/README.md), unless a test, a benchmark or FLOCKLAB_LANES picks another.
#include "flocklab/engine/lanes.hpp"

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace flocklab {

namespace {

constexpr LaneKernel kKernels[] = {LaneKernel::Scalar, LaneKernel::Portable, LaneKernel::Avx2, LaneKernel::Avx512};

LaneKernel fromEnvironment() {
  const char* wanted = std::getenv("FLOCKLAB_LANES");
  if (wanted == nullptr || *wanted == '\0')
    return preferredLaneKernel(laneKernelSupported(LaneKernel::Avx512), laneKernelSupported(LaneKernel::Avx2));
  for (LaneKernel kernel : kKernels) {
    if (std::string(wanted) != laneKernelName(kernel)) continue;
    if (!laneKernelSupported(kernel))
      throw std::invalid_argument(std::string("FLOCKLAB_LANES: this CPU cannot run the ") + wanted + " kernel");
    return kernel;
  }
  throw std::invalid_argument(std::string("FLOCKLAB_LANES must be scalar, portable, avx2 or avx512 (got ") + wanted +
                              ")");
}

// -1: not chosen yet.
std::atomic<int> chosen{-1};

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

LaneKernel preferredLaneKernel(bool hasAvx512, bool hasAvx2) {
  return hasAvx512 ? LaneKernel::Avx512 : hasAvx2 ? LaneKernel::Avx2 : LaneKernel::Scalar;
}

LaneKernel laneKernel() {
  int kernel = chosen.load(std::memory_order_relaxed);
  if (kernel < 0) {
    kernel = static_cast<int>(fromEnvironment());
    chosen.store(kernel, std::memory_order_relaxed);
  }
  return static_cast<LaneKernel>(kernel);
}

void setLaneKernel(LaneKernel kernel) {
  if (!laneKernelSupported(kernel))
    throw std::invalid_argument(std::string("this CPU cannot run the ") + laneKernelName(kernel) + " kernel");
  chosen.store(static_cast<int>(kernel), std::memory_order_relaxed);
}

const char* laneKernelName(LaneKernel kernel) {
  switch (kernel) {
    case LaneKernel::Scalar: return "scalar";
    case LaneKernel::Portable: return "portable";
    case LaneKernel::Avx2: return "avx2";
    case LaneKernel::Avx512: return "avx512";
  }
  return "?";
}

}  // namespace flocklab
