// Every wait is a poll() bounded by the request's deadline, so no call blocks past it; the
// socket's own timeouts are not relied on. Writes use MSG_NOSIGNAL: a client that hangs up
// must not kill the server with SIGPIPE. The send floor is checked whenever a write begins or
// waits past the end of a window: a window that moved less than the floor fails the write.
// Bytes count when the socket takes them, so the system's send buffer makes a stalled client's
// first window look busy; the next one moves nothing, and the client is dropped within two.
// A write that waits looks every kStallSlice at the bytes the client has not yet taken
// (SIOCOUTQ): while they shrink, the client reads, slowly, and is not stalled; the system
// only wakes a writer once much of a large send buffer is free, which may take seconds.
#include "serve/deadline_stream.hpp"

#include <arpa/inet.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace flocklab::cli {

namespace {

constexpr std::chrono::milliseconds kStallSlice{250};

// Bytes written to `sock` that its peer has not acknowledged yet; -1 when unknown.
int unacknowledged(socket_t sock) {
  int bytes = 0;
  return ioctl(sock, SIOCOUTQ, &bytes) == 0 ? bytes : -1;
}

void ipAndPort(const sockaddr_storage& address, std::string& ip, int& port) {
  char text[INET6_ADDRSTRLEN] = {};
  if (address.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address);
    inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    port = ntohs(v4.sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address);
    inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
    port = ntohs(v6.sin6_port);
  }
  ip = text;
}

}  // namespace

DeadlineStream::DeadlineStream(socket_t sock) : sock_(sock) {}

void DeadlineStream::beginRequest(Clock::time_point readBy, std::size_t readBytes, Clock::time_point writeBy) {
  readBy_ = readBy;
  readBudget_ = readBytes;
  writeBy_ = writeBy;
  cutOff_ = false;
  sent_ = 0;
  windowStart_ = {};
  stalledSince_ = 0;
}

void DeadlineStream::setSendFloor(std::chrono::milliseconds window, std::size_t bytes) {
  sendWindow_ = window;
  windowBytes_ = bytes;
}

std::optional<DeadlineStream::Clock::time_point> DeadlineStream::stalledSince() const {
  const Clock::rep since = stalledSince_.load(std::memory_order_relaxed);
  if (since == 0) return std::nullopt;
  return Clock::time_point(Clock::duration(since));
}

bool DeadlineStream::waitWritable() const {
  const bool floor = windowBytes_ > 0 && sendWindow_.count() > 0;
  for (;;) {
    const auto now = Clock::now();
    if (windowStart_ == Clock::time_point{}) {
      windowStart_ = now;
      windowSent_ = sent_;
    } else if (floor && now >= windowStart_ + sendWindow_) {
      if (sent_ - windowSent_ < windowBytes_) return false;
      windowStart_ = now;
      windowSent_ = sent_;
    }
    pollfd fd{sock_, POLLOUT, 0};
    if (poll(&fd, 1, 0) > 0) {
      stalledSince_ = 0;
      return (fd.revents & (POLLOUT | POLLHUP | POLLERR)) != 0;
    }
    if (stalledSince_.load(std::memory_order_relaxed) == 0) {
      stalledSince_.store(now.time_since_epoch().count(), std::memory_order_relaxed);
      queued_ = unacknowledged(sock_);
    }
    const Clock::time_point until = floor ? std::min(writeBy_, windowStart_ + sendWindow_) : writeBy_;
    for (;;) {
      if (wait(POLLOUT, std::min(until, Clock::now() + kStallSlice))) {
        stalledSince_ = 0;
        return true;
      }
      const auto at = Clock::now();
      if (at >= until) break;
      const int queued = unacknowledged(sock_);
      if (queued < queued_) stalledSince_.store(at.time_since_epoch().count(), std::memory_order_relaxed);
      queued_ = queued;
    }
    if (Clock::now() >= writeBy_) return false;
    // Else the window ended: the loop checks what it moved.
  }
}

bool DeadlineStream::wait(short events, Clock::time_point until) const {
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0) return false;
    pollfd fd{sock_, events, 0};
    const int ready = poll(&fd, 1, static_cast<int>(std::min<long long>(left, 1000 * 60)));
    if (ready > 0) return (fd.revents & (events | POLLHUP | POLLERR)) != 0;
    if (ready < 0 && errno != EINTR) return false;
  }
}

bool DeadlineStream::waitForRequest(Clock::time_point until) {
  if (bufferAt_ < bufferEnd_) return true;
  if (!wait(POLLIN, until)) return false;
  char byte;
  return recv(sock_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

bool DeadlineStream::requestStarted() const {
  char byte;
  return bufferAt_ < bufferEnd_ || recv(sock_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

void DeadlineStream::replay(std::string bytes) {
  replay_ = std::move(bytes);
  replayAt_ = 0;
}

bool DeadlineStream::is_readable() const {
  return replayAt_ < replay_.size() || bufferAt_ < bufferEnd_ || wait(POLLIN, readBy_);
}

bool DeadlineStream::is_writable() const { return waitWritable(); }

ssize_t DeadlineStream::read(char* ptr, size_t size) {
  if (replayAt_ < replay_.size()) {
    const std::size_t n = std::min(size, replay_.size() - replayAt_);
    std::memcpy(ptr, replay_.data() + replayAt_, n);
    replayAt_ += n;
    return static_cast<ssize_t>(n);
  }
  if (bufferAt_ == bufferEnd_) {
    if (readBudget_ == 0 || !wait(POLLIN, readBy_)) {
      cutOff_ = true;
      return -1;
    }
    const ssize_t n = recv(sock_, buffer_.data(), std::min(buffer_.size(), readBudget_), MSG_DONTWAIT);
    if (n <= 0) return n == 0 ? 0 : -1;
    readBudget_ -= static_cast<std::size_t>(n);
    bufferAt_ = 0;
    bufferEnd_ = static_cast<std::size_t>(n);
  }
  const std::size_t n = std::min(size, bufferEnd_ - bufferAt_);
  std::memcpy(ptr, buffer_.data() + bufferAt_, n);
  bufferAt_ += n;
  return static_cast<ssize_t>(n);
}

ssize_t DeadlineStream::write(const char* ptr, size_t size) {
  if (!waitWritable()) return -1;
  const ssize_t n = send(sock_, ptr, size, MSG_NOSIGNAL | MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return 0;
  if (n > 0) sent_ += static_cast<std::size_t>(n);
  return n;
}

void DeadlineStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (getpeername(sock_, reinterpret_cast<sockaddr*>(&address), &length) == 0) ipAndPort(address, ip, port);
}

void DeadlineStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (getsockname(sock_, reinterpret_cast<sockaddr*>(&address), &length) == 0) ipAndPort(address, ip, port);
}

std::string peerAddress(socket_t sock) {
  std::string ip;
  int port = 0;
  DeadlineStream(sock).get_remote_ip_and_port(ip, port);
  return ip;
}

}  // namespace flocklab::cli
