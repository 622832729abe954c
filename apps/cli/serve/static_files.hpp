#pragma once
// Which file, if any, a request path names inside a served folder. Kept apart from the
// server so that the rules are tested on their own.
#include <filesystem>
#include <optional>
#include <string>

namespace flocklab::cli {

/// The file under `root` (a canonical folder) that the decoded URL path `path` names, or
/// nothing when it is missing, not a regular file, or outside `root`: any ".." segment, and any
/// symbolic link that leads out of `root`, is refused. Dot-files and dot-folders (".git",
/// ".env"), named or reached through a link, are refused too. "/" and folders mean their
/// index.html; a path ending in "/" names a folder, so "/index.html/" is not found.
std::optional<std::filesystem::path> resolveStatic(const std::filesystem::path& root, const std::string& path);

/// The Content-Type for a file name by its extension (".wasm" is application/wasm).
std::string contentType(const std::filesystem::path& file);

}  // namespace flocklab::cli
