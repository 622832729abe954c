// Recursive coordinate bisection by counts (see space_cut.hpp). The cut along a node's axis is
// found by bisection of the coordinate: each round every process counts its boids of the node
// below the middle (a binary search in its sorted coordinates), the counts are summed, and
// the half that holds the target count is kept; one sum a round serves every node of a level.
#include "space_cut.hpp"

#include <algorithm>
#include <limits>

namespace flocklab::mpi {
namespace {

// Rounds of bisection at most: enough to pin a double within any box.
constexpr int kRounds = 64;

// The gap between a coordinate and [lo, hi] along an axis of extent `extent`: the shorter way
// round on a torus.
double gap(double v, double lo, double hi, double extent, bool periodic) {
  if (v >= lo && v <= hi) return 0;
  const double direct = v < lo ? lo - v : v - hi;
  if (!periodic) return direct;
  const double around = v < lo ? (v + extent) - hi : (lo + extent) - v;
  return std::max(0.0, std::min(direct, around));
}

}  // namespace

SpaceCut::SpaceCut(const Space& space) : space_(space), nodes_(1), boxes_(1) {
  boxes_[0].hi = {space.width, space.height, space.is3d() ? space.depth : 0.0};
}

SpaceCut SpaceCut::byCounts(const Space& space, int parts, const Points& points, const SumOverProcesses& sum,
                            const std::array<double, 3>& lower) {
  SpaceCut cut(space);
  if (parts <= 1) return cut;
  const int dims = space.dimensions();

  cut.boxes_.assign(static_cast<std::size_t>(parts), Box{});
  std::vector<std::pair<int, int>> ranks{{0, parts}};  // by node: ranks [first, last)
  const Box world{lower,
                  {lower[0] + space.width, lower[1] + space.height, lower[2] + (space.is3d() ? space.depth : 0.0)}};
  std::vector<Box> nodeBox{world};
  std::vector<int> nodeOf(points.size, 0);
  std::vector<int> level{0};
  while (!level.empty()) {
    std::vector<int> split;
    for (int node : level) {
      if (ranks[node].second - ranks[node].first > 1) split.push_back(node);
      else cut.nodes_[node].part = ranks[node].first, cut.boxes_[ranks[node].first] = nodeBox[node];
    }
    if (split.empty()) break;
    // Each node to cut: its axis (the longest side; the first of equals) and its boids' sorted
    // coordinates along it.
    const std::size_t m = split.size();
    std::vector<int> slot(cut.nodes_.size(), -1), axis(m);
    std::vector<std::vector<double>> coords(m);
    for (std::size_t s = 0; s < m; ++s) {
      const Box& b = nodeBox[split[s]];
      int a = 0;
      for (int k = 1; k < dims; ++k)
        if (b.hi[k] - b.lo[k] > b.hi[a] - b.lo[a]) a = k;
      axis[s] = a;
      slot[split[s]] = static_cast<int>(s);
    }
    for (std::size_t k = 0; k < points.size; ++k)
      if (const int s = slot[nodeOf[k]]; s >= 0) coords[s].push_back(points.at(axis[s], k));
    std::vector<std::uint64_t> total(m), target(m), below(m);
    for (std::size_t s = 0; s < m; ++s) {
      std::sort(coords[s].begin(), coords[s].end());
      total[s] = coords[s].size();
    }
    sum(total);
    std::vector<double> lo(m), hi(m);
    std::vector<char> done(m);
    for (std::size_t s = 0; s < m; ++s) {
      const auto [first, last] = ranks[split[s]];
      target[s] = total[s] * static_cast<std::uint64_t>((last - first) / 2) / static_cast<std::uint64_t>(last - first);
      lo[s] = nodeBox[split[s]].lo[axis[s]], hi[s] = nodeBox[split[s]].hi[axis[s]];
      done[s] = total[s] == 0;
      if (done[s]) hi[s] = lo[s] + (hi[s] - lo[s]) / 2;  // no boids: the middle
    }
    for (int round = 0; round < kRounds && std::count(done.begin(), done.end(), 0) > 0; ++round) {
      for (std::size_t s = 0; s < m; ++s) {
        const double mid = lo[s] + (hi[s] - lo[s]) / 2;
        below[s] = done[s] ? 0
                           : static_cast<std::uint64_t>(std::lower_bound(coords[s].begin(), coords[s].end(), mid) -
                                                        coords[s].begin());
      }
      sum(below);
      for (std::size_t s = 0; s < m; ++s) {
        if (done[s]) continue;
        const double mid = lo[s] + (hi[s] - lo[s]) / 2;
        if (mid <= lo[s] || mid >= hi[s]) done[s] = 1;
        else if (below[s] >= target[s]) hi[s] = mid, done[s] = below[s] == target[s];
        else lo[s] = mid;
      }
    }
    // Two children a node: the lower ranks below the cut.
    std::vector<int> next;
    for (std::size_t s = 0; s < m; ++s) {
      const int node = split[s];
      const auto [first, last] = ranks[node];
      const int middle = first + (last - first) / 2;
      Box below_ = nodeBox[node], above = nodeBox[node];
      below_.hi[axis[s]] = hi[s];
      above.lo[axis[s]] = hi[s];
      const int left = static_cast<int>(cut.nodes_.size());
      cut.nodes_[node].axis = axis[s];
      cut.nodes_[node].cut = hi[s];
      cut.nodes_[node].left = left;
      cut.nodes_[node].right = left + 1;
      cut.nodes_.push_back(Node{});
      cut.nodes_.push_back(Node{});
      ranks.push_back({first, middle});
      ranks.push_back({middle, last});
      nodeBox.push_back(below_);
      nodeBox.push_back(above);
      next.push_back(left);
      next.push_back(left + 1);
    }
    for (std::size_t k = 0; k < points.size; ++k) {
      const Node& n = cut.nodes_[nodeOf[k]];
      if (slot[nodeOf[k]] >= 0) nodeOf[k] = points.at(n.axis, k) < n.cut ? n.left : n.right;
    }
    level = std::move(next);
  }
  if (space.unbounded)
    for (Box& b : cut.boxes_)
      for (int a = 0; a < dims; ++a) {
        if (b.lo[a] == world.lo[a]) b.lo[a] = -std::numeric_limits<double>::infinity();
        if (b.hi[a] == world.hi[a]) b.hi[a] = std::numeric_limits<double>::infinity();
      }
  return cut;
}

int SpaceCut::owner(double x, double y, double z) const {
  int node = 0;
  while (nodes_[node].axis >= 0) {
    const Node& n = nodes_[node];
    const double v = n.axis == 0 ? x : (n.axis == 1 ? y : z);
    node = v < n.cut ? n.left : n.right;
  }
  return nodes_[node].part;
}

double SpaceCut::distance2(int part, double x, double y, double z) const {
  const Box& b = boxes_[part];
  const double gx = gap(x, b.lo[0], b.hi[0], space_.width, space_.periodic);
  const double gy = gap(y, b.lo[1], b.hi[1], space_.height, space_.periodic);
  double d2 = gx * gx + gy * gy;
  if (space_.is3d()) {
    const double gz = gap(z, b.lo[2], b.hi[2], space_.depth, space_.periodic);
    d2 += gz * gz;
  }
  return d2;
}

}  // namespace flocklab::mpi
