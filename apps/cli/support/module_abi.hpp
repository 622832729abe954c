#pragma once
// What crosses between the command and a module it loads (module_loader.hpp): plain bytes and C
// functions, never a C++ library object. The command carries its own C++ runtime (libstdc++
// linked statically, so that it starts without loading it) while a module uses the system's,
// so a std::string made on one side must not be grown or freed on the other.
#include <cstddef>
#include <string>

namespace flocklab::cli {

/// Bytes lent to the other side for the length of a call.
struct ModuleText {
  const char* data;
  std::size_t size;
};

/// Where the other side writes bytes: append(owner, data, size), run by the owner's code.
struct ModuleSink {
  void* owner;
  void (*append)(void* owner, const char* data, std::size_t size);
};

/// `text`'s bytes, lent.
inline ModuleText textOf(const std::string& text) { return {text.data(), text.size()}; }

/// A sink that appends to `text` (with this side's runtime).
inline ModuleSink sinkInto(std::string& text) {
  return {&text, [](void* owner, const char* data, std::size_t size) {
            static_cast<std::string*>(owner)->append(data, size);
          }};
}

/// Writes `text` to `sink`.
inline void put(ModuleSink sink, const std::string& text) { sink.append(sink.owner, text.data(), text.size()); }

}  // namespace flocklab::cli
