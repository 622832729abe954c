#pragma once
// Movies of a run (`--movie FILE.mp4|FILE.gif`): the pictures of the run's frames, as PNG,
// encoded by the ffmpeg program found on PATH at run time (Debian's `ffmpeg` package).
#include <sys/types.h>

#include <string>

namespace flocklab::cli {

/// One movie being encoded: ffmpeg reads PNG frames on its stdin and writes a temporary file
/// in the system's temporary folder; finish() returns the movie's bytes for the run's
/// AtomicFile. Frames may differ in size: every one is fitted (letterboxed) into the first's.
class MovieEncoder {
 public:
  /// Starts ffmpeg for `path` (.mp4: H.264, or .gif: a palette made from all frames) at `fps`
  /// frames a second. Throws std::invalid_argument for another extension, a rate outside
  /// [1, 120] or no ffmpeg on PATH, and std::runtime_error when ffmpeg cannot start.
  MovieEncoder(const std::string& path, double fps);
  ~MovieEncoder();
  MovieEncoder(const MovieEncoder&) = delete;
  MovieEncoder& operator=(const MovieEncoder&) = delete;

  /// Hands one frame (a PNG) to ffmpeg. Throws std::runtime_error when ffmpeg has stopped.
  void add(const std::string& png);
  /// Ends the stream and waits for ffmpeg; the encoded movie. Throws std::runtime_error with
  /// ffmpeg's last words when it failed.
  std::string finish();
  /// Frames added so far.
  std::size_t frames() const { return frames_; }

 private:
  void start(int width, int height);

  std::string path_, ffmpeg_, output_, log_;
  double fps_;
  int input_ = -1;
  pid_t pid_ = -1;
  std::size_t frames_ = 0;
};

/// Checks `--movie FILE` and `--fps` before a run: "" when fine, else the message.
std::string movieProblem(const std::string& path, double fps);

}  // namespace flocklab::cli
