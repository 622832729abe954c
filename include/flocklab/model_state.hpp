#pragma once
// What a model keeps besides the flock and the step count (a predator's rest, the food as it
// is now, the sequential order's generator): what a checkpoint must hold for a resumed run to
// end with the bits of an uninterrupted one. Named lists of exact numbers, so that any file
// format that keeps doubles and 64-bit whole numbers exactly can carry it.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace flocklab {

struct ModelState {
  std::map<std::string, std::vector<double>> reals;
  std::map<std::string, std::vector<std::uint64_t>> wholes;
  bool empty() const { return reals.empty() && wholes.empty(); }
};

}  // namespace flocklab
