#pragma once
// An httplib::Stream over a connected socket whose reads and writes stop at a deadline for the
// whole request, not at a timeout per call, and whose reads stop after a byte budget. httplib
// reads a request a byte at a time until a line ends, so without these a client could hold a
// thread for ever (a byte every few seconds) or fill memory (a line that never ends).
// GuardedServer reads each request head itself first (request_head.hpp) and hands it back with
// replay(), so that httplib reads the very bytes that were checked. Writes keep to a floor: a
// response must move at least a number of bytes in each window of sending (setSendFloor), and
// the time since the client last made room for a write is readable from other threads
// (stalledSince), so that a client that stops reading can be told apart and dropped.
#include <httplib.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace flocklab::cli {

/// Reads and writes one socket for GuardedServer; one per connection, used by one thread.
class DeadlineStream : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;

  explicit DeadlineStream(socket_t sock);

  /// Starts a request: reads may take `readBytes` bytes until `readBy`, writes last until `writeBy`.
  void beginRequest(Clock::time_point readBy, std::size_t readBytes, Clock::time_point writeBy);
  /// From a request's first write on, each `window` must move at least `bytes`, or writes fail
  /// (the client reads too slowly, or not at all). `bytes` 0: no floor (the default).
  void setSendFloor(std::chrono::milliseconds window, std::size_t bytes);
  /// (Any thread.) Since when a write has waited for the client to make room with the client
  /// taking no byte (none acknowledged) since; nullopt while no write waits.
  std::optional<Clock::time_point> stalledSince() const;
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
  // Waits until a write can move bytes; false past writeBy_ or below the floor.
  bool waitWritable() const;

  socket_t sock_;
  Clock::time_point readBy_{}, writeBy_{};
  std::chrono::milliseconds sendWindow_{0};
  std::size_t windowBytes_ = 0;                      // the floor: bytes each sendWindow_ must move
  std::size_t sent_ = 0;                             // bytes of this request's answer handed to the socket
  mutable Clock::time_point windowStart_{};          // {} until the request's first write
  mutable std::size_t windowSent_ = 0;               // sent_ when the window began
  mutable std::atomic<Clock::rep> stalledSince_{0};  // 0: no write waits; else since the client took a byte
  mutable int queued_ = 0;                           // bytes the client had not taken, when last looked
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
