#pragma once
// How pictures, movies and the browser lab tell boids apart: each kind's look (the steering
// model's species: a name, a colour, a body size, predator or not) and each boid's kind, and the
// food sources as they are now. A model without kinds leaves `kinds` empty, and front ends then
// colour boids by heading.
#include <cstdint>
#include <string>
#include <vector>

namespace flocklab {

/// One kind of boid as front ends draw it.
struct BoidKind {
  std::string name;    ///< as the user named it: "hawk"
  std::string colour;  ///< "#rrggbb"
  double size = 1;     ///< body size, 1 for an ordinary boid
  bool predator = false;
  std::uint64_t count = 0;  ///< boids of this kind now
};

/// A food source as front ends draw it.
struct FoodMark {
  double x = 0, y = 0, z = 0;  ///< world units
  double amount = 0;           ///< what is left
  double full = 0;             ///< the amount it starts with
};

/// What a simulation shows besides positions and velocities.
struct Appearance {
  std::vector<BoidKind> kinds;        ///< empty: one kind, coloured by heading
  std::vector<std::uint32_t> kindOf;  ///< by boid: an index into kinds (empty when kinds is)
  std::vector<FoodMark> food;
};

}  // namespace flocklab
