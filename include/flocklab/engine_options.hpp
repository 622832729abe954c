#pragma once
// How the engine finds each boid's neighbours and where it runs. Both searches and every
// executor give bit-identical results.
#include <memory>
#include <optional>
#include <string_view>

namespace flocklab {

class Executor;
class Partition;

/// Neighbour search. Grid is O(n) per step and the default; Brute is the O(n^2) reference.
enum class NeighborSearch { Grid, Brute };

/// "grid" or "brute".
const char* toString(NeighborSearch search);
/// Parses "grid" or "brute"; nothing for any other text.
std::optional<NeighborSearch> parseNeighborSearch(std::string_view text);

/// Engine settings that change speed, never results.
struct EngineOptions {
  NeighborSearch search = NeighborSearch::Grid;  ///< neighbour search
  unsigned threads = 0;  ///< worker threads including the caller; 0 means all cores; unused with `executor`
  /// Where steps and metrics run: shared by any number of simulations (e.g. one
  /// makeThreadPool() for a whole sweep). Null: the simulation makes its own pool of `threads`.
  std::shared_ptr<Executor> executor;
  /// This process's share of a flock that several processes step together (flocklab-mpi);
  /// null: this process steps the whole flock. See flocklab/partition.hpp.
  std::shared_ptr<Partition> partition;
};

}  // namespace flocklab
