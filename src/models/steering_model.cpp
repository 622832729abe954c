// The steering model's description: its parameter table (the one place its values are
// checked, the pointer's and obstacles' grammar included), presets, random start, simulation.

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "flocklab/keyed_message.hpp"
#include "flocklab/models/steering_simulation.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/word_list.hpp"
#include "models/dims_param.hpp"
#include "models/heading_noise.hpp"
#include "models/nearest_few.hpp"
#include "models/param_text.hpp"
#include "models/steering_metrics.hpp"
#include "models/typed_model.hpp"
#include "models/world_step.hpp"

namespace flocklab {
namespace {

const char* kPointerGrammar =
    "food:X,Y or predator:X,Y (X,Y,Z in 3D), optionally @FROM-TO (steps, TO excluded); \"\" for none";

std::string pointerText(const Pointer& p) {
  if (p.mode == PointerMode::Off) return "";
  std::string t = std::string(p.mode == PointerMode::Food ? "food:" : "predator:") + writeDecimal(p.x) + "," +
                  writeDecimal(p.y) + (p.axes == 3 ? "," + writeDecimal(p.z) : "");
  if (p.fromStep != 0 || p.toStep != Pointer{}.toStep)
    t += "@" + std::to_string(p.fromStep) + "-" + std::to_string(p.toStep);
  return t;
}

Pointer parsePointer(const std::string& t) {
  const std::string what =
      markKey("pointer") + " must look like food:X,Y or predator:X,Y (X,Y,Z in 3D)[@FROM-TO] (got " + excerpt(t) + ")";
  Pointer p;
  if (t.empty()) return p;
  const std::size_t colon = t.find(':');
  const std::string mode = t.substr(0, colon);
  if (mode == "food") p.mode = PointerMode::Food;
  else if (mode == "predator") p.mode = PointerMode::Predator;
  else throw KeyedError(what);
  if (colon == std::string::npos) throw KeyedError(what);
  const std::string_view rest = std::string_view(t).substr(colon + 1);
  const std::size_t at = rest.find('@');
  const std::string_view place = rest.substr(0, at);
  const auto xy = text::numbers(place, 2);
  const auto xyz = xy ? xy : text::numbers(place, 3);
  if (!xyz) throw KeyedError(what);
  p.x = (*xyz)[0], p.y = (*xyz)[1];
  if (!xy) p.z = (*xyz)[2], p.axes = 3;
  if (at != std::string_view::npos) {
    const std::string_view range = rest.substr(at + 1);
    const std::size_t dash = range.find('-');
    if (dash == std::string_view::npos) throw KeyedError(what);
    const auto from = text::whole(range.substr(0, dash)), to = text::whole(range.substr(dash + 1));
    if (!from || !to) throw KeyedError(what);
    if (*to <= *from)
      throw KeyedError(markKey("pointer") + "'s step range must end after it starts (got " + excerpt(t) + ")");
    p.fromStep = *from, p.toStep = *to;
  }
  return p;
}

std::vector<std::string> obstacleTexts(const std::vector<Obstacle>& obstacles) {
  std::vector<std::string> out;
  for (const Obstacle& o : obstacles)
    out.push_back(writeDecimal(o.x) + "," + writeDecimal(o.y) + "," + (o.axes == 3 ? writeDecimal(o.z) + "," : "") +
                  writeDecimal(o.radius));
  return out;
}

std::vector<Obstacle> parseObstacles(const std::vector<std::string>& texts) {
  std::vector<Obstacle> out;
  for (const std::string& t : texts) {
    if (const auto circle = text::numbers(t, 3)) {
      out.push_back({(*circle)[0], (*circle)[1], (*circle)[2]});
    } else if (const auto sphere = text::numbers(t, 4)) {
      out.push_back({(*sphere)[0], (*sphere)[1], (*sphere)[3], (*sphere)[2], 3});
    } else {
      throw KeyedError(markKey("obstacle") + " must look like X,Y,R (X,Y,Z,R in 3D) (got " + excerpt(t) + ")");
    }
  }
  return out;
}

using SteeringModel = TypedModel<SteeringParams, SteeringSimulation>;
const SteeringModel& steering();

// At most this many species (the rule keeps a species' flock-mates in 64 bits) and food sources
// (every prey boid looks at each source every step).
constexpr std::size_t kMaxSpecies = 64;
constexpr std::size_t kMaxFood = 1000;

// Bounds that keep a step's arithmetic finite for every value allowed. A species' separation
// term is multiplied by the size ratio size_T / size_S, at most kMaxSize / kMinSize = 1e6 (sizes
// of 1e-300 and 1e6 made it 1e306, the sum overflowed to inf and inf * 0 gave NaN positions).
// Every steering term is weight * a vector of length at most V/30 <= 3.4e98, so with weights
// <= 1e6 the velocity change stays below 1e110 and its squared length finite (a weight of 1e308
// overflowed to NaN). Presets, sliders and tests use sizes 0.5 to 2 and weights up to 10.
constexpr double kMinSize = 0.001, kMaxSize = 1000;  // kMaxWeight: flocklab/model.hpp

// The spec of a species' key: the model's parameter of the same name (max_speed, vision, ...),
// or the species' own (size, fear_radius, ...).
ParamSpec speciesKeySpec(const ModelDescription& m, SpeciesKey k) {
  if (const ParamSpec* own = m.findParam(kSpeciesKeys[k])) return *own;
  const std::string key(kSpeciesKeys[k]);
  switch (k) {
    case kSize:
      return {
          .key = key, .help = "body size: pictures draw it, separation scales by it", .min = kMinSize, .max = kMaxSize};
    case kFearRadius: return {.key = key, .unit = "px", .help = "prey flee predators within this", .max = kMaxLength};
    case kFleeWeight: return {.key = key, .help = "weight of fleeing predators", .max = kMaxWeight};
    case kChaseWeight: return {.key = key, .help = "weight of a predator's chase", .max = kMaxWeight};
    case kCatchRadius:
      return {.key = key, .unit = "px", .help = "prey nearer than this to a predator is caught", .max = kMaxLength};
    default: return {.key = key, .unit = "s", .help = "a predator's rest after a catch", .max = 1e9};
  }
}

// "species NAME: " for messages about one species.
std::string whoIs(const std::string& name) { return "species " + name + ": "; }

// The species called `name` in p, or nullptr.
SpeciesSpec* findSpecies(SteeringParams& p, std::string_view name) {
  for (SpeciesSpec& s : p.species)
    if (s.name == name) return &s;
  return nullptr;
}

std::string speciesNames(const SteeringParams& p) {
  std::vector<std::string> names;
  for (const SpeciesSpec& s : p.species) names.push_back(s.name);
  return names.empty() ? "none given" : wordList(names);
}

// A list parameter held as items, each read from and written as one text.
template <class Item>
void textList(SteeringModel& m, ParamSpec spec, std::vector<Item> SteeringParams::*member,
              Item (*parse)(std::string_view), std::string (*print)(const Item&)) {
  spec.kind = ParamKind::TextList;
  m.add(
      std::move(spec),
      [member, print](const SteeringParams& p) {
        std::vector<std::string> out;
        for (const Item& item : p.*member) out.push_back(print(item));
        return ParamValue(out);
      },
      [member, parse](SteeringParams& p, const ParamValue& v) {
        std::vector<Item> items;
        for (const std::string& t : std::get<std::vector<std::string>>(v)) items.push_back(parse(t));
        p.*member = std::move(items);
      });
}

std::string speciesProblem(const ModelDescription& m, const SteeringParams& p) {
  if (p.species.size() > kMaxSpecies) return "at most " + std::to_string(kMaxSpecies) + " species may be given";
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < p.species.size(); ++i) {
    const SpeciesSpec& s = p.species[i];
    for (std::size_t j = 0; j < i; ++j)
      if (p.species[j].name == s.name) return "species " + s.name + " is given twice";
    for (std::size_t k = 0; k < kSpeciesKeyCount; ++k)
      if (s.numbers[k])
        if (const std::string problem = valueProblem(speciesKeySpec(m, static_cast<SpeciesKey>(k)), *s.numbers[k]);
            !problem.empty())
          return whoIs(s.name) + std::string(kSpeciesKeys[k]) + " " + problem;
    for (const std::string& other : s.flocksWith) {
      if (other == s.name) return whoIs(s.name) + "flocks_with names the species itself";
      bool known = false;
      for (const SpeciesSpec& t : p.species) known = known || t.name == other;
      if (!known)
        return whoIs(s.name) + "flocks_with names " + other +
               ", which is not a species here (species: " + speciesNames(p) + ")";
    }
    if (s.count > (std::uint64_t{1} << 32) - 1 - total)
      return "the species' counts add up to more than 4294967295 boids";
    total += s.count;
  }
  return "";
}

std::string foodProblem(const SteeringParams& p) {
  if (p.food.size() > kMaxFood) return "at most " + std::to_string(kMaxFood) + " food sources may be given";
  const bool in3d = p.dims == 3;
  const Space space = p.space();
  for (const FoodSource& f : p.food) {
    const std::string where = "food (" + foodText(f) + ")";
    if (f.axes != (in3d ? 3 : 2))
      return where + (in3d ? " needs a depth in 3D: X,Y,Z:AMOUNT" : " has a depth: X,Y,Z:AMOUNT is for --dims 3");
    if (!(f.amount > 0) || !std::isfinite(f.amount)) return where + ": the amount must be a finite number > 0";
    if (in3d ? !space.contains(f.x, f.y, f.z) : !space.contains(f.x, f.y)) return where + " is off the world";
  }
  return "";
}

// Food inside an obstacle is valid (the world may hold it) but boids are kept out of every
// obstacle, so they can never reach it; food respawns outside every obstacle, so only the
// sources as written can be inside.
std::vector<std::string> foodWarnings(const SteeringParams& p) {
  std::vector<std::string> out;
  for (const FoodSource& f : p.food)
    if (f.axes == 3 ? insideAnObstacle(p, f.x, f.y, f.z) : insideAnObstacle(p, f.x, f.y))
      out.push_back("food at " + writeDecimal(f.x) + "," + writeDecimal(f.y) +
                    (f.axes == 3 ? "," + writeDecimal(f.z) : "") + " lies inside an obstacle and cannot be reached");
  return out;
}

SteeringModel describeSteering() {
  SteeringModel m;
  m.name = "steering";
  m.title = "the Flocking Lab's model";
  m.lengthUnit = "px";
  m.timeStepKey = "dt";
  m.summary = "steering towards desired directions with a capped force, vision and field of view, walls, obstacles "
              "and a pointer that is food or a predator";
  m.doc = "docs/model-steering.md";
  m.defaultCount = 1500;
  m.defaultSteps = 1800;
  m.groupsLink = "boids closer than the smaller of the vision and separation radii (wrapped on a torus)";
  m.neighborsCount = "the other boids within the vision radius and the field of view, the neighbours the rule sees";
  m.presets = {{"flock", "birds: loose patches that merge into one sheet (the defaults)", 1500},
               {"school", "fish: fast, close, strongly aligned, a 60-degree blind spot", 1500},
               {"swarm", "insects: dense clouds milling in place, no common heading", 1500},
               {"chaos", "a gas: boids only push each other away", 1500}};
  const auto weight = [](const char* key, const char* help, double top) {
    return ParamSpec{.key = key,
                     .help = help,
                     .max = kMaxWeight,
                     .sliderMin = 0,
                     .sliderMax = top,
                     .sliderStep = top > 4 ? 0.1 : 0.05};
  };
  m.number(weight("separation", "weight of separation (x1.5 inside), 0 switches it off", 4),
           &SteeringParams::separation);
  m.number(weight("alignment", "weight of alignment (towards the neighbours' mean velocity)", 4),
           &SteeringParams::alignment);
  m.number(weight("cohesion", "weight of cohesion (towards the neighbours' centre)", 4), &SteeringParams::cohesion);
  m.number({.key = "vision",
            .unit = "px",
            .help = "vision radius: boids see neighbours closer than this",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 5,
            .sliderMax = 200,
            .sliderStep = 1},
           &SteeringParams::vision);
  m.number({.key = "separation_radius",
            .unit = "px",
            .help = "separation acts within this (may exceed the vision)",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 2,
            .sliderMax = 100,
            .sliderStep = 1},
           &SteeringParams::separationRadius);
  m.number({.key = "fov",
            .unit = "degrees",
            .help = "field of view, centred on the velocity",
            .minOpen = true,
            .max = 360,
            .sliderMin = 10,
            .sliderMax = 360,
            .sliderStep = 5},
           &SteeringParams::fov);
  m.wholeNumber(nearestParam("K: only the K nearest boids seen count for separation, alignment and cohesion "
                             "(topological neighbours), 0 for every boid seen"),
                &SteeringParams::nearest);
  m.number({.key = "max_speed",
            .unit = "px/s",
            .help = "top speed V; speeds stay in [V/3, V], steering cap V/30 a step",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 20,
            .sliderMax = 600,
            .sliderStep = 5},
           &SteeringParams::maxSpeed);
  m.number(weight("food_weight", "weight of food: the pointer as food and the food sources", 6),
           &SteeringParams::foodWeight);
  m.number(weight("predator_weight", "weight of the pointer as a predator", 10), &SteeringParams::predatorWeight);
  m.number(weight("wall_weight", "weight of the walls' push", 10), &SteeringParams::wallWeight);
  m.number(weight("obstacle_weight", "weight of steering around obstacles", 10), &SteeringParams::obstacleWeight);
  m.number(noiseParam(), &SteeringParams::noise);
  m.number({.key = "dt",
            .unit = "s",
            .help = "time step",
            .minOpen = true,
            .sliderMin = 1.0 / 240,
            .sliderMax = 1.0 / 15,
            .sliderStep = 0.0005},
           &SteeringParams::dt);
  // The world's sides, in px, fixed while the flock runs.
  const auto side = [](const char* key, const char* help, double sliderMax) {
    return ParamSpec{.key = key,
                     .unit = "px",
                     .help = help,
                     .minOpen = true,
                     .max = kMaxLength,
                     .sliderMin = 200,
                     .sliderMax = sliderMax,
                     .sliderStep = 10,
                     .live = false};
  };
  m.number(side("width", "world width", 1800), &SteeringParams::width);
  m.number(side("height", "world height", 1200), &SteeringParams::height);
  m.number(side("depth", "world depth, in 3D", 1200), &SteeringParams::depth);
  m.wholeNumber(dimsParam(), &SteeringParams::dims);
  m.add(
      {.key = "edges",
       .help = "what the borders do: wrap (a torus) or walls (a box)",
       .kind = ParamKind::Choice,
       .choices = {"wrap", "walls"},
       .live = false},
      [](const SteeringParams& p) { return ParamValue(std::string(p.edges == Edges::Walls ? "walls" : "wrap")); },
      [](SteeringParams& p, const ParamValue& v) {
        p.edges = std::get<std::string>(v) == "walls" ? Edges::Walls : Edges::Wrap;
      });
  m.add(
      {.key = "pointer",
       .help = "food attracts, a predator repels the boids within 160 px",
       .kind = ParamKind::Text,
       .grammar = kPointerGrammar},
      [](const SteeringParams& p) { return ParamValue(pointerText(p.pointer)); },
      [](SteeringParams& p, const ParamValue& v) { p.pointer = parsePointer(std::get<std::string>(v)); });
  m.add(
      {.key = "obstacle",
       .help = "circles (spheres in 3D) boids steer around and never enter",
       .kind = ParamKind::TextList,
       .aliases = {"obstacles"},
       .grammar = "X,Y,R (X,Y,Z,R in 3D; px), repeatable"},
      [](const SteeringParams& p) { return ParamValue(obstacleTexts(p.obstacles)); },
      [](SteeringParams& p, const ParamValue& v) {
        p.obstacles = parseObstacles(std::get<std::vector<std::string>>(v));
      });
  textList(m,
           {.key = "species",
            .help = "a species NAME:COUNT[:KEY=VALUE,...] with its own parameters (repeatable, "
                    "docs/model-steering.md); none: one",
            .grammar = "NAME:COUNT[:KEY=VALUE,...] (docs/model-steering.md), repeatable"},
           &SteeringParams::species, parseSpecies, speciesText);
  textList(m,
           {.key = "food",
            .help = "a food source X,Y:AMOUNT prey steer to and eat, back elsewhere when used up (repeatable)",
            .grammar = "X,Y:AMOUNT (X,Y,Z:AMOUNT in 3D), repeatable"},
           &SteeringParams::food, parseFood, foodText);
  m.add(
      {.key = "catches",
       .help = "what happens to caught prey: reborn at a random place, or removed",
       .kind = ParamKind::Choice,
       .choices = {"rebirth", "remove"},
       .live = false},
      [](const SteeringParams& p) {
        return ParamValue(std::string(p.catches == Catches::Remove ? "remove" : "rebirth"));
      },
      [](SteeringParams& p, const ParamValue& v) {
        p.catches = std::get<std::string>(v) == "remove" ? Catches::Remove : Catches::Rebirth;
      });
  m.number({.key = "bite",
            .help = "amount of food a boid eats per step",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.1,
            .sliderMax = 10,
            .sliderStep = 0.1},
           &SteeringParams::bite);
  m.number({.key = "eat_radius",
            .unit = "px",
            .help = "boids eat from a food source nearer than this",
            .max = kMaxLength,
            .sliderMin = 1,
            .sliderMax = 60,
            .sliderStep = 1},
           &SteeringParams::eatRadius);
  m.number({.key = "food_reach",
            .unit = "px",
            .help = "prey steer to a food source nearer than this",
            .max = kMaxLength,
            .sliderMin = 10,
            .sliderMax = 400,
            .sliderStep = 5},
           &SteeringParams::foodReach);
  m.presetParams = [](std::string_view preset) {
    const auto p = parseSteeringPreset(preset);
    return steeringPreset(p ? *p : SteeringPreset::Flock);
  };
  m.crossProblemOf = [](const SteeringParams& p) -> std::string {
    if (const std::string problem = speciesProblem(steering(), p); !problem.empty()) return problem;
    if (const std::string problem = foodProblem(p); !problem.empty()) return problem;
    const bool in3d = p.dims == 3;
    const double smallest = in3d ? std::min({p.width, p.height, p.depth}) : std::min(p.width, p.height);
    for (const SpeciesTraits& t : speciesTraits(p))
      if (std::string problem = worldStepProblem(
              (p.species.empty() ? markKey("max_speed") : whoIs(t.name) + "max_speed") + " * " + markKey("dt"),
              t.maxSpeed * p.dt, smallest, "px", "smaller side");
          !problem.empty())
        return problem;
    const Space space = p.space();
    if (p.pointer.mode != PointerMode::Off) {
      const std::string where = "the pointer (" + writeDecimal(p.pointer.x) + "," + writeDecimal(p.pointer.y) +
                                (p.pointer.axes == 3 ? "," + writeDecimal(p.pointer.z) : "") + ")";
      if (p.pointer.axes != (in3d ? 3 : 2))
        return where + (in3d ? " needs a depth in 3D: X,Y,Z" : " has a depth: X,Y,Z is for --dims 3");
      if (in3d ? !space.contains(p.pointer.x, p.pointer.y, p.pointer.z) : !space.contains(p.pointer.x, p.pointer.y))
        return where + " is off the world";
    }
    if (p.pointer.fromStep > p.pointer.toStep) return "the pointer's step range ends before it starts";
    for (const Obstacle& o : p.obstacles) {
      const std::string where = "obstacle (" + obstacleTexts({o}).front() + ")";
      if (o.axes != (in3d ? 3 : 2))
        return where + (in3d ? " is a circle: give a sphere X,Y,Z,R in 3D" : " is a sphere: X,Y,Z,R is for --dims 3");
      if (!std::isfinite(o.x) || !std::isfinite(o.y) || !std::isfinite(o.z) || !std::isfinite(o.radius) ||
          o.radius <= 0)
        return where + ": radius must be > 0 and every value finite";
      if (in3d ? !space.contains(o.x, o.y, o.z) : !space.contains(o.x, o.y))
        return where + ": its centre is outside the world";
      // Pushed out of a circle that crosses a wall, a boid would be pushed back in by the wall.
      if (p.edges == Edges::Walls &&
          (o.x - o.radius < 0 || o.x + o.radius > p.width || o.y - o.radius < 0 || o.y + o.radius > p.height ||
           (in3d && (o.z - o.radius < 0 || o.z + o.radius > p.depth))))
        return where + ": with walls, an obstacle must lie inside the box";
    }
    if (!p.obstacles.empty()) {
      // Some free room must be left for the boids: look for a free point on a fine lattice.
      const int lattice = in3d ? 24 : 64;
      for (int i = 0; i <= lattice; ++i)
        for (int j = 0; j <= lattice; ++j) {
          const double x = p.width * i / lattice, y = p.height * j / lattice;
          if (!in3d && !insideAnObstacle(p, x, y)) return "";
          for (int k = 0; in3d && k <= lattice; ++k)
            if (!insideAnObstacle(p, x, y, p.depth * k / lattice)) return "";
        }
      return "the obstacles cover the whole world";
    }
    return "";
  };
  m.spaceOf = [](const SteeringParams& p) { return p.space(); };
  // Peak RSS of `flocklab run` measured at 183 bytes a boid (1M boids), 12% margin.
  m.bytesPerBoidOf = [](const SteeringParams&) { return std::uint64_t{208}; };
  m.startOf = [](const SteeringParams& p, std::size_t count, std::uint64_t seed) {
    return randomSteeringStart(count, p, seed);
  };
  m.make = [](const SteeringParams& p, Flock start, std::uint64_t seed,
              const EngineOptions& options) -> std::unique_ptr<Simulation> {
    return std::make_unique<SteeringSimulation>(p, std::move(start), options, seed);
  };
  // The noise draws from the seed every step.
  m.seedAfterStartOf = [](const SteeringParams& p) { return p.noise > 0; };
  m.obstaclesOf = [](const SteeringParams& p) { return p.obstacles; };
  m.warningsOf = [](const SteeringParams& p) { return foodWarnings(p); };
  m.fixedCountOf = [](const SteeringParams& p) -> std::optional<std::uint64_t> {
    if (p.species.empty()) return std::nullopt;
    std::uint64_t total = 0;
    for (const SpeciesSpec& s : p.species) total += s.count;
    return total;
  };
  m.extraMetricsOf = [](const SteeringParams& p) { return steeringExtraMetrics(p); };
  m.countMayChangeOf = [](const SteeringParams& p) { return p.catches == Catches::Remove && hasPredators(p); };
  // "hawk.max_speed": a species' key.
  m.dottedParamOf = [](std::string_view name) -> std::optional<ParamSpec> {
    const std::size_t dot = name.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    const auto k = speciesKey(name.substr(dot + 1));
    if (!k) return std::nullopt;
    ParamSpec spec = speciesKeySpec(steering(), *k);
    spec.key = std::string(name);
    spec.aliases.clear();
    return spec;
  };
  const auto speciesAndKey = [](const SteeringParams& p, std::string_view name) {
    const std::size_t dot = name.find('.');
    const auto k = dot == std::string_view::npos ? std::nullopt : speciesKey(name.substr(dot + 1));
    if (!k) throw std::invalid_argument("the steering model has no parameter '" + excerpt(name) + "'");
    const std::string species(name.substr(0, dot));
    if (!findSpecies(const_cast<SteeringParams&>(p), species))
      throw std::invalid_argument("there is no species " + excerpt(species) + " for " + excerpt(name) +
                                  " (species: " + speciesNames(p) + ")");
    return std::pair{species, *k};
  };
  m.dottedGet = [speciesAndKey](const SteeringParams& p, std::string_view name) -> ParamValue {
    const auto [species, k] = speciesAndKey(p, name);
    for (const SpeciesTraits& t : speciesTraits(p))
      if (t.name == species) return ParamValue(t.value(k));
    return ParamValue(0.0);
  };
  m.dottedSet = [speciesAndKey](SteeringParams& p, std::string_view name, const ParamValue& v) {
    const auto [species, k] = speciesAndKey(p, name);
    const double* value = std::get_if<double>(&v);
    if (!value) throw std::invalid_argument(whoIs(species) + std::string(kSpeciesKeys[k]) + " must be a number");
    if (const std::string problem = valueProblem(speciesKeySpec(steering(), k), *value); !problem.empty())
      throw std::invalid_argument(whoIs(species) + std::string(kSpeciesKeys[k]) + " " + problem);
    findSpecies(p, species)->numbers[k] = *value;
  };
  return m;
}

const SteeringModel& steering() { return describedOnce<describeSteering>(); }

}  // namespace

FLOCKLAB_REGISTER_MODEL(steering, describeSteering)

}  // namespace flocklab
