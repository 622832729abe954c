// The signal handler only sets a flag and writes a byte to a pipe (both async-signal-safe);
// the watchdog thread waits on that pipe. If the watchdog cannot start (a process limit), the
// command still stops between its steps. A second signal (one that arrives after the first was
// handled) skips the rest of the grace time.
#include "support/interrupt.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <system_error>
#include <thread>

#include "runs/temporary_files.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

std::atomic<bool> stopRequested{false};  // lock-free, so safe in a handler on any thread
static_assert(std::atomic<bool>::is_always_lock_free);
int wakePipe[2] = {-1, -1};
std::atomic<bool> reported{false};
constexpr int kGraceMilliseconds = 1000;

std::mutex& messageMutex() {
  static auto* m = new std::mutex;  // never destroyed: the watchdog may run during exit
  return *m;
}
std::string& message() {
  static auto* text = new std::string("flocklab: interrupted; no output written");
  return *text;
}

extern "C" void onSignal(int) {
  stopRequested.store(true);
  const int saved = errno;
  if (wakePipe[1] >= 0) [[maybe_unused]]
    ssize_t ignored = write(wakePipe[1], "!", 1);
  errno = saved;
}

void print() {
  std::lock_guard<std::mutex> lock(messageMutex());
  std::fprintf(stderr, "%s%s\n", isatty(STDERR_FILENO) ? "\n" : "", message().c_str());
  std::fflush(stderr);
}

void watch() {
  char byte = 0;
  while (read(wakePipe[0], &byte, 1) < 0 && errno == EINTR) {
  }
  pollfd second{wakePipe[0], POLLIN, 0};
  while (poll(&second, 1, kGraceMilliseconds) < 0 && errno == EINTR) {
  }
  // The command reported the interrupt itself and is on its way out: keep out of its way.
  if (reported.exchange(true)) return;
  removeAllTemporaries();  // also waits for a publish in progress, which then stands
  print();
  _exit(kInterruptExit);
}

}  // namespace

void catchInterrupts() {
  if (wakePipe[0] < 0 && pipe2(wakePipe, O_CLOEXEC | O_NONBLOCK) == 0) {
    fcntl(wakePipe[0], F_SETFL, 0);  // the watchdog's end blocks; the handler's never does
    try {
      std::thread(watch).detach();
    } catch (const std::system_error&) {
      // No thread to spare: interrupts are still answered between steps.
    }
  }
  // SA_RESTART: a blocking call (opening a FIFO no one reads yet) goes on waiting, and the
  // watchdog answers the interrupt. A signal the shell set to be ignored (a background job)
  // stays ignored.
  struct sigaction action {};
  action.sa_handler = onSignal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  for (const int signal : {SIGINT, SIGTERM}) {
    struct sigaction old {};
    if (sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
}

bool interrupted() { return stopRequested.load(); }

void setInterruptMessage(const std::string& text) {
  std::lock_guard<std::mutex> lock(messageMutex());
  message() = text;
}

int reportInterrupted() {
  if (!reported.exchange(true)) {
    print();
  } else {
    // The watchdog took over: let it finish its line and exit, rather than exit without one.
    for (;;) pause();
  }
  return kInterruptExit;
}

}  // namespace flocklab::cli
