#pragma once
// Movies of a run (`--movie FILE.mp4|FILE.gif`): the pictures of the run's frames, as PNG,
// encoded by the ffmpeg program found on PATH at run time (Debian's `ffmpeg` package).
#include <sys/types.h>

#include <string>

namespace flocklab::cli {

/// One movie being encoded: ffmpeg reads PNG frames on its stdin and writes a temporary file
/// (`.flocklab-tmp-PID-XXXXXX`, locked, see temporary_files.hpp) in $TMPDIR or /tmp; finish()
/// returns the movie's bytes for the run's AtomicFile. Frames may differ in size: every one is
/// fitted (letterboxed) into the first's. ffmpeg dies with this process, even a killed one.
class MovieEncoder {
 public:
  /// Starts ffmpeg for `path` (.mp4: H.264, or .gif: a palette made from all frames) at `fps`
  /// frames a second. Throws std::invalid_argument for another extension, a rate outside
  /// [1, 120] or no ffmpeg on PATH, and std::runtime_error when ffmpeg cannot start.
  MovieEncoder(const std::string& path, double fps);
  ~MovieEncoder();
  MovieEncoder(const MovieEncoder&) = delete;
  MovieEncoder& operator=(const MovieEncoder&) = delete;

  /// Hands one frame (a PNG) to ffmpeg. Throws std::runtime_error when ffmpeg has stopped,
  /// saying how it ended and quoting its last error line.
  void add(const std::string& png);
  /// Ends the stream and waits for ffmpeg; the encoded movie. Throws std::runtime_error, saying
  /// how ffmpeg ended and quoting its last error line, when it failed or reported an error.
  std::string finish();
  /// Frames added so far.
  std::size_t frames() const { return frames_; }

 private:
  void start(int width, int height);
  void readErrors();
  int reap(int patienceMs);
  std::string reason(int status) const;

  std::string path_, ffmpeg_, folder_, output_;
  double fps_;
  int outputLock_ = -1;    // the temporary's descriptor, which holds its lock
  int input_ = -1;         // ffmpeg's stdin (non-blocking)
  int errors_ = -1;        // ffmpeg's stderr (non-blocking), -1 once it ended
  std::string errorTail_;  // the end of what ffmpeg wrote there
  pid_t pid_ = -1;
  std::size_t frames_ = 0;
};

/// Checks `--movie FILE` and `--fps` before a run: "" when fine, else the message.
std::string movieProblem(const std::string& path, double fps);

}  // namespace flocklab::cli
