#pragma once
/// flocklab's version, as printed by `flocklab --version` and written into run files.
namespace flocklab {
/// The release version string, "major.minor.patch".
inline constexpr const char* kVersion = "0.2.0";
}  // namespace flocklab
