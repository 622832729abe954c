// gamma(n) of one state (docs/analyze.md, "Anisotropy"). Design: each agent's nearest others
// come from the grid, shell by shell (walkShells), ranked by (distance, index) so that ties go to
// the lower index whatever order the cells are visited in; each agent's list goes into its own
// slot in parallel. The outer products are then summed serially in agent order, and each M_n's
// least eigenvector is found with IEEE operations alone (a closed form in 2D, Jacobi rotations
// in 3D), so that every platform and thread count gives the same bits.
#include "flocklab/anisotropy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/grid.hpp"
#include "engine/grid_shells.hpp"

namespace flocklab {

namespace {

// The unit vector along the least eigenvalue of the symmetric 2x2 [[a, b], [b, c]].
std::pair<double, double> leastAxis2(double a, double b, double c) {
  const double half = (a - c) / 2, least = (a + c) / 2 - std::sqrt(half * half + b * b);
  // Of the two forms of the eigenvector, the longer (the other may vanish).
  double x = b, y = least - a;
  const double ox = least - c, oy = b;
  if (ox * ox + oy * oy > x * x + y * y) x = ox, y = oy;
  const double length = std::sqrt(x * x + y * y);
  if (length == 0) return {1, 0};  // a multiple of the identity: every axis is least
  return {x / length, y / length};
}

// The unit vector along the least eigenvalue of the symmetric 3x3 m (row-major), by cyclic
// Jacobi rotations until the off-diagonal part vanishes (at most 50 sweeps).
void leastAxis3(double m[3][3], double out[3]) {
  double v[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int sweep = 0; sweep < 50; ++sweep) {
    if (m[0][1] == 0 && m[0][2] == 0 && m[1][2] == 0) break;
    for (int p = 0; p < 2; ++p)
      for (int q = p + 1; q < 3; ++q) {
        if (m[p][q] == 0) continue;
        const double theta = (m[q][q] - m[p][p]) / (2 * m[p][q]);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int k = 0; k < 3; ++k) {  // m = J^T m J, columns then rows
          const double kp = m[k][p], kq = m[k][q];
          m[k][p] = c * kp - s * kq;
          m[k][q] = s * kp + c * kq;
        }
        for (int k = 0; k < 3; ++k) {
          const double pk = m[p][k], qk = m[q][k];
          m[p][k] = c * pk - s * qk;
          m[q][k] = s * pk + c * qk;
        }
        m[p][q] = m[q][p] = 0;
        for (int k = 0; k < 3; ++k) {
          const double kp = v[k][p], kq = v[k][q];
          v[k][p] = c * kp - s * kq;
          v[k][q] = s * kp + c * kq;
        }
      }
  }
  int least = 0;
  for (int k = 1; k < 3; ++k)
    if (m[k][k] < m[least][least]) least = k;
  for (int k = 0; k < 3; ++k) out[k] = v[k][least];
}

// Each agent's `rank` nearest others, nearest first, into nearest[i * rank ...].
template <int D>
void rankNeighbours(const Flock& f, const Space& space, std::uint32_t rank, Executor& executor,
                    std::vector<std::uint32_t>& nearest) {
  const std::size_t n = f.size();
  // Cells holding about two agents each over the world (a torus) or the group's box.
  const std::vector<double>* p[3] = {&f.x, &f.y, &f.z};
  double volume = 1, lower[3] = {0, 0, 0}, upper[3] = {space.width, space.height, space.depth};
  for (int a = 0; a < D; ++a) {
    if (space.unbounded) {
      const auto [lo, hi] = std::minmax_element(p[a]->begin(), p[a]->end());
      lower[a] = *lo, upper[a] = *hi;
    }
    volume *= std::max(upper[a] - lower[a], std::numeric_limits<double>::min());
  }
  double side = std::pow(2 * volume / static_cast<double>(n), 1.0 / D);
  if (!(side > 0 && std::isfinite(side))) side = 1;
  const GridWindow window =
      space.unbounded ? boundingWindow(f.x.data(), f.y.data(), D == 3 ? f.z.data() : nullptr, n, side) : GridWindow{};
  Grid grid;
  grid.build(f.x.data(), f.y.data(), f.z.data(), nullptr, nullptr, nullptr, nullptr, n, space, side,
             space.unbounded ? &window : nullptr);
  const Offsets offsets(space);
  const unsigned tasks = static_cast<unsigned>(std::min<std::size_t>(executor.size() * 4, (n + 255) / 256));
  const std::size_t chunk = (n + tasks - 1) / tasks;
  executor.run(tasks, [&](unsigned task, unsigned) {
    std::vector<std::pair<double, std::uint32_t>> kept;  // (d2, index), ascending
    kept.reserve(rank + 1);
    for (std::size_t slot = task * chunk; slot < std::min(n, (task + 1) * chunk); ++slot) {
      const std::uint32_t i = grid.index(slot);
      kept.clear();
      walkShells<D>(
          grid, slot,
          [&](std::uint32_t c) {
            for (std::uint32_t s = grid.begin(c); s < grid.end(c); ++s) {
              const std::uint32_t j = grid.index(s);
              if (j == i) continue;
              const double dx = offsets.dx(f.x[i], f.x[j]), dy = offsets.dy(f.y[i], f.y[j]);
              double d2 = dx * dx + dy * dy;
              if constexpr (D == 3) {
                const double dz = offsets.dz(f.z[i], f.z[j]);
                d2 += dz * dz;
              }
              const std::pair<double, std::uint32_t> item{d2, j};
              if (kept.size() == rank && !(item < kept.back())) continue;
              kept.insert(std::upper_bound(kept.begin(), kept.end(), item), item);
              if (kept.size() > rank) kept.pop_back();
            }
          },
          [&](double beyond2) { return kept.size() == rank && kept.back().first <= beyond2; });
      for (std::uint32_t k = 0; k < rank; ++k) nearest[std::size_t{i} * rank + k] = kept[k].second;
    }
  });
}

template <int D>
Anisotropy anisotropyIn(const Flock& f, const Space& space, std::uint32_t rank, Executor& executor) {
  const std::size_t n = f.size();
  Anisotropy out;
  out.isotropic = 1.0 / D;
  std::vector<std::uint32_t> nearest(n * rank);
  rankNeighbours<D>(f, space, rank, executor, nearest);

  // The group's heading, then M_n summed serially in agent order (upper triangle: xx xy xz yy yz zz).
  double heading[3] = {0, 0, 0};
  const std::vector<double>* v[3] = {&f.vx, &f.vy, &f.vz};
  for (int a = 0; a < D; ++a) {
    for (double value : *v[a]) heading[a] += value;
    heading[a] /= static_cast<double>(n);
  }
  const double speed = std::sqrt(heading[0] * heading[0] + heading[1] * heading[1] + heading[2] * heading[2]);
  const Offsets offsets(space);
  std::vector<double> sums(std::size_t{rank} * 6, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::uint32_t k = 0; k < rank; ++k) {
      const std::uint32_t j = nearest[i * rank + k];
      double e[3] = {offsets.dx(f.x[i], f.x[j]), offsets.dy(f.y[i], f.y[j]), D == 3 ? offsets.dz(f.z[i], f.z[j]) : 0};
      const double length = std::sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
      if (length == 0) continue;  // at the same place: no direction
      for (double& c : e) c /= length;
      double* m = &sums[std::size_t{k} * 6];
      m[0] += e[0] * e[0], m[1] += e[0] * e[1], m[2] += e[0] * e[2];
      m[3] += e[1] * e[1], m[4] += e[1] * e[2], m[5] += e[2] * e[2];
    }
  for (std::uint32_t k = 0; k < rank; ++k) {
    const double* s = &sums[std::size_t{k} * 6];
    double w[3] = {0, 0, 0};
    if constexpr (D == 2) {
      const auto [x, y] = leastAxis2(s[0], s[1], s[3]);
      w[0] = x, w[1] = y;
    } else {
      double m[3][3] = {{s[0], s[1], s[2]}, {s[1], s[3], s[4]}, {s[2], s[4], s[5]}};
      leastAxis3(m, w);
    }
    // M_n = sums / N: the same eigenvectors, so the division is left out.
    const double cosine = (w[0] * heading[0] + w[1] * heading[1] + w[2] * heading[2]) / speed;
    out.gamma.push_back(speed > 0 ? cosine * cosine : std::numeric_limits<double>::quiet_NaN());
  }
  for (std::uint32_t k = 0; k < rank; ++k)
    if (std::abs(out.gamma[k] - out.isotropic) <= kIsotropyTolerance) {
      out.range = k + 1;
      break;
    }
  return out;
}

}  // namespace

Anisotropy anisotropy(const Flock& flock, const Space& space, std::uint32_t nearestMax, Executor& executor) {
  if (flock.is3d() != space.is3d()) throw std::invalid_argument("the flock and the world differ in dimensions");
  if (nearestMax < 1 || nearestMax > kMaxNearestRank)
    throw std::invalid_argument("the neighbours ranked must number 1 to " + std::to_string(kMaxNearestRank) + " (got " +
                                std::to_string(nearestMax) + ")");
  const std::uint32_t rank =
      static_cast<std::uint32_t>(std::min<std::size_t>(nearestMax, flock.size() > 0 ? flock.size() - 1 : 0));
  if (rank == 0) return Anisotropy{{}, flock.is3d() ? 1.0 / 3 : 0.5, 0};
  return flock.is3d() ? anisotropyIn<3>(flock, space, rank, executor) : anisotropyIn<2>(flock, space, rank, executor);
}

}  // namespace flocklab
