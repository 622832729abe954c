#pragma once
// A run's checkpoint (`run --checkpoint-every K DIR`, `run --resume DIR`): one file,
// DIR/checkpoint.flk, so that one rename publishes it whole. Its first line is a JSON object:
//   {"flocklab_checkpoint": 1, "flocklab": VERSION, "step": K, "boids": N, "dims": D,
//    "run": {the run's parameters as --write-config writes them, for a random start},
//    "reals": {NAME: LENGTH, ...}, "wholes": {NAME: LENGTH, ...}}
// and the rest is little-endian binary: x, y, (z), vx, vy, (vz) as N doubles each, then each
// list of ModelState::reals as doubles and of ModelState::wholes as unsigned 64-bit numbers,
// in the order of their names. Numbers are kept exactly, so a resumed run ends with the bits
// of an uninterrupted one.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "flocklab/flock.hpp"
#include "flocklab/model_state.hpp"

namespace flocklab::cli {

struct Checkpoint {
  nlohmann::json run;  ///< the run's parameters (a run file)
  std::uint64_t step = 0;
  Flock flock;
  ModelState model;
};

/// The file name inside a checkpoint folder.
inline constexpr const char* kCheckpointName = "checkpoint.flk";

/// The checkpoint's bytes.
std::string formatCheckpoint(const Checkpoint& checkpoint);
/// Reads bytes formatCheckpoint wrote; `path` names them in messages. Throws UsageError
/// ("PATH is not a flocklab checkpoint: ...") for anything else, a cut file included.
Checkpoint parseCheckpoint(std::string_view bytes, const std::string& path);

}  // namespace flocklab::cli
