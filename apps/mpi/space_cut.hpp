#pragma once
// The world cut into one box a rank by recursive coordinate bisection of the boids' counts
// (the partitioner of Zoltan's RCB and of most particle codes): the box of a node of ranks
// [r0, r1) is cut across its longest side where the lower (r1 - r0) / 2 ranks get their share
// of the boids inside it, down to one rank a box. The boids may be spread over processes:
// every count is summed over all of them before it decides anything, so every process builds
// the same cut (integer sums, so the order of the additions cannot matter). The cut changes
// who steps which boid, never a bit of the run.
//
// Ownership: a point goes left where its coordinate on the node's axis is below the cut, else
// right; a box's faces on the world's faces take everything beyond them (a box world's walls,
// or a position rounding left exactly on W).
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "flocklab/space.hpp"

namespace flocklab::mpi {

/// Positions of some boids (z null in 2D).
struct Points {
  const double *x = nullptr, *y = nullptr, *z = nullptr;
  std::size_t size = 0;
  double at(int axis, std::size_t k) const { return axis == 0 ? x[k] : (axis == 1 ? y[k] : z[k]); }
};

/// Adds vectors of counts elementwise over all processes, in place (nothing in one process).
using SumOverProcesses = std::function<void(std::vector<std::uint64_t>&)>;

class SpaceCut {
 public:
  /// The whole world as one part.
  explicit SpaceCut(const Space& space = {});
  /// Cuts `space` into `parts` boxes of about equal boid counts, from this process's `points`
  /// and `sum`, which totals counts over every process (collective when it is). The world's box
  /// starts at `lower`; in open space (space.unbounded) it is the group's box, and the faces
  /// of the parts that lie on its faces then reach to infinity, as the group drifts on.
  static SpaceCut byCounts(const Space& space, int parts, const Points& points, const SumOverProcesses& sum,
                           const std::array<double, 3>& lower = {0, 0, 0});

  int parts() const { return static_cast<int>(boxes_.size()); }
  /// The part that owns a point (z ignored in 2D).
  int owner(double x, double y, double z = 0) const;
  /// The squared distance from a point to part `part`'s box: the shortest way round on a
  /// torus, 0 inside.
  double distance2(int part, double x, double y, double z = 0) const;
  /// Part `part`'s box: lower and upper corner, within the world (infinite at the group's
  /// faces in open space).
  const std::array<double, 3>& lower(int part) const { return boxes_[part].lo; }
  const std::array<double, 3>& upper(int part) const { return boxes_[part].hi; }

 private:
  struct Node {
    int axis = -1;   // -1: a leaf, owned by `part`
    double cut = 0;  // below goes to `left`
    int left = -1, right = -1, part = 0;
  };
  struct Box {
    std::array<double, 3> lo{}, hi{};
  };
  Space space_;
  std::vector<Node> nodes_;
  std::vector<Box> boxes_;
};

}  // namespace flocklab::mpi
