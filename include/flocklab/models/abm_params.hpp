#pragma once
// Parameters of the `abm` model: the Flocking model of the agent-based-modelling framework
// comparison (Agents.jl, Mesa, MASON, NetLogo), in a square wrap-around world of side L.
// Lengths in world units, speed in units per step; velocities are unit headings.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace flocklab {

/// Parameters of the abm model; the defaults are the `small` preset.
struct AbmParams {
  double world = 100;             ///< side L of the square torus, > 0
  double visualDistance = 5;      ///< agents see others at distance <= this (wrapped), > 0
  double speed = 1;               ///< distance moved per step, in (0, L]
  double separation = 1;          ///< neighbours strictly closer than this repel, >= 0
  double cohereFactor = 0.03;     ///< factor of the mean offset to the neighbours, >= 0
  double separateFactor = 0.015;  ///< factor of the mean offset away from close ones, >= 0
  double matchFactor = 0.05;      ///< factor of the neighbours' mean heading, >= 0
  /// false: agents move one at a time in a fresh random order each step, each reading the
  /// current state (the frameworks' form); true: all read the previous step's state (the form
  /// threads can share; no random order, nothing drawn after the start).
  bool sync = false;
};

/// The first problem with `p` as one readable sentence naming the parameter, or "" when valid.
std::string validate(const AbmParams& p);

/// The framework comparison's sizes.
enum class AbmPreset { Small, Large };
/// "small" or "large".
const char* toString(AbmPreset preset);
/// Parses a preset name (lower case); nothing for an unknown name.
std::optional<AbmPreset> parseAbmPreset(std::string_view name);
/// The preset's parameters: small is 100 x 100 with visual distance 5, large 150 x 150 with 15.
AbmParams abmPreset(AbmPreset preset);
/// The preset's number of agents: 200 (small) or 400 (large).
std::size_t abmPresetCount(AbmPreset preset);

}  // namespace flocklab
