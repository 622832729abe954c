#pragma once
// A progress bar on stderr for long runs and sweeps. Design: it shows only when stderr is a
// terminal, --quiet was not given and the work has lasted a second, so short runs, pipes and
// logs never see it; it redraws at most ten times a second on one line and clears it at the
// end, leaving the terminal as it was.
#include <chrono>
#include <cstdint>
#include <string>

namespace flocklab::cli {

class ProgressBar {
 public:
  /// `total` units of work named `unit`, a plural ("steps", "runs"; "1/1 step" for one); `wanted`
  /// is false for --quiet.
  ProgressBar(std::uint64_t total, std::string unit, bool wanted);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// `done` units are finished.
  void update(std::uint64_t done);
  /// Clears the bar's line if it was drawn.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::uint64_t total_;
  std::string unit_;
  bool enabled_, drawn_ = false;
  Clock::time_point begin_, lastDraw_;
};

}  // namespace flocklab::cli
