// flocklab::measure (order, groups, spacing) on the lab model at the seed's density, 1e3 to 1e5
// boids, 1 and 2 threads: what a run pays each time it reports. The measured state (50 steps
// past a random start) is built once per n outside the loop; the loop times measure() as a
// caller sees it, including the thread pool it starts. items/s: boids measured per second.
#include <benchmark/benchmark.h>

#include <cstddef>

#include "bench_flocks.hpp"
#include "flocklab/metrics.hpp"

namespace flocklab::bench {
namespace {

void BM_Measure(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto threads = static_cast<unsigned>(state.range(1));
  const LabParams params = labParamsAt(n);
  const Flock& flock = warmLabFlock(n);
  const Space space = Space::square(params.world);
  const EngineOptions options{NeighborSearch::Grid, threads};
  for (auto _ : state) {
    Metrics metrics = measure(flock, space, params.radius, options);
    benchmark::DoNotOptimize(metrics);
  }
  state.SetItemsProcessed(boidSteps(state.iterations(), n));
}
BENCHMARK(BM_Measure)
    ->ArgNames({"n", "threads"})
    ->ArgsProduct({{1'000, 10'000, 100'000}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace flocklab::bench
