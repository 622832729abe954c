// Connections and threads. Each admitted connection gets a thread of its own at once, from a
// pool that grows up to maxConnections and never queues. A connection counts as idle while it
// waits for a request of which no byte has come (a fresh connection or a keep-alive one between
// requests), and as stalled while its answer waits for the client to read, with nothing read
// for stallTimeout. When a limit is full, a new connection takes the place of the connection
// idle the longest, or failing that stalled the longest (among all of them for maxConnections,
// its own address's for maxPerClient), which is closed at once: idle connections cost their
// clients nothing to hold (a browser reconnects), and a client that does not read its answer
// has no use for its place; either would otherwise hold the server full for idleTimeout or
// sendTimeout (sixteen readers that never read used to lock their address out for 60 s). Only
// when every connection in the way is mid-request and moving is the new one refused (a short
// 503, then close), by the accepting thread itself when no thread is free. So a flood holds
// at most maxConnections threads, a connection that is mid-request and reading is never
// dropped for another, and one address holds at most maxPerClient of them; each thread is held
// at most idleTimeout + headerTimeout + kLinger before its request is whole, and while
// answering, about two sendWindows once its client stops reading (the send floor of
// deadline_stream.hpp); memory per connection is a fixed read buffer plus at most
// maxHeadBytes of head.
#include "serve/guarded_server.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "serve/deadline_stream.hpp"
#include "serve/request_head.hpp"

namespace flocklab::cli {

using Clock = DeadlineStream::Clock;

/// One connection being served. Guarded by Connections' mutex.
struct ConnectionEntry {
  socket_t sock;
  std::string client;
  const DeadlineStream* stream;  // its stream, for when its answer stalled; outlives the entry
  std::uint64_t idleSince = 0;   // 0 while busy; else when it went idle, in Connections' ticks
  bool evicted = false;          // closed to make room: its thread returns as soon as it sees it
};

/// The connections being served, by client address, and which of them are idle or stalled.
class Connections {
 public:
  explicit Connections(std::chrono::milliseconds stallTimeout) : stallTimeout_(stallTimeout) {}

  /// Registers `sock` from `client`, read and written through `stream`, evicting one of the
  /// client's connections (idle or stalled, as makeRoom) if it already has `limit`; nullptr
  /// when it has `limit` and none of them can give way.
  ConnectionEntry* admit(socket_t sock, std::string client, const DeadlineStream& stream, int limit) {
    std::lock_guard<std::mutex> lock(mutex_);
    int open = 0;
    for (const ConnectionEntry& entry : entries_)
      if (!entry.evicted && entry.client == client) ++open;
    if (open >= limit && !makeRoom(&client)) return nullptr;
    entries_.push_back(ConnectionEntry{sock, std::move(client), &stream});
    return &entries_.back();
  }

  /// Forgets `entry`; its socket is closed only after this, so evict() never reaches a reused one.
  void release(ConnectionEntry* entry) {
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.remove_if([entry](const ConnectionEntry& e) { return &e == entry; });
  }

  /// Marks `entry` idle or busy; false when it was evicted meanwhile (then it must close).
  bool setIdle(ConnectionEntry& entry, bool idle) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (entry.evicted) return false;
    entry.idleSince = idle ? ++ticks_ : 0;
    return true;
  }

  /// Evicts one connection of any client, as makeRoom; false when none can give way.
  bool evictOne() {
    std::lock_guard<std::mutex> lock(mutex_);
    return makeRoom(nullptr);
  }

 private:
  // Evicts the connection (of `client`, or of any client for nullptr) idle the longest, or
  // when none is idle the one whose answer has stalled the longest, stallTimeout or more;
  // false when there is neither. With mutex_ held.
  bool makeRoom(const std::string* client) {
    ConnectionEntry *idle = nullptr, *stalled = nullptr;
    std::optional<Clock::time_point> stalledAt;
    const auto stalledBy = Clock::now() - stallTimeout_;
    for (ConnectionEntry& entry : entries_) {
      if (entry.evicted || (client && entry.client != *client)) continue;
      if (entry.idleSince != 0) {
        if (!idle || entry.idleSince < idle->idleSince) idle = &entry;
      } else if (const auto since = entry.stream->stalledSince(); since && *since <= stalledBy) {
        if (!stalled || *since < *stalledAt) stalled = &entry, stalledAt = since;
      }
    }
    ConnectionEntry* victim = idle ? idle : stalled;
    if (victim) evict(*victim);
    return victim != nullptr;
  }

  // Shutting the socket down wakes its thread's poll() at once (the peer sees the close).
  static void evict(ConnectionEntry& entry) {
    entry.evicted = true;
    entry.idleSince = 0;
    shutdown(entry.sock, SHUT_RDWR);
  }

  std::mutex mutex_;
  const std::chrono::milliseconds stallTimeout_;
  std::list<ConnectionEntry> entries_;  // a list: entries stay put while others come and go
  std::uint64_t ticks_ = 0;
};

namespace {

// After a refusal: how long, and how many bytes, the server reads on so that closing does not
// reset the connection before the client has read the answer.
constexpr std::chrono::milliseconds kLinger{1000};
constexpr std::size_t kLingerBytes = 256 * 1024;

// Set on the accepting thread while it runs a connection it could not hand to a worker.
thread_local bool tRefuseConnection = false;

// A pool of up to `limit` threads that runs each task at once or not at all. When every thread
// is taken it asks `evictIdle` to free one held by an idle (or stalled) connection, and waits
// for it.
class ImmediatePool : public httplib::TaskQueue {
 public:
  ImmediatePool(int limit, std::function<bool()> evictIdle)
      : limit_(static_cast<std::size_t>(limit)), evictIdle_(std::move(evictIdle)) {}
  ~ImmediatePool() override { shutdown(); }

  void enqueue(std::function<void()> task) override {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!stopping_ && !hasRoom()) {
      lock.unlock();
      const bool evicted = evictIdle_();
      lock.lock();
      // The evicted connection's thread is back within microseconds; the bound is a safeguard.
      if (evicted) freed_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_ || hasRoom(); });
    }
    if (!stopping_ && (tasks_.size() < idle_ || startThread())) {
      tasks_.push_back(std::move(task));
      wake_.notify_one();
      return;
    }
    lock.unlock();
    tRefuseConnection = true;  // the task sees this and refuses its connection
    task();
    tRefuseConnection = false;
  }

  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    freed_.notify_all();
    for (auto& thread : threads_)
      if (thread.joinable()) thread.join();
  }

 private:
  bool hasRoom() const { return tasks_.size() < idle_ || threads_.size() < limit_; }  // with mutex_ held

  bool startThread() {  // with mutex_ held
    if (threads_.size() >= limit_) return false;
    try {
      threads_.emplace_back([this] { work(); });
    } catch (const std::system_error&) {
      return false;
    }
    return true;
  }

  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      ++idle_;
      freed_.notify_all();
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      --idle_;
      if (tasks_.empty()) return;  // stopping, nothing left
      std::function<void()> task = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      task();
      lock.lock();
    }
  }

  const std::size_t limit_;
  const std::function<bool()> evictIdle_;
  std::mutex mutex_;
  std::condition_variable wake_, freed_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t idle_ = 0;
  bool stopping_ = false;
};

// Tells a connection it will not be served, without waiting on it: what the client already
// sent is drained first so that closing does not reset the connection before it reads the 503.
void refuse(socket_t sock) {
  static const char kBusy[] =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\nConnection: close\r\n\r\n";
  char sink[4096];
  while (recv(sock, sink, sizeof sink, MSG_DONTWAIT) > 0) {
  }
  send(sock, kBusy, sizeof kBusy - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
  shutdown(sock, SHUT_WR);
}

// Answers a refused head with `status` and ends the connection: the answer, then our side
// closed (the client reads it to the end at once), then a bounded read of whatever the client
// still sends, so that closing with unread bytes does not reset the answer away.
void refuseRequest(DeadlineStream& stream, int status, bool head) {
  const std::string reason = reasonPhrase(status);
  const std::string body = std::to_string(status) + " " + reason + "\n";
  std::string response =
      "HTTP/1.1 " + std::to_string(status) + " " + reason +
      "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " + std::to_string(body.size()) + "\r\n" +
      (status == 405 ? "Allow: GET, HEAD\r\n" : "") + "Connection: close\r\n\r\n" + (head ? "" : body);
  for (std::size_t at = 0; at < response.size();) {
    const ssize_t n = stream.write(response.data() + at, response.size() - at);
    if (n < 0) return;
    at += static_cast<std::size_t>(n);
  }
  shutdown(stream.socket(), SHUT_WR);
  const auto until = Clock::now() + kLinger;
  char sink[4096];
  for (std::size_t drained = 0; drained < kLingerBytes;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    pollfd fd{stream.socket(), POLLIN, 0};
    if (left <= 0 || poll(&fd, 1, static_cast<int>(left)) <= 0) return;
    const ssize_t n = recv(stream.socket(), sink, sizeof sink, MSG_DONTWAIT);
    if (n <= 0) return;
    drained += static_cast<std::size_t>(n);
  }
}

}  // namespace

GuardedServer::GuardedServer(const ServerLimits& limits)
    : limits_(limits), connections_(std::make_unique<Connections>(limits.stallTimeout)) {
  new_task_queue = [this] {
    return new ImmediatePool(limits_.maxConnections, [this] { return connections_->evictOne(); });
  };
  set_keep_alive_timeout(std::chrono::duration_cast<std::chrono::seconds>(limits_.idleTimeout).count());
  set_keep_alive_max_count(static_cast<std::size_t>(limits_.maxRequestsPerConnection));
  set_payload_max_length(0);  // no body ever passes the head check; none is read either way
}

GuardedServer::~GuardedServer() = default;

bool GuardedServer::listenAfterBind() {
  // On a socket that already listens, listen() only changes the queue's length.
  if (svr_sock_ != INVALID_SOCKET) ::listen(svr_sock_, SOMAXCONN);
  return listen_after_bind();
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  // The stream outlives the entry that points to it (Release below ends first).
  DeadlineStream stream(sock);
  const std::size_t floor = static_cast<std::size_t>(static_cast<double>(limits_.minSendRate) *
                                                     std::chrono::duration<double>(limits_.sendWindow).count());
  stream.setSendFloor(limits_.sendWindow, floor);
  ConnectionEntry* entry =
      tRefuseConnection ? nullptr : connections_->admit(sock, peerAddress(sock), stream, limits_.maxPerClient);
  if (entry) {
    struct Release {
      Connections& connections;
      ConnectionEntry* entry;
      ~Release() { connections.release(entry); }
    } release{*connections_, entry};
    serveConnection(stream, *entry);
  } else {
    refuse(sock);
  }
  shutdown(sock, SHUT_RDWR);
  close(sock);
  return true;
}

void GuardedServer::serveConnection(DeadlineStream& stream, ConnectionEntry& entry) {
  for (int served = 0; served < limits_.maxRequestsPerConnection && is_running(); ++served) {
    if (!stream.requestStarted()) {
      if (!connections_->setIdle(entry, true)) return;
      const bool ready = stream.waitForRequest(Clock::now() + limits_.idleTimeout);
      if (!connections_->setIdle(entry, false) || !ready) return;  // evicted, idle too long, or closed
    }
    const auto start = Clock::now();
    const auto headBy = start + limits_.headerTimeout;
    // The stream reads a buffer at a time, so it may hold a pipelined request's first bytes.
    stream.beginRequest(headBy, limits_.maxHeadBytes + 4096, start + limits_.sendTimeout);
    RequestHead head(limits_.maxHeadBytes);
    int verdict = -1;
    while (verdict < 0) {
      char byte;
      if (stream.read(&byte, 1) != 1) {
        if (!stream.cutOff()) return;  // the client closed or failed mid-head: no one to answer
        verdict = Clock::now() >= headBy ? 408 : 431;
        break;
      }
      verdict = head.add(byte);
    }
    if (verdict != 0) return refuseRequest(stream, verdict, head.isHead());
    // httplib reads exactly the checked head: a GET or HEAD without a body, so whatever follows
    // it on the connection is the next request.
    stream.replay(head.text());
    bool closed = false;
    const bool last = served + 1 == limits_.maxRequestsPerConnection;
    const bool ok = process_request(stream, last, closed, [](httplib::Request& request) {
      request.ranges.clear();  // handlers honour one range at most themselves
      // No body will be read, so there is nothing to continue: the final status comes directly.
      request.headers.erase("Expect");
    });
    if (!ok || closed || stream.cutOff()) return;
  }
}

}  // namespace flocklab::cli
