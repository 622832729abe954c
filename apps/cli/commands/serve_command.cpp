// `flocklab serve`: a small static file server for the browser lab. It serves one folder and
// nothing outside it (see static_files.hpp), listens on 127.0.0.1 unless told otherwise, and
// prints the URL once it is listening. It holds under abuse (guarded_server.hpp): time, bytes
// and connections per client are bounded, and a file is streamed in chunks, one range at most,
// so that no request makes the server hold more than a chunk of any file.
#include "commands/serve_command.hpp"

#include <CLI/CLI.hpp>

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "support/byte_range.hpp"
#include "support/static_files.hpp"
#include "support/usage_error.hpp"

namespace flocklab::cli {

namespace fs = std::filesystem;

CLI::App* addServeCommand(CLI::App& app, ServeOptions& o) {
  CLI::App* serve = app.add_subcommand("serve", "Serve the browser lab and print its URL (also as flocklab lab)");
  serve->alias("lab");  // its name up to 0.1.0
  serve->add_option("--port", o.port, "Port to listen on (0 picks a free one)")->capture_default_str();
  serve->add_option("--host", o.host, "Address to listen on")->capture_default_str();
  serve->add_option("--dir", o.dir, "Folder to serve (default: the page this build made)");
  // Limits for tests and unusual setups; the defaults suit a browser on this machine.
  serve->add_option("--header-timeout", o.headerTimeout, "Seconds a request's head may take")->group("");
  serve->add_option("--idle-timeout", o.idleTimeout, "Seconds a connection may wait idle")->group("");
  serve->add_option("--max-connections", o.maxConnections, "Connections served at once")->group("");
  serve->add_option("--max-per-client", o.maxPerClient, "Connections served at once per address")->group("");
  return serve;
}

ServerLimits serverLimits(const ServeOptions& o) {
  const auto milliseconds = [](const char* flag, double seconds) {
    if (!(seconds >= 0.001 && seconds <= 3600))
      throw UsageError(fmt::format("{} must be in 0.001..3600 seconds (got {})", flag, seconds));
    return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
  };
  ServerLimits limits;
  limits.headerTimeout = milliseconds("--header-timeout", o.headerTimeout);
  limits.idleTimeout = milliseconds("--idle-timeout", o.idleTimeout);
  if (o.maxConnections < 1 || o.maxConnections > 4096)
    throw UsageError(fmt::format("--max-connections must be in 1..4096 (got {})", o.maxConnections));
  if (o.maxPerClient < 1 || o.maxPerClient > o.maxConnections)
    throw UsageError(fmt::format("--max-per-client must be in 1..--max-connections ({}) (got {})", o.maxConnections,
                                 o.maxPerClient));
  limits.maxConnections = o.maxConnections;
  limits.maxPerClient = o.maxPerClient;
  return limits;
}

namespace {

void notFound(httplib::Response& response) {
  response.status = 404;
  response.set_content("404 not found\n", "text/plain; charset=utf-8");
}

// Answers GET and HEAD for `file`: whole, or the one range the request asks for.
void sendFile(const fs::path& file, const httplib::Request& request, httplib::Response& response) {
  auto in = std::make_shared<std::ifstream>(file, std::ios::binary);
  std::error_code ec;
  const std::size_t size = fs::file_size(file, ec);
  if (!*in || ec) return notFound(response);
  response.set_header("Cache-Control", "no-cache");
  response.set_header("Accept-Ranges", "bytes");
  const ByteRange range = byteRange(request.get_header_value("Range"), size);
  if (range.kind == ByteRange::Kind::kUnsatisfiable) {
    response.status = 416;
    response.set_header("Content-Range", contentRange(range, size));
    response.set_content("416 range not satisfiable\n", "text/plain; charset=utf-8");
    return;
  }
  const bool part = range.kind == ByteRange::Kind::kPart;
  if (part) {
    response.status = 206;
    response.set_header("Content-Range", contentRange(range, size));
  }
  const std::size_t first = part ? range.first : 0;
  const std::size_t length = part ? range.length : size;
  if (length == 0) {
    response.set_content("", contentType(file));
    return;
  }
  // A chunk at a time: memory per response stays one chunk, whatever the file's size.
  response.set_content_provider(length, contentType(file),
                                [in, first](std::size_t offset, std::size_t count, httplib::DataSink& sink) {
                                  std::array<char, 16384> chunk;
                                  in->seekg(static_cast<std::streamoff>(first + offset));
                                  in->read(chunk.data(), static_cast<std::streamsize>(std::min(count, chunk.size())));
                                  const std::streamsize got = in->gcount();
                                  return got > 0 && sink.write(chunk.data(), static_cast<std::size_t>(got));
                                });
}

}  // namespace

int executeServe(const ServeOptions& o) {
  if (o.port < 0 || o.port > 65535) throw UsageError(fmt::format("--port must be in 0..65535 (got {})", o.port));
  if (o.host.empty()) throw UsageError("--host must not be empty (127.0.0.1 serves this machine only, 0.0.0.0 every network)");
  const ServerLimits limits = serverLimits(o);
  const fs::path dir = o.dir.empty() ? fs::path(FLOCKLAB_SITE_DIR) : fs::path(o.dir);
  std::error_code ec;
  const fs::path root = fs::canonical(dir, ec);
  if (ec || !fs::is_regular_file(root / "index.html", ec))
    throw UsageError("no browser lab in " + dir.string() +
                     (o.dir.empty() ? " (install emscripten and build again: bash scripts/setup-debian.sh, then cmake --build)" : ""));

  GuardedServer server(limits);
  // httplib's default adds SO_REUSEPORT, which lets a second server share a busy port; keep
  // only SO_REUSEADDR so that a port in use is refused.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.Get(".*", [&root](const httplib::Request& request, httplib::Response& response) {
    const auto file = resolveStatic(root, request.path);
    if (file) return sendFile(*file, request, response);
    notFound(response);
  });
  int port = o.port;
  if (port == 0) {
    port = server.bind_to_any_port(o.host);
    if (port < 0) throw UsageError("cannot listen on " + o.host);
  } else if (!server.bind_to_port(o.host, port)) {
    throw UsageError(fmt::format("cannot listen on {}:{} (the port is in use or the address is not this machine's)", o.host, port));
  }
  const std::string shownHost = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  std::printf("flocklab serve: serving %s at http://%s:%d/\n", root.c_str(), shownHost.c_str(), port);
  std::fflush(stdout);
  if (!server.listen_after_bind()) throw UsageError("the server stopped unexpectedly");
  return 0;
}

}  // namespace flocklab::cli
