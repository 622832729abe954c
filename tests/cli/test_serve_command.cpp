// `flocklab serve`: which files the server hands out (the page's folder and nothing outside it,
// whatever the path says or where a link points, and no dot-files), their types, ranges, 404s,
// a busy port and an empty host. Abusive clients are in test_serve_limits.cpp.
#include <gtest/gtest.h>
#include <httplib.h>

#include <string>

#include "serve/byte_range.hpp"
#include "serve/request_head.hpp"
#include "serve/static_files.hpp"
#include "support/lab_server.hpp"

using flocklab::cli::ByteRange;
using flocklab::cli::byteRange;
using flocklab::cli::contentRange;
using flocklab::cli::contentType;
using flocklab::cli::RequestHead;
using flocklab::cli::resolveStatic;

using namespace flocklab_test;

TEST_F(Site, ResolvesFilesAndIndexes) {
  EXPECT_EQ(resolveStatic(root_, "/"), root_ / "index.html");
  EXPECT_EQ(resolveStatic(root_, "/index.html"), root_ / "index.html");
  EXPECT_EQ(resolveStatic(root_, "/sub/"), root_ / "sub" / "index.html");
  EXPECT_EQ(resolveStatic(root_, "/./flocklab.wasm"), root_ / "flocklab.wasm");
  EXPECT_EQ(resolveStatic(root_, "/alias.wasm"), root_ / "flocklab.wasm");  // a link inside is fine
  EXPECT_FALSE(resolveStatic(root_, "/missing.js"));
}

// A path that ends in "/" names a folder: a file there is not found (it used to be served).
TEST_F(Site, AFileIsNotAFolder) {
  for (const char* path : {"/index.html/", "/index.html/.", "/sub/index.html/", "/flocklab.wasm/", "/alias.wasm/"})
    EXPECT_FALSE(resolveStatic(root_, path)) << path;
  EXPECT_EQ(resolveStatic(root_, "/sub"), root_ / "sub" / "index.html");  // a folder without its slash
  EXPECT_EQ(resolveStatic(root_, "/sub/."), root_ / "sub" / "index.html");
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  for (const char* path : {"/index.html/", "/sub/index.html/", "/flocklab.wasm/"}) {
    const std::string response = rawGet(port, path);
    EXPECT_EQ(response.rfind("HTTP/1.1 404", 0), 0u) << path << ": " << response.substr(0, 80);
  }
  EXPECT_EQ(rawGet(port, "/index.html").rfind("HTTP/1.1 200", 0), 0u);
  stopServer(server);
}

TEST_F(Site, RefusesEveryWayOut) {
  EXPECT_FALSE(resolveStatic(root_, "/../secret.txt"));
  EXPECT_FALSE(resolveStatic(root_, "/sub/../../secret.txt"));
  EXPECT_FALSE(resolveStatic(root_, "/sub/../index.html"));  // no ".." at all, even inside
  EXPECT_FALSE(resolveStatic(root_, "/escape.txt"));         // a link to a file outside
  EXPECT_FALSE(resolveStatic(root_, "/up/secret.txt"));      // a link to a folder outside
  EXPECT_FALSE(resolveStatic(root_, "relative.html"));
  EXPECT_FALSE(resolveStatic(root_, std::string("/index.html\0.txt", 16)));
}

TEST(StaticTypes, ByExtension) {
  EXPECT_EQ(contentType("a/flocklab.wasm"), "application/wasm");
  EXPECT_EQ(contentType("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(contentType("app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(contentType("style.css"), "text/css; charset=utf-8");
}

TEST_F(Site, ServesOverHttp) {
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  ASSERT_NE(server.line.find("http://127.0.0.1:"), std::string::npos) << server.line;
  httplib::Client client("127.0.0.1", portOf(server.line));
  auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  // The page is cross-origin isolated (so it may use WebAssembly threads).
  EXPECT_EQ(page->get_header_value("Cross-Origin-Opener-Policy"), "same-origin");
  EXPECT_EQ(page->get_header_value("Cross-Origin-Embedder-Policy"), "require-corp");
  auto wasm = client.Get("/flocklab.wasm");
  ASSERT_TRUE(wasm);
  EXPECT_EQ(wasm->status, 200);
  EXPECT_EQ(wasm->get_header_value("Content-Type"), "application/wasm");
  EXPECT_EQ(wasm->body, std::string("\0asm", 4));
  for (const char* path : {"/missing.js", "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
                           "/sub/%2e%2e/%2e%2e/secret.txt", "/escape.txt", "/up/secret.txt"}) {
    auto r = client.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 404) << path;
    EXPECT_EQ(r->body.find("secret"), std::string::npos) << path;
  }
  stopServer(server);
}

TEST_F(Site, BusyPortIsRefusedCleanly) {
  Server first = startServer("--port 0 --dir '" + root_.string() + "'");
  const int port = portOf(first.line);
  ASSERT_GT(port, 0) << first.line;
  Server second = startServer("--port " + std::to_string(port) + " --dir '" + root_.string() + "'");
  if (second.line.find("serving") != std::string::npos) kill(second.pid, SIGTERM);  // never hang
  int status = 0;
  waitpid(second.pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_NE(second.line.find("flocklab: error: cannot listen on 127.0.0.1:" + std::to_string(port)), std::string::npos)
      << second.line;
  kill(first.pid, SIGTERM);
  waitpid(first.pid, nullptr, 0);
}

TEST_F(Site, MissingFolderIsAnError) {
  Server s = startServer("--port 0 --dir '" + (base_ / "nowhere").string() + "'");
  int status = 0;
  waitpid(s.pid, &status, 0);
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_NE(s.line.find("no browser lab in"), std::string::npos) << s.line;
}

TEST_F(Site, TheOldNameLabStillServes) {
  Server s = startServer("--port 0 --dir '" + (base_ / "nowhere").string() + "'", "lab");
  int status = 0;
  waitpid(s.pid, &status, 0);
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_NE(s.line.find("no browser lab in"), std::string::npos) << s.line;
}

TEST_F(Site, RefusesDotFiles) {
  write("site/.env", "secret");
  fs::create_directories(base_ / "site" / ".git");
  write("site/.git/config", "secret");
  write("site/sub/.hidden", "secret");
  fs::create_symlink(root_ / ".env", root_ / "visible.txt");
  for (const char* path : {"/.env", "/.git/config", "/.git/", "/sub/.hidden", "/visible.txt"})
    EXPECT_FALSE(resolveStatic(root_, path)) << path;
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  for (const char* path : {"/.env", "/.git/config", "/%2egit/config", "/sub/.hidden", "/visible.txt"}) {
    const std::string response = rawGet(port, path);
    EXPECT_EQ(response.rfind("HTTP/1.1 404", 0), 0u) << path << ": " << response.substr(0, 80);
    EXPECT_EQ(response.find("secret"), std::string::npos) << path;
  }
  stopServer(server);
}

TEST_F(Site, EmptyHostIsRefused) {
  Server s = startServer("--port 0 --host '' --dir '" + root_.string() + "'");
  if (s.line.find("serving") != std::string::npos) kill(s.pid, SIGTERM);  // never hang
  int status = 0;
  waitpid(s.pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(s.line.rfind("flocklab: error: --host needs a value", 0), 0u) << s.line;
}

TEST(ByteRanges, OneRangeAtMost) {
  using Kind = ByteRange::Kind;
  EXPECT_EQ(byteRange("", 10).kind, Kind::kWhole);
  EXPECT_EQ(byteRange("bytes=0-1,2-3", 10).kind, Kind::kWhole);  // several: the whole file
  EXPECT_EQ(byteRange("items=0-1", 10).kind, Kind::kWhole);
  EXPECT_EQ(byteRange("bytes=5-2", 10).kind, Kind::kWhole);
  EXPECT_EQ(byteRange("bytes=x-2", 10).kind, Kind::kWhole);
  EXPECT_EQ(byteRange("bytes=99999999999999999999999-", 10).kind, Kind::kWhole);  // overflow
  const ByteRange middle = byteRange("bytes=2-4", 10);
  EXPECT_EQ(middle.kind, Kind::kPart);
  EXPECT_EQ(middle.first, 2u);
  EXPECT_EQ(middle.length, 3u);
  EXPECT_EQ(contentRange(middle, 10), "bytes 2-4/10");
  EXPECT_EQ(contentRange(byteRange("bytes=7-", 10), 10), "bytes 7-9/10");
  EXPECT_EQ(contentRange(byteRange("bytes=7-99999", 10), 10), "bytes 7-9/10");  // clamped
  EXPECT_EQ(contentRange(byteRange("bytes=-3", 10), 10), "bytes 7-9/10");
  EXPECT_EQ(contentRange(byteRange("bytes=-30", 10), 10), "bytes 0-9/10");
  EXPECT_EQ(byteRange("bytes=10-", 10).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(contentRange(byteRange("bytes=10-", 10), 10), "bytes */10");
}

// "bytes=-0" asks for the last 0 bytes: no byte at all, so 416 (RFC 9110, 14.1.1), not the
// whole file with 200 as before; so is any suffix of an empty file.
TEST(ByteRanges, AnEmptySuffixIsUnsatisfiable) {
  using Kind = ByteRange::Kind;
  EXPECT_EQ(byteRange("bytes=-0", 10).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(byteRange("bytes=-00", 10).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(contentRange(byteRange("bytes=-0", 10), 10), "bytes */10");
  EXPECT_EQ(byteRange("bytes=-0", 0).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(byteRange("bytes=-5", 0).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(byteRange("bytes=-", 10).kind, Kind::kWhole);  // no number: a syntax error, ignored
  EXPECT_EQ(contentRange(byteRange("bytes=-1", 10), 10), "bytes 9-9/10");
}

TEST_F(Site, AnEmptySuffixRangeGets416) {
  write("site/page.txt", std::string(1000, 'p'));
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  ASSERT_GT(portOf(server.line), 0) << server.line;
  httplib::Client client("127.0.0.1", portOf(server.line));
  auto none = client.Get("/page.txt", {{"Range", "bytes=-0"}});
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 416);
  EXPECT_EQ(none->get_header_value("Content-Range"), "bytes */1000");
  EXPECT_EQ(none->body.find('p'), std::string::npos);
  stopServer(server);
}

TEST_F(Site, ThousandsOfRangesGetTheFileOnce) {
  const std::string page(1000, 'p');
  write("site/page.txt", page);
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  ASSERT_GT(portOf(server.line), 0) << server.line;
  httplib::Client client("127.0.0.1", portOf(server.line));
  std::string ranges = "bytes=0-";
  for (int i = 0; i < 2700; ++i) ranges += ",0-";
  auto many = client.Get("/page.txt", {{"Range", ranges}});
  ASSERT_TRUE(many);
  EXPECT_EQ(many->status, 200);
  EXPECT_EQ(many->body.size(), page.size());  // once, not 2,701 times
  EXPECT_TRUE(many->body == page);
  auto one = client.Get("/page.txt", {{"Range", "bytes=990-5000"}});
  ASSERT_TRUE(one);
  EXPECT_EQ(one->status, 206);
  EXPECT_EQ(one->body, page.substr(990));
  EXPECT_EQ(one->get_header_value("Content-Range"), "bytes 990-999/1000");
  auto past = client.Get("/page.txt", {{"Range", "bytes=1000-"}});
  ASSERT_TRUE(past);
  EXPECT_EQ(past->status, 416);
  EXPECT_EQ(past->get_header_value("Content-Range"), "bytes */1000");
  stopServer(server);
}

namespace {

// What RequestHead decides about `bytes`: -1 when it wants more, else its verdict.
int verdictOf(const std::string& bytes, std::size_t maxHead = 64 * 1024) {
  RequestHead head(maxHead);
  for (const char byte : bytes) {
    const int verdict = head.add(byte);
    if (verdict >= 0) return verdict;
  }
  return -1;
}

}  // namespace

// The strict reading of a request head, line by line: what passes, and which status each kind of
// malformed or ambiguous head gets. The raw-socket probes are in test_serve_limits.cpp.
TEST(RequestHeads, StrictReading) {
  const std::string host = "Host: x\r\n";
  struct Case {
    std::string head;
    int verdict;
  };
  const std::vector<Case> cases = {
      {"GET / HTTP/1.1\r\n" + host + "\r\n", 0},
      {"HEAD /a?b=c HTTP/1.1\r\n" + host + "Content-Length: 0\r\nX-Tab:\tv \r\n\r\n", 0},
      {"\r\n\r\nGET / HTTP/1.1\r\n" + host + "\r\n", 0},   // empty lines before it are skipped
      {"GET / HTTP/1.0\r\n\r\n", 0},                       // 1.0 needs no Host
      {"GET / HTTP/1.1\r\n\r\n", 400},                     // 1.1 does
      {"GET / HTTP/1.1\r\n" + host + host + "\r\n", 400},  // once
      {"get / HTTP/1.1\r\n", 400},
      {"GET /a b HTTP/1.1\r\n", 400},
      {"GET  / HTTP/1.1\r\n", 400},
      {"GET / HTTP/1.1 \r\n", 400},
      {"GET /\x01 HTTP/1.1\r\n", 400},
      {"GET / http/1.1\r\n", 400},
      {"GET / HTTP/2.0\r\n", 505},
      {"GET / HTTP/1.1\n", 400},             // bare LF
      {"GET / HTTP/1.1\rX", 400},            // bare CR
      {"GET / HTTP/1.1\r\nHost: x\n", 400},  // bare LF in the headers
      {"GET / HTTP/1.1\r\n" + host + "Content-Length : 5\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length\t: 5\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + " folded\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "No colon\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "X: a\x7f\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 0\r\nContent-Length: 5\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 0\r\nContent-Length: 0\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 5, 5\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: -1\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
      {"GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 5\r\n\r\n", 413},
      {"GET / HTTP/1.1\r\n" + host + "Content-Length: 99999999999999999999999\r\n\r\n", 413},
      {"GET / HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\n", 413},
      {"POST / HTTP/1.1\r\n" + host + "Content-Length: 5\r\n\r\n", 405},
      {"OPTIONS * HTTP/1.1\r\n" + host + "\r\n", 405},
      {"GET /" + std::string(RequestHead::kMaxLine, 'a'), 414},  // refused before the line ends
      {"GET / HTTP/1.1\r\nX: " + std::string(RequestHead::kMaxLine, 'a'), 431},
      {"GET / HTTP/1.1\r\n" + host, -1},  // not over yet
  };
  for (const Case& c : cases) EXPECT_EQ(verdictOf(c.head), c.verdict) << c.head.substr(0, 120);
  // The head as a whole is bounded too, and what httplib gets is the head without empty lines.
  std::string many = "GET / HTTP/1.1\r\n";
  while (many.size() < 2000) many += "X-Many: 0123456789\r\n";
  EXPECT_EQ(verdictOf(many + "\r\n", 1000), 431);
  RequestHead head(1000);
  const std::string text = "\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n";
  for (const char byte : text) head.add(byte);
  EXPECT_EQ(head.text(), text.substr(2));
}
