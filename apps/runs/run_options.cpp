// The engine settings a run's options ask for (see run_options.hpp).
#include "runs/run_options.hpp"

#include "flocklab/engine_options.hpp"

namespace flocklab::runs {

EngineOptions runEngineOptions(const RunOptions& o) {
  EngineOptions engine;
  engine.search = *parseNeighborSearch(o.neighbors);
  engine.threads = static_cast<unsigned>(o.threads);
  return engine;
}

}  // namespace flocklab::runs
