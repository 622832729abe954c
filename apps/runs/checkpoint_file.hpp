#pragma once
// A run's checkpoint (`run --checkpoint-every K DIR`, `run --resume DIR`): one file,
// DIR/checkpoint.flk, so that one rename publishes it whole. Its first line proves the rest:
//   {"flocklab_checkpoint": 2, "checksum": "16 hex digits"}
// the checksum being FNV-1a 64 of every byte after that line. The second line is a JSON object:
//   {"flocklab": VERSION, "step": K, "boids": N, "dims": D,
//    "run": {the run's parameters as --write-config writes them at its start},
//    "reals": {NAME: LENGTH, ...}, "wholes": {NAME: LENGTH, ...}}
// and the rest is little-endian binary: x, y, (z), vx, vy, (vz) as N doubles each, then each
// list of ModelState::reals as doubles and of ModelState::wholes as unsigned 64-bit numbers,
// in the order of their names. Numbers are kept exactly, so a resumed run ends with the bits
// of an uninterrupted one. The checksum catches a damaged or edited file (any change of one
// byte, or of one bit, changes it); like every flocklab fingerprint it is not proof against
// forgery, so the values are checked on reading as well (by the run's setup and the model).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "flocklab/flock.hpp"
#include "flocklab/model_state.hpp"

namespace flocklab::runs {

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
/// ("PATH is not a flocklab checkpoint: ...", "PATH is damaged or was edited: ...") for anything
/// else, a cut file and a changed byte included.
Checkpoint parseCheckpoint(std::string_view bytes, const std::string& path);

}  // namespace flocklab::runs
