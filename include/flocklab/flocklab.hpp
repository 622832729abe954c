#pragma once
/// Everything of flocklab's public API in one include.
#include "flocklab/atomic_file.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/lab_params.hpp"
#include "flocklab/lab_simulation.hpp"
#include "flocklab/memory.hpp"
#include "flocklab/metrics.hpp"
#include "flocklab/neighbor_search.hpp"
#include "flocklab/rng.hpp"
#include "flocklab/space.hpp"
#include "flocklab/state_csv.hpp"
#include "flocklab/state_hash.hpp"
#include "flocklab/version.hpp"
