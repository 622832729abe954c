#pragma once
// The rule contract: the arithmetic of one model's step, for one boid, that the engine's step
// driver runs over every boid with its neighbours. A model is a Rule plus its parameters;
// RuleSimulation (rule_simulation.hpp) runs any Rule, the shipped models included.
//
// Per step and per boid i the driver calls, from the frozen state of the previous step:
//   Sums s = rule.start(position, velocity of i);
//   for each neighbour j != i in ascending index j, with offset d = minimum-image (torus) or
//   plain (box) difference x_j - x_i per axis and d2 = dx*dx + dy*dy (+ dz*dz), left to right:
//     rule.add(s, offset, d2, velocity of j);
//   rule.finish(s, position, velocity of i);   // updates them in place: the next state of i
//   (a rule that declares kIndexed = true gets i too: rule.finish(s, i, position, velocity),
//   for draws of its own that must not depend on which thread or cell reaches i first, such as
//   the counter-based noise of flocklab/counter_rng.hpp)
//   (a rule that declares kPairIndexed = true gets the indices of both ends as well:
//   rule.start(i, position, velocity of i) and rule.add(s, j, offset, d2, velocity of j), for
//   per-boid data of its own such as a boid's species; it must also be kIndexed)
// Neighbours are those with d2 < r^2 (d2 <= r^2 when the rule sets kInclusive = true),
// where r is the radius given to the driver.
// A rule may also offer lane sums (kRuleLanes below): add() for W boids at once, one a vector
// lane (engine/lanes.hpp), each lane taking a candidate only where it is that boid's
// hit; the driver runs them over the shared candidate list in ascending index, so each lane
// adds its hits in the order above (in 8 lanes where the CPU has AVX-512). Or it may offer hit
// lanes (kRuleHitLanes): one boid's hits W at a time, each sum taking the lanes in order.
//
// Determinism: the driver guarantees the order above for the grid and the brute-force search
// and every executor, so a rule that uses only + - * / sqrt and comparisons (and is built
// with -ffp-contract=off, as flocklab::core requires of its users) gives the same bits
// everywhere. A rule must not keep state between calls other than through Sums: add() and
// finish() run concurrently for different boids on a const Rule.
#include <concepts>
#include <cstdint>

namespace flocklab {

namespace detail {
template <class R>
constexpr int ruleDimensions() {
  if constexpr (requires { R::kDimensions; }) return R::kDimensions;
  return 2;
}
template <class R>
constexpr bool ruleInclusive() {
  if constexpr (requires { R::kInclusive; }) return R::kInclusive;
  return false;
}
template <class R>
constexpr bool ruleIndexed() {
  if constexpr (requires { R::kIndexed; }) return R::kIndexed;
  return false;
}
template <class R>
constexpr bool ruleLanes() {
  if constexpr (requires { R::kLanes; }) return R::kLanes;
  return false;
}
template <class R>
constexpr bool ruleHitLanes() {
  if constexpr (requires { R::kHitLanes; }) return R::kHitLanes;
  return false;
}
template <class R>
constexpr bool rulePairIndexed() {
  if constexpr (requires { R::kPairIndexed; }) return R::kPairIndexed;
  return false;
}
}  // namespace detail

/// The rule's dimension count: `static constexpr int kDimensions = 3` for a 3D rule; 2 when
/// the rule does not say.
template <class R>
inline constexpr int kRuleDimensions = detail::ruleDimensions<R>();

/// True when the rule declares `static constexpr bool kInclusive = true`: neighbours at exactly
/// the radius count (d2 <= r^2); otherwise only those strictly inside (d2 < r^2).
template <class R>
inline constexpr bool kRuleInclusive = detail::ruleInclusive<R>();

/// True when the rule declares `static constexpr bool kIndexed = true`: finish then takes the
/// boid's index (std::uint32_t, its place in the flock) after the sums.
template <class R>
inline constexpr bool kRuleIndexed = detail::ruleIndexed<R>();

/// True when the rule declares `static constexpr bool kPairIndexed = true`: start and add then
/// take the boid's and the neighbour's index (std::uint32_t) first.
template <class R>
inline constexpr bool kRulePairIndexed = detail::rulePairIndexed<R>();

/// True when the rule declares `static constexpr bool kLanes = true` and offers lane sums: a
/// member template LaneSums<L> (L a LaneVectors<W> of engine/lanes.hpp;
/// value-initialised, every lane as start() returns), addLanes<L>(LaneSums<L>&, const M& hit,
/// const D& dx, const D& dy, (const D& dz,) const D& d2, const D& vxj, const D& vyj(, const D&
/// vzj)), which must change a lane's sums exactly as add() would where hit is set and leave
/// them where not (d2 is +inf there), and Sums lane<L>(const LaneSums<L>&, int l). start()
/// must then ignore its arguments. Not with kPairIndexed.
template <class R>
inline constexpr bool kRuleLanes = detail::ruleLanes<R>() && !detail::rulePairIndexed<R>();

/// True when the rule declares `static constexpr bool kHitLanes = true` and offers hit lanes:
/// addHitLanes<L>(Sums&, const HitLanes<L, kDimensions>&) (engine/lanes.hpp; W of one
/// boid's hits, one a lane, in ascending index), which must change the sums exactly as add()
/// would for each lane in lane order (a lane with d2 = +inf, past the last hit, changes
/// nothing), and bool hitsInLanes(const Sums&) const: false where a boid's hits must go through
/// add() one by one. The driver filters each boid's candidates as on the one-boid path and
/// hands the hits over W at a time (for a rule with many neighbours a boid, whose arithmetic a
/// hit is the cost).
template <class R>
inline constexpr bool kRuleHitLanes = detail::ruleHitLanes<R>();

/// A 2D rule: Sums start(x, y, vx, vy); add(Sums&, dx, dy, d2, vxj, vyj);
/// finish(const Sums&, x&, y&, vx&, vy&). Units are the world's (positions) and world units
/// per step (velocities); see the file comment for the order of calls.
template <class R>
concept Rule2D = kRuleDimensions<R>
== 2 && std::copy_constructible<R> &&
                 (kRulePairIndexed<R> ? kRuleIndexed<R> && requires(const R& rule, typename R::Sums& sums, std::uint32_t i, double v) {
                   { rule.start(i, v, v, v, v) } -> std::convertible_to<typename R::Sums>;
                   rule.add(sums, i, v, v, v, v, v);
                 } : requires(const R& rule, typename R::Sums& sums, double v) {
                   { rule.start(v, v, v, v) } -> std::convertible_to<typename R::Sums>;
                   rule.add(sums, v, v, v, v, v);
                 }) && (kRuleIndexed<R> ? requires(const R& rule, const typename R::Sums& done, std::uint32_t i, double& m) {
                   rule.finish(done, i, m, m, m, m);
                 } : requires(const R& rule, const typename R::Sums& done, double& m) {
                   rule.finish(done, m, m, m, m);
                 });

/// A 3D rule (kDimensions = 3): Sums start(x, y, z, vx, vy, vz);
/// add(Sums&, dx, dy, dz, d2, vxj, vyj, vzj); finish(const Sums&, x&, y&, z&, vx&, vy&, vz&).
template <class R>
concept Rule3D = kRuleDimensions<R>
== 3 && std::copy_constructible<R> &&
                 (kRulePairIndexed<R> ? kRuleIndexed<R> && requires(const R& rule, typename R::Sums& sums, std::uint32_t i, double v) {
                   { rule.start(i, v, v, v, v, v, v) } -> std::convertible_to<typename R::Sums>;
                   rule.add(sums, i, v, v, v, v, v, v, v);
                 } : requires(const R& rule, typename R::Sums& sums, double v) {
                   { rule.start(v, v, v, v, v, v) } -> std::convertible_to<typename R::Sums>;
                   rule.add(sums, v, v, v, v, v, v, v);
                 }) && (kRuleIndexed<R> ? requires(const R& rule, const typename R::Sums& done, std::uint32_t i, double& m) {
                   rule.finish(done, i, m, m, m, m, m, m);
                 } : requires(const R& rule, const typename R::Sums& done, double& m) {
                   rule.finish(done, m, m, m, m, m, m);
                 });

/// A model's per-boid arithmetic in 2D or 3D (see the file comment for the contract).
template <class R>
concept Rule = Rule2D<R> || Rule3D<R>;

}  // namespace flocklab
