// The world as front ends describe and frame it (see world_view.hpp).
#include "flocklab/world_view.hpp"

#include <algorithm>

namespace flocklab {

WorldDescription describeWorld(const ModelDescription& model, const Simulation& simulation) {
  const Space s = simulation.space();
  return {s.dimensions(), s.width, s.height, s.depth, s.periodic, s.unbounded, model.lengthUnit};
}

WorldView viewOf(const Space& space, const Flock& flock) {
  if (!space.unbounded || flock.size() == 0) return {0, 0, 0, space.width, space.height, space.depth};
  const int dims = flock.is3d() ? 3 : 2;
  const std::vector<double>* axes[3] = {&flock.x, &flock.y, &flock.z};
  double middle[3] = {0, 0, 0}, side = space.width;
  for (int a = 0; a < dims; ++a) {
    const auto [lo, hi] = std::minmax_element(axes[a]->begin(), axes[a]->end());
    middle[a] = (*lo + *hi) / 2;
    side = std::max(side, 1.2 * (*hi - *lo));
  }
  return {middle[0] - side / 2,  middle[1] - side / 2, dims == 3 ? middle[2] - side / 2 : 0.0, side, side,
          dims == 3 ? side : 0.0};
}

}  // namespace flocklab
