// Velocity correlation and neighbour anisotropy (include/flocklab/velocity_correlation.hpp,
// anisotropy.hpp) against a reference written from docs/analyze.md alone: every pair in index
// order, every agent's neighbours sorted by (distance, index), and the least axis of M_n from the
// trigonometric closed forms (the engine uses IEEE operations only). Worlds: a torus and open
// space, 2D and 3D, positions on a coarse lattice (many equal distances: ties) and sparse groups
// (empty bins). The engine's own results are the same bits on 1 and 3 threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "flocklab/anisotropy.hpp"
#include "flocklab/executor.hpp"
#include "flocklab/metrics.hpp"
#include "flocklab/rng.hpp"
#include "flocklab/velocity_correlation.hpp"

namespace flocklab_test {
namespace {

using flocklab::Flock;
using flocklab::Space;

struct Case {
  Space space;
  Flock flock;
};

// n agents on a lattice of step `grain` within [0, side) (ties), drifting along +x with noise.
Flock latticeFlock(std::size_t n, int dims, double side, double grain, std::uint64_t seed) {
  flocklab::Xoshiro256ss rng(seed);
  Flock f;
  f.dimensions = dims;
  f.resize(n);
  const auto place = [&] { return std::floor(rng.uniform() * side / grain) * grain; };
  for (std::size_t i = 0; i < n; ++i) {
    f.x[i] = place(), f.y[i] = place();
    f.vx[i] = 1 + 0.5 * (rng.uniform() - 0.5), f.vy[i] = 0.6 * (rng.uniform() - 0.5);
    if (dims == 3) f.z[i] = place(), f.vz[i] = 0.6 * (rng.uniform() - 0.5);
  }
  return f;
}

std::vector<Case> cases() {
  Space open2 = Space::square(40), open3 = Space::cube(40);
  open2.unbounded = open3.unbounded = true;
  open2.periodic = open3.periodic = false;
  return {
      {Space::square(40), latticeFlock(300, 2, 40, 0.5, 1)},
      {Space{50, 30, true}, latticeFlock(200, 2, 30, 1.0, 2)},
      {Space::cube(20), latticeFlock(250, 3, 20, 0.5, 3)},
      {open2, latticeFlock(150, 2, 40, 0.25, 4)},
      {open3, latticeFlock(120, 3, 40, 1.0, 5)},
      {Space::square(100), latticeFlock(12, 2, 100, 1.0, 6)},  // sparse: most bins empty
  };
}

double offset(double from, double to, double extent, bool periodic) {
  double d = to - from;
  if (periodic && d > extent / 2) d -= extent;
  if (periodic && d < -extent / 2) d += extent;
  return d;
}

std::vector<double> offsets(const Case& c, std::size_t i, std::size_t j) {
  const Flock& f = c.flock;
  std::vector<double> d = {offset(f.x[i], f.x[j], c.space.width, c.space.periodic),
                           offset(f.y[i], f.y[j], c.space.height, c.space.periodic)};
  if (f.is3d()) d.push_back(offset(f.z[i], f.z[j], c.space.depth, c.space.periodic));
  return d;
}

double lengthOf(const std::vector<double>& d) {
  double s = 0;
  for (double v : d) s += v * v;
  return std::sqrt(s);
}

TEST(VelocityCorrelation, MatchesTheDocsPairByPair) {
  flocklab::ThreadPool one(1), three(3);
  for (const Case& c : cases()) {
    const Flock& f = c.flock;
    const std::size_t n = f.size();
    const double bin = 0.7;
    const auto got = flocklab::velocityCorrelation(f, c.space, bin, one);
    const auto again = flocklab::velocityCorrelation(f, c.space, bin, three);
    EXPECT_EQ(got.correlation, again.correlation);
    EXPECT_EQ(got.pairs, again.pairs);

    std::vector<std::vector<double>> u(n);
    std::vector<double> mean(f.is3d() ? 3 : 2, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
      u[i] = {f.vx[i], f.vy[i]};
      if (f.is3d()) u[i].push_back(f.vz[i]);
      for (std::size_t a = 0; a < mean.size(); ++a) mean[a] += u[i][a] / static_cast<double>(n);
    }
    double norm = 0;
    for (auto& ui : u)
      for (std::size_t a = 0; a < mean.size(); ++a) ui[a] -= mean[a], norm += ui[a] * ui[a] / static_cast<double>(n);
    const double reach =
        c.space.periodic ? std::min({c.space.width, c.space.height, f.is3d() ? c.space.depth : 1e300}) / 2 : INFINITY;
    std::vector<double> sum(100000, 0.0);
    std::vector<std::uint64_t> count(100000, 0);
    double largest = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        const double r = lengthOf(offsets(c, i, j));
        largest = std::max(largest, r);
        if (r >= reach) continue;
        const auto k = static_cast<std::size_t>(std::floor(r / bin));
        double dot = 0;
        for (std::size_t a = 0; a < mean.size(); ++a) dot += u[i][a] * u[j][a];
        sum[k] += dot, ++count[k];
      }
    std::vector<double> r, correlation;
    std::vector<std::uint64_t> pairs;
    for (std::size_t k = 0; k < sum.size(); ++k)
      if (count[k] > 0)
        r.push_back((k + 0.5) * bin), correlation.push_back(sum[k] / count[k] / norm), pairs.push_back(count[k]);
    EXPECT_EQ(got.extent, largest);
    EXPECT_EQ(got.r, r);
    EXPECT_EQ(got.pairs, pairs);
    ASSERT_EQ(got.correlation.size(), correlation.size());
    for (std::size_t k = 0; k < correlation.size(); ++k) EXPECT_NEAR(got.correlation[k], correlation[k], 1e-12);
    double r0 = NAN;
    for (std::size_t m = 0; m < r.size(); ++m)
      if (correlation[m] < 0) {
        r0 = m == 0 ? r[0] : r[m - 1] + (r[m] - r[m - 1]) * correlation[m - 1] / (correlation[m - 1] - correlation[m]);
        break;
      }
    if (std::isnan(r0)) EXPECT_TRUE(std::isnan(got.zeroCrossing));
    else EXPECT_NEAR(got.zeroCrossing, r0, 1e-9);
    EXPECT_TRUE(r.size() < 2 || r.back() - r.front() > bin) << "the bins' range";
  }
}

// The unit axis of the least eigenvalue of a symmetric matrix, by the closed forms.
std::vector<double> leastAxis(const std::vector<std::vector<double>>& m) {
  if (m.size() == 2) {
    const double theta = 0.5 * std::atan2(2 * m[0][1], m[0][0] - m[1][1]);  // the major axis
    return {-std::sin(theta), std::cos(theta)};
  }
  const double p1 = m[0][1] * m[0][1] + m[0][2] * m[0][2] + m[1][2] * m[1][2];
  const double q = (m[0][0] + m[1][1] + m[2][2]) / 3;
  const double p2 =
      (m[0][0] - q) * (m[0][0] - q) + (m[1][1] - q) * (m[1][1] - q) + (m[2][2] - q) * (m[2][2] - q) + 2 * p1;
  const double p = std::sqrt(p2 / 6);
  std::vector<std::vector<double>> b = m;
  for (int k = 0; k < 3; ++k) b[k][k] -= q;
  for (auto& row : b)
    for (double& v : row) v /= p;
  const double det = b[0][0] * (b[1][1] * b[2][2] - b[1][2] * b[2][1]) -
                     b[0][1] * (b[1][0] * b[2][2] - b[1][2] * b[2][0]) +
                     b[0][2] * (b[1][0] * b[2][1] - b[1][1] * b[2][0]);
  const double phi = std::acos(std::clamp(det / 2, -1.0, 1.0)) / 3;
  const double least = q + 2 * p * std::cos(phi + 2 * std::numbers::pi / 3);
  // The eigenvector is across two rows of M - least I: their cross product, the longest of three.
  std::vector<std::vector<double>> a = m;
  for (int k = 0; k < 3; ++k) a[k][k] -= least;
  std::vector<double> best(3, 0.0);
  for (int r = 0; r < 3; ++r) {
    const auto& s = a[r];
    const auto& t = a[(r + 1) % 3];
    const std::vector<double> c = {s[1] * t[2] - s[2] * t[1], s[2] * t[0] - s[0] * t[2], s[0] * t[1] - s[1] * t[0]};
    if (lengthOf(c) > lengthOf(best)) best = c;
  }
  const double l = lengthOf(best);
  for (double& v : best) v /= l;
  return best;
}

TEST(Anisotropy, MatchesTheDocsAgentByAgent) {
  flocklab::ThreadPool one(1), three(3);
  for (const Case& c : cases()) {
    const Flock& f = c.flock;
    const std::size_t n = f.size(), dims = f.is3d() ? 3 : 2;
    const auto got = flocklab::anisotropy(f, c.space, 20, one);
    EXPECT_EQ(got.gamma, flocklab::anisotropy(f, c.space, 20, three).gamma);
    const std::size_t ranks = std::min<std::size_t>(20, n - 1);
    ASSERT_EQ(got.gamma.size(), ranks);
    std::vector<double> heading(dims, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
      heading[0] += f.vx[i] / n, heading[1] += f.vy[i] / n;
      if (dims == 3) heading[2] += f.vz[i] / n;
    }
    const double speed = lengthOf(heading);
    std::vector<std::vector<std::vector<double>>> m(
        ranks, std::vector<std::vector<double>>(dims, std::vector<double>(dims, 0)));
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<std::pair<double, std::size_t>> others;
      for (std::size_t j = 0; j < n; ++j)
        if (j != i) others.push_back({lengthOf(offsets(c, i, j)), j});
      std::sort(others.begin(), others.end());
      for (std::size_t k = 0; k < ranks; ++k) {
        std::vector<double> e = offsets(c, i, others[k].second);
        const double l = lengthOf(e);
        if (l == 0) continue;
        for (std::size_t a = 0; a < dims; ++a)
          for (std::size_t b = 0; b < dims; ++b) m[k][a][b] += (e[a] / l) * (e[b] / l) / n;
      }
    }
    std::uint32_t range = 0;
    for (std::size_t k = 0; k < ranks; ++k) {
      const std::vector<double> w = leastAxis(m[k]);
      double cosine = 0;
      for (std::size_t a = 0; a < dims; ++a) cosine += w[a] * heading[a] / speed;
      EXPECT_NEAR(got.gamma[k], cosine * cosine, 1e-9) << "n = " << k + 1 << ", " << dims << "D, " << n << " agents";
      if (range == 0 && std::abs(cosine * cosine - 1.0 / dims) <= 0.05) range = static_cast<std::uint32_t>(k + 1);
    }
    EXPECT_EQ(got.range, range);
    EXPECT_EQ(got.isotropic, 1.0 / dims);
  }
}

TEST(LargestGroup, TheMembersOfTheBiggestLinkedGroup) {
  Flock f;
  f.x = {0, 1, 2, 10, 11, 30, 31, 32, 33}, f.y.assign(9, 5), f.vx.assign(9, 1), f.vy.assign(9, 0);
  EXPECT_EQ(flocklab::largestGroup(f, Space::square(100), 1.5), (std::vector<std::uint32_t>{5, 6, 7, 8}));
  f.x = {0, 20, 21, 22, 1, 2}, f.y.resize(6), f.vx.resize(6), f.vy.resize(6);  // 3 against 3: the lowest index wins
  EXPECT_EQ(flocklab::largestGroup(f, Space::square(100), 1.5), (std::vector<std::uint32_t>{0, 4, 5}));
}

TEST(FlockStructure, RefusesWhatItCannotMeasure) {
  flocklab::ThreadPool one(1);
  const Flock f = latticeFlock(10, 2, 10, 1, 1);
  EXPECT_THROW(flocklab::velocityCorrelation(f, Space::square(10), 0, one), std::invalid_argument);
  EXPECT_THROW(flocklab::velocityCorrelation(f, Space::square(10), 1e-9, one), std::invalid_argument);
  EXPECT_THROW(flocklab::anisotropy(f, Space::square(10), 0, one), std::invalid_argument);
  EXPECT_THROW(flocklab::anisotropy(f, Space::cube(10), 3, one), std::invalid_argument);
}

}  // namespace
}  // namespace flocklab_test
