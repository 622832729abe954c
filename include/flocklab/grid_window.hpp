#pragma once
// The part of the world a grid covers, which a Partition (flocklab/partition.hpp) gives each of
// its processes: the engine's grid (src/engine/grid.hpp) then spans that part, not the world.

namespace flocklab {

/// The part of the world a grid covers, axis by axis: where `whole` is false, the window
/// [origin, origin + extent] (which never wraps); where true, the world's whole axis.
struct GridWindow {
  double origin[3] = {0, 0, 0};
  double extent[3] = {0, 0, 0};
  bool whole[3] = {true, true, true};
};

}  // namespace flocklab
