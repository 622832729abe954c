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

// The pairs (i, j > i) of rows [first, last) into `out`, in ascending (i, j), the order the
// docs give; a pair beyond reach goes to the last bin, which is not reported.
template <int D>
void addRows(const Flock& f, const double* const u[3], const Offsets& o, double reach, double bin, std::size_t first,
             std::size_t last, Bins& out) {
  const std::size_t n = f.size(), beyond = out.sum.size() - 1;
  for (std::size_t i = first; i < last; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const double dx = o.dx(f.x[i], f.x[j]), dy = o.dy(f.y[i], f.y[j]);
      double d2 = dx * dx + dy * dy, dot = u[0][i] * u[0][j] + u[1][i] * u[1][j];
      if constexpr (D == 3) {
        const double dz = o.dz(f.z[i], f.z[j]);
        d2 += dz * dz;
        dot += u[2][i] * u[2][j];
      }
      out.farthest2 = std::max(out.farthest2, d2);
      const double r = std::sqrt(d2);
      const std::size_t k = r < reach ? static_cast<std::size_t>(r / bin) : beyond;  // r / bin >= 0: floored
      out.sum[k] += dot;
      ++out.count[k];
    }
}

}  // namespace

double correlationReach(const Space& space) {
  if (!space.periodic) return std::numeric_limits<double>::infinity();
  double side = std::min(space.width, space.height);
  if (space.is3d()) side = std::min(side, space.depth);
  return side / 2;
}

double correlationSpan(const Flock& flock, const Space& space) {
  const double reach = correlationReach(space);
  if (!std::isinf(reach)) return reach;
  const std::vector<double>* p[3] = {&flock.x, &flock.y, &flock.z};
  double diagonal2 = 0;
  for (int a = 0; a < flock.dimensions && flock.size() > 0; ++a) {
    const auto [lo, hi] = std::minmax_element(p[a]->begin(), p[a]->end());
    diagonal2 += (*hi - *lo) * (*hi - *lo);
  }
  return std::sqrt(diagonal2);
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

  const double reach = correlationReach(space), span = correlationSpan(flock, space);
  const double bins = std::floor(span / bin) + 3;  // the bins up to the span, one spare, and one for beyond reach
  if (!(bins <= kMaxBins))
    throw std::invalid_argument("bins of " + writeDecimal(bin) + " over the pairs' reach (" + writeDecimal(span) +
                                ") make " + writeDecimal(bins - 3) + " bins; at most 100000");

  const std::vector<std::size_t> rows = blockRows(n, kBlocks);
  std::vector<Bins> parts(rows.size() - 1);
  const double* const u[3] = {fluctuation[0].data(), fluctuation[1].data(),
                              dims == 3 ? fluctuation[2].data() : nullptr};
  const Offsets offsets(space);
  executor.run(static_cast<unsigned>(parts.size()), [&](unsigned block, unsigned) {
    Bins& part = parts[block];
    part.sum.assign(static_cast<std::size_t>(bins), 0.0);
    part.count.assign(static_cast<std::size_t>(bins), 0);
    if (dims == 3) addRows<3>(flock, u, offsets, reach, bin, rows[block], rows[block + 1], part);
    else addRows<2>(flock, u, offsets, reach, bin, rows[block], rows[block + 1], part);
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
