// `flocklab serve`: a small static file server for the browser lab. It serves one folder and
// nothing outside it (see static_files.hpp), listens on 127.0.0.1 unless told otherwise, and
// prints the URL once it is listening.
#include "commands/serve_command.hpp"

#include <fmt/format.h>
#include <httplib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

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
  return serve;
}

int executeServe(const ServeOptions& o) {
  if (o.port < 0 || o.port > 65535) throw UsageError(fmt::format("--port must be in 0..65535 (got {})", o.port));
  const fs::path dir = o.dir.empty() ? fs::path(FLOCKLAB_SITE_DIR) : fs::path(o.dir);
  std::error_code ec;
  const fs::path root = fs::canonical(dir, ec);
  if (ec || !fs::is_regular_file(root / "index.html", ec))
    throw UsageError("no browser lab in " + dir.string() +
                     (o.dir.empty() ? " (install emscripten and build again: bash scripts/setup-debian.sh, then cmake --build)" : ""));

  httplib::Server server;
  // httplib's default adds SO_REUSEPORT, which lets a second server share a busy port; keep
  // only SO_REUSEADDR so that a port in use is refused.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.Get(".*", [&root](const httplib::Request& request, httplib::Response& response) {
    const auto file = resolveStatic(root, request.path);
    std::ifstream in;
    if (file) in.open(*file, std::ios::binary);
    if (!file || !in) {
      response.status = 404;
      response.set_content("404 not found\n", "text/plain; charset=utf-8");
      return;
    }
    std::ostringstream body;
    body << in.rdbuf();
    response.set_header("Cache-Control", "no-cache");
    response.set_content(body.str(), contentType(*file).c_str());
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
