#pragma once
// The limits of flocklab's HTTP server (guarded_server.hpp), apart from httplib so that the
// command can check them without loading the server.
#include <chrono>
#include <cstddef>

namespace flocklab::cli {

/// Bounds on what one client, and all of them together, can make the server hold.
struct ServerLimits {
  /// A request's line and headers must all arrive within this, however slowly they trickle.
  std::chrono::milliseconds headerTimeout{5000};
  /// How long an open connection may wait, idle, for its (next) request.
  std::chrono::milliseconds idleTimeout{5000};
  /// How long sending one response may take in all (a client that stops reading is dropped).
  std::chrono::milliseconds sendTimeout{60000};
  /// The slowest a response may go: each sendWindow of sending it must move at least
  /// minSendRate bytes a second, or the connection is closed, so a client that stops reading
  /// holds its thread for about two windows, not sendTimeout. 0 turns the floor off.
  std::chrono::milliseconds sendWindow{5000};
  std::size_t minSendRate = 8 * 1024;
  /// A response whose client has read nothing for this long gives way, as an idle connection
  /// does, to a new connection that finds a limit full.
  std::chrono::milliseconds stallTimeout{1000};
  /// Bytes of request line and headers together; more is answered 431 and closes the connection.
  std::size_t maxHeadBytes = 64 * 1024;
  /// Connections served at once, each on its own thread. A new one takes the place of the
  /// connection idle the longest (or, when none is idle, of the one whose client has read
  /// nothing the longest, past stallTimeout); when there is neither it is refused with 503.
  int maxConnections = 64;
  /// Connections served at once for one client address; beyond it as for maxConnections, among
  /// that address's own connections.
  int maxPerClient = 16;
  /// Requests on one keep-alive connection before it is closed.
  int maxRequestsPerConnection = 100;
};

}  // namespace flocklab::cli
