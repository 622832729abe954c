# The models of a target, each named once. Design: a model is its own files plus one
# flocklab_model() call, which adds its sources to the target (its description and parsers with
# -fexceptions under emscripten, its step without); at the end of the directory the registry is
# written from the calls: a model_list.cpp that defines flocklab::models() in the order of the
# calls and, for the core, flocklab/models/all.hpp with the models' public headers (which
# flocklab.hpp includes). The list is explicit code that names every model, so no linker drops
# a model from a static library, as it may drop a self-registering object nothing refers to.
#
# A target other than the core (a test's command with one model more) lists the core's models
# first, then its own: its model_list.cpp defines flocklab::models() in the executable itself,
# so the linker never takes the core's copy from the library (that object holds nothing else).

# flocklab_model(TARGET NAME [DESCRIPTION files...] [STEP files...] [HEADERS headers...])
#   NAME: the name FLOCKLAB_REGISTER_MODEL(NAME, ...) registers in the model's .cpp
#   (src/models/typed_model.hpp); a lower-case C++ name.
#   DESCRIPTION: the sources that check values by throwing (the description, parameter parsers).
#   STEP: the step's sources. HEADERS: public headers under include/, for flocklab.hpp.
function(flocklab_model target name)
  cmake_parse_arguments(arg "" "" "DESCRIPTION;STEP;HEADERS" ${ARGN})
  if(NOT name MATCHES "^[a-z][a-z0-9_]*$" OR arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "flocklab_model(${target} ${name} ...): a lower-case C++ name, then DESCRIPTION, STEP, HEADERS")
  endif()
  target_sources(${target} PRIVATE ${arg_DESCRIPTION} ${arg_STEP})
  if(EMSCRIPTEN)
    # Why: see flocklab_core's -fexceptions note in src/CMakeLists.txt.
    set_source_files_properties(${arg_DESCRIPTION} PROPERTIES COMPILE_OPTIONS -fexceptions)
  endif()
  get_property(started TARGET ${target} PROPERTY FLOCKLAB_MODELS SET)
  if(NOT started)
    # A deferred call reads its variables when it runs: EVAL writes the target's name in now.
    cmake_language(EVAL CODE "cmake_language(DEFER CALL flocklab_write_model_list [[${target}]])")
  endif()
  set_property(TARGET ${target} APPEND PROPERTY FLOCKLAB_MODELS ${name})
  set_property(TARGET ${target} APPEND PROPERTY FLOCKLAB_MODEL_HEADERS ${arg_HEADERS})
endfunction()

# Writes the registry of `target` (deferred to the end of the directory of its first model).
function(flocklab_write_model_list target)
  get_property(names TARGET ${target} PROPERTY FLOCKLAB_MODELS)
  if(NOT target STREQUAL "flocklab_core")
    get_property(core TARGET flocklab_core PROPERTY FLOCKLAB_MODELS)
    set(names ${core} ${names})
  endif()
  set(declarations "")
  set(entries "")
  foreach(name IN LISTS names)
    string(APPEND declarations "const ModelDescription& ${name}();\n")
    string(APPEND entries "&registered::${name}(), ")
  endforeach()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${target}_models)
  # file(CONFIGURE) rewrites a file only when its text changes, so a new configure rebuilds nothing.
  file(CONFIGURE OUTPUT ${dir}/model_list.cpp CONTENT [[
// Written by CMake from the flocklab_model() calls (cmake/flocklab_models.cmake): do not edit.
#include "flocklab/registry.hpp"

namespace flocklab {
namespace registered {
@declarations@}  // namespace registered

const std::vector<const ModelDescription*>& models() {
  static const std::vector<const ModelDescription*> all{@entries@};
  return all;
}

}  // namespace flocklab
]] @ONLY)
  target_sources(${target} PRIVATE ${dir}/model_list.cpp)
  if(EMSCRIPTEN)
    set_source_files_properties(${dir}/model_list.cpp PROPERTIES COMPILE_OPTIONS -fexceptions)
  endif()
  if(target STREQUAL "flocklab_core")
    set(includes "")
    get_property(headers TARGET ${target} PROPERTY FLOCKLAB_MODEL_HEADERS)
    foreach(header IN LISTS headers)
      string(APPEND includes "#include \"${header}\"\n")
    endforeach()
    file(CONFIGURE OUTPUT ${dir}/include/flocklab/models/all.hpp CONTENT [[
#pragma once
/// Every shipped model's public headers. Written by CMake from the flocklab_model() calls in
/// src/CMakeLists.txt (cmake/flocklab_models.cmake): do not edit.
@includes@]] @ONLY)
  endif()
endfunction()
