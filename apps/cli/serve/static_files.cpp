#include "serve/static_files.hpp"

#include <algorithm>
#include <system_error>

namespace flocklab::cli {

namespace fs = std::filesystem;

std::optional<fs::path> resolveStatic(const fs::path& root, const std::string& path) {
  if (path.empty() || path[0] != '/' || path.find('\0') != std::string::npos) return std::nullopt;
  fs::path relative;
  std::size_t start = 1;
  while (start <= path.size()) {
    const std::size_t slash = std::min(path.find('/', start), path.size());
    const std::string segment = path.substr(start, slash - start);
    if (segment.size() > 1 && segment[0] == '.') return std::nullopt;  // "..", ".git", ".env"
    if (!segment.empty() && segment != ".") relative /= segment;
    start = slash + 1;
  }
  // A path that ends in "/" (or "/.") names a folder; a file there is not found, as a
  // file system would say (ENOTDIR).
  const std::string last = path.substr(path.rfind('/') + 1);
  const bool folder = last.empty() || last == ".";
  std::error_code ec;
  fs::path file = fs::canonical(root / relative, ec);  // follows every symbolic link
  if (ec) return std::nullopt;
  if (fs::is_directory(file, ec)) file /= "index.html";
  else if (folder) return std::nullopt;
  // Inside the root after links are followed: compare path components, not text prefixes.
  const auto [rootEnd, fileAt] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  if (rootEnd != root.end()) return std::nullopt;
  // Nor a dot-file reached through a link with an ordinary name.
  for (auto part = fileAt; part != file.end(); ++part)
    if (part->string().size() > 1 && part->string()[0] == '.') return std::nullopt;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  return file;
}

std::string contentType(const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".json") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".csv") return "text/csv; charset=utf-8";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace flocklab::cli
