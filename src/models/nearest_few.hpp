#pragma once
// Topological neighbours (`nearest`, the couzin and steering models): of the neighbours a rule
// sees, only the K nearest count (Ballerini et al., PNAS 105, 1232, 2008). NearestFew keeps
// them while the step driver offers the neighbours in ascending index: sorted by d2, an equal
// d2 after the one offered first (the lower index), so the K kept and their order are the same
// on every path. The `nearest` parameter both models describe, and its check, are here too.
#include <cmath>
#include <cstdint>
#include <string>

#include "flocklab/keyed_message.hpp"
#include "flocklab/model.hpp"
#include "models/param_text.hpp"

namespace flocklab {

/// The most topological neighbours a boid heeds.
inline constexpr std::uint32_t kMaxNearest = 32;

/// The K nearest of the items offered (each with a member d2), nearest first. `items` past
/// `kept` are left uninitialised, so an unused NearestFew costs nothing to make.
template <class Item>
struct NearestFew {
  std::uint32_t kept = 0;
  Item items[kMaxNearest];

  /// Keeps `item` if it is among the `k` nearest so far (k in [1, kMaxNearest]).
  void offer(std::uint32_t k, const Item& item) {
    if (kept == k && !(item.d2 < items[kept - 1].d2)) return;
    std::uint32_t at = kept < k ? kept++ : kept - 1;
    for (; at > 0 && items[at - 1].d2 > item.d2; --at) items[at] = items[at - 1];
    items[at] = item;
  }
};

/// The `nearest` parameter: K, 0 for every neighbour seen (metric).
inline ParamSpec nearestParam(const char* help) {
  ParamSpec spec{
      .key = "nearest", .help = help, .max = kMaxNearest, .sliderMin = 0, .sliderMax = kMaxNearest, .sliderStep = 1};
  spec.whole = true;
  return spec;
}

}  // namespace flocklab
