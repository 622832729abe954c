#pragma once
// The models flocklab knows: one registry that every front end reads, so that a new model
// appears on the command line, in run files, sweeps, the browser lab and the docs at once.
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/model.hpp"

namespace flocklab {

/// Every model, in the order front ends list them (the first is the default). Thread-safe.
const std::vector<const ModelDescription*>& models();
/// The model called `name`, or nullptr.
const ModelDescription* findModel(std::string_view name);
/// The model called `name`; throws std::invalid_argument listing the models otherwise.
const ModelDescription& model(std::string_view name);
/// The models' names joined as a person writes a list: "lab, steering or abm".
std::string modelNames();

}  // namespace flocklab
