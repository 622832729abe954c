#pragma once
// An HTTP server that holds under abuse. httplib's own connection loop trusts its clients: a
// client that sends a header line every few seconds keeps a worker for ever (its timeout is per
// read), a header line without an end grows without bound, a request body is read into memory
// whatever its size, a Range header may list thousands of ranges, and connections wait in an
// unbounded queue for a small pool. GuardedServer replaces that loop and keeps every one of
// these within the limits below; what it cannot admit it refuses at once (503) rather than
// queue. Handlers see requests as usual, except that req.ranges is always empty: a handler that
// honours Range reads the header itself (see byte_range.hpp).
#include <httplib.h>

#include "support/server_limits.hpp"

namespace flocklab::cli {

/// httplib::Server with the limits of server_limits.hpp. Only GET and HEAD are served: any other method gets
/// 405 and a request that announces a body gets 413, both without reading the body, and the
/// connection is then closed. Thread-safe as httplib::Server is; set handlers before listening.
class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const ServerLimits& limits);

 private:
  bool process_and_close_socket(socket_t sock) override;
  void serveConnection(socket_t sock);

  ServerLimits limits_;
};

}  // namespace flocklab::cli
