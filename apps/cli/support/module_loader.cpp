// Modules loaded on demand (see module_loader.hpp).
#include "support/module_loader.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>
#include <vector>

namespace flocklab::cli {

void* moduleSymbol(const char* module, const char* symbol, const char* builtAt) {
  namespace fs = std::filesystem;
  std::vector<fs::path> places;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) places.insert(places.end(), {exe.parent_path() / module, exe.parent_path() / "../lib/flocklab" / module});
  places.emplace_back(builtAt);
  std::string problem = std::string("it is not beside ") + (ec ? "the executable" : exe.parent_path().string()) +
                        " nor in its ../lib/flocklab (build and install flocklab whole)";
  for (const fs::path& place : places) {
    if (!fs::exists(place, ec)) continue;
    // dlopen counts its loads: a module loaded twice is one copy.
    void* handle = ::dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      problem = ::dlerror();
      continue;
    }
    if (void* address = ::dlsym(handle, symbol)) return address;
    problem = place.string() + " has no " + symbol;
  }
  throw std::runtime_error(std::string("cannot load ") + module + ": " + problem);
}

}  // namespace flocklab::cli
