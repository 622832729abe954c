// The texts of species and food sources (docs/model-steering.md, "Writing a species"): read
// strictly, written back in a fixed key order so that a run file round-trips exactly. Ranges are
// the model description's to check (steering_model.cpp), with the model's own parameter specs.
#include "flocklab/models/species.hpp"
#include "flocklab/keyed_message.hpp"

#include <stdexcept>
#include <vector>

#include "flocklab/text_excerpt.hpp"
#include "models/param_text.hpp"

namespace flocklab {
namespace {

bool isName(std::string_view name) {
  if (name.empty() || name.size() > 32 || name[0] < 'a' || name[0] > 'z') return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

bool isColour(std::string_view colour) {
  if (colour.size() != 7 || colour[0] != '#') return false;
  for (char c : colour.substr(1))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  return true;
}

const char* kSpeciesForm = " must look like NAME:COUNT or NAME:COUNT:KEY=VALUE,KEY=VALUE";

}  // namespace

std::optional<SpeciesKey> speciesKey(std::string_view key) {
  for (std::size_t k = 0; k < kSpeciesKeyCount; ++k)
    if (kSpeciesKeys[k] == key) return static_cast<SpeciesKey>(k);
  return std::nullopt;
}

SpeciesSpec parseSpecies(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    throw KeyedError(markKey("species") + kSpeciesForm + " (got " + excerpt(text) + ")");
  SpeciesSpec s;
  const std::string_view name = text.substr(0, colon);
  if (!isName(name))
    throw KeyedError(markKey("species") +
                     " name must be a lower-case word of letters, digits and _ that starts with a letter (got " +
                     excerpt(name) + ")");
  s.name = std::string(name);
  const std::string who = markKey("species") + " " + s.name + ": ";
  const std::string_view rest = text.substr(colon + 1);
  const std::size_t second = rest.find(':');
  const auto count = text::whole(rest.substr(0, second));
  if (!count) throw KeyedError(who + "count must be a whole number >= 0 (got " + excerpt(rest.substr(0, second)) + ")");
  s.count = *count;
  if (second == std::string_view::npos) return s;
  // A key given twice is refused rather than the last one kept: the user meant one of the two.
  std::vector<std::string_view> given;
  for (std::string_view pair : text::fields(rest.substr(second + 1))) {
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos)
      throw KeyedError(who + "each setting must look like KEY=VALUE (got " + excerpt(pair) + ")");
    const std::string_view key = pair.substr(0, eq), value = pair.substr(eq + 1);
    const std::string_view canonical = key == "color" ? "colour" : key;
    for (std::string_view earlier : given)
      if (earlier == canonical) throw KeyedError(who + "key " + excerpt(canonical) + " is given twice");
    given.push_back(canonical);
    if (key == "role") {
      if (value != "prey" && value != "predator")
        throw KeyedError(who + "role must be prey or predator (got " + excerpt(value) + ")");
      s.role = value == "prey" ? Role::Prey : Role::Predator;
    } else if (key == "colour" || key == "color") {
      if (!isColour(value)) throw KeyedError(who + "colour must look like #rrggbb (got " + excerpt(value) + ")");
      s.colour = std::string(value);
    } else if (key == "flocks_with") {
      s.flocksWith.clear();
      for (std::string_view other : text::fields(value, '+')) {
        if (!isName(other))
          throw KeyedError(who + "flocks_with must name species joined by + (got " + excerpt(value) + ")");
        s.flocksWith.emplace_back(other);
      }
    } else if (const auto k = speciesKey(key)) {
      const auto v = text::number(value);
      if (!v) throw KeyedError(who + std::string(key) + " must be a finite number (got " + excerpt(value) + ")");
      s.numbers[*k] = *v;
    } else {
      throw KeyedError(
          who + "unknown key " + excerpt(key) +
          " (keys: role, colour, flocks_with, size, max_speed, vision, separation_radius, fov, "
          "separation, alignment, cohesion, fear_radius, flee_weight, chase_weight, catch_radius, handling)");
    }
  }
  return s;
}

std::string speciesText(const SpeciesSpec& s) {
  std::vector<std::string> settings;
  if (s.role) settings.push_back(std::string("role=") + (*s.role == Role::Predator ? "predator" : "prey"));
  if (s.colour) settings.push_back("colour=" + *s.colour);
  for (std::size_t k = 0; k < kSpeciesKeyCount; ++k)
    if (s.numbers[k]) settings.push_back(std::string(kSpeciesKeys[k]) + "=" + writeDecimal(*s.numbers[k]));
  if (!s.flocksWith.empty()) {
    std::string with;
    for (const std::string& other : s.flocksWith) with += (with.empty() ? "" : "+") + other;
    settings.push_back("flocks_with=" + with);
  }
  std::string out = s.name + ":" + std::to_string(s.count);
  for (std::size_t i = 0; i < settings.size(); ++i) out += (i == 0 ? ":" : ",") + settings[i];
  return out;
}

FoodSource parseFood(std::string_view text) {
  const std::string what =
      markKey("food") + " must look like X,Y:AMOUNT (X,Y,Z:AMOUNT in 3D) (got " + excerpt(text) + ")";
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) throw KeyedError(what);
  const auto amount = text::number(text.substr(colon + 1));
  const std::string_view place = text.substr(0, colon);
  const auto xy = text::numbers(place, 2);
  const auto xyz = xy ? xy : text::numbers(place, 3);
  if (!xyz || !amount) throw KeyedError(what);
  FoodSource f{(*xyz)[0], (*xyz)[1], 0, *amount, 2};
  if (!xy) f.z = (*xyz)[2], f.axes = 3;
  return f;
}

std::string foodText(const FoodSource& f) {
  return writeDecimal(f.x) + "," + writeDecimal(f.y) + (f.axes == 3 ? "," + writeDecimal(f.z) : "") + ":" +
         writeDecimal(f.amount);
}

}  // namespace flocklab
