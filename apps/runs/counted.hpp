#pragma once
// A count and its noun as a person writes them: "1 boid", "0 boids", "600 steps". Design: callers
// pass the plural, which reads as the message does ("boids", a model's countUnit "agents") and
// greps like it; every noun flocklab counts is regular, so the singular is the plural without
// its final "s".
#include <cstdint>
#include <string>
#include <string_view>

namespace flocklab::runs {

/// `plural` (a regular noun's plural, ending in "s") as the noun for `n` of them: singular for 1.
inline std::string_view nounFor(std::uint64_t n, std::string_view plural) {
  return n == 1 && plural.size() > 1 && plural.back() == 's' ? plural.substr(0, plural.size() - 1) : plural;
}

/// "1 boid", "2 boids", "0 boids": `n` and nounFor(n, plural).
inline std::string counted(std::uint64_t n, std::string_view plural) {
  return std::to_string(n) + " " + std::string(nounFor(n, plural));
}

/// `label` in the model's unit: "neighbours per boid" with plural "particles" reads "neighbours
/// per particle" (the metric schema's labels speak of boids).
inline std::string inUnit(std::string label, std::string_view plural) {
  if (const std::size_t at = label.find("per boid"); at != std::string::npos)
    label.replace(at + 4, 4, nounFor(1, plural));
  return label;
}

}  // namespace flocklab::runs
