// The registry: the one list of models. A new model adds its description here and nowhere else.
#include "flocklab/registry.hpp"

#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/word_list.hpp"

#include <stdexcept>

namespace flocklab {

// models() is written by CMake from the flocklab_model() calls (cmake/flocklab_models.cmake).

const ModelDescription* findModel(std::string_view name) {
  for (const ModelDescription* m : models())
    if (m->name == name) return m;
  return nullptr;
}

std::string modelNames() {
  std::vector<std::string> names;
  for (const ModelDescription* m : models()) names.push_back(m->name);
  return wordList(names);
}

const ModelDescription& model(std::string_view name) {
  if (const ModelDescription* m = findModel(name)) return *m;
  throw KeyedError(markKey("model") + " must be " + modelNames() + " (got " + excerpt(name) + ")");
}

}  // namespace flocklab
