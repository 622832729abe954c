// Connections and threads. Each admitted connection gets a thread of its own at once, from a
// pool that grows up to maxConnections and never queues: when every thread is busy, or a new
// one cannot be started (a process limit), the accepting thread refuses the connection itself
// (a short 503, then close). So a flood of slow or idle connections can hold at most
// maxConnections threads, each for at most idleTimeout + headerTimeout before its request is
// whole, and one client address at most maxPerClient of them; memory per connection is a
// fixed read buffer plus at most maxHeadBytes of request head.
#include "support/guarded_server.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "support/deadline_stream.hpp"

namespace flocklab::cli {

namespace {

using Clock = DeadlineStream::Clock;

// Set on the accepting thread while it runs a connection it could not hand to a worker.
thread_local bool tRefuseConnection = false;

// A pool of up to `limit` threads that runs each task at once or not at all.
class ImmediatePool : public httplib::TaskQueue {
 public:
  explicit ImmediatePool(int limit) : limit_(static_cast<std::size_t>(limit)) {}
  ~ImmediatePool() override { shutdown(); }

  void enqueue(std::function<void()> task) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!stopping_ && (tasks_.size() < idle_ || startThread())) {
        tasks_.push_back(std::move(task));
        wake_.notify_one();
        return;
      }
    }
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
    for (auto& thread : threads_)
      if (thread.joinable()) thread.join();
  }

 private:
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
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  std::size_t idle_ = 0;
  bool stopping_ = false;
};

// Connections open per client address; a Ticket holds one of them.
class ClientCounts {
 public:
  class Ticket {
   public:
    Ticket(ClientCounts& counts, std::string client) : counts_(counts), client_(std::move(client)) {}
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;
    ~Ticket() { counts_.release(client_); }

   private:
    ClientCounts& counts_;
    std::string client_;
  };

  bool admit(const std::string& client, int limit) {
    std::lock_guard<std::mutex> lock(mutex_);
    int& open = open_[client];
    if (open >= limit) {
      if (open == 0) open_.erase(client);
      return false;
    }
    ++open;
    return true;
  }

 private:
  void release(const std::string& client) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (--open_[client] == 0) open_.erase(client);
  }

  std::mutex mutex_;
  std::map<std::string, int> open_;
};

ClientCounts& clientCounts() {
  static ClientCounts counts;
  return counts;
}

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

bool announcesBody(const httplib::Request& request) {
  return request.has_header("Transfer-Encoding") ||
         (request.has_header("Content-Length") && request.get_header_value("Content-Length") != "0");
}

}  // namespace

GuardedServer::GuardedServer(const ServerLimits& limits) : limits_(limits) {
  new_task_queue = [this] { return new ImmediatePool(limits_.maxConnections); };
  set_keep_alive_timeout(std::chrono::duration_cast<std::chrono::seconds>(limits_.idleTimeout).count());
  set_keep_alive_max_count(static_cast<std::size_t>(limits_.maxRequestsPerConnection));
  set_payload_max_length(0);
  set_pre_routing_handler([](const httplib::Request& request, httplib::Response& response) {
    if (request.method != "GET" && request.method != "HEAD") {
      response.status = 405;
      response.set_header("Allow", "GET, HEAD");
    } else if (announcesBody(request)) {
      response.status = 413;
    } else {
      return HandlerResponse::Unhandled;
    }
    response.set_content(std::to_string(response.status) + " refused\n", "text/plain; charset=utf-8");
    return HandlerResponse::Handled;
  });
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  const std::string client = tRefuseConnection ? "" : peerAddress(sock);
  if (!tRefuseConnection && clientCounts().admit(client, limits_.maxPerClient)) {
    ClientCounts::Ticket ticket(clientCounts(), client);
    serveConnection(sock);
  } else {
    refuse(sock);
  }
  shutdown(sock, SHUT_RDWR);
  close(sock);
  return true;
}

void GuardedServer::serveConnection(socket_t sock) {
  DeadlineStream stream(sock);
  for (int served = 0; served < limits_.maxRequestsPerConnection && is_running(); ++served) {
    if (!stream.waitForRequest(Clock::now() + limits_.idleTimeout)) return;
    const auto start = Clock::now();
    stream.beginRequest(start + limits_.headerTimeout, limits_.maxHeadBytes, start + limits_.sendTimeout);
    bool closeAfter = false;
    bool closed = false;
    const bool last = served + 1 == limits_.maxRequestsPerConnection;
    const bool ok = process_request(stream, last, closed, [&closeAfter](httplib::Request& request) {
      request.ranges.clear();  // handlers honour one range at most themselves
      if ((request.method != "GET" && request.method != "HEAD") || announcesBody(request)) {
        closeAfter = true;  // its body is never read, so nothing after it can be parsed
        request.set_header("Connection", "close");
      }
    });
    // A request cut off (too slow, too long) was answered 400; what follows it is not a request.
    if (!ok || closed || closeAfter || stream.cutOff()) return;
  }
}

}  // namespace flocklab::cli
