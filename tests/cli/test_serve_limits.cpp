// `flocklab serve` under abuse, against 127.0.0.1: clients that trickle their headers, floods of
// idle connections, heads and bodies too large to hold. Each test checks that the abusers are
// cut off and that a normal request is still answered meanwhile. Limits are shortened with the
// hidden options so that every test takes seconds; waits are generous bounds, not timings.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "support/lab_server.hpp"

using namespace flocklab_test;

namespace {

bool answered200(const std::string& response) { return response.rfind("HTTP/1.1 200", 0) == 0; }

}  // namespace

// Twelve clients that send a header line every 200 ms never finish a request: each is cut off
// once its header time is up, and a normal request is answered all the while.
TEST_F(Site, SlowHeadersAreCutOffAndStarveNoOne) {
  Server server = startServer("--port 0 --header-timeout 1 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  constexpr int kSlow = 12;
  std::atomic<int> cutOff{0};
  std::vector<std::thread> slow;
  for (int i = 0; i < kSlow; ++i)
    slow.emplace_back([&] {
      const int fd = connectFrom(port);
      if (fd < 0) return;
      sendAll(fd, "GET / HTTP/1.1\r\nHost: x\r\n");
      for (int line = 0; line < 100; ++line) {  // 20 s at most; the server cuts at 1 s
        if (!sendAll(fd, "X-Slow: " + std::to_string(line) + "\r\n")) break;
        bool closed = false;
        readUntilClosed(fd, 0.2, &closed);
        if (closed) {
          ++cutOff;
          break;
        }
      }
      close(fd);
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the slow ones are in
  const std::string page = rawGet(port, "/", "127.0.0.2");
  EXPECT_TRUE(answered200(page)) << page.substr(0, 80);
  for (auto& thread : slow) thread.join();
  EXPECT_EQ(cutOff.load(), kSlow);
  stopServer(server);
}

// A flood of idle connections from one address holds at most --max-per-client of them; the
// rest are refused at once, and another client is served meanwhile.
TEST_F(Site, ConnectionFloodIsRefusedNotQueued) {
  Server server = startServer("--port 0 --header-timeout 60 --idle-timeout 60 --max-connections 8 --max-per-client 4 --dir '" +
                              root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  std::vector<int> flood;
  for (int i = 0; i < 40; ++i) flood.push_back(connectFrom(port));
  int refused = 0, held = 0;
  for (const int fd : flood) {
    ASSERT_GE(fd, 0);
    bool closed = false;
    const std::string answer = readUntilClosed(fd, 0.5, &closed);
    if (closed) {
      ++refused;
      if (!answer.empty()) EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0u) << answer;
    } else {
      ++held;
    }
  }
  EXPECT_LE(held, 4);
  EXPECT_GE(refused, 36);
  const std::string page = rawGet(port, "/", "127.0.0.2");
  EXPECT_TRUE(answered200(page)) << page.substr(0, 80);
  for (const int fd : flood) close(fd);
  // Once the flood is gone its address is served again (its slots are given back).
  std::string again;
  for (int attempt = 0; attempt < 100 && !answered200(again); ++attempt) {
    again = rawGet(port, "/");
    if (!answered200(again)) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(answered200(again)) << again.substr(0, 80);
  stopServer(server);
}

// Heads that never end, huge request lines and announced bodies are not read into memory:
// each connection is closed (or answered) after a bounded number of bytes.
TEST_F(Site, HugeHeadsAndBodiesAreNotHeld) {
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  const long before = residentKiB(server.pid);
  // Each abuser sends 32 MB: a header line that never ends, a request line that never ends,
  // or a request line followed by header lines without end.
  const std::string megabyte(1 << 20, 'a');
  std::string headers;
  while (headers.size() < megabyte.size()) headers += "X-Many: " + std::string(1000, 'h') + "\r\n";
  struct Abuse {
    std::string start, chunk;
  };
  const std::vector<Abuse> abuses = {
      {"GET / HTTP/1.1\r\nX-Long: ", megabyte}, {"GET /", megabyte}, {"GET / HTTP/1.1\r\n", headers}};
  std::vector<std::thread> senders;
  std::atomic<int> stopped{0};
  for (const Abuse& abuse : abuses)
    for (int copy = 0; copy < 2; ++copy)
      senders.emplace_back([&] {
        const int fd = connectFrom(port);
        timeval wait{10, 0};
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, sizeof wait);
        bool ok = sendAll(fd, abuse.start);
        for (int mb = 0; ok && mb < 32; ++mb) ok = sendAll(fd, abuse.chunk);
        if (!ok) ++stopped;  // the server stopped reading and closed
        close(fd);
      });
  for (auto& thread : senders) thread.join();
  EXPECT_EQ(stopped.load(), 6);
  const long after = residentKiB(server.pid);
  EXPECT_LT(after - before, 32 * 1024) << "KiB before " << before << ", after " << after;

  // A body is refused before it is sent: the answer comes without it.
  const int fd = connectFrom(port);
  sendAll(fd, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n");
  bool closed = false;
  const std::string answer = readUntilClosed(fd, 20, &closed);
  close(fd);
  EXPECT_EQ(answer.rfind("HTTP/1.1 405", 0), 0u) << answer.substr(0, 80);
  EXPECT_TRUE(closed);
  const std::string page = rawGet(port, "/", "127.0.0.2");
  EXPECT_TRUE(answered200(page)) << page.substr(0, 80);
  stopServer(server);
}
