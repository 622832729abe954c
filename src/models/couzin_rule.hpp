#pragma once
// The couzin model's arithmetic for one agent (docs/model-couzin.md), as a Rule
// (engine/rule.hpp) in 2D or 3D. An agent perceives the others closer than r_a outside its
// blind cone; any inside r_r repel it alone, else it aligns with those in the zone of
// orientation (its own heading included) and heads for those in the zone of attraction. The
// desired direction turns by the noise, the heading turns towards it by at most theta * tau,
// and the agent moves s * tau along the new heading. With `nearest` K > 0 (topological
// neighbours) only the K nearest of the agents it perceives count: the sums keep the K nearest
// seen so far, nearest first (an equal distance after the earlier, lower index), and finish()
// adds them to the zones in that order.
// Determinism: the sums add the neighbours in ascending index (the driver's order); only
// + - * / sqrt, floor, comparisons and flocklab's own sine, cosine and logarithm.
#include <cstdint>

#include "engine/cosine.hpp"
#include "flocklab/models/couzin_params.hpp"
#include "models/finish_by_move.hpp"
#include "models/nearest_few.hpp"
#include "models/sphere_turn.hpp"
#include "models/wrapped_gaussian.hpp"

namespace flocklab {

/// cos(alpha / 2), the blind cone's test (the rule and the metrics' sight take it from here).
inline double couzinCosHalfFov(const CouzinParams& p) { return cosine(p.fov / 360 * kPi); }
/// theta * tau in radians: the most a heading turns in a step.
inline double couzinMaxTurn(const CouzinParams& p) { return p.turnRate * p.tau / 180 * kPi; }

template <int D>
struct CouzinRule : FinishByMove<CouzinRule<D>, D, 3> {
  static constexpr int kDimensions = D;
  static constexpr bool kIndexed = true;  // the noise's draws are the agent's own

  struct Zones {
    double away[3] = {0, 0, 0};    // zone of repulsion: the sum of unit offsets to the neighbours
    double along[3] = {0, 0, 0};   // zone of orientation: the agent's unit heading plus the neighbours'
    double toward[3] = {0, 0, 0};  // zone of attraction: the sum of unit offsets to the neighbours
    std::uint32_t repelled = 0, aligned = 0, attracted = 0;  // neighbours in each zone
  };
  struct Near {  // a perceived neighbour kept for the topological zones
    double d2, d[3], v[3];
  };
  struct Sums {
    double v[3] = {0, 0, 0};  // the agent's velocity
    double speed = 0;         // |v|
    Zones zones;              // metric: the neighbours so far; topological: only the own heading
    NearestFew<Near> near;    // topological: the nearest seen so far, nearest first
  };

  CouzinRule(const CouzinParams& p, std::uint64_t seed, std::uint64_t step)
      : noise{p.noise, seed, step},
        repulsion2(p.repulsion * p.repulsion),
        orientation2((p.repulsion + p.dro) * (p.repulsion + p.dro)),
        blind(p.fov < 360),
        cosHalfFov(couzinCosHalfFov(p)),
        freeTurn(!(couzinMaxTurn(p) < kPi)),
        cosMaxTurn(cosine(couzinMaxTurn(p))),
        sinMaxTurn(sine(couzinMaxTurn(p))),
        stepLength(p.stepLength()),
        nearest(static_cast<std::uint32_t>(p.nearest)) {}

  Sums start(double, double, double vx, double vy) const requires(D == 2) {
    const double v[3] = {vx, vy, 0};
    return begin(v);
  }
  Sums start(double, double, double, double vx, double vy, double vz) const requires(D == 3) {
    const double v[3] = {vx, vy, vz};
    return begin(v);
  }
  void add(Sums& s, double dx, double dy, double d2, double vxj, double vyj) const requires(D == 2) {
    const double d[3] = {dx, dy, 0}, vj[3] = {vxj, vyj, 0};
    addNeighbour(s, d, d2, vj);
  }
  void add(Sums& s, double dx, double dy, double dz, double d2, double vxj, double vyj, double vzj) const
      requires(D == 3) {
    const double d[3] = {dx, dy, dz}, vj[3] = {vxj, vyj, vzj};
    addNeighbour(s, d, d2, vj);
  }
  // finish(): FinishByMove's, over move() below (in 3D arrays either way, z = 0 in 2D).

  WrappedGaussian noise;
  double repulsion2, orientation2;
  bool blind;
  double cosHalfFov;
  bool freeTurn;
  double cosMaxTurn, sinMaxTurn;
  double stepLength;
  std::uint32_t nearest;  // K, 0: metric zones

 private:
  friend FinishByMove<CouzinRule<D>, D, 3>;
  static double dot(const double* a, const double* b) {
    double sum = a[0] * b[0];
    for (int k = 1; k < D; ++k) sum += a[k] * b[k];
    return sum;
  }
  // u / |u| in place; false (u unchanged) when |u| is 0.
  static bool normalise(double* u) {
    const double length = std::sqrt(dot(u, u));
    if (length == 0) return false;
    for (int k = 0; k < D; ++k) u[k] /= length;
    return true;
  }

  Sums begin(const double* v) const {
    Sums s;
    for (int k = 0; k < D; ++k) s.v[k] = v[k];
    s.speed = std::sqrt(dot(v, v));
    if (s.speed > 0)
      for (int k = 0; k < D; ++k) s.zones.along[k] = v[k] / s.speed;
    return s;
  }

  void addNeighbour(Sums& s, const double* d, double d2, const double* vj) const {
    if (blind && !(dot(s.v, d) >= (s.speed * std::sqrt(d2)) * cosHalfFov)) return;  // in the blind cone
    if (nearest == 0) return addToZones(s.zones, d, d2, vj);
    Near n;
    n.d2 = d2;
    for (int k = 0; k < 3; ++k) n.d[k] = d[k], n.v[k] = vj[k];
    s.near.offer(nearest, n);
  }

  void addToZones(Zones& z, const double* d, double d2, const double* vj) const {
    const double distance = std::sqrt(d2);
    if (d2 < repulsion2) {
      ++z.repelled;
      if (distance > 0)
        for (int k = 0; k < D; ++k) z.away[k] += d[k] / distance;
    } else if (d2 < orientation2) {
      ++z.aligned;
      const double speed = std::sqrt(dot(vj, vj));
      if (speed > 0)
        for (int k = 0; k < D; ++k) z.along[k] += vj[k] / speed;
    } else {
      ++z.attracted;
      for (int k = 0; k < D; ++k) z.toward[k] += d[k] / distance;
    }
  }

  // The desired direction, its noise, the limited turn and the move.
  void move(const Sums& s, std::uint32_t index, std::array<double, 3>& p, std::array<double, 3>& v) const {
    double h[3] = {1, 0, 0};  // the heading (along x for an agent at rest)
    if (s.speed > 0)
      for (int k = 0; k < D; ++k) h[k] = s.v[k] / s.speed;
    Zones z = s.zones;
    for (std::uint32_t n = 0; n < s.near.kept; ++n) {
      const Near& near = s.near.items[n];
      addToZones(z, near.d, near.d2, near.v);
    }
    double want[3] = {0, 0, 0};
    if (z.repelled > 0) {
      for (int k = 0; k < D; ++k) want[k] = -z.away[k];
    } else if (z.aligned > 0 && z.attracted > 0) {
      double o[3] = {z.along[0], z.along[1], z.along[2]}, a[3] = {z.toward[0], z.toward[1], z.toward[2]};
      normalise(o);
      normalise(a);
      for (int k = 0; k < D; ++k) want[k] = 0.5 * (o[k] + a[k]);
    } else if (z.aligned > 0) {
      for (int k = 0; k < D; ++k) want[k] = z.along[k];
    } else if (z.attracted > 0) {
      for (int k = 0; k < D; ++k) want[k] = z.toward[k];
    }
    if (!normalise(want))
      for (int k = 0; k < D; ++k) want[k] = h[k];  // no neighbour, or sums that cancel: keep the heading
    if constexpr (D == 2) noise.turn(index, want[0], want[1]);
    else noise.turn(index, want[0], want[1], want[2]);
    double next[3] = {want[0], want[1], want[2]};
    const double cosTurn = dot(h, want);
    if (!freeTurn && !(cosTurn > cosMaxTurn)) {
      // Turn by theta * tau towards want, in the plane of h and want.
      double w[3] = {0, 0, 0};
      for (int k = 0; k < D; ++k) w[k] = want[k] - cosTurn * h[k];
      if (!normalise(w)) {  // want is exactly behind: turn about a fixed perpendicular
        if constexpr (D == 2) w[0] = -h[1], w[1] = h[0];
        else perpendicular(h[0], h[1], h[2], w[0], w[1], w[2]);
      }
      for (int k = 0; k < D; ++k) next[k] = cosMaxTurn * h[k] + sinMaxTurn * w[k];
    }
    normalise(next);
    for (int k = 0; k < D; ++k) {
      v[k] = stepLength * next[k];
      p[k] += v[k];
    }
  }
};

}  // namespace flocklab
