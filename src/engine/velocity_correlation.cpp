// C(r), r0 and L of one state (docs/analyze.md, "Velocity correlation"). Design: every pair
// i < j once, in blocks of whole rows that depend on the agent count alone (never on the
// executor), each block summing its pairs into bins of its own in ascending (i, j); the blocks'
// bins are then added in block order, so the result is the same bits for any thread count.
// The pairs' distances are the minimum image on a torus (Offsets) and plain elsewhere.
#include "flocklab/velocity_correlation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "flocklab/decimal_text.hpp"

namespace flocklab {

namespace {

// Blocks of rows: enough to keep every worker of a large machine busy, few enough that their
// bins cost nothing to add up.
constexpr std::size_t kBlocks = 64;
// The most bins a call fills: 100,000 (1.6 MB of sums and counts a block at most).
constexpr double kMaxBins = 1e5;

struct Bins {
  std::vector<double> sum;
  std::vector<std::uint64_t> count;
  double farthest2 = 0;
};

// The first row of each block and one past the last: about equal numbers of pairs a block.
std::vector<std::size_t> blockRows(std::size_t n, std::size_t blocks) {
  std::vector<std::size_t> rows{0};
  const double total = 0.5 * static_cast<double>(n) * static_cast<double>(n - 1);
  double done = 0;
  for (std::size_t i = 0; i < n; ++i) {
    done += static_cast<double>(n - 1 - i);
    if (done >= total * static_cast<double>(rows.size()) / static_cast<double>(blocks) && rows.size() < blocks)
      rows.push_back(i + 1);
  }
  if (rows.back() != n) rows.push_back(n);
  return rows;
}

// One axis's offset from a to b: the minimum image when `periodic`, with the operations of
// Offsets::wrap written as selects, so that the compiler can take several pairs at once.
template <bool Periodic>
inline double offsetOf(double a, double b, double extent, double half) {
  const double d = b - a;
  if constexpr (!Periodic) return d;
  // Both images computed, then chosen: no branch, the values Offsets::wrap gives.
  const double below = d - extent, above = d + extent;
  return d > half ? below : (d < -half ? above : d);
}

// The pairs (i, j > i) of rows [first, last) into `out`. Each row's pairs go through a tile at a
// time: first every pair's bin and dot product (a loop without branches), then the bins' sums in
// ascending j, the order the docs give.
template <int D, bool Periodic>
void addRows(const Flock& f, const double* const u[3], const Space& space, double reach, double bin, std::size_t first,
             std::size_t last, Bins& out) {
  constexpr std::size_t kTile = 256;
  const std::size_t n = f.size(), outside = out.sum.size() - 1;  // the last bin takes the pairs beyond reach
  const double w = space.width, h = space.height, d = space.depth;
  const double* x = f.x.data();
  const double* y = f.y.data();
  const double* z = D == 3 ? f.z.data() : nullptr;
  double binOf[kTile], dotOf[kTile], squared[kTile];
  double farthest2 = out.farthest2;
  for (std::size_t i = first; i < last; ++i) {
    const double xi = x[i], yi = y[i], zi = D == 3 ? z[i] : 0.0;
    const double ux = u[0][i], uy = u[1][i], uz = D == 3 ? u[2][i] : 0.0;
    for (std::size_t from = i + 1; from < n; from += kTile) {
      const std::size_t count = std::min(kTile, n - from);
      for (std::size_t t = 0; t < count; ++t) {
        const std::size_t j = from + t;
        const double dx = offsetOf<Periodic>(xi, x[j], w, w / 2), dy = offsetOf<Periodic>(yi, y[j], h, h / 2);
        double d2 = dx * dx + dy * dy, dot = ux * u[0][j] + uy * u[1][j];
        if constexpr (D == 3) {
          const double dz = offsetOf<Periodic>(zi, z[j], d, d / 2);
          d2 += dz * dz;
          dot += uz * u[2][j];
        }
        squared[t] = d2;
        const double r = std::sqrt(d2), quotient = r / bin;  // >= 0: truncating it floors it
        binOf[t] = r < reach ? quotient : static_cast<double>(outside);
        dotOf[t] = dot;
      }
      for (std::size_t t = 0; t < count; ++t) {
        farthest2 = std::max(farthest2, squared[t]);
        const auto k = static_cast<std::size_t>(binOf[t]);
        out.sum[k] += dotOf[t];
        ++out.count[k];
      }
    }
  }
  out.farthest2 = farthest2;
}

}  // namespace

double correlationReach(const Space& space) {
  if (!space.periodic) return std::numeric_limits<double>::infinity();
  double side = std::min(space.width, space.height);
  if (space.is3d()) side = std::min(side, space.depth);
  return side / 2;
}

VelocityCorrelation velocityCorrelation(const Flock& flock, const Space& space, double bin, Executor& executor) {
  if (flock.is3d() != space.is3d()) throw std::invalid_argument("the flock and the world differ in dimensions");
  if (!(std::isfinite(bin) && bin > 0))
    throw std::invalid_argument("the bin width must be a finite number > 0 (got " + writeDecimal(bin) + ")");
  VelocityCorrelation out;
  out.bin = bin;
  const std::size_t n = flock.size();
  if (n < 2) return out;
  const int dims = flock.is3d() ? 3 : 2;

  // The fluctuations u_i = v_i - V, and (1/N) sum u_i . u_i: serial sums in index order.
  const std::vector<double>* v[3] = {&flock.vx, &flock.vy, &flock.vz};
  std::vector<double> fluctuation[3];
  const double count = static_cast<double>(n);
  for (int a = 0; a < dims; ++a) {
    double mean = 0;
    for (double value : *v[a]) mean += value;
    mean /= count;
    fluctuation[a].resize(n);
    for (std::size_t i = 0; i < n; ++i) fluctuation[a][i] = (*v[a])[i] - mean;
  }
  double norm = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (int a = 0; a < dims; ++a) norm += fluctuation[a][i] * fluctuation[a][i];
  norm /= count;

  // Bins up to the reach, or in open space up to the bounding box's diagonal (no pair is longer).
  const double reach = correlationReach(space);
  double span = reach;
  if (std::isinf(reach)) {
    const std::vector<double>* p[3] = {&flock.x, &flock.y, &flock.z};
    double diagonal2 = 0;
    for (int a = 0; a < dims; ++a) {
      const auto [lo, hi] = std::minmax_element(p[a]->begin(), p[a]->end());
      diagonal2 += (*hi - *lo) * (*hi - *lo);
    }
    span = std::sqrt(diagonal2);
  }
  const double bins = std::floor(span / bin) + 3;  // the bins up to the span, one spare, and one for beyond reach
  if (!(bins <= kMaxBins))
    throw std::invalid_argument("bins of " + writeDecimal(bin) + " over the pairs' reach (" + writeDecimal(span) +
                                ") make " + writeDecimal(bins - 3) + " bins; at most 100000");

  const std::vector<std::size_t> rows = blockRows(n, kBlocks);
  std::vector<Bins> parts(rows.size() - 1);
  const double* const u[3] = {fluctuation[0].data(), fluctuation[1].data(),
                              dims == 3 ? fluctuation[2].data() : nullptr};
  executor.run(static_cast<unsigned>(parts.size()), [&](unsigned block, unsigned) {
    Bins& part = parts[block];
    part.sum.assign(static_cast<std::size_t>(bins), 0.0);
    part.count.assign(static_cast<std::size_t>(bins), 0);
    const auto add = [&](auto dimensions, auto periodic) {
      addRows<decltype(dimensions)::value, decltype(periodic)::value>(flock, u, space, reach, bin, rows[block],
                                                                      rows[block + 1], part);
    };
    if (dims == 3)
      space.periodic ? add(std::integral_constant<int, 3>{}, std::true_type{})
                     : add(std::integral_constant<int, 3>{}, std::false_type{});
    else
      space.periodic ? add(std::integral_constant<int, 2>{}, std::true_type{})
                     : add(std::integral_constant<int, 2>{}, std::false_type{});
  });
  Bins total{std::vector<double>(static_cast<std::size_t>(bins), 0.0),
             std::vector<std::uint64_t>(static_cast<std::size_t>(bins), 0), 0};
  for (const Bins& part : parts) {
    for (std::size_t k = 0; k < part.sum.size(); ++k) total.sum[k] += part.sum[k], total.count[k] += part.count[k];
    total.farthest2 = std::max(total.farthest2, part.farthest2);
  }

  out.extent = std::sqrt(total.farthest2);
  for (std::size_t k = 0; k + 1 < total.sum.size(); ++k) {  // the last holds the pairs beyond reach
    if (total.count[k] == 0) continue;
    out.r.push_back((static_cast<double>(k) + 0.5) * bin);
    out.correlation.push_back(total.sum[k] / static_cast<double>(total.count[k]) / norm);
    out.pairs.push_back(total.count[k]);
  }
  for (std::size_t m = 0; m < out.r.size(); ++m) {
    if (!(out.correlation[m] < 0)) continue;
    if (m == 0) {
      out.zeroCrossing = out.r[0];
    } else {
      const double before = out.correlation[m - 1], after = out.correlation[m];
      out.zeroCrossing = out.r[m - 1] + (out.r[m] - out.r[m - 1]) * (before / (before - after));
    }
    break;
  }
  return out;
}

}  // namespace flocklab
