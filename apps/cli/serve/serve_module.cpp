// The HTTP server of `flocklab serve` (serve_command.hpp checks its options), a module loaded when
// the command runs (module_loader.hpp), so that no other command loads httplib and OpenSSL. It
// serves one folder and nothing outside it (see static_files.hpp), and prints the URL once it is
// listening. It holds under abuse (guarded_server.hpp): time, bytes and connections per client
// are bounded, and a file is streamed in chunks, one range at most, so that no request makes the
// server hold more than a chunk of any file.
#include "serve/serve_folder.hpp"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "serve/byte_range.hpp"
#include "serve/guarded_server.hpp"
#include "serve/static_files.hpp"

namespace flocklab::cli {
namespace fs = std::filesystem;

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
  // Cross-origin isolation: a page served with these two may share memory with its workers
  // (SharedArrayBuffer, so WebAssembly threads); everything the lab loads is its own origin's.
  response.set_header("Cross-Origin-Opener-Policy", "same-origin");
  response.set_header("Cross-Origin-Embedder-Policy", "require-corp");
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

bool serveFolder(const ServeFolder& folder, std::string& error) {
  const ServerLimits& limits = folder.limits;
  const fs::path& root = folder.root;
  const std::string& host = folder.host;
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
  int port = folder.port;
  if (port == 0) {
    port = server.bind_to_any_port(host);
    if (port < 0) {
      error = "cannot listen on " + host;
      return false;
    }
  } else if (!server.bind_to_port(host, port)) {
    error = fmt::format("cannot listen on {}:{} (the port is in use or the address is not this machine's)", host, port);
    return false;
  }
  const std::string shownHost = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  std::printf("flocklab serve: serving %s at http://%s:%d/\n", root.c_str(), shownHost.c_str(), port);
  std::fflush(stdout);
  if (!server.listenAfterBind()) {
    error = "the server stopped unexpectedly";
    return false;
  }
  return true;
}

}  // namespace
}  // namespace flocklab::cli

// The module's entry (serve_folder.hpp). No exception leaves it.
extern "C" __attribute__((visibility("default"))) bool flocklab_serve_folder(const char* host, int port,
                                                                             const char* root,
                                                                             const flocklab::cli::ServerLimits* limits,
                                                                             flocklab::cli::ModuleSink error) {
  std::string problem;
  try {
    if (flocklab::cli::serveFolder(flocklab::cli::ServeFolder{host, port, root, *limits}, problem)) return true;
  } catch (const std::exception& e) {
    problem = e.what();
  }
  flocklab::cli::put(error, problem);
  return false;
}
