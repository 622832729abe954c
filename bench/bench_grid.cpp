// Grid::build alone, the sort that starts every grid step, for the lab model at the seed's
// density from 1e3 to 1e6 boids, from two inputs: boids in index order (as measure() builds it)
// and boids already in the last build's cell order with their ids (as a step rebuilds it). The
// flock comes from a per-n cache and the Grid lives outside the loop, so the loop times a
// rebuild with buffers already sized, not the warm-up or the first allocation.
// items/s: boids sorted per second.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bench_flocks.hpp"
#include "engine/grid.hpp"

namespace flocklab::bench {
namespace {

void reportGrid(benchmark::State& state, const Grid& grid, std::size_t n) {
  state.SetItemsProcessed(boidSteps(state.iterations(), n));
  state.counters["cells"] = static_cast<double>(grid.cellCount());
}

// n from a thousand to a million boids.
void flockSizes(benchmark::internal::Benchmark* b) {
  b->ArgName("n")->Arg(1'000)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMicrosecond);
}

void BM_GridBuild(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const LabParams params = labParamsAt(n);
  const Flock& f = warmLabFlock(n);
  const Space space = Space::square(params.world);
  Grid grid;
  grid.build(f.x.data(), f.y.data(), f.vx.data(), f.vy.data(), nullptr, n, space, params.radius);
  for (auto _ : state) {
    grid.build(f.x.data(), f.y.data(), f.vx.data(), f.vy.data(), nullptr, n, space, params.radius);
    benchmark::DoNotOptimize(grid.indices());
    benchmark::ClobberMemory();
  }
  reportGrid(state, grid, n);
}
BENCHMARK(BM_GridBuild)->Apply(flockSizes);

void BM_GridRebuild(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const LabParams params = labParamsAt(n);
  const Flock& f = warmLabFlock(n);
  const Space space = Space::square(params.world);
  Grid grid;
  grid.build(f.x.data(), f.y.data(), f.vx.data(), f.vy.data(), nullptr, n, space, params.radius);
  const std::vector<double> x(grid.sortedX(), grid.sortedX() + n);
  const std::vector<double> y(grid.sortedY(), grid.sortedY() + n);
  const std::vector<double> vx(grid.sortedVx(), grid.sortedVx() + n);
  const std::vector<double> vy(grid.sortedVy(), grid.sortedVy() + n);
  const std::vector<std::uint32_t> ids(grid.indices(), grid.indices() + n);
  grid.build(x.data(), y.data(), vx.data(), vy.data(), ids.data(), n, space, params.radius);
  for (auto _ : state) {
    grid.build(x.data(), y.data(), vx.data(), vy.data(), ids.data(), n, space, params.radius);
    benchmark::DoNotOptimize(grid.indices());
    benchmark::ClobberMemory();
  }
  reportGrid(state, grid, n);
}
BENCHMARK(BM_GridRebuild)->Apply(flockSizes);

}  // namespace
}  // namespace flocklab::bench
