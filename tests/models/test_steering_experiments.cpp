// Statistical checks of the steering model: the four presets' metric ranges as docs/presets.md
// documents them, and the model's claims as it really behaves (docs/model-steering.md,
// "Claims").
//
// Setting: 1500 boids in the default 900 x 560 world (the seed's own numbers, and what
// `flocklab run --model steering` starts), seeds 1 to 3, every claim stated at a time. All
// scenarios start from the same seeds, so comparisons are paired; the experiments on a formed
// flock branch from the default flock's state at 30 s. The bounds come from running these very
// scenarios on seeds 1 to 12 (the presets' ranges on seeds 1 to 16) and checking every 3-seed
// subset: each bound holds for the worst subset ("lowest 3-seed mean" below), yet fails when
// the rule behind the claim is broken in src/models/steering_rule.hpp (checked in a copy of the
// tree). Figures quoted below are per-seed ranges over seeds 1 to 12.
//
// Cost: about 90 CPU-seconds of simulation, about 47 s on two cores. Every run is computed once
// per process and shared between the tests, so ctest runs this file as one test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "flocklab/flocklab.hpp"

using namespace flocklab;

namespace {

constexpr std::size_t kBoids = 1500;
constexpr std::uint64_t kSeeds[] = {1, 2, 3};
// Runs go concurrently, one thread each (on two cores this keeps both busier than splitting
// each step of 1500 boids over them); results do not depend on the thread count.
const EngineOptions kEngine{NeighborSearch::Grid, 1};
// Steps: the default dt is 1/60 s.
constexpr std::uint64_t kSecond = 60;
// Metrics are sampled every kSample steps of every run.
constexpr std::uint64_t kSample = 10;
// A formed flock: the default flock at 30 s.
constexpr std::uint64_t kFormed = 30 * kSecond;
// The predator is held for 2 s.
constexpr std::uint64_t kHold = 2 * kSecond;

// One seed's run of a scenario.
struct SeedRun {
  Metrics start;                       // the start state's metrics
  std::vector<Metrics> samples;        // samples[k]: after (k + 1) * kSample steps
  std::vector<std::size_t> nearProbe;  // boids within kPointerReach of the probe, per sample
  Flock end;                           // the final state

  const Metrics& at(std::uint64_t step) const { return samples.at(step / kSample - 1); }
};

using Measure = std::function<double(const Metrics&)>;
const Measure polarization = [](const Metrics& m) { return m.polarization; };
const Measure flocks = [](const Metrics& m) { return static_cast<double>(m.flocks); };
const Measure largestShare = [](const Metrics& m) { return m.largestShare; };
const Measure nearest = [](const Metrics& m) { return m.meanNearestDistance; };
const Measure neighbors = [](const Metrics& m) { return m.meanNeighbors; };

// The spot of a flock with the most boids within kPointerReach: the position of the first boid
// (in index order) with the most others that close. O(n^2), once per seed.
void densestSpot(const Flock& f, const Space& space, double& x, double& y) {
  const Offsets offsets(space);
  std::size_t best = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    std::size_t count = 0;
    for (std::size_t j = 0; j < f.size(); ++j) {
      const double dx = offsets.dx(f.x[i], f.x[j]), dy = offsets.dy(f.y[i], f.y[j]);
      count += dx * dx + dy * dy < kPointerReach * kPointerReach;
    }
    if (count > best) best = count, x = f.x[i], y = f.y[i];
  }
}

std::size_t countNear(const Flock& f, const Space& space, double x, double y) {
  const Offsets offsets(space);
  std::size_t count = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const double dx = offsets.dx(x, f.x[i]), dy = offsets.dy(y, f.y[i]);
    count += dx * dx + dy * dy < kPointerReach * kPointerReach;
  }
  return count;
}

// Steps a simulation `steps` steps, sampling every kSample steps.
SeedRun record(SteeringSimulation& sim, std::uint64_t steps, const double* probe) {
  SeedRun run;
  run.start = sim.metrics();
  for (std::uint64_t s = kSample; s <= steps; s += kSample) {
    sim.step(kSample);
    run.samples.push_back(sim.metrics());
    if (probe) run.nearProbe.push_back(countNear(sim.flock(), sim.space(), probe[0], probe[1]));
  }
  run.end = sim.flock();
  return run;
}

// A scenario: parameters, length, and whether it starts from a formed flock (the "flock"
// scenario's final state at 30 s) instead of a random start. Those that start from a formed
// flock count the boids near its densest spot, where "predator" holds its pointer for kHold.
struct Scenario {
  SteeringParams params;
  std::uint64_t steps = 0;
  bool fromFormed = false;
};

Scenario scenario(const std::string& name) {
  Scenario s;
  SteeringParams& p = s.params;
  if (name == "flock") s.steps = kFormed;
  else if (name == "school") p = steeringPreset(SteeringPreset::School), s.steps = 10 * kSecond;
  else if (name == "swarm") p = steeringPreset(SteeringPreset::Swarm), s.steps = 10 * kSecond;
  else if (name == "chaos") p = steeringPreset(SteeringPreset::Chaos), s.steps = 10 * kSecond;
  else if (name == "vision 10") p.vision = 10, s.steps = 20 * kSecond;
  else if (name == "vision 150") p.vision = 150, s.steps = 3 * kSecond;
  else if (name == "blind spot") p.fov = 270, s.steps = 10 * kSecond;
  else if (name == "blind spot, separation 3") p.fov = 270, p.separation = 3, s.steps = 10 * kSecond;
  else if (name == "alignment alone") p.separation = 0, p.cohesion = 0, s.steps = 5 * kSecond;
  else if (name == "wrap") s.fromFormed = true, s.steps = 5 * kSecond;
  else if (name == "no alignment") p.alignment = 0, s.fromFormed = true, s.steps = 5 * kSecond;
  else if (name == "walls") p.edges = Edges::Walls, s.fromFormed = true, s.steps = 5 * kSecond;
  else if (name == "predator") s.fromFormed = true, s.steps = 10 * kSecond;
  else ADD_FAILURE() << "unknown scenario " << name;
  return s;
}

// One seed's run of a scenario; `formed` is the formed flock when the scenario starts from one.
SeedRun runSeed(const std::string& name, const Scenario& s, std::uint64_t seed, const Flock* formed) {
  SteeringParams p = s.params;
  if (!formed) {
    SteeringSimulation sim(p, randomSteeringStart(kBoids, p, seed), kEngine);
    return record(sim, s.steps, nullptr);
  }
  double probe[2] = {0, 0};
  densestSpot(*formed, p.space(), probe[0], probe[1]);
  if (name == "predator") p.pointer = {PointerMode::Predator, probe[0], probe[1], 0, kHold};
  SteeringSimulation sim(p, *formed, kEngine);
  return record(sim, s.steps, probe);
}

// Every scenario's runs over kSeeds, computed once per process and shared by the tests.
// std::map: references to its values stay valid as it grows.
std::map<std::string, std::vector<SeedRun>>& cache() {
  static std::map<std::string, std::vector<SeedRun>> runs;
  return runs;
}

// Computes the scenarios of `names` that are not cached yet: every seed of every one of them
// at once, one thread per run (the formed flock first where one is needed).
void prefetch(const std::vector<std::string>& names) {
  std::vector<std::string> missing;
  bool needFormed = false;
  for (const std::string& name : names)
    if (!cache().count(name) && std::find(missing.begin(), missing.end(), name) == missing.end()) {
      missing.push_back(name);
      needFormed |= scenario(name).fromFormed;
    }
  if (needFormed && !cache().count("flock")) {
    prefetch({"flock"});
    missing.erase(std::remove(missing.begin(), missing.end(), "flock"), missing.end());
  }
  std::vector<std::vector<SeedRun>> results(missing.size(), std::vector<SeedRun>(std::size(kSeeds)));
  std::vector<std::thread> workers;
  for (std::size_t k = 0; k < missing.size(); ++k) {
    const Scenario s = scenario(missing[k]);
    for (std::size_t i = 0; i < std::size(kSeeds); ++i) {
      const Flock* formed = s.fromFormed ? &cache().at("flock")[i].end : nullptr;
      workers.emplace_back(
          [&results, &missing, s, k, i, formed] { results[k][i] = runSeed(missing[k], s, kSeeds[i], formed); });
    }
  }
  for (std::thread& w : workers) w.join();
  for (std::size_t k = 0; k < missing.size(); ++k) cache().emplace(missing[k], std::move(results[k]));
}

const std::vector<SeedRun>& runs(const std::string& name) {
  prefetch({name});
  return cache().at(name);
}

// Per-seed values of `m` at `step` of a scenario (step 0: the start).
std::vector<double> at(const std::string& name, std::uint64_t step, const Measure& m) {
  std::vector<double> out;
  for (const SeedRun& r : runs(name)) out.push_back(m(step == 0 ? r.start : r.at(step)));
  return out;
}

// Per-seed mean of `m` over the samples in (from, to] of a scenario.
std::vector<double> windowMean(const std::string& name, std::uint64_t from, std::uint64_t to, const Measure& m) {
  std::vector<double> out;
  for (const SeedRun& r : runs(name)) {
    double sum = 0;
    for (std::uint64_t s = from + kSample; s <= to; s += kSample) sum += m(r.at(s));
    out.push_back(sum / static_cast<double>((to - from) / kSample));
  }
  return out;
}

// Per-seed standard deviation of `m` over the samples in (from, to] of a scenario.
std::vector<double> windowSd(const std::string& name, std::uint64_t from, std::uint64_t to, const Measure& m) {
  const std::vector<double> means = windowMean(name, from, to, m);
  std::vector<double> out;
  const auto& rs = runs(name);
  for (std::size_t i = 0; i < rs.size(); ++i) {
    double sum = 0;
    for (std::uint64_t s = from + kSample; s <= to; s += kSample)
      sum += (m(rs[i].at(s)) - means[i]) * (m(rs[i].at(s)) - means[i]);
    out.push_back(std::sqrt(sum / static_cast<double>((to - from) / kSample)));
  }
  return out;
}

// Per-seed number of boids within kPointerReach of the probe at `step` of a scenario.
std::vector<double> nearProbe(const std::string& name, std::uint64_t step) {
  std::vector<double> out;
  for (const SeedRun& r : runs(name)) out.push_back(static_cast<double>(r.nearProbe.at(step / kSample - 1)));
  return out;
}

// Per-seed time in seconds of the first sample at which `m` reaches `level` (infinity if never).
std::vector<double> firstReach(const std::string& name, double level, const Measure& m) {
  std::vector<double> out;
  for (const SeedRun& r : runs(name)) {
    double when = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < r.samples.size(); ++k)
      if (m(r.samples[k]) >= level) {
        when = static_cast<double>((k + 1) * kSample) / kSecond;
        break;
      }
    out.push_back(when);
  }
  return out;
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

// Per-seed values "a, b, c (seeds 1, 2, 3)", for failure messages.
std::string describe(const std::vector<double>& v) {
  std::ostringstream text;
  for (std::size_t i = 0; i < v.size(); ++i) text << (i ? ", " : "") << v[i];
  text << " (seeds";
  for (std::size_t i = 0; i < v.size(); ++i) text << (i ? ", " : " ") << kSeeds[i];
  text << ")";
  return text.str();
}

// ---- Presets -------------------------------------------------------------------------------

// The ranges docs/presets.md documents for each preset at 10 s (600 steps), as `flocklab run`
// reports the metrics: groups and neighbours within the preset's own separation radius. Read
// from the file itself (the bold "lo - hi" of each cell in the table under "At 10 s"), so that
// the tests check what the page says.
struct Range {
  double lo, hi;
};
struct PresetRanges {
  std::string name;
  Range polarization, flocks, largestShare, nearest, neighbors;
};

std::vector<PresetRanges> documentedRanges() {
  const std::string path = std::string(FLOCKLAB_SOURCE_DIR) + "/docs/presets.md";
  std::ifstream file(path);
  EXPECT_TRUE(file.good()) << "cannot read " << path;
  std::vector<PresetRanges> out;
  std::string line;
  bool inTable = false;
  const std::regex cell(R"(\*\*([0-9.]+) - ([0-9.]+)\*\*)");
  while (std::getline(file, line)) {
    if (line.rfind("### ", 0) == 0) inTable = line.rfind("### At 10 s", 0) == 0;
    if (!inTable || line.rfind("| ", 0) != 0 || line.find("**") == std::string::npos) continue;
    PresetRanges r;
    r.name = line.substr(2, line.find(' ', 2) - 2);
    std::vector<Range> ranges;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), cell); it != std::sregex_iterator(); ++it)
      ranges.push_back({std::stod((*it)[1]), std::stod((*it)[2])});
    EXPECT_EQ(ranges.size(), 5u) << "docs/presets.md: a row without five bold ranges: " << line;
    if (ranges.size() != 5) continue;
    r.polarization = ranges[0], r.flocks = ranges[1], r.largestShare = ranges[2];
    r.nearest = ranges[3], r.neighbors = ranges[4];
    out.push_back(r);
  }
  return out;
}

// The mean over the seeds lies in the documented range (per-seed values of a chaotic run move
// with any legitimate reordering of the arithmetic; their mean over seeds hardly does). The
// documented ranges hold the per-seed values of seeds 1 to 16, so the mean has room to spare.
void expectInDocumentedRanges(const PresetRanges& doc) {
  const auto check = [&](const char* what, Range range, const Measure& m) {
    const auto v = at(doc.name, 10 * kSecond, m);
    const double average = mean(v);
    EXPECT_TRUE(average >= range.lo && average <= range.hi)
        << doc.name << " at 10 s: mean " << what << " " << average << " outside the documented [" << range.lo << ", "
        << range.hi << "]; all seeds: " << describe(v);
  };
  check("polarization", doc.polarization, polarization);
  check("flocks", doc.flocks, flocks);
  check("largest share", doc.largestShare, largestShare);
  check("nearest distance", doc.nearest, nearest);
  check("neighbours", doc.neighbors, neighbors);
}

TEST(SteeringPresets, EveryPresetMatchesTheDocumentedRanges) {
  const auto documented = documentedRanges();
  ASSERT_EQ(documented.size(), 4u) << "docs/presets.md's table at 10 s should have four presets";
  std::vector<std::string> names;
  for (const auto& d : documented) names.push_back(d.name);
  EXPECT_EQ(names, (std::vector<std::string>{"flock", "school", "swarm", "chaos"}));
  prefetch({"flock", "school", "swarm", "chaos"});
  for (const PresetRanges& doc : documented) expectInDocumentedRanges(doc);
}

// The documented ranges (docs/presets.md's table) tell every pair of presets apart: for each
// pair some metric's ranges do not overlap.
TEST(SteeringPresets, DocumentedRangesTellEveryPairApart) {
  const auto documented = documentedRanges();
  ASSERT_EQ(documented.size(), 4u) << "docs/presets.md's table at 10 s should have four presets";
  const auto ranges = [](const PresetRanges& d) {
    return std::vector<Range>{d.polarization, d.flocks, d.largestShare, d.nearest, d.neighbors};
  };
  for (std::size_t a = 0; a < documented.size(); ++a)
    for (std::size_t b = a + 1; b < documented.size(); ++b) {
      const auto ra = ranges(documented[a]), rb = ranges(documented[b]);
      bool apart = false;
      for (std::size_t k = 0; k < ra.size(); ++k) {
        EXPECT_LE(ra[k].lo, ra[k].hi) << documented[a].name;
        apart |= ra[k].hi < rb[k].lo || rb[k].hi < ra[k].lo;
      }
      EXPECT_TRUE(apart) << documented[a].name << " and " << documented[b].name;
    }
}

// ---- The seed's experiments ----------------------------------------------------------------

// Claim (README, the page): the default flock's order first reaches 0.9 after a median of
// 8.5 s (seeds 1 to 16: 3.7 to 19.1 s, quartiles 6.1 and 11.7 s; seeds 1, 2, 3: 12.0, 11.8,
// 6.0 s; seed 42: 5.3 s), from about 0.02 at the random start, and at 30 s it is 0.886 to 0.968.
// Over 3 seeds the mean first time lies between 4.5 s and 14.6 s for every 3 of those 16.
TEST(SteeringClaims, DefaultFlockOrdersWithinSeconds) {
  const auto start = at("flock", 0, polarization), formed = at("flock", kFormed, polarization);
  const auto reach = firstReach("flock", 0.9, polarization);
  EXPECT_LT(mean(start), 0.1) << describe(start);
  for (double t : reach) EXPECT_LT(t, 25.0) << "seconds to order 0.9: " << describe(reach);
  EXPECT_GT(mean(reach), 3.0) << "seconds to order 0.9: " << describe(reach);
  EXPECT_LT(mean(reach), 16.0) << "seconds to order 0.9: " << describe(reach);
  for (double v : formed) EXPECT_GT(v, 0.85) << "at 30 s: " << describe(formed);
  EXPECT_GT(mean(formed), 0.88) << "at 30 s: " << describe(formed);
}

// Claim: setting alignment to 0 in a formed flock makes order drop sharply (below 0.3 within
// 10 s). 5 s after the switch polarization is 0.02 to 0.24 (highest 3-seed mean 0.23), while
// the same flock left alone keeps 0.895 to 0.958.
TEST(SteeringClaims, AlignmentZeroDropsOrderSharply) {
  prefetch({"no alignment", "wrap"});
  const auto off = at("no alignment", 5 * kSecond, polarization), on = at("wrap", 5 * kSecond, polarization);
  for (double v : off) EXPECT_LT(v, 0.3) << "alignment 0, 5 s after: " << describe(off);
  EXPECT_LT(mean(off), 0.25) << "alignment 0, 5 s after: " << describe(off);
  for (double v : on) EXPECT_GT(v, 0.85) << "left alone: " << describe(on);
}

// Claim: alignment alone (separation and cohesion 0) lines the headings up. Polarization at
// 5 s: 0.47 to 1.00 (lowest 3-seed mean 0.55; at 10 s 0.86 to 1.00 on seeds 1 to 8), from
// about 0.02 at the start.
TEST(SteeringClaims, AlignmentAloneLinesHeadingsUp) {
  const auto start = at("alignment alone", 0, polarization);
  const auto at5s = at("alignment alone", 5 * kSecond, polarization);
  EXPECT_LT(mean(start), 0.1) << describe(start);
  for (double v : at5s) EXPECT_GT(v, 0.3) << "at 5 s: " << describe(at5s);
  EXPECT_GT(mean(at5s), 0.5) << "at 5 s: " << describe(at5s);
}

// Claim (README, the page): with vision 10 the boids barely see each other and the flock stays
// spread in many small groups, yet their headings line up in the end. Measured over seeds 1 to
// 16 (`flocklab sweep --param vision=10,50 --steps 300` and `--steps 1200`); groups link
// within min(vision, separation radius), 10 px at vision 10 and 20 px at vision 50. At 5 s,
// vision 10 against vision 50: 1.8 to 3.7 neighbours per boid against 47 to 105; 539 to 682
// groups against 39 to 90; the largest 84 to 390 boids against 713 to 1455; order 0.16 to 0.80
// (median 0.43) against 0.17 to 0.95 (median 0.65), lower on 11 of the 16 seeds, so order is
// only compared on average. At 20 s vision 10 still has 416 to 988 groups and about one
// neighbour per boid, but order 0.45 to 0.97 (median 0.95; 3-seed means 0.73 to 0.96).
TEST(SteeringClaims, Vision10LeavesManySmallGroupsThatStillAlign) {
  prefetch({"vision 10", "flock"});
  const auto seen10 = at("vision 10", 5 * kSecond, neighbors), seen50 = at("flock", 5 * kSecond, neighbors);
  const auto groups10 = at("vision 10", 5 * kSecond, flocks), groups50 = at("flock", 5 * kSecond, flocks);
  const auto share10 = windowMean("vision 10", 2 * kSecond, 5 * kSecond, largestShare);
  const auto share50 = windowMean("flock", 2 * kSecond, 5 * kSecond, largestShare);
  const auto order10 = windowMean("vision 10", 1 * kSecond, 5 * kSecond, polarization);
  const auto groupsLate = at("vision 10", 20 * kSecond, flocks);
  const auto orderLate = at("vision 10", 20 * kSecond, polarization);
  for (std::size_t i = 0; i < groups10.size(); ++i) {
    EXPECT_LT(seen10[i], 5.0) << "neighbours at 5 s, vision 10: " << describe(seen10);
    EXPECT_GT(seen50[i], 30.0) << "neighbours at 5 s, vision 50: " << describe(seen50);
    EXPECT_GT(groups10[i], 4 * groups50[i])
        << "groups at 5 s, vision 10: " << describe(groups10) << "; vision 50: " << describe(groups50);
    EXPECT_LT(share10[i], share50[i]) << "largest share over 2-5 s, vision 10: " << describe(share10)
                                      << "; vision 50: " << describe(share50);
    EXPECT_GT(groupsLate[i], 300) << "groups at 20 s, vision 10: " << describe(groupsLate);
  }
  EXPECT_LT(mean(order10), 0.5) << "order over 1-5 s at vision 10: " << describe(order10);
  EXPECT_GT(mean(orderLate), 0.6) << "order at 20 s at vision 10: " << describe(orderLate);
}

// Claim (README, the page): a 270-degree field of view packs the flock into dense piles, and
// separation 3 keeps its spacing. A boid never sees the boids in the 90-degree wedge behind it,
// so only the one behind keeps a gap, and cohesion draws it in. Seeds 1 to 8 at 10 s: nearest
// neighbour 2.6 to 4.8 px and 231 to 830 neighbours per boid (at 30 s 2.9 to 5.0 px and 232 to
// 680, against 11.5 to 13.0 px and 36 to 51 with the full view); with separation 3, 12.1 to
// 15.4 px and 21 to 49 neighbours, order 0.86 to 0.91.
TEST(SteeringClaims, BlindSpotPacksTheFlockUnlessSeparationIsStronger) {
  prefetch({"blind spot", "blind spot, separation 3", "flock"});
  const auto packed = at("blind spot", 10 * kSecond, nearest), full = at("flock", 10 * kSecond, nearest);
  const auto crowd = at("blind spot", 10 * kSecond, neighbors);
  const auto spaced = at("blind spot, separation 3", 10 * kSecond, nearest);
  const auto order = at("blind spot, separation 3", 10 * kSecond, polarization);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    EXPECT_LT(packed[i], 0.5 * full[i]) << "nearest at 10 s, fov 270: " << describe(packed)
                                        << "; fov 360: " << describe(full);
    EXPECT_GT(crowd[i], 150) << "neighbours at 10 s, fov 270: " << describe(crowd);
    EXPECT_GT(spaced[i], 10.0) << "nearest at 10 s, fov 270, separation 3: " << describe(spaced);
  }
  EXPECT_GT(mean(order), 0.8) << "order at 10 s, fov 270, separation 3: " << describe(order);
}

// Claim: vision 150 merges nearly everything into one flock. The largest group's share
// averaged over 1-3 s: 0.48 to 0.98 (lowest 3-seed mean 0.68) against 0.47 to 0.75 at vision
// 50; the 3-seed means differ by 0.10 at least. (Some seeds hold two parallel flocks of about
// half each for several seconds: "within seconds" is optimistic. At 10 s seeds 1 to 6 each
// have one group of 95% or more, but running vision 150 that long costs too much here.)
TEST(SteeringClaims, Vision150MergesIntoOneFlock) {
  prefetch({"vision 150", "flock"});
  const auto wide = windowMean("vision 150", 1 * kSecond, 3 * kSecond, largestShare);
  const auto normal = windowMean("flock", 1 * kSecond, 3 * kSecond, largestShare);
  EXPECT_GT(mean(wide), 0.6) << "vision 150: " << describe(wide);
  EXPECT_GT(mean(wide), mean(normal) + 0.05) << "vision 150: " << describe(wide) << "; vision 50: " << describe(normal);
}

// Claim: a predator held in a formed flock splits it, and after release the flock recovers.
// The predator is held for 2 s at the formed flock's densest spot (the boid with the most
// others within reach). 1 s into the hold the boids have fled the reach (2 to 17 left inside
// against 155 to 474 in the same flock left alone) and their headings have split into streams
// fleeing apart: polarization 0.46 to 0.78 against 0.86 to 0.96, lower by 0.15 to 0.49 on every
// seed (lowest 3-seed mean of the drop 0.23). 8 s after the release order is back at 0.87 to
// 0.96. (The largest group's share does not drop: the fleeing boids crowd together outside
// the reach, and the share rises.)
TEST(SteeringClaims, PredatorSplitsTheFlockWhichRecoversAfterRelease) {
  prefetch({"predator", "wrap"});
  const std::uint64_t held = 1 * kSecond, after = 10 * kSecond;
  const auto inside = nearProbe("predator", held), insideAlone = nearProbe("wrap", held);
  const auto order = at("predator", held, polarization), orderAlone = at("wrap", held, polarization);
  const auto recovered = at("predator", after, polarization);
  for (std::size_t i = 0; i < inside.size(); ++i) {
    EXPECT_LT(inside[i], 0.15 * insideAlone[i])
        << "boids within reach 1 s into the hold: " << describe(inside) << "; left alone: " << describe(insideAlone);
    EXPECT_GT(orderAlone[i] - order[i], 0.1)
        << "order 1 s into the hold: " << describe(order) << "; left alone: " << describe(orderAlone);
    EXPECT_GT(recovered[i], 0.8) << "order 8 s after the release: " << describe(recovered);
  }
  EXPECT_GT(mean(orderAlone) - mean(order), 0.2)
      << "order 1 s into the hold: " << describe(order) << "; left alone: " << describe(orderAlone);
}

// Claim: walls make order swing more than wrap-around edges. Switching a formed flock's edges
// to walls, the standard deviation of polarization over the next 5 s (a sample every 10 steps)
// is 0.079 to 0.23, against 0.007 to 0.032 for the same flock with wrap-around edges; the
// ratio is at least 3.9 on every seed.
TEST(SteeringClaims, WallsMakeOrderSwingMoreThanWrap) {
  prefetch({"walls", "wrap"});
  const auto walls = windowSd("walls", 0, 5 * kSecond, polarization);
  const auto wrap = windowSd("wrap", 0, 5 * kSecond, polarization);
  for (std::size_t i = 0; i < walls.size(); ++i) {
    EXPECT_GT(walls[i], 0.06) << "walls: " << describe(walls);
    EXPECT_LT(wrap[i], 0.05) << "wrap: " << describe(wrap);
    EXPECT_GT(walls[i], 3 * wrap[i]) << "walls: " << describe(walls) << "; wrap: " << describe(wrap);
  }
}

}  // namespace
