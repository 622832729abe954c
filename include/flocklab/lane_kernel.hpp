#pragma once
// Which kernel the engine's steps run for lanes of boids and for a boid's hits (src/engine/lanes.hpp
// has the kernels): every kernel gives the same bits, so this only chooses speed. The command's
// FLOCKLAB_LANES and `flocklab bench --lanes`, and the page's setLanes(), set it through here.
#include <optional>
#include <string_view>

namespace flocklab {

/// The kernels a lane rule's step can run: Scalar is the one-boid path (the distance filter,
/// then the rule's add() hit by hit), the others lanes. Portable is 2 lanes (SSE2 on x86-64,
/// simd128 in WebAssembly, whatever the target gives elsewhere).
enum class LaneKernel { Scalar, Portable, Avx2, Avx512 };
/// What the lanes hold: boids of a tile (a rule with lane sums, kRuleLanes of
/// engine/rule.hpp) or one boid's hits (a rule with hit lanes, kRuleHitLanes).
enum class LaneUse { Boids, Hits };

/// True when this build and this CPU can run `kernel` (Scalar and Portable always).
bool laneKernelSupported(LaneKernel kernel);
/// The kernel steps run for `use`: the one set by setLaneKernel, else the environment variable
/// FLOCKLAB_LANES (scalar, portable, avx2 or avx512), else preferredLaneKernel for this CPU.
/// Throws std::invalid_argument when FLOCKLAB_LANES names no kernel or one this CPU lacks.
LaneKernel laneKernel(LaneUse use = LaneUse::Boids);
/// The kernel steps run for `use` by default on a CPU with (or without) AVX-512 F, VL and DQ
/// and AVX2 (the choices bench/README.md measures): Avx512, else Avx2, else for boids the
/// one-boid path (two lanes of boids lose to it) and for hits the portable two lanes (which
/// beat it in WebAssembly). Pure.
LaneKernel preferredLaneKernel(LaneUse use, bool hasAvx512, bool hasAvx2);
/// Makes every later step run `kernel` for every use (for tests and benchmarks that compare
/// the paths; all give the same bits). Throws std::invalid_argument when this CPU cannot run it.
void setLaneKernel(LaneKernel kernel);
/// Undoes setLaneKernel: later steps run FLOCKLAB_LANES's kernel, else the preferred ones.
void useDefaultLaneKernels();
/// "scalar", "portable", "avx2" or "avx512".
const char* laneKernelName(LaneKernel kernel);
/// The kernel laneKernelName calls `name`, or none.
std::optional<LaneKernel> laneKernelNamed(std::string_view name);

}  // namespace flocklab
