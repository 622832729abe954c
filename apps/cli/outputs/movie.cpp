// Movies through ffmpeg. Design: the encoder starts ffmpeg at the first frame, whose size (from
// the PNG's header) fixes the movie's, rounded up to even numbers as H.264 wants; later frames
// are scaled to fit and padded in white, so a caption that wraps differently changes nothing.
// ffmpeg writes a temporary file of its own (the output path may be a device or /dev/stdout,
// which an mp4 cannot be written to while it is made); its bytes go to the run's AtomicFile at
// the end, so a movie appears whole with the other outputs or not at all.
// Around ffmpeg: it is tied to flocklab (spawnTiedChild), so a killed run takes it along; its
// temporary is an ordinary locked `.flocklab-tmp-PID-XXXXXX`, so the next run that writes into
// the same folder removes one a killed run left. Its stderr comes back through a pipe rather than
// a file (a full folder would swallow the very message that says so), read while frames are
// written so that neither side can block the other. ffmpeg 5.1 exits 0 after "Error writing
// trailer ...: No space left on device", so an error line (at -loglevel error) is a failure too.
// SIGPIPE is ignored while writing, so an ffmpeg that died is an error message, not a killed run.
#include "outputs/movie.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "flocklab/text_excerpt.hpp"
#include "runs/temporary_files.hpp"
#include "runs/text_fields.hpp"
#include "support/child_process.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

// Width and height from a PNG's IHDR chunk (bytes 16 to 23, big-endian).
std::pair<int, int> pngSize(const std::string& png) {
  if (png.size() < 24 || png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0)
    throw std::runtime_error("movie: a frame is not a PNG");
  const auto word = [&](std::size_t at) {
    return (static_cast<int>(static_cast<unsigned char>(png[at])) << 24) |
           (static_cast<int>(static_cast<unsigned char>(png[at + 1])) << 16) |
           (static_cast<int>(static_cast<unsigned char>(png[at + 2])) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  return {word(16), word(20)};
}

std::string temporaryFolder() {
  const char* dir = std::getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

// The last line of ffmpeg's stderr that says something, as an excerpt of at most 160
// characters (one printable line of valid UTF-8); "" when none. "Conversion failed!" only
// repeats that the line before it is fatal.
std::string lastErrorLine(const std::string& text) {
  std::string last;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find_first_of("\r\n", begin);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    line.erase(0, line.find_first_not_of(" \t"));
    line.erase(line.find_last_not_of(" \t") + 1);
    if (!line.empty() && line != "Conversion failed!") last = line;
  }
  return last.empty() ? "" : excerpt(last, 160);
}

// Less than a megabyte left for unprivileged writers: too little for a movie.
bool folderFull(const std::string& folder) {
  struct statvfs space {};
  return statvfs(folder.c_str(), &space) == 0 && static_cast<double>(space.f_bavail) * space.f_frsize < 1 << 20;
}

}  // namespace

std::string movieProblem(const std::string& path, double fps) {
  if (!endsWith(path, ".mp4") && !endsWith(path, ".gif"))
    return "--movie must end in .mp4 or .gif (got " + excerpt(path, kPathChars) + ")";
  if (!(fps >= 1 && fps <= 120)) return "--fps must be between 1 and 120 frames a second";
  if (findInPath("ffmpeg").empty())
    return "--movie needs the ffmpeg program, which is not on PATH (on Debian: apt install ffmpeg)";
  return "";
}

MovieEncoder::MovieEncoder(const std::string& path, double fps) : path_(path), fps_(fps) {
  if (const std::string problem = movieProblem(path, fps); !problem.empty()) throw std::invalid_argument(problem);
  ffmpeg_ = findInPath("ffmpeg");
}

MovieEncoder::~MovieEncoder() {
  if (input_ >= 0) close(input_);
  input_ = -1;
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    reap(-1);
  }
  if (errors_ >= 0) close(errors_);
  if (!output_.empty()) {
    unlink(output_.c_str());
    forgetTemporary(output_);
  }
  if (outputLock_ >= 0) close(outputLock_);
}

void MovieEncoder::start(int width, int height) {
  const bool gif = endsWith(path_, ".gif");
  folder_ = temporaryFolder();
  outputLock_ = createTemporary(folder_, output_);
  if (outputLock_ < 0)
    throw std::runtime_error("movie: cannot create a temporary file in " + folder_ + ": " + std::strerror(errno));
  const int w = (width + 1) / 2 * 2, h = (height + 1) / 2 * 2;
  const std::string fit = "scale=" + std::to_string(w) + ":" + std::to_string(h) +
                          ":force_original_aspect_ratio=decrease,pad=" + std::to_string(w) + ":" + std::to_string(h) +
                          ":(ow-iw)/2:(oh-ih)/2:white";
  std::ostringstream rate;
  rate << fps_;
  // The formats are named: the temporary has no extension to guess from.
  std::vector<std::string> argv{ffmpeg_,      "-nostdin", "-hide_banner", "-loglevel",  "error",    "-y", "-f",
                                "image2pipe", "-c:v",     "png",          "-framerate", rate.str(), "-i", "pipe:0"};
  if (gif) {
    argv.insert(argv.end(), {"-filter_complex", fit + ",split[a][b];[a]palettegen[p];[b][p]paletteuse", "-f", "gif"});
  } else {
    argv.insert(argv.end(), {"-vf", fit + ",format=yuv420p", "-c:v", "libx264", "-preset", "medium", "-crf", "23",
                             "-movflags", "+faststart", "-f", "mp4"});
  }
  argv.push_back(output_);
  // Our ends are close-on-exec (ffmpeg keeping its own stdin's write end would hide the end of
  // the stream) and non-blocking (add() waits on both at once).
  int in[2], err[2];
  if (pipe2(in, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("movie: cannot create a pipe: ") + std::strerror(errno));
  if (pipe2(err, O_CLOEXEC) != 0) {
    const int error = errno;
    close(in[0]);
    close(in[1]);
    throw std::runtime_error(std::string("movie: cannot create a pipe: ") + std::strerror(error));
  }
  fcntl(in[1], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  input_ = in[1];
  errors_ = err[0];
  try {
    pid_ = spawnTiedChild(argv, {in[0], -1, err[1]});
  } catch (const std::runtime_error& e) {
    close(in[0]);
    close(err[1]);
    throw std::runtime_error(std::string("movie: ") + e.what());
  }
  close(in[0]);
  close(err[1]);
}

// Keeps the end of what ffmpeg wrote on stderr; closes it at its end.
void MovieEncoder::readErrors() {
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(errors_, buffer, sizeof buffer);
    if (n > 0) {
      errorTail_.append(buffer, static_cast<std::size_t>(n));
      if (errorTail_.size() > 16384) errorTail_.erase(0, errorTail_.size() - 8192);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      if (n == 0 || errno != EAGAIN) {
        close(errors_);
        errors_ = -1;
      }
      return;
    }
  }
}

// Ends ffmpeg's input, reads its stderr to the end and reaps it: its wait status. Past
// `patienceMs` (-1: none) ffmpeg is killed.
int MovieEncoder::reap(int patienceMs) {
  if (input_ >= 0) close(input_);
  input_ = -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(patienceMs);
  while (errors_ >= 0) {
    int wait = -1;
    if (patienceMs >= 0) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      wait = static_cast<int>(std::max<long long>(0, left.count()));
    }
    pollfd ready{errors_, POLLIN, 0};
    const int got = poll(&ready, 1, wait);
    if (got > 0) readErrors();
    else if (got == 0) {
      kill(pid_, SIGKILL);
      patienceMs = -1;
    }
  }
  int status = 0;
  bool reaped = false;
  // An ffmpeg that closed its stderr early still gets only the time left.
  while (patienceMs >= 0 && !reaped) {
    reaped = waitpid(pid_, &status, WNOHANG) == pid_;
    if (!reaped && std::chrono::steady_clock::now() > deadline) {
      kill(pid_, SIGKILL);
      break;
    }
    if (!reaped) usleep(10'000);
  }
  while (!reaped && waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return status;
}

// Why ffmpeg failed: how it ended, and its last error line, or else a full folder.
std::string MovieEncoder::reason(int status) const {
  const std::string line = lastErrorLine(errorTail_);
  const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  std::string why = clean && !line.empty() ? "it reported an error" : describeEnd(status);
  if (!line.empty()) why += " (\"" + line + "\")";
  else if (folderFull(folder_)) why += "; its folder " + folder_ + " is full";
  return why;
}

void MovieEncoder::add(const std::string& png) {
  if (pid_ < 0) {
    if (!output_.empty()) throw std::runtime_error("movie: ffmpeg has stopped");
    const auto [width, height] = pngSize(png);
    start(width, height);
  }
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &previous);
  std::size_t done = 0;
  int error = 0;
  while (done < png.size() && error == 0) {
    pollfd ready[2] = {{input_, POLLOUT, 0}, {errors_, POLLIN, 0}};  // a negative fd is left out
    if (poll(ready, 2, -1) < 0) {
      if (errno != EINTR) error = errno;
      continue;
    }
    if (ready[1].revents != 0) readErrors();
    if (ready[0].revents == 0) continue;
    const ssize_t n = ::write(input_, png.data() + done, png.size() - done);
    if (n > 0) done += static_cast<std::size_t>(n);
    else if (n < 0 && errno != EINTR && errno != EAGAIN) error = errno;
  }
  sigaction(SIGPIPE, &previous, nullptr);
  if (error != 0) {
    // An ffmpeg that closed its input is on its way out: a few seconds for its last words.
    const std::string how = error == EPIPE ? "" : std::string(" (") + std::strerror(error) + ")";
    throw std::runtime_error("movie: ffmpeg stopped reading frames" + how + ": " + reason(reap(5000)));
  }
  ++frames_;
}

std::string MovieEncoder::finish() {
  if (pid_ < 0) throw std::runtime_error("movie: no frames");
  const int status = reap(-1);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !lastErrorLine(errorTail_).empty())
    throw std::runtime_error("movie: ffmpeg failed: " + reason(status));
  std::ifstream in(output_, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) throw std::runtime_error("movie: cannot read ffmpeg's output " + output_);
  if (bytes.str().empty()) throw std::runtime_error("movie: ffmpeg failed: it exited with status 0 and wrote no movie");
  return bytes.str();
}

}  // namespace flocklab::cli
