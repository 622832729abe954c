// The steering model's species, predators and food against a plain reference written from
// docs/model-steering.md ("One step", "Three dimensions", "Species, predators and food") and
// docs/random-numbers.md alone, not from the engine's rule: a brute-force loop over every pair
// for the velocity change, then the clamp, noise, move, edges and obstacles, then the serial
// after-move phase (bites, catches with a handling rest, rebirth or removal, food
// reappearing), holding its own state. After every step of small scenes the engine (brute
// force and grid, one and three threads) must equal it bit for bit: positions, velocities,
// each boid's species, catches, food eaten and every food source's place and amount.
//
// Where the docs leave the bits open, the reference reads them so (the engine agrees wherever
// the scenes reach; exact ties on a boundary are not reached):
// - step 6 (a boid inside an obstacle) follows tests/reference/steering_reference.mjs, which
//   the plain model's reference test already holds to the engine: each pass visits every
//   obstacle in order, the boid goes to centre + d * ((R * (1 + 1e-9)) / |d|) (d = (1, 0, 0)
//   at |d| = 0), an inward velocity becomes v - 2 * ((v . d) / (|d| * |d|)) * d, and the edge
//   rule runs once after a pass that moved it; at most four passes;
// - "within 50 px of the left border" is x < 50 (x > W - 50 for the right), "within 160 px"
//   and "inside" compare squares strictly (d2 < 160^2, d2 < R^2);
// - a bite takes from the nearest source among those within the eat radius that still hold
//   food (the source list is filtered by both conditions, then the nearest taken);
// - the noise and the random places use the boid's index in the current flock (after
//   removals, its new index), and the number of steps taken before this one;
// - positions and velocities are compared bit for bit (memcmp), so even a zero's sign counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "engine/cosine.hpp"
#include "flocklab/flocklab.hpp"
#include "flocklab/model.hpp"
#include "flocklab/registry.hpp"
#include "scenes.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;

namespace {

using Vec = std::array<double, 3>;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::string show(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

const ModelDescription& steering() { return flocklab::model("steering"); }

// ---------------------------------------------------------------------------------------------
// The reference: one whole step as the docs state it, over every pair.
// ---------------------------------------------------------------------------------------------
class Reference {
 public:
  struct Food {
    double x = 0, y = 0, z = 0, amount = 0;
  };

  Reference(const SteeringParams& p, const Flock& start, std::uint64_t seed)
      : p_(p),
        seed_(seed),
        three_(p.dims == 3),
        wrap_(p.edges == Edges::Wrap),
        traits_(speciesTraits(p, start.size())),
        flock_(start) {
    // "Species occupy consecutive indices in the order given."
    for (std::uint32_t s = 0; s < traits_.size(); ++s)
      for (std::uint64_t k = 0; k < traits_[s].count; ++k) species_.push_back(s);
    rest_.assign(start.size(), 0);
    const std::size_t kinds = traits_.size();
    flocksWith_.assign(kinds, std::vector<char>(kinds, 0));
    double reach = 0;
    bool anyPredator = false;
    for (std::size_t s = 0; s < kinds; ++s) {
      const SpeciesTraits& t = traits_[s];
      cosHalf_.push_back(cosine((t.fov / 2) * (kPi / 180)));
      for (std::size_t other : t.flocksWith) flocksWith_[s][other] = 1;
      reach = std::max(reach, t.vision);
      anyPredator = anyPredator || t.role == Role::Predator;
    }
    if (anyPredator)
      for (const SpeciesTraits& t : traits_)
        if (t.role == Role::Prey) reach = std::max(reach, t.fearRadius);
    reach2_ = reach * reach;
    for (const FoodSource& f : p.food) food_.push_back({f.x, f.y, three_ ? f.z : 0.0, f.amount});
  }

  // --- state ---
  const Flock& flock() const { return flock_; }
  const std::vector<std::uint32_t>& species() const { return species_; }
  const std::vector<Food>& food() const { return food_; }
  const std::vector<SpeciesTraits>& traits() const { return traits_; }
  std::uint64_t catches() const { return catches_; }
  double eaten() const { return eaten_; }
  std::uint64_t stepsTaken() const { return steps_; }
  // --- what happened so far, for the scenes' own checks ---
  std::uint64_t rebirths = 0;        // caught boids placed again
  std::uint64_t removals = 0;        // caught boids removed
  std::uint64_t reappearances = 0;   // sources that ran out and came back
  std::uint64_t bites = 0;           // bites taken
  std::uint64_t partialBites = 0;    // bites of less than --bite (the source held less)
  std::uint64_t fallbackBites = 0;   // bites from a farther source: the nearest in reach was empty
  std::uint64_t restingSawPrey = 0;  // steps a resting predator saw prey (and did not chase)
  std::uint64_t restingMissed = 0;   // steps a resting predator had prey within its catch radius
  std::uint64_t bestCatchesOfOnePredator = 0;
  std::uint64_t pushedOut = 0;                       // boids moved out of an obstacle
  mutable std::uint64_t lastTries = 0;               // random places that took the 100th try (none qualified)
  std::uint64_t chases = 0, flights = 0, feeds = 0;  // boid-steps that chased, fled, steered to food
  std::size_t smallestFlock = std::numeric_limits<std::size_t>::max();

  void step() {
    const std::size_t n = flock_.size();
    Flock next = flock_;
    for (std::size_t i = 0; i < n; ++i) moveBoid(i, next);
    flock_ = std::move(next);
    afterTheMove();
    ++steps_;
    smallestFlock = std::min(smallestFlock, flock_.size());
  }

 private:
  int dims() const { return three_ ? 3 : 2; }
  Vec position(std::size_t i) const { return {flock_.x[i], flock_.y[i], three_ ? flock_.z[i] : 0.0}; }
  Vec velocity(std::size_t i) const { return {flock_.vx[i], flock_.vy[i], three_ ? flock_.vz[i] : 0.0}; }

  // "Offsets d = x_j - x_i are wrapped to the nearest image on a torus ... and plain with walls."
  double axisOffset(double d, double extent) const {
    if (!wrap_) return d;
    const double half = extent / 2;
    if (d > half) return d - extent;
    if (d < -half) return d + extent;
    return d;
  }
  // The offset from a to b (b - a), per axis.
  Vec offset(const Vec& a, const Vec& b) const {
    return {axisOffset(b[0] - a[0], p_.width), axisOffset(b[1] - a[1], p_.height),
            three_ ? axisOffset(b[2] - a[2], p_.depth) : 0.0};
  }
  // "every dot product and length a third term, added last"
  double dot(const Vec& a, const Vec& b) const {
    double r = a[0] * b[0] + a[1] * b[1];
    if (three_) r += a[2] * b[2];
    return r;
  }

  // Step 2: steer(u) = 0 if |u| = 0; else t = u * (V/|u|) - v_i, capped at F.
  Vec steer(const Vec& u, const Vec& v, double V, double F) const {
    const double m = std::sqrt(dot(u, u));
    if (m == 0) return {0, 0, 0};
    Vec t{0, 0, 0};
    for (int k = 0; k < dims(); ++k) t[k] = u[k] * (V / m) - v[k];
    const double length = std::sqrt(dot(t, t));
    if (length > F)
      for (int k = 0; k < dims(); ++k) t[k] = (t[k] / length) * F;
    return t;
  }
  void add(Vec& a, double w, const Vec& t) const {
    for (int k = 0; k < dims(); ++k) a[k] += w * t[k];
  }

  // Step 5's edge rule for one axis: wrap once, or stop at the wall with the velocity turned.
  void edge(double& x, double& v, double extent) const {
    if (wrap_) {
      if (x < 0) x += extent;
      else if (x >= extent) x -= extent;
    } else if (x < 0) {
      x = 0;
      v = std::abs(v);
    } else if (x > extent) {
      x = extent;
      v = -std::abs(v);
    }
  }
  void edges(Vec& x, Vec& v) const {
    edge(x[0], v[0], p_.width);
    edge(x[1], v[1], p_.height);
    if (three_) edge(x[2], v[2], p_.depth);
  }

  Vec centre(const Obstacle& o) const { return {o.x, o.y, three_ ? o.z : 0.0}; }
  bool insideAnObstacle(const Vec& x) const {
    for (const Obstacle& o : p_.obstacles) {
      const Vec d = offset(centre(o), x);
      if (dot(d, d) < o.radius * o.radius) return true;
    }
    return false;
  }

  // Step 6 (see the file comment for the bits the docs leave open).
  void leaveObstacles(Vec& x, Vec& v) {
    for (int pass = 0; pass < 4; ++pass) {
      bool moved = false;
      for (const Obstacle& o : p_.obstacles) {
        const Vec c = centre(o);
        Vec d = offset(c, x);
        const double d2 = dot(d, d);
        if (!(d2 < o.radius * o.radius)) continue;
        double length = std::sqrt(d2);
        if (length == 0) d = {1, 0, 0}, length = 1;
        const double scale = (o.radius * (1 + 1e-9)) / length;
        for (int k = 0; k < dims(); ++k) x[k] = c[k] + d[k] * scale;
        const double inward = dot(v, d) / (length * length);
        if (inward < 0)
          for (int k = 0; k < dims(); ++k) v[k] -= 2 * inward * d[k];
        moved = true;
        ++pushedOut;
      }
      if (!moved) break;
      edges(x, v);
    }
  }

  // docs/random-numbers.md, "The noise of a heading"; in 3D docs/model-lab.md, "Noise in 3D".
  void turn(std::size_t i, Vec& v) const {
    const double eta = p_.noise;
    const std::array<double, 2> u = counterUniforms(seed_, steps_, i, Purpose::Noise);
    if (!three_) {
      const double a = eta * (u[0] - 0.5);
      const double c = cosine(std::abs(a)), s = sine(a);
      const double vx = c * v[0] - s * v[1], vy = s * v[0] + c * v[1];
      v[0] = vx, v[1] = vy;
      return;
    }
    const double speed = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (!(speed > 0)) return;
    const double hx = v[0] / speed, hy = v[1] / speed, hz = v[2] / speed;
    const double c = 1 - u[0] * (1 - cosine(eta / 2));
    const double sn = std::sqrt(1 - c * c);
    const double phi = (2 * kPi) * u[1] - kPi;
    const double cp = cosine(std::abs(phi)), sp = sine(phi);
    double e1x, e1y, e1z;
    if (std::abs(hx) <= std::abs(hy) && std::abs(hx) <= std::abs(hz)) e1x = 0, e1y = hz, e1z = -hy;
    else if (std::abs(hy) <= std::abs(hz)) e1x = -hz, e1y = 0, e1z = hx;
    else e1x = hy, e1y = -hx, e1z = 0;
    const double length = std::sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
    e1x = e1x / length, e1y = e1y / length, e1z = e1z / length;
    const double e2x = hy * e1z - hz * e1y, e2y = hz * e1x - hx * e1z, e2z = hx * e1y - hy * e1x;
    v[0] = speed * (c * hx + sn * (cp * e1x + sp * e2x));
    v[1] = speed * (c * hy + sn * (cp * e1y + sp * e2y));
    v[2] = speed * (c * hz + sn * (cp * e1z + sp * e2z));
  }

  // "One step with species" for boid i, reading flock_ (the previous step), writing next.
  void moveBoid(std::size_t i, Flock& next) {
    const std::uint32_t S = species_[i];
    const SpeciesTraits& ts = traits_[S];
    const bool prey = ts.role == Role::Prey;
    const bool resting = rest_[i] > 0;
    const Vec xi = position(i), vi = velocity(i);
    const double speedI = std::sqrt(dot(vi, vi));
    const double vision2 = ts.vision * ts.vision, sep2 = ts.separationRadius * ts.separationRadius;
    const double fear2 = ts.fearRadius * ts.fearRadius;

    Vec s{0, 0, 0}, A{0, 0, 0}, C{0, 0, 0}, f{0, 0, 0}, q{0, 0, 0};
    std::uint64_t m = 0, n = 0;
    bool feared = false, preySeen = false;
    double best = kInfinity;
    for (std::size_t j = 0; j < flock_.size(); ++j) {
      if (j == i) continue;
      const Vec d = offset(xi, position(j));
      const double d2 = dot(d, d);
      if (!(0 < d2 && d2 < reach2_)) continue;
      const std::uint32_t T = species_[j];
      const SpeciesTraits& tt = traits_[T];
      // 1. fear, all around
      if (prey && tt.role == Role::Predator && d2 < fear2) {
        for (int k = 0; k < dims(); ++k) f[k] -= d[k] / d2;
        feared = true;
      }
      // 2. seen?
      if (!(d2 < vision2)) continue;
      if (ts.fov < 360 && !(dot(vi, d) >= (speedI * std::sqrt(d2)) * cosHalf_[S])) continue;
      // 3. separation from every seen boid, scaled by the size ratio
      ++m;
      if (d2 < sep2) {
        const double root = std::sqrt(d2);
        for (int k = 0; k < dims(); ++k) s[k] -= ((d[k] / root) / d2) * (tt.size / ts.size);
      }
      // 4. alignment and cohesion with its own species and those it flocks with
      if (T == S || flocksWith_[S][T]) {
        ++n;
        const Vec vj = velocity(j);
        for (int k = 0; k < dims(); ++k) A[k] += vj[k];
        for (int k = 0; k < dims(); ++k) C[k] += d[k];
      }
      // 5. the nearest seen prey, for a predator that is not resting
      if (!prey && tt.role == Role::Prey) {
        if (resting) {
          ++restingSawPrey;
        } else if (d2 < best) {
          best = d2;
          q = d;
          preySeen = true;
        }
      }
    }

    const double V = ts.maxSpeed, F = V / 30;
    Vec a{0, 0, 0};
    if (m > 0) add(a, kSeparationFactor * ts.separation, steer(s, vi, V, F));
    if (n > 0) {
      const double count = static_cast<double>(n);
      add(a, ts.alignment, steer({A[0] / count, A[1] / count, A[2] / count}, vi, V, F));
      add(a, ts.cohesion, steer({C[0] / count, C[1] / count, C[2] / count}, vi, V, F));
    }
    if (feared) add(a, ts.fleeWeight, steer(f, vi, V, F)), ++flights;
    if (preySeen) add(a, ts.chaseWeight, steer(q, vi, V, F)), ++chases;
    if (prey) {  // the nearest source within food_reach, the lower index on a tie
      const double reach2 = p_.foodReach * p_.foodReach;
      double nearest = kInfinity;
      Vec towards{0, 0, 0};
      bool found = false;
      for (const Food& source : food_) {
        const Vec d = offset(xi, {source.x, source.y, source.z});
        const double d2 = dot(d, d);
        if (d2 < reach2 && d2 < nearest) nearest = d2, towards = d, found = true;
      }
      if (found) add(a, p_.foodWeight, steer(towards, vi, V, F)), ++feeds;
    }
    const Pointer& pointer = p_.pointer;
    if (pointer.mode != PointerMode::Off && steps_ >= pointer.fromStep && steps_ < pointer.toStep) {
      const Vec at{pointer.x, pointer.y, three_ ? pointer.z : 0.0};
      const Vec d = offset(xi, at);
      if (dot(d, d) < kPointerReach * kPointerReach) {
        if (pointer.mode == PointerMode::Food) add(a, p_.foodWeight, steer(d, vi, V, F));  // u = p - x
        else add(a, p_.predatorWeight, steer(offset(at, xi), vi, V, F));                   // u = x - p
      }
    }
    if (!wrap_) {
      const auto push = [](double x, double extent) {
        return x < kWallMargin ? 1.0 : (x > extent - kWallMargin ? -1.0 : 0.0);
      };
      const Vec u{push(xi[0], p_.width), push(xi[1], p_.height), three_ ? push(xi[2], p_.depth) : 0.0};
      add(a, p_.wallWeight, steer(u, vi, V, F));
    }
    for (const Obstacle& o : p_.obstacles) {
      const Vec d = offset(centre(o), xi);  // u = x - centre
      const double reach = o.radius + kObstacleMargin;
      if (dot(d, d) < reach * reach) add(a, p_.obstacleWeight, steer(d, vi, V, F));
    }

    // Step 4: v + a, the clamp to [V_S/3, V_S], then the noise.
    Vec v{0, 0, 0};
    for (int k = 0; k < dims(); ++k) v[k] = vi[k] + a[k];
    const double speed = std::sqrt(dot(v, v)), slowest = V / 3;
    if (speed > V) {
      for (int k = 0; k < dims(); ++k) v[k] = (v[k] / speed) * V;
    } else if (0 < speed && speed < slowest) {
      for (int k = 0; k < dims(); ++k) v[k] = (v[k] / speed) * slowest;
    }
    if (p_.noise > 0) turn(i, v);
    // Step 5: move, wrap or walls; step 6: out of the obstacles.
    Vec x = xi;
    for (int k = 0; k < dims(); ++k) x[k] = x[k] + v[k] * p_.dt;
    edges(x, v);
    leaveObstacles(x, v);
    next.x[i] = x[0], next.y[i] = x[1], next.vx[i] = v[0], next.vy[i] = v[1];
    if (three_) next.z[i] = x[2], next.vz[i] = v[2];
  }

  // "A random place": tries t = 0..99, block 2t (and 2t + 1 for z in 3D); the first that
  // qualifies, else the 100th.
  Vec randomPlace(Purpose purpose, std::size_t index, const std::function<bool(const Vec&)>& qualifies) const {
    Vec x{0, 0, 0};
    for (std::uint32_t t = 0; t < 100; ++t) {
      const std::array<double, 2> u = counterUniforms(seed_, steps_, index, purpose, 2 * t);
      x = {p_.width * u[0], p_.height * u[1], 0.0};
      if (three_) x[2] = p_.depth * counterUniforms(seed_, steps_, index, purpose, 2 * t + 1)[0];
      if (qualifies(x)) return x;
    }
    ++lastTries;
    return x;
  }

  void afterTheMove() {
    const std::size_t n = flock_.size();
    // 1. Bites: prey in ascending index, from the nearest source within the eat radius that holds food.
    const double eat2 = p_.eatRadius * p_.eatRadius;
    for (std::size_t i = 0; i < n; ++i) {
      if (traits_[species_[i]].role != Role::Prey) continue;
      const Vec xi = position(i);
      std::size_t chosen = food_.size(), nearestInReach = food_.size();
      double nearest = kInfinity, nearestAny = kInfinity;
      for (std::size_t k = 0; k < food_.size(); ++k) {
        const Vec d = offset(xi, {food_[k].x, food_[k].y, food_[k].z});
        const double d2 = dot(d, d);
        if (d2 < eat2 && d2 < nearestAny) nearestAny = d2, nearestInReach = k;
        if (!(food_[k].amount > 0)) continue;
        if (d2 < eat2 && d2 < nearest) nearest = d2, chosen = k;
      }
      if (chosen == food_.size()) continue;
      if (chosen != nearestInReach) ++fallbackBites;
      const double take = std::min(p_.bite, food_[chosen].amount);
      food_[chosen].amount -= take;
      eaten_ += take;
      ++bites;
      if (take < p_.bite) ++partialBites;
    }
    // 2. Catches: predators in ascending index; a resting one counts its rest down.
    std::vector<char> caught(n, 0);
    for (std::size_t p = 0; p < n; ++p) {
      const SpeciesTraits& tp = traits_[species_[p]];
      if (tp.role != Role::Predator) continue;
      const double catch2 = tp.catchRadius * tp.catchRadius;
      const Vec xp = position(p);
      std::size_t chosen = n;
      double nearest = kInfinity;
      for (std::size_t q = 0; q < n; ++q) {
        if (traits_[species_[q]].role != Role::Prey || caught[q]) continue;
        const Vec d = offset(xp, position(q));
        const double d2 = dot(d, d);
        if (d2 < catch2 && d2 < nearest) nearest = d2, chosen = q;
      }
      if (rest_[p] > 0) {
        --rest_[p];
        if (chosen != n) ++restingMissed;
        continue;
      }
      if (chosen == n) continue;
      caught[chosen] = 1;
      ++catches_;
      rest_[p] = static_cast<std::uint64_t>(std::ceil(tp.handling / p_.dt));
      catchesOf_.resize(std::max(catchesOf_.size(), p + 1), 0);
      bestCatchesOfOnePredator = std::max(bestCatchesOfOnePredator, ++catchesOf_[p]);
    }
    // 3. Rebirths (each caught boid in ascending index, velocity kept) or removal.
    if (p_.catches == Catches::Rebirth) {
      for (std::size_t i = 0; i < n; ++i) {
        if (!caught[i]) continue;
        const double fear = traits_[species_[i]].fearRadius, fear2 = fear * fear;
        const Vec x = randomPlace(Purpose::Rebirth, i, [&](const Vec& at) {
          if (insideAnObstacle(at)) return false;
          for (std::size_t p = 0; p < n; ++p) {
            if (traits_[species_[p]].role != Role::Predator) continue;
            const Vec d = offset(at, position(p));
            if (!(dot(d, d) >= fear2)) return false;
          }
          return true;
        });
        flock_.x[i] = x[0], flock_.y[i] = x[1];
        if (three_) flock_.z[i] = x[2];
        ++rebirths;
      }
    } else {
      Flock kept;
      kept.dimensions = flock_.dimensions;
      std::vector<std::uint32_t> keptSpecies;
      std::vector<std::uint64_t> keptRest;
      for (std::size_t i = 0; i < n; ++i) {
        if (caught[i]) {
          ++removals;
          continue;
        }
        kept.x.push_back(flock_.x[i]), kept.y.push_back(flock_.y[i]);
        kept.vx.push_back(flock_.vx[i]), kept.vy.push_back(flock_.vy[i]);
        if (three_) kept.z.push_back(flock_.z[i]), kept.vz.push_back(flock_.vz[i]);
        keptSpecies.push_back(species_[i]);
        keptRest.push_back(rest_[i]);
      }
      flock_ = std::move(kept);
      species_ = std::move(keptSpecies);
      rest_ = std::move(keptRest);
    }
    // 4. Food: each empty source, in ascending index, comes back with its first amount.
    for (std::size_t k = 0; k < food_.size(); ++k) {
      if (food_[k].amount != 0) continue;
      const Vec x = randomPlace(static_cast<Purpose>(3), k, [&](const Vec& at) { return !insideAnObstacle(at); });
      food_[k] = {x[0], x[1], x[2], p_.food[k].amount};
      ++reappearances;
    }
  }

  SteeringParams p_;
  std::uint64_t seed_;
  bool three_, wrap_;
  std::vector<SpeciesTraits> traits_;
  std::vector<double> cosHalf_;
  std::vector<std::vector<char>> flocksWith_;
  double reach2_ = 0;
  Flock flock_;
  std::vector<std::uint32_t> species_;
  std::vector<std::uint64_t> rest_;
  std::vector<Food> food_;
  std::vector<std::uint64_t> catchesOf_;
  std::uint64_t catches_ = 0;
  double eaten_ = 0;
  std::uint64_t steps_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Comparing the engine with the reference.
// ---------------------------------------------------------------------------------------------

// The first difference between the engine and the reference, in words, or "".
std::string firstMismatch(const SteeringSimulation& sim, const Reference& ref) {
  const Flock& e = sim.flock();
  const Flock& r = ref.flock();
  if (e.size() != r.size())
    return "flock size: engine " + std::to_string(e.size()) + ", reference " + std::to_string(r.size());
  const long boid = firstDifference(e, r);
  if (boid >= 0) {
    const auto i = static_cast<std::size_t>(boid);
    std::string out = "boid " + std::to_string(i) + " (species " +
                      (i < ref.species().size() ? ref.traits()[ref.species()[i]].name : std::string("?")) + ")";
    const auto field = [&](const char* name, const std::vector<double>& a, const std::vector<double>& b) {
      if (i < a.size() && i < b.size() && std::memcmp(&a[i], &b[i], sizeof(double)) != 0)
        out += std::string("\n  ") + name + ": engine " + show(a[i]) + ", reference " + show(b[i]);
    };
    field("x", e.x, r.x), field("y", e.y, r.y), field("vx", e.vx, r.vx), field("vy", e.vy, r.vy);
    if (r.is3d()) field("z", e.z, r.z), field("vz", e.vz, r.vz);
    return out;
  }
  const std::vector<std::uint32_t> species = sim.speciesIndex();
  // Without species the engine's list is empty; the test SpeciesIndexWithoutSpecies holds that
  // apart, so that the bits of such runs are still compared here.
  const bool plain = sim.params().species.empty();
  if (!(plain && species.empty()) && species != ref.species()) {
    for (std::size_t i = 0; i < std::min(species.size(), ref.species().size()); ++i)
      if (species[i] != ref.species()[i])
        return "species of boid " + std::to_string(i) + ": engine " + std::to_string(species[i]) + ", reference " +
               std::to_string(ref.species()[i]);
    return "species list length: engine " + std::to_string(species.size()) + ", reference " +
           std::to_string(ref.species().size());
  }
  if (sim.catches() != ref.catches())
    return "catches: engine " + std::to_string(sim.catches()) + ", reference " + std::to_string(ref.catches());
  if (sim.foodEaten() != ref.eaten())
    return "food eaten: engine " + show(sim.foodEaten()) + ", reference " + show(ref.eaten());
  const std::vector<FoodSource> food = sim.foodNow();
  if (food.size() != ref.food().size())
    return "food sources: engine " + std::to_string(food.size()) + ", reference " + std::to_string(ref.food().size());
  for (std::size_t k = 0; k < food.size(); ++k) {
    const Reference::Food& f = ref.food()[k];
    const bool same =
        food[k].x == f.x && food[k].y == f.y && (!r.is3d() || food[k].z == f.z) && food[k].amount == f.amount;
    if (!same)
      return "food source " + std::to_string(k) + ": engine (" + show(food[k].x) + ", " + show(food[k].y) + ", " +
             show(food[k].z) + ") amount " + show(food[k].amount) + "; reference (" + show(f.x) + ", " + show(f.y) +
             ", " + show(f.z) + ") amount " + show(f.amount);
  }
  return "";
}

std::string describe(const EngineOptions& o) {
  return std::string(toString(o.search)) + ", " + std::to_string(o.threads) + " thread(s)";
}

// The count a scene's species add up to (or `count` without species).
std::size_t totalCount(const ParamSet& params, std::size_t count) {
  const SteeringParams& p = params.as<SteeringParams>();
  if (p.species.empty()) return count;
  std::size_t total = 0;
  for (const SpeciesTraits& t : speciesTraits(p, 0)) total += t.count;
  return total;
}

using EveryStep = std::function<void(const SteeringSimulation&, const Reference&, int step)>;

// Runs the scene's engine under brute force and the grid (one and three threads) beside the
// reference, comparing after every step; returns the reference (as it ended) for the scene's
// own checks. `everyStep` runs after each compared step of the first engine.
std::unique_ptr<Reference> runScene(const std::string& name, const ParamSet& params, std::uint64_t seed, int steps,
                                    std::size_t count = 0, const EveryStep& everyStep = {}) {
  SCOPED_TRACE(name);
  const std::string problem = params.problem();
  EXPECT_EQ(problem, "") << name;
  if (!problem.empty()) return nullptr;
  const SteeringParams& p = params.as<SteeringParams>();
  const std::size_t n = totalCount(params, count);
  const Flock start = steering().randomStart(params, n, seed);
  EXPECT_EQ(start.size(), n);
  std::unique_ptr<Reference> result;
  const auto engine = [](NeighborSearch search, unsigned threads) {
    EngineOptions o;
    o.search = search, o.threads = threads;
    return o;
  };
  const EngineOptions options[] = {engine(NeighborSearch::Brute, 1), engine(NeighborSearch::Grid, 1),
                                   engine(NeighborSearch::Grid, 3)};
  bool first = true;
  for (const EngineOptions& o : options) {
    auto owner = steering().create(params, start, seed, o);
    auto& sim = dynamic_cast<SteeringSimulation&>(*owner);
    auto ref = std::make_unique<Reference>(p, start, seed);
    EXPECT_EQ(ref->species().size(), n) << name << ": the species' counts do not add up to the flock";
    const std::string before = firstMismatch(sim, *ref);
    if (!before.empty()) {
      ADD_FAILURE() << name << " (" << describe(o) << "), before the first step: " << before;
      return nullptr;
    }
    for (int s = 1; s <= steps; ++s) {
      ref->step();
      sim.step();
      const std::string why = firstMismatch(sim, *ref);
      if (!why.empty()) {
        ADD_FAILURE() << name << " (" << describe(o) << "): first difference after step " << s << " (step index "
                      << s - 1 << "): " << why;
        return nullptr;
      }
      if (first && everyStep) everyStep(sim, *ref, s);
    }
    if (first) result = std::move(ref);
    first = false;
  }
  return result;
}

// A small steering parameter set: a W x H world, the given edges, the model's other defaults.
ParamSet world(double width, double height, const char* edges) {
  ParamSet p = steering().defaults();
  p.set("width", width);
  p.set("height", height);
  p.set("edges", std::string(edges));
  return p;
}

// The same in 3D: a W x H x D world.
ParamSet world3d(double width, double height, double depth, const char* edges) {
  ParamSet p = world(width, height, edges);
  p.set("dims", 3.0);
  p.set("depth", depth);
  return p;
}

using Texts = std::vector<std::string>;

}  // namespace

// ---------------------------------------------------------------------------------------------
// The species' resolved values and the start, as "Writing a species" and "Who is who" say.
// ---------------------------------------------------------------------------------------------

TEST(SpeciesReference, TraitsFollowTheModelAndThePredatorDefaults) {
  ParamSet params = world(400, 300, "wrap");
  params.set("alignment", 2.0);
  params.set("species", Texts{"a:6", "b:4:alignment=3,size=2,flocks_with=a", "hawk:1:role=predator"});
  ASSERT_EQ(params.problem(), "");
  const std::vector<SpeciesTraits> t = speciesTraits(params.as<SteeringParams>(), 0);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].name, "a");
  EXPECT_EQ(t[0].count, 6u);
  EXPECT_EQ(t[0].role, Role::Prey);
  EXPECT_EQ(t[0].alignment, 2.0);  // the model's flag, not set by the species
  EXPECT_EQ(t[1].alignment, 3.0);  // the species' own
  EXPECT_EQ(t[1].size, 2.0);
  ASSERT_EQ(t[1].flocksWith.size(), 1u);
  EXPECT_EQ(t[1].flocksWith[0], 0u);
  EXPECT_EQ(t[2].role, Role::Predator);
  EXPECT_EQ(t[2].size, 2.0);
  EXPECT_EQ(t[2].maxSpeed, 1.5 * 180);
  EXPECT_EQ(t[2].vision, 2 * 50.0);
  EXPECT_EQ(t[2].colour, "#d62728");
  EXPECT_EQ(t[0].fearRadius, 100.0);
  EXPECT_EQ(t[0].fleeWeight, 4.0);
  EXPECT_EQ(t[2].chaseWeight, 2.0);
  EXPECT_EQ(t[2].catchRadius, 10.0);
  EXPECT_EQ(t[2].handling, 2.0);
}

// "The random start is the model's start for the total count; then each boid's velocity is
// multiplied by V_S / V (exactly 1 when they are equal)."
TEST(SpeciesReference, TheStartScalesEachSpeciesVelocityByItsTopSpeed) {
  ParamSet params = world(300, 200, "walls");
  params.set("obstacle", Texts{"150,100,30"});
  params.set("species", Texts{"a:7", "b:5:max_speed=100", "hawk:2:role=predator"});
  ASSERT_EQ(params.problem(), "");
  const Flock start = steering().randomStart(params, 14, 9);
  SteeringParams plain = params.as<SteeringParams>();
  plain.species.clear();
  const Flock base = randomSteeringStart(14, plain, 9);
  ASSERT_EQ(start.size(), 14u);
  const double V = plain.maxSpeed;
  const double ratios[] = {180 / V, 100 / V, 270 / V};
  for (std::size_t i = 0; i < 14; ++i) {
    const double ratio = ratios[i < 7 ? 0 : (i < 12 ? 1 : 2)];
    EXPECT_EQ(start.x[i], base.x[i]) << i;
    EXPECT_EQ(start.y[i], base.y[i]) << i;
    EXPECT_EQ(start.vx[i], base.vx[i] * ratio) << i;
    EXPECT_EQ(start.vy[i], base.vy[i] * ratio) << i;
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes: the engine equals the reference after every step.
// ---------------------------------------------------------------------------------------------

// Without species (and with one species of the model's values) the reference is the plain
// model; food alone makes every boid a prey that eats.
TEST(SpeciesReference, NoSpeciesAndOneSpecies) {
  ParamSet plain = world(250, 200, "wrap");
  auto ref = runScene("no species, no food, 30 boids", plain, 1, 150, 30);
  ASSERT_TRUE(ref);
  EXPECT_EQ(ref->catches(), 0u);

  ParamSet food = world(250, 200, "walls");
  food.set("food", Texts{"125,100:3"});
  ref = runScene("no species, food, walls, 30 boids", food, 2, 200, 30);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->bites, 0u);

  ParamSet one = world(250, 200, "wrap");
  one.set("species", Texts{"only:30"});
  ref = runScene("one species of the model's values", one, 1, 150);
  ASSERT_TRUE(ref);
}

// steering_simulation.hpp: speciesIndex() is "the species index of each boid now (boid i at
// index i)", and its member holds "every boid 0 without species"; the docs: "Without --species
// every boid belongs to one prey species".
TEST(SpeciesReference, SpeciesIndexWithoutSpecies) {
  ParamSet plain = world(250, 200, "wrap");
  ParamSet food = plain;
  food.set("food", Texts{"125,100:3"});
  for (const ParamSet* p : {&plain, &food}) {
    const char* name = p == &plain ? "no species, no food" : "no species, food";
    auto owner = steering().create(*p, steering().randomStart(*p, 10, 1), 1);
    auto& sim = dynamic_cast<SteeringSimulation&>(*owner);
    EXPECT_EQ(sim.speciesIndex(), std::vector<std::uint32_t>(10, 0)) << name << ", before the first step";
    sim.step();
    EXPECT_EQ(sim.speciesIndex(), std::vector<std::uint32_t>(10, 0)) << name << ", after one step";
  }
}

TEST(SpeciesReference, TwoDimensionalTorusWithThreeSpecies) {
  ParamSet p = world(260, 200, "wrap");
  p.set("species", Texts{"a:12", "b:10:size=2,alignment=2,flocks_with=a",
                         "c:8:fov=240,max_speed=150,vision=70,separation_radius=30,separation=2,flocks_with=a+b"});
  p.set("pointer", std::string("food:130,100@30-150"));
  auto ref = runScene("2D torus, three species, food pointer", p, 3, 300);
  ASSERT_TRUE(ref);
}

TEST(SpeciesReference, TwoDimensionalWallsObstacleAndPredatorPointer) {
  ParamSet p = world(300, 240, "walls");
  p.set("species", Texts{"a:14:fov=300", "b:10:size=0.5,cohesion=2,separation_radius=25,flocks_with=a"});
  p.set("obstacle", Texts{"150,120,35"});
  p.set("pointer", std::string("predator:100,100@10-250"));
  auto ref = runScene("2D walls, obstacle, predator pointer", p, 4, 300);
  ASSERT_TRUE(ref);
}

// A predator that catches (rebirth), rests for ceil(0.24 / dt) = 15 steps after each catch
// (14.4 steps: ceil, not round), and catches again.
TEST(SpeciesReference, PredatorCatchesRestsAndCatchesAgain) {
  ParamSet p = world(300, 200, "wrap");
  p.set("species", Texts{"sparrow:28", "hawk:2:role=predator,catch_radius=14,handling=0.24"});
  auto ref = runScene("2D torus, two hawks, rebirth", p, 5, 300);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->catches(), 0u);
  EXPECT_EQ(ref->rebirths, ref->catches());
  EXPECT_GE(ref->bestCatchesOfOnePredator, 2u) << "no hawk caught twice: its rest never ended in a catch";
  EXPECT_GT(ref->restingSawPrey, 0u) << "no resting hawk saw a prey: the rest's 'no chase' went untested";
  EXPECT_GT(ref->chases, 0u);
  EXPECT_GT(ref->flights, 0u);

  // A fear radius wider than the torus's farthest point: no place qualifies for a rebirth, so
  // each caught boid takes the 100th try.
  ParamSet fearful = world(240, 160, "wrap");
  fearful.set("species",
              Texts{"sparrow:24:fear_radius=200,flee_weight=1", "hawk:1:role=predator,catch_radius=20,handling=0.1"});
  ref = runScene("2D torus, fear everywhere: rebirths at the 100th try", fearful, 16, 300);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->catches(), 0u);
  EXPECT_EQ(ref->lastTries, ref->catches());
}

TEST(SpeciesReference, CatchesRemoveWithWallsAndAnObstacle) {
  ParamSet p = world(300, 220, "walls");
  p.set("species", Texts{"a:20:fear_radius=70,flee_weight=2.5", "b:8:size=1.5,flocks_with=a",
                         "hawk:2:role=predator,catch_radius=15,handling=0.05,vision=120,fov=240,chase_weight=3"});
  p.set("obstacle", Texts{"150,110,25"});
  p.set("catches", std::string("remove"));
  auto ref = runScene("2D walls, obstacle, catches remove", p, 6, 300);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->removals, 0u);
  EXPECT_EQ(ref->removals, ref->catches());
  EXPECT_GT(ref->restingMissed, 0u) << "no resting hawk had prey within its catch radius";
  EXPECT_EQ(ref->flock().size(), 30u - ref->removals);
}

// Food that runs out and comes back somewhere else (outside the obstacle); two sources 6 px
// apart, and a bite of 0.75 that meets sources holding less than a bite.
TEST(SpeciesReference, FoodUsedUpAndReappearing) {
  ParamSet p = world(300, 200, "wrap");
  p.set("species", Texts{"a:16", "b:8:max_speed=120"});
  p.set("food", Texts{"150,100:3", "156,100:2", "60,150:4"});
  p.set("bite", 0.75);
  p.set("eat_radius", 12.0);
  p.set("food_reach", 160.0);
  p.set("obstacle", Texts{"230,60,25"});
  auto ref = runScene("2D torus, food used up and reappearing", p, 7, 300);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->eaten(), 0.0);
  EXPECT_GT(ref->reappearances, 0u);
  EXPECT_GT(ref->partialBites, 0u);
  EXPECT_GT(ref->feeds, 0u);

  // Two sources 10 px apart, the first with four bites: once boids have emptied it in a step's
  // bites, the boids after it that are nearer to it eat from the second.
  ParamSet close = world(200, 160, "walls");
  close.set("species", Texts{"a:24"});
  close.set("food", Texts{"100,80:4", "110,80:1000"});
  close.set("eat_radius", 40.0);
  ref = runScene("2D walls, two sources 10 px apart", close, 14, 200);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->fallbackBites, 0u) << "no boid found the nearest source empty";
  EXPECT_GT(ref->reappearances, 0u);
}

TEST(SpeciesReference, NoiseWithSpeciesPredatorAndFood) {
  ParamSet p = world(300, 200, "wrap");
  p.set("species", Texts{"a:18", "b:6:fov=200,flocks_with=a", "hawk:1:role=predator,handling=0.1,catch_radius=16"});
  p.set("food", Texts{"100,100:2"});
  p.set("noise", 0.6);
  auto ref = runScene("2D torus, noise 0.6, species, hawk, food", p, 8, 300);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->bites, 0u);
}

TEST(SpeciesReference, ThreeDimensionalBoxWithSpeciesHawkFoodSphereAndNoise) {
  ParamSet p = world3d(260, 200, 160.0, "walls");
  p.set("species",
        Texts{"a:16", "b:8:size=2,flocks_with=a,fov=270", "hawk:2:role=predator,catch_radius=20,handling=0.3"});
  p.set("food", Texts{"130,100,80:4"});
  p.set("obstacle", Texts{"70,60,80,25"});
  p.set("pointer", std::string("food:200,150,60@0-100"));
  p.set("noise", 0.3);
  auto ref = runScene("3D box, species, hawks, food, sphere, noise", p, 9, 250);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->bites, 0u);
}

// Spheres with weight 0: nothing steers the boids away, so they fly into the spheres and are
// moved onto the surface (step 6 in 3D).
TEST(SpeciesReference, ThreeDimensionalBoidsEnteringSpheres) {
  ParamSet p = world3d(240, 200, 160.0, "walls");
  p.set("species", Texts{"a:16", "b:8:size=2,flocks_with=a"});
  p.set("obstacle", Texts{"120,100,80,45", "40,40,40,25"});
  p.set("obstacle_weight", 0.0);
  auto ref = runScene("3D box, boids entering two spheres", p, 15, 200);
  ASSERT_TRUE(ref);
  EXPECT_GT(ref->pushedOut, 0u);
}

TEST(SpeciesReference, ThreeDimensionalTorusWithRemoval) {
  ParamSet p = world3d(220, 180, 140.0, "wrap");
  p.set("species", Texts{"a:20", "hawk:2:role=predator,catch_radius=20,handling=0.1"});
  p.set("food", Texts{"110,90,70:3"});
  p.set("catches", std::string("remove"));
  p.set("noise", 0.2);
  auto ref = runScene("3D torus, catches remove, food, noise", p, 10, 200);
  ASSERT_TRUE(ref);
}

// Above 256 boids the engine's grid does the search: its reach must cover the predators'
// larger vision and the prey's fear radius.
TEST(SpeciesReference, GridPathWithSpeciesAndPredators) {
  ParamSet p = world(500, 350, "wrap");
  p.set("species", Texts{"a:180", "b:100:size=2,flocks_with=a,vision=40", "hawk:4:role=predator,handling=0.2"});
  p.set("food", Texts{"250,175:5", "100,300:5"});
  auto ref = runScene("2D torus, 284 boids, grid", p, 11, 60);
  ASSERT_TRUE(ref);
}

// ---------------------------------------------------------------------------------------------
// Invariants, checked after every step.
// ---------------------------------------------------------------------------------------------

TEST(SpeciesReference, InvariantsUnderRebirth) {
  struct Case {
    const char* name;
    ParamSet params;
    std::uint64_t seed;
  };
  ParamSet flat = world(300, 200, "walls");
  flat.set("species", Texts{"a:20", "hawk:2:role=predator,catch_radius=16,handling=0.1"});
  flat.set("food", Texts{"150,100:2", "40,40:1"});
  flat.set("obstacle", Texts{"220,120,30"});
  ParamSet deep = world(220, 180, "wrap");
  deep.set("dims", 3.0);
  deep.set("depth", 120.0);
  deep.set("species", Texts{"a:20", "hawk:1:role=predator,catch_radius=25,handling=0.1"});
  deep.set("food", Texts{"110,90,60:2"});
  Case cases[] = {{"2D walls, rebirth, food, obstacle", flat, 12}, {"3D torus, rebirth, food", deep, 13}};
  std::uint64_t totalCatches = 0;
  for (const Case& c : cases) {
    const std::size_t n = totalCount(c.params, 0);
    auto ref =
        runScene(c.name, c.params, c.seed, 250, 0, [&](const SteeringSimulation& sim, const Reference& r, int s) {
          ASSERT_EQ(sim.flock().size(), n) << c.name << ", step " << s << ": rebirth changed the count";
          ASSERT_EQ(sim.catches(), r.rebirths) << c.name << ", step " << s << ": catches are not the rebirths seen";
          for (const FoodSource& f : sim.foodNow()) ASSERT_GE(f.amount, 0.0) << c.name << ", step " << s;
          ASSERT_GE(sim.foodEaten(), 0.0);
        });
    ASSERT_TRUE(ref) << c.name;
    EXPECT_EQ(ref->smallestFlock, n);
    EXPECT_GT(ref->bites, 0u) << c.name;
    totalCatches += ref->catches();
  }
  EXPECT_GT(totalCatches, 0u);
}

// ---------------------------------------------------------------------------------------------
// The scene library's golden species scenes: the reference alone reaches the pinned hash.
// ---------------------------------------------------------------------------------------------

TEST(SpeciesReference, GoldenSpeciesScenesHaveTheReferencesHash) {
  int checked = 0;
  for (const scenes::Scene& g : scenes::golden()) {
    if (g.model != "steering") continue;
    const ParamSet params = scenes::params(g);
    const SteeringParams& p = params.as<SteeringParams>();
    if (!hasSpeciesOrFood(p)) continue;
    Reference ref(p, scenes::start(g), g.seed);
    for (std::uint64_t s = 0; s < g.steps; ++s) ref.step();
    EXPECT_EQ(hashHex(stateHash(ref.flock())), g.hash) << g.name;
    EXPECT_GT(ref.catches(), 0u) << g.name << ": a golden species scene should see catches";
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}
