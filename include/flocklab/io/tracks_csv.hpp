#pragma once
// Animals tracked on video as CSV (docs/analyze.md, "Tracked animals"): a header naming the
// columns frame, id, x, y and, in 3D, z (in any order; other columns are left alone), then one
// row per animal and frame, the rows in frame order. Velocities come from finite differences
// over the neighbouring frames, so each frame becomes a state to analyse.
#include <cstdint>
#include <string_view>
#include <vector>

#include "flocklab/flock.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// The frames of a tracks file as states.
struct TrackedFrames {
  int dimensions = 2;
  std::vector<std::uint64_t> frames;  ///< the frame numbers, ascending
  std::vector<Flock> states;          ///< each frame's animals with a velocity, in the file's row order
  std::uint64_t leftOut = 0;          ///< animal-frames without a neighbouring frame (no velocity)
};

/// Parses a tracks file. `space` gives the world (a torus: positions must lie in it and
/// differences take the minimum image; open space: any finite place) and its dimensions;
/// `dt` the time between frames (velocities are per dt). An animal's velocity in frame f is
/// (p(f+1) - p(f-1)) / (2 dt) where it is in both neighbouring frames, the one-sided difference
/// where it is in one, and it is left out of frame f where it is in neither. Throws CsvError
/// naming the row: a missing column, a frame that is not a whole number or comes before the
/// row above's, an id twice in one frame, a value that is not a finite number, a place outside
/// the world.
TrackedFrames parseTracksCsv(std::string_view text, const Space& space, double dt);

/// The dimensions of a tracks file whose first line is `header`: 3 when it names a column z, 2
/// otherwise, and 0 when it names neither frame nor id (not a tracks file).
int tracksDimensions(std::string_view header);

}  // namespace flocklab
