#pragma once
// The shipped models' descriptions, for the registry (src/models/registry.cpp). Each lives in
// its own *_model.cpp with its parameter table.
#include "flocklab/model.hpp"

namespace flocklab {

/// The lab model (docs/model-lab.md).
const ModelDescription& labModel();
/// The steering model (docs/model-steering.md).
const ModelDescription& steeringModel();
/// The abm model (the ABM frameworks' Flocking).
const ModelDescription& abmModel();
/// The Vicsek model (Vicsek et al. 1995).
const ModelDescription& vicsekModel();

}  // namespace flocklab
