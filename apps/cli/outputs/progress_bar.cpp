#include "outputs/progress_bar.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "runs/counted.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

std::string duration(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                   : fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

ProgressBar::ProgressBar(std::uint64_t total, std::string unit, bool wanted)
    : total_(total),
      unit_(std::move(unit)),
      enabled_(wanted && isatty(STDERR_FILENO) == 1),
      begin_(Clock::now()),
      lastDraw_(begin_) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(std::uint64_t done) {
  if (!enabled_) return;
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - begin_).count();
  if (elapsed < 1.0 || (drawn_ && now - lastDraw_ < std::chrono::milliseconds(100))) return;
  lastDraw_ = now;
  drawn_ = true;
  constexpr int kWidth = 30;
  const double fraction = total_ == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total_);
  const int filled = static_cast<int>(fraction * kWidth);
  const double rate = static_cast<double>(done) / elapsed;
  const std::string left = done > 0 ? duration(static_cast<double>(total_ - done) / rate) + " left" : "";
  const std::string line =
      fmt::format("\r[{}{}] {}/{}  {:.4g} {}/s  {}\x1b[K", std::string(filled, '#'), std::string(kWidth - filled, '-'),
                  done, counted(total_, unit_), rate, unit_, left);
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!drawn_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace flocklab::cli
