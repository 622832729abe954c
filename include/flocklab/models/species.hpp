#pragma once
// Species and food of the steering model (docs/model-steering.md, "Species, predators and
// food"): a species as written (`NAME:COUNT[:KEY=VALUE,...]`, keeping only the keys given, so
// that the model's own parameters fill the rest) and a food source (`X,Y[,Z]:AMOUNT`).
// Design: the description keeps what the user wrote; SpeciesTraits (steering_params.hpp) is
// the resolved form the rule reads, so a species follows the model's flags it does not set.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flocklab {

/// What a species does: flock (and flee predators, eat food) or hunt.
enum class Role { Prey, Predator };

/// A species' numeric keys, as SpeciesSpec::numbers holds them (kSpeciesKeys names them).
enum SpeciesKey : std::size_t {
  kSize,
  kMaxSpeed,
  kVision,
  kSeparationRadius,
  kFov,
  kSeparation,
  kAlignment,
  kCohesion,
  kFearRadius,
  kFleeWeight,
  kChaseWeight,
  kCatchRadius,
  kHandling,
  kSpeciesKeyCount
};
/// The keys as written: "size", "max_speed", ... in SpeciesKey's order.
inline constexpr std::array<std::string_view, kSpeciesKeyCount> kSpeciesKeys{
    "size",     "max_speed",   "vision",      "separation_radius", "fov",          "separation", "alignment",
    "cohesion", "fear_radius", "flee_weight", "chase_weight",      "catch_radius", "handling"};

/// A species as written: its name, count and the keys the user gave.
struct SpeciesSpec {
  std::string name;         ///< lower-case word, unique in a run
  std::uint64_t count = 0;  ///< boids
  std::optional<Role> role;
  std::optional<std::string> colour;                            ///< "#rrggbb"
  std::vector<std::string> flocksWith;                          ///< other species it aligns and coheres with
  std::array<std::optional<double>, kSpeciesKeyCount> numbers;  ///< the numeric keys given

  /// The role, prey unless given.
  Role roleOr() const { return role.value_or(Role::Prey); }
};

/// The index of numeric key `key` ("max_speed") in SpeciesSpec::numbers, or nothing.
std::optional<SpeciesKey> speciesKey(std::string_view key);

/// Reads `NAME:COUNT[:KEY=VALUE,...]`; throws std::invalid_argument with a message naming the
/// species (when its name could be read) and the key.
SpeciesSpec parseSpecies(std::string_view text);
/// The text that parseSpecies reads back to `spec` (keys in a fixed order).
std::string speciesText(const SpeciesSpec& spec);

/// A food source: a point with an amount.
struct FoodSource {
  double x = 0, y = 0, z = 0;  ///< px, inside the world
  double amount = 0;           ///< > 0 as written
  int axes = 2;                ///< 2: X,Y:AMOUNT; 3: X,Y,Z:AMOUNT
};

/// Reads `X,Y:AMOUNT` or `X,Y,Z:AMOUNT`; throws std::invalid_argument.
FoodSource parseFood(std::string_view text);
/// The text parseFood reads back to `food`.
std::string foodText(const FoodSource& food);

}  // namespace flocklab
