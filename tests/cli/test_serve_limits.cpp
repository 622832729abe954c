// `flocklab serve` under abuse, against 127.0.0.1: clients that trickle their headers, floods of
// idle connections, clients that never read their answers, heads and bodies too large to hold. Each test checks that
// the abusers are cut off and that a normal request is still answered meanwhile. Limits are shortened with the hidden
// options so that every test takes seconds; waits are generous bounds, not timings.
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

// A client from 127.0.0.1 with a 2 KB receive buffer that asks for `path` and never reads the
// answer; -1 when it cannot connect.
int slowReader(int port, const std::string& path) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  int bytes = 2048;  // before connecting, so that the window offered is small from the start
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof bytes);
  sockaddr_in remote{};
  remote.sin_family = AF_INET;
  remote.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
  if (connect(fd, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0) {
    close(fd);
    return -1;
  }
  sendAll(fd, "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  return fd;
}

}  // namespace

// Sixteen clients from 127.0.0.1 ask for an 8 MB file and never read it, which fills the
// address's limit (16) with answers that cannot move. Once they have read nothing for a second
// they are stalled, and a new client from the same address takes the place of one of them: it
// is answered 200 at once, three times over. The server used to answer 503 to everyone from
// 127.0.0.1 for the whole send timeout (60 s).
TEST_F(Site, SlowReadersGiveWayToNewClients) {
  write("site/big.wasm", std::string(8 << 20, 'w'));
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");  // the default limits
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  std::vector<int> slow;
  for (int i = 0; i < 16; ++i) slow.push_back(slowReader(port, "/big.wasm"));
  for (const int fd : slow) ASSERT_GE(fd, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // each answer is stalled by now
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const std::string page = rawGet(port, "/", "127.0.0.1", 10);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(answered200(page)) << i << ": " << page.substr(0, 80);
    EXPECT_LT(seconds, 5.0) << i;  // generous: the answer takes milliseconds; the send timeout is 60 s
  }
  for (const int fd : slow) close(fd);
  stopServer(server);
}

// An answer must keep moving: with --send-window 1, a client that stops reading is cut off once
// a window of sending moves less than the floor (8 KiB a second), after about two windows, not
// the 60 s send timeout; it then finds far less than the file. A client that reads gets it whole.
TEST_F(Site, ReadersBelowTheMinimumRateAreCutOff) {
  const std::size_t size = 8 << 20;
  write("site/big.wasm", std::string(size, 'w'));
  Server server = startServer("--port 0 --send-window 1 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  std::vector<int> slow;
  for (int i = 0; i < 4; ++i) slow.push_back(slowReader(port, "/big.wasm"));
  for (const int fd : slow) ASSERT_GE(fd, 0);
  std::this_thread::sleep_for(std::chrono::seconds(5));  // two windows and more
  for (const int fd : slow) {
    bool closed = false;
    const std::string got = readUntilClosed(fd, 20, &closed);
    close(fd);
    EXPECT_TRUE(closed);
    EXPECT_EQ(got.rfind("HTTP/1.1 200", 0), 0u) << got.substr(0, 80);
    EXPECT_LT(got.size(), size / 2) << "the server sent the whole answer to a client that did not read";
  }
  const std::string whole = rawGet(port, "/big.wasm", "127.0.0.2");
  EXPECT_TRUE(answered200(whole)) << whole.substr(0, 80);
  EXPECT_GT(whole.size(), size);
  stopServer(server);
}

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

// A flood of connections from one address, each mid-request (a request line, no end of head),
// holds at most --max-per-client of them; the rest are refused at once with 503, and another
// client is served meanwhile.
TEST_F(Site, ConnectionFloodIsRefusedNotQueued) {
  Server server =
      startServer("--port 0 --header-timeout 60 --idle-timeout 60 --max-connections 8 --max-per-client 4 --dir '" +
                  root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  std::vector<int> flood;
  for (int i = 0; i < 40; ++i) {
    flood.push_back(connectFrom(port));
    sendAll(flood.back(), "GET / HTTP/1.1\r\n");
  }
  int refused = 0, held = 0;
  for (const int fd : flood) {
    ASSERT_GE(fd, 0);
    bool closed = false;
    const std::string answer = readUntilClosed(fd, 0.5, &closed);
    if (closed) {
      ++refused;
      EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0u) << answer;
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

// 64 connections that send nothing, 16 from each of four addresses, fill the default limits
// (64 in all, 16 an address) for as long as their idle time allows (60 s here). A new client,
// from a fifth address or from one of theirs, takes an idle one's place and is answered at
// once; the server used to refuse everyone else with 503 until the idle ones timed out.
TEST_F(Site, IdleConnectionsGiveWayToNewClients) {
  Server server = startServer("--port 0 --header-timeout 60 --idle-timeout 60 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  const char* kIdle[] = {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"};
  std::vector<int> idle;
  for (const char* from : kIdle)
    for (int i = 0; i < 16; ++i) idle.push_back(connectFrom(port, from));
  for (const int fd : idle) ASSERT_GE(fd, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // every one of them is admitted
  for (const char* from : {"127.0.0.1", "127.0.0.6", "127.0.0.2"}) {
    const auto start = std::chrono::steady_clock::now();
    const std::string page = rawGet(port, "/", from, 5);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(answered200(page)) << from << ": " << page.substr(0, 80);
    EXPECT_LT(seconds, 2.0) << from;  // generous: the answer takes milliseconds
  }
  // The ones that gave way were closed, not left hanging; the rest are still open.
  int closed = 0;
  for (const int fd : idle) {
    char byte;
    if (recv(fd, &byte, 1, MSG_DONTWAIT) == 0) ++closed;
    close(fd);
  }
  EXPECT_GE(closed, 1);
  EXPECT_LE(closed, 3);
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

// Requests whose framing could hide a second request, or that are malformed, are answered with
// one status and the connection is closed: what follows them is never read as a request. Each
// probe below used to be answered and then have its "body" (or its next line) served as another
// request, or, for the long URL, the connection closed without an answer.
TEST_F(Site, MalformedOrAmbiguousRequestsAreRefusedAndClosed) {
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  const std::string next = "GET /sub/ HTTP/1.1\r\nHost: x\r\n\r\n";  // would be served as a second request
  const std::string length = std::to_string(next.size());
  struct Probe {
    const char* name;
    std::string request;
    const char* status;
  };
  const std::vector<Probe> probes = {
      {"two Content-Lengths",
       "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: " + length + "\r\n\r\n" + next,
       "HTTP/1.1 400 Bad Request"},
      {"space before the colon of Content-Length",
       "GET / HTTP/1.1\r\nHost: x\r\nContent-Length : " + length + "\r\n\r\n" + next, "HTTP/1.1 400 Bad Request"},
      {"space before the colon of Transfer-Encoding",
       "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n" + next, "HTTP/1.1 400 Bad Request"},
      {"a lowercase method", "get /x HTTP/1.1\r\nHost: x\r\n\r\n" + next, "HTTP/1.1 400 Bad Request"},
      {"a space in the path", "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n" + next, "HTTP/1.1 400 Bad Request"},
      {"a bare LF", "GET / HTTP/1.1\nHost: x\n\n" + next, "HTTP/1.1 400 Bad Request"},
      {"a 70,000-character URL", "GET /" + std::string(70000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n" + next,
       "HTTP/1.1 414 URI Too Long"},
      {"Expect: 100-continue with a body",
       "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + "\r\nExpect: 100-continue\r\n\r\n",
       "HTTP/1.1 413 Content Too Large"},
      {"a chunked body", "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + next,
       "HTTP/1.1 413 Content Too Large"},
  };
  for (const Probe& probe : probes) {
    const Exchange answer = exchange(port, probe.request);
    EXPECT_EQ(statusLines(answer.text), std::vector<std::string>{probe.status})
        << probe.name << ": " << answer.text.substr(0, 200);
    EXPECT_NE(answer.text.find("Connection: close\r\n"), std::string::npos) << probe.name;
    EXPECT_TRUE(answer.closed) << probe.name;  // recv returned 0: nothing more will be read
  }
  const std::string page = rawGet(port, "/", "127.0.0.2");
  EXPECT_TRUE(answered200(page)) << page.substr(0, 80);
  stopServer(server);
}

// Expect: 100-continue never gets 100 Continue: a GET has no body to wait for, so the final
// answer comes at once. Valid pipelined requests are all answered, in order, on one connection.
TEST_F(Site, NoInterimAnswersAndPipelinesStillWork) {
  Server server = startServer("--port 0 --dir '" + root_.string() + "'");
  const int port = portOf(server.line);
  ASSERT_GT(port, 0) << server.line;
  const Exchange expect =
      exchange(port, "GET /sub/ HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(statusLines(expect.text), std::vector<std::string>{"HTTP/1.1 200 OK"}) << expect.text.substr(0, 200);
  EXPECT_TRUE(expect.closed);
  const Exchange pipelined = exchange(port, "GET /sub/ HTTP/1.1\r\nHost: x\r\n\r\n"
                                            "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"
                                            "GET /missing HTTP/1.1\r\nHost: x\r\n\r\n"
                                            "GET /sub/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const std::vector<std::string> expected = {"HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found",
                                             "HTTP/1.1 200 OK"};
  EXPECT_EQ(statusLines(pipelined.text), expected) << pipelined.text;
  EXPECT_TRUE(pipelined.closed);
  stopServer(server);
}
