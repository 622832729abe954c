// One step: the lab model with the grid (1e3 to 1e6 boids, 1 and 2 threads) and by brute force
// (1e3 and 1e4), and the steering model's flock preset at its 1500 boids. Each starts from a
// state 50 steps past a random start (cached per n), and one untimed step sizes the engine's
// buffers, so the loop times steady steps only: no warm-up, no first-step allocation.
// Threaded cases report wall time (UseRealTime). items/s: boid-steps per second.
#include <benchmark/benchmark.h>

#include <cstddef>

#include "bench_flocks.hpp"
#include "flocklab/models/lab_simulation.hpp"
#include "flocklab/models/steering_simulation.hpp"

namespace flocklab::bench {
namespace {

void labStep(benchmark::State& state, NeighborSearch search) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto threads = static_cast<unsigned>(state.range(1));
  LabSimulation sim(labParamsAt(n), warmLabFlock(n), EngineOptions{search, threads});
  sim.step();
  for (auto _ : state) sim.step();
  state.SetItemsProcessed(boidSteps(state.iterations(), n));
}

void BM_LabStepGrid(benchmark::State& state) { labStep(state, NeighborSearch::Grid); }
BENCHMARK(BM_LabStepGrid)
    ->ArgNames({"n", "threads"})
    ->ArgsProduct({{1'000, 10'000, 100'000, 1'000'000}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_LabStepBrute(benchmark::State& state) { labStep(state, NeighborSearch::Brute); }
BENCHMARK(BM_LabStepBrute)
    ->ArgNames({"n", "threads"})
    ->ArgsProduct({{1'000, 10'000}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_SteeringStep(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto threads = static_cast<unsigned>(state.range(1));
  const SteeringParams params = steeringPreset(SteeringPreset::Flock);
  // No cache needed: 1500 boids warm up in milliseconds.
  SteeringSimulation sim(params, randomSteeringStart(n, params, kSeed), EngineOptions{NeighborSearch::Grid, threads});
  sim.step(kWarmUpSteps);
  for (auto _ : state) sim.step();
  state.SetItemsProcessed(boidSteps(state.iterations(), n));
}
BENCHMARK(BM_SteeringStep)
    ->ArgNames({"n", "threads"})
    ->ArgsProduct({{1'500}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace flocklab::bench
