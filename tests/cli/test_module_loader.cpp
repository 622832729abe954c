// The modules flocklab loads when first needed (support/module_loader.hpp): the ones this build
// made are found and have their entries; a missing module or entry is one line naming it.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "support/module_loader.hpp"

using flocklab::cli::moduleSymbol;

namespace {

std::string failureOf(const char* module, const char* symbol, const char* builtAt) {
  try {
    moduleSymbol(module, symbol, builtAt);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ModuleLoader, TheBuildsModulesHaveTheirEntries) {
  EXPECT_NE(moduleSymbol("libflocklab_png.so", "flocklab_svg_to_png", FLOCKLAB_BINARY_DIR "/libflocklab_png.so"),
            nullptr);
  EXPECT_NE(moduleSymbol("libflocklab_serve.so", "flocklab_serve_folder", FLOCKLAB_BINARY_DIR "/libflocklab_serve.so"),
            nullptr);
}

TEST(ModuleLoader, AMissingModuleOrEntryIsOneLineNamingIt) {
  const std::string missing = failureOf("libflocklab_nothing.so", "entry", "/nonexistent/libflocklab_nothing.so");
  EXPECT_EQ(missing.rfind("cannot load libflocklab_nothing.so: it is not beside ", 0), 0u) << missing;
  EXPECT_EQ(missing.find('\n'), std::string::npos);
  const std::string noEntry =
      failureOf("libflocklab_png.so", "no_such_entry", FLOCKLAB_BINARY_DIR "/libflocklab_png.so");
  EXPECT_NE(noEntry.find("has no no_such_entry"), std::string::npos) << noEntry;
}
