// JSON for model parameters. Design: one table of (key, member) pairs per model drives both
// directions, so a new parameter is added in one place.
#include "flocklab/io/params_json.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace flocklab {
namespace {

using Json = nlohmann::ordered_json;

template <class Params>
struct Field {
  const char* key;
  double Params::*member;
};

const Field<LabParams> kLabFields[] = {
    {"separation", &LabParams::separation}, {"alignment", &LabParams::alignment},
    {"cohesion", &LabParams::cohesion},     {"radius", &LabParams::radius},
    {"max_speed", &LabParams::maxSpeed},    {"world", &LabParams::world}};

const Field<SteeringParams> kSteeringFields[] = {
    {"width", &SteeringParams::width},
    {"height", &SteeringParams::height},
    {"vision", &SteeringParams::vision},
    {"separation_radius", &SteeringParams::separationRadius},
    {"fov", &SteeringParams::fov},
    {"max_speed", &SteeringParams::maxSpeed},
    {"dt", &SteeringParams::dt},
    {"separation", &SteeringParams::separation},
    {"alignment", &SteeringParams::alignment},
    {"cohesion", &SteeringParams::cohesion},
    {"food_weight", &SteeringParams::foodWeight},
    {"predator_weight", &SteeringParams::predatorWeight},
    {"wall_weight", &SteeringParams::wallWeight},
    {"obstacle_weight", &SteeringParams::obstacleWeight}};

Json parse(std::string_view text) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw std::invalid_argument("parameters must be a JSON object");
  return j;
}

double number(const Json& value, const std::string& key) {
  if (!value.is_number()) throw std::invalid_argument("parameter '" + key + "' must be a number");
  return value.get<double>();
}

template <class Params, std::size_t N>
bool readField(const Field<Params> (&fields)[N], Params& p, const std::string& key, const Json& value) {
  for (const auto& f : fields)
    if (key == f.key) {
      p.*f.member = number(value, key);
      return true;
    }
  return false;
}

template <class Params, std::size_t N>
void writeFields(const Field<Params> (&fields)[N], const Params& p, Json& j) {
  for (const auto& f : fields) j[f.key] = p.*f.member;
}

}  // namespace

std::string toJson(const LabParams& p) {
  Json j;
  writeFields(kLabFields, p, j);
  return j.dump();
}

std::string toJson(const SteeringParams& p) {
  Json j;
  writeFields(kSteeringFields, p, j);
  j["edges"] = p.edges == Edges::Walls ? "walls" : "wrap";
  Json obstacles = Json::array();
  for (const Obstacle& o : p.obstacles) obstacles.push_back({o.x, o.y, o.radius});
  j["obstacles"] = obstacles;
  return j.dump();
}

LabParams labParamsFromJson(std::string_view text, LabParams p) {
  const Json j = parse(text);  // kept alive: items() refers into it
  for (const auto& [key, value] : j.items())
    if (!readField(kLabFields, p, key, value)) throw std::invalid_argument("unknown parameter '" + key + "'");
  return p;
}

SteeringParams steeringParamsFromJson(std::string_view text, SteeringParams p) {
  const Json j = parse(text);
  for (const auto& [key, value] : j.items()) {
    if (readField(kSteeringFields, p, key, value)) continue;
    if (key == "edges") {
      if (value != "wrap" && value != "walls")
        throw std::invalid_argument("parameter 'edges' must be \"wrap\" or \"walls\"");
      p.edges = value == "walls" ? Edges::Walls : Edges::Wrap;
    } else if (key == "obstacles") {
      if (!value.is_array()) throw std::invalid_argument("parameter 'obstacles' must be a list of [x, y, r]");
      p.obstacles.clear();
      for (const Json& o : value) {
        if (!o.is_array() || o.size() != 3)
          throw std::invalid_argument("parameter 'obstacles' must be a list of [x, y, r]");
        p.obstacles.push_back({number(o[0], key), number(o[1], key), number(o[2], key)});
      }
    } else {
      throw std::invalid_argument("unknown parameter '" + key + "'");
    }
  }
  return p;
}

}  // namespace flocklab
