#include "support/interrupt.hpp"

#include <csignal>

namespace flocklab::cli {
namespace {
volatile std::sig_atomic_t stopRequested = 0;
extern "C" void onSignal(int) { stopRequested = 1; }
}  // namespace

void catchInterrupts() {
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
}

bool interrupted() { return stopRequested != 0; }

}  // namespace flocklab::cli
