// `flocklab serve`: which files the server hands out (the page's folder and nothing outside it,
// whatever the path says or where a link points), their types, 404s, and a busy port.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/static_files.hpp"

namespace fs = std::filesystem;
using flocklab::cli::contentType;
using flocklab::cli::resolveStatic;

namespace {

// A served folder with a page, a module, a subfolder, and a secret beside it.
class Site : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("flocklab-site-" + std::to_string(getpid()));
    fs::remove_all(base_);
    fs::create_directories(base_ / "site" / "sub");
    write("site/index.html", "<!doctype html><title>lab</title>");
    write("site/flocklab.wasm", std::string("\0asm", 4));
    write("site/sub/index.html", "sub");
    write("secret.txt", "secret");
    fs::create_symlink(base_ / "secret.txt", base_ / "site" / "escape.txt");
    fs::create_symlink(base_, base_ / "site" / "up");
    fs::create_symlink(base_ / "site" / "flocklab.wasm", base_ / "site" / "alias.wasm");
    root_ = fs::canonical(base_ / "site");
  }
  void TearDown() override { fs::remove_all(base_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(base_ / name, std::ios::binary) << text;
  }
  fs::path base_, root_;
};

// Starts `flocklab COMMAND ARGS` (serve, or its old name lab) and returns its pid and the first line it prints.
struct Server {
  pid_t pid = -1;
  std::string line;
  int status = -1;
};

Server startServer(const std::string& args, const std::string& command = "serve") {
  int out[2];
  if (pipe(out) != 0) return {};
  Server s;
  s.pid = fork();
  if (s.pid == 0) {
    dup2(out[1], 1);
    dup2(out[1], 2);
    close(out[0]);
    execl("/bin/sh", "sh", "-c", ("exec '" FLOCKLAB_BINARY_DIR "/flocklab' " + command + " " + args).c_str(), nullptr);
    _exit(127);
  }
  close(out[1]);
  char c;
  while (read(out[0], &c, 1) == 1 && c != '\n') s.line += c;
  close(out[0]);
  return s;
}

int portOf(const std::string& line) {
  const auto colon = line.rfind(':');
  return colon == std::string::npos ? -1 : std::atoi(line.c_str() + colon + 1);
}

}  // namespace

TEST_F(Site, ResolvesFilesAndIndexes) {
  EXPECT_EQ(resolveStatic(root_, "/"), root_ / "index.html");
  EXPECT_EQ(resolveStatic(root_, "/index.html"), root_ / "index.html");
  EXPECT_EQ(resolveStatic(root_, "/sub/"), root_ / "sub" / "index.html");
  EXPECT_EQ(resolveStatic(root_, "/./flocklab.wasm"), root_ / "flocklab.wasm");
  EXPECT_EQ(resolveStatic(root_, "/alias.wasm"), root_ / "flocklab.wasm");  // a link inside is fine
  EXPECT_FALSE(resolveStatic(root_, "/missing.js"));
}

TEST_F(Site, RefusesEveryWayOut) {
  EXPECT_FALSE(resolveStatic(root_, "/../secret.txt"));
  EXPECT_FALSE(resolveStatic(root_, "/sub/../../secret.txt"));
  EXPECT_FALSE(resolveStatic(root_, "/sub/../index.html"));  // no ".." at all, even inside
  EXPECT_FALSE(resolveStatic(root_, "/escape.txt"));          // a link to a file outside
  EXPECT_FALSE(resolveStatic(root_, "/up/secret.txt"));       // a link to a folder outside
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
  kill(server.pid, SIGTERM);
  waitpid(server.pid, nullptr, 0);
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
