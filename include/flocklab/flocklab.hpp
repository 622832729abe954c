#pragma once
/// Everything of flocklab's public API in one include: the registry and a model's description, a
/// simulation of any model, its state, metrics and world, and the engine's settings. The
/// engine's internals (grid, candidate lists, lanes, step driver, the rule contract) sit beside
/// their sources in src/engine; the runner is the run library's (apps/runs/runner.hpp).
#include "flocklab/appearance.hpp"
#include "flocklab/counter_rng.hpp"
#include "flocklab/engine_options.hpp"
#include "flocklab/executor.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/io/state_hash.hpp"
#include "flocklab/lane_kernel.hpp"
#include "flocklab/metric_schema.hpp"
#include "flocklab/metrics.hpp"
#include "flocklab/model.hpp"
// Every model's public headers, as src/CMakeLists.txt's flocklab_model() calls name them.
#include "flocklab/models/all.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/rng.hpp"
#include "flocklab/simulation.hpp"
#include "flocklab/space.hpp"
#include "flocklab/version.hpp"
#include "flocklab/world_view.hpp"
