#pragma once
// Fixtures for testing `flocklab serve` as a client would: a served folder, the server as a
// child process, and raw sockets for clients that misbehave (slow, silent, or huge) from a
// chosen loopback address (all of 127/8 is this machine, so 127.0.0.2 is a second client).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace flocklab_test {

namespace fs = std::filesystem;

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

// A `flocklab COMMAND ARGS` child (serve, or its old name lab): its pid and the first line it printed.
struct Server {
  pid_t pid = -1;
  std::string line;
  int status = -1;
};

inline Server startServer(const std::string& args, const std::string& command = "serve") {
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

inline void stopServer(const Server& server) {
  kill(server.pid, SIGTERM);
  waitpid(server.pid, nullptr, 0);
}

inline int portOf(const std::string& line) {
  const auto colon = line.rfind(':');
  return colon == std::string::npos ? -1 : std::atoi(line.c_str() + colon + 1);
}

// A TCP connection to 127.0.0.1:port from the loopback address `from`; -1 when it fails.
inline int connectFrom(int port, const char* from = "127.0.0.1") {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  inet_pton(AF_INET, from, &local.sin_addr);
  sockaddr_in remote{};
  remote.sin_family = AF_INET;
  remote.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
  if (bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      connect(fd, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

inline bool sendAll(int fd, const std::string& data) {
  for (std::size_t at = 0; at < data.size();) {
    const ssize_t n = send(fd, data.data() + at, data.size() - at, MSG_NOSIGNAL);
    if (n <= 0) return false;
    at += static_cast<std::size_t>(n);
  }
  return true;
}

// Everything the peer sends until it closes or `seconds` pass (then `closed` is false).
inline std::string readUntilClosed(int fd, double seconds, bool* closed = nullptr) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::string text;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    pollfd p{fd, POLLIN, 0};
    if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) {
      if (closed) *closed = false;
      return text;
    }
    char buffer[65536];
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {
      if (closed) *closed = true;
      return text;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

// One GET over a fresh connection from `from`: the whole response as text ("" on failure).
inline std::string rawGet(int port, const std::string& path, const char* from = "127.0.0.1", double seconds = 20) {
  const int fd = connectFrom(port, from);
  if (fd < 0) return "";
  sendAll(fd, "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  std::string text = readUntilClosed(fd, seconds);
  close(fd);
  return text;
}

// What a server answered to raw bytes on one connection, and whether it then closed it.
struct Exchange {
  std::string text;
  bool closed = false;
};

// Sends `request` on a fresh connection from `from` and reads until the server closes or `seconds` pass.
inline Exchange exchange(int port, const std::string& request, double seconds = 5, const char* from = "127.0.0.1") {
  Exchange result;
  const int fd = connectFrom(port, from);
  if (fd < 0) return result;
  sendAll(fd, request);
  result.text = readUntilClosed(fd, seconds, &result.closed);
  close(fd);
  return result;
}

// The status lines in `text`, in order ("HTTP/1.1 200 OK", ...). The served files' bodies never
// contain "HTTP/1.", so every occurrence starts a response.
inline std::vector<std::string> statusLines(const std::string& text) {
  std::vector<std::string> lines;
  for (auto at = text.find("HTTP/1."); at != std::string::npos; at = text.find("HTTP/1.", at + 1))
    lines.push_back(text.substr(at, text.find("\r\n", at) - at));
  return lines;
}

// The resident memory of process `pid`, in KiB (from /proc).
inline long residentKiB(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

}  // namespace flocklab_test
