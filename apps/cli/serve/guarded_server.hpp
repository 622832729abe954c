#pragma once
// An HTTP server that holds under abuse. httplib's own connection loop trusts its clients: a
// client that sends a header line every few seconds keeps a worker for ever (its timeout is per
// read), a header line without an end grows without bound, a request body is read into memory
// whatever its size, a Range header may list thousands of ranges, connections wait in an
// unbounded queue for a small pool, and a head that is malformed or frames a body ambiguously
// is answered yet the connection read on, so that one request can smuggle another.
// GuardedServer replaces that loop and keeps every one of these within the limits below; what
// it cannot admit it refuses at once (503) rather than queue. Handlers see requests as usual,
// except that req.ranges is always empty: a handler that honours Range reads the header itself
// (see byte_range.hpp).
#include <httplib.h>

#include <memory>

#include "serve/server_limits.hpp"

namespace flocklab::cli {

class Connections;
class DeadlineStream;
struct ConnectionEntry;

/// httplib::Server with the limits of server_limits.hpp. Each request head is read and checked
/// strictly first (request_head.hpp): only a well-formed GET or HEAD without a body reaches the
/// handlers; anything else is answered 400, 405, 408, 413, 414, 431 or 505 without reading a
/// body, and the connection is then closed. Thread-safe as httplib::Server is; set handlers
/// before listening.
class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const ServerLimits& limits);
  ~GuardedServer() override;

  /// listen_after_bind() with the system's longest accept queue instead of httplib's 5, so that
  /// a burst of connections (a page's requests, or a flood) waits to be accepted rather than
  /// having its SYNs dropped and resent a second or more later. Blocks until stop().
  bool listenAfterBind();

 private:
  bool process_and_close_socket(socket_t sock) override;
  void serveConnection(DeadlineStream& stream, ConnectionEntry& entry);

  ServerLimits limits_;
  std::unique_ptr<Connections> connections_;
};

}  // namespace flocklab::cli
