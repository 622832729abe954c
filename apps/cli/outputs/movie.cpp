// Movies through ffmpeg. Design: the encoder starts ffmpeg at the first frame, whose size (from
// the PNG's header) fixes the movie's, rounded up to even numbers as H.264 wants; later frames
// are scaled to fit and padded in white, so a caption that wraps differently changes nothing.
// ffmpeg writes a temporary file of its own (the output path may be a device or /dev/stdout,
// which an mp4 cannot be written to while it is made); its bytes go to the run's AtomicFile at
// the end, so a movie appears whole with the other outputs or not at all. SIGPIPE is ignored
// while writing, so an ffmpeg that died is an error message, not a killed run.
#include "outputs/movie.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "support/child_process.hpp"
#include "support/text_fields.hpp"

extern char** environ;

namespace flocklab::cli {
namespace {

// Width and height from a PNG's IHDR chunk (bytes 16 to 23, big-endian).
std::pair<int, int> pngSize(const std::string& png) {
  if (png.size() < 24 || png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) throw std::runtime_error("movie: a frame is not a PNG");
  const auto word = [&](std::size_t at) {
    return (static_cast<int>(static_cast<unsigned char>(png[at])) << 24) |
           (static_cast<int>(static_cast<unsigned char>(png[at + 1])) << 16) |
           (static_cast<int>(static_cast<unsigned char>(png[at + 2])) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  return {word(16), word(20)};
}

std::string temporaryName(const char* suffix) {
  const char* dir = std::getenv("TMPDIR");
  std::string name = std::string(dir && *dir ? dir : "/tmp") + "/flocklab-movie-XXXXXX" + suffix;
  std::vector<char> buffer(name.begin(), name.end());
  buffer.push_back('\0');
  const int fd = mkstemps(buffer.data(), static_cast<int>(std::string(suffix).size()));
  if (fd < 0) throw std::runtime_error("movie: cannot create a temporary file");
  close(fd);
  return buffer.data();
}

std::string lastLine(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

}  // namespace

std::string movieProblem(const std::string& path, double fps) {
  if (!endsWith(path, ".mp4") && !endsWith(path, ".gif")) return "--movie must end in .mp4 or .gif (got " + path + ")";
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
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (!output_.empty()) std::remove(output_.c_str());
  if (!log_.empty()) std::remove(log_.c_str());
}

void MovieEncoder::start(int width, int height) {
  const bool gif = endsWith(path_, ".gif");
  output_ = temporaryName(gif ? ".gif" : ".mp4");
  log_ = temporaryName(".log");
  const int w = (width + 1) / 2 * 2, h = (height + 1) / 2 * 2;
  const std::string fit = "scale=" + std::to_string(w) + ":" + std::to_string(h) +
                          ":force_original_aspect_ratio=decrease,pad=" + std::to_string(w) + ":" + std::to_string(h) +
                          ":(ow-iw)/2:(oh-ih)/2:white";
  std::ostringstream rate;
  rate << fps_;
  std::vector<std::string> argv{ffmpeg_, "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "image2pipe",
                                "-c:v", "png", "-framerate", rate.str(), "-i", "pipe:0"};
  if (gif) {
    argv.insert(argv.end(), {"-filter_complex", fit + ",split[a][b];[a]palettegen[p];[b][p]paletteuse", "-f", "gif"});
  } else {
    argv.insert(argv.end(), {"-vf", fit + ",format=yuv420p", "-c:v", "libx264", "-preset", "medium", "-crf", "23",
                             "-movflags", "+faststart", "-f", "mp4"});
  }
  argv.push_back(output_);
  // Keeping its stdin open inside the child would hide the end of the stream: the pipe's write
  // end is close-on-exec.
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("movie: cannot create a pipe");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, log_.c_str(), O_WRONLY | O_TRUNC, 0);
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  const int failed = posix_spawn(&pid_, ffmpeg_.c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[0]);
  if (failed != 0) {
    close(fds[1]);
    pid_ = -1;
    throw std::runtime_error("movie: cannot start " + ffmpeg_);
  }
  input_ = fds[1];
}

void MovieEncoder::add(const std::string& png) {
  if (pid_ < 0) {
    const auto [width, height] = pngSize(png);
    start(width, height);
  }
  struct sigaction ignore {}, previous{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &previous);
  std::size_t done = 0;
  while (done < png.size()) {
    const ssize_t n = ::write(input_, png.data() + done, png.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      sigaction(SIGPIPE, &previous, nullptr);
      throw std::runtime_error("movie: ffmpeg stopped reading frames: " + lastLine(log_));
    }
    done += static_cast<std::size_t>(n);
  }
  sigaction(SIGPIPE, &previous, nullptr);
  ++frames_;
}

std::string MovieEncoder::finish() {
  if (pid_ < 0) throw std::runtime_error("movie: no frames");
  close(input_);
  input_ = -1;
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("movie: ffmpeg failed: " + lastLine(log_));
  std::ifstream in(output_, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace flocklab::cli
