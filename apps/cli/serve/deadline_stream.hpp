#pragma once
// An httplib::Stream over a connected socket whose reads and writes stop at a deadline for the
// whole request, not at a timeout per call, and whose reads stop after a byte budget. httplib
// reads a request a byte at a time until a line ends, so without these a client could hold a
// thread for ever (a byte every few seconds) or fill memory (a line that never ends).
// GuardedServer reads each request head itself first (request_head.hpp) and hands it back with
// replay(), so that httplib reads the very bytes that were checked.
#include <httplib.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <string>

namespace flocklab::cli {

/// Reads and writes one socket for GuardedServer; one per connection, used by one thread.
class DeadlineStream : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;

  explicit DeadlineStream(socket_t sock);

  /// Starts a request: reads may take `readBytes` bytes until `readBy`, writes last until `writeBy`.
  void beginRequest(Clock::time_point readBy, std::size_t readBytes, Clock::time_point writeBy);
  /// Waits until the next request's first byte is here (true), or `until` passes or the peer
  /// closes (false). Bytes already read ahead count as here.
  bool waitForRequest(Clock::time_point until);
  /// True when a byte of the next request is here already (buffered or waiting in the socket).
  bool requestStarted() const;
  /// Makes the next reads return `bytes` (a head already read and checked) before anything else;
  /// they count against no budget or deadline.
  void replay(std::string bytes);
  /// True once a read of this request failed for its deadline or its byte budget.
  bool cutOff() const { return cutOff_; }

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return sock_; }

 private:
  bool wait(short events, Clock::time_point until) const;

  socket_t sock_;
  Clock::time_point readBy_{}, writeBy_{};
  std::size_t readBudget_ = 0;
  bool cutOff_ = false;
  std::string replay_;
  std::size_t replayAt_ = 0;
  std::array<char, 4096> buffer_{};
  std::size_t bufferAt_ = 0, bufferEnd_ = 0;
};

/// The numeric address of `sock`'s peer ("127.0.0.1", "::1"), or "" when unknown.
std::string peerAddress(socket_t sock);

}  // namespace flocklab::cli
