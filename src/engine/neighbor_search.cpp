#include "flocklab/engine_options.hpp"

namespace flocklab {

const char* toString(NeighborSearch search) { return search == NeighborSearch::Grid ? "grid" : "brute"; }

std::optional<NeighborSearch> parseNeighborSearch(std::string_view text) {
  if (text == "grid") return NeighborSearch::Grid;
  if (text == "brute") return NeighborSearch::Brute;
  return std::nullopt;
}

}  // namespace flocklab
