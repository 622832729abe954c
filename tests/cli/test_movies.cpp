// Movies (`flocklab run --movie FILE.mp4|FILE.gif`) as a user makes them with Debian's ffmpeg:
// an H.264 MP4 or a GIF with a frame every --movie-every steps, in 2D and 3D, written whole
// with the run's other outputs; bad options and a missing ffmpeg refused before any work. And
// what happens around ffmpeg: it dies with a killed run, the temporaries a killed run left are
// removed by the next, and an ffmpeg that stops is reported with a reason. Those tests put a fake
// ffmpeg (a shell script) first on PATH, and TMPDIR in the test's folder.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_fixture.hpp"

namespace {
namespace fs = std::filesystem;

// The PID of a process named `name` whose parent is `parent`, or 0 (from /proc/PID/stat:
// "PID (NAME) STATE PPID ...").
pid_t childNamed(pid_t parent, const std::string& name) {
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string stat = slurp(entry.path() / "stat");
    const std::size_t open = stat.find('('), close = stat.rfind(')');
    if (close == std::string::npos || stat.substr(open + 1, close - open - 1) != name) continue;
    if (std::atoi(stat.c_str() + close + 4) == parent) return std::atoi(stat.c_str());
  }
  return 0;
}

// Whether `pid` has ended (no longer in /proc, or a zombie no one has reaped yet).
bool ended(pid_t pid) {
  const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t close = stat.rfind(')');
  return close == std::string::npos || stat.compare(close + 2, 1, "Z") == 0;
}

// Polls `done` every 50 ms for up to `seconds`.
template <class Fn>
bool within(double seconds, Fn&& done) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

}  // namespace

class Movies : public flocklab_test::Cli {
 protected:
  // ffprobe's count of the frames of the first video stream of `file`, or -1.
  int frames(const std::string& file) {
    const auto r = shell("ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames "
                         "-of csv=p=0 " +
                         file);
    return r.status == 0 ? std::stoi(r.out) : -1;
  }
  // Puts `script` as the ffmpeg that the runs of withFake() find first on PATH.
  void fakeFfmpeg(const std::string& script) {
    fs::create_directories(dir_ / "bin");
    write("bin/ffmpeg", "#!/bin/sh\n" + script + "\n");
    fs::permissions(dir_ / "bin/ffmpeg", fs::perms::owner_all);
  }
  // `flocklab ARGS` with the test's own temporary folder, and the fake ffmpeg first on PATH.
  Result withFake(const std::string& args) {
    return shell("TMPDIR='" + tmp().string() + "' PATH='" + (dir_ / "bin").string() +
                 "':\"$PATH\" '" FLOCKLAB_BINARY_DIR "/flocklab' " + args);
  }
  fs::path tmp() {
    fs::create_directories(dir_ / "tmp");
    return dir_ / "tmp";
  }
  std::vector<std::string> inTmp() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(tmp())) names.push_back(entry.path().filename().string());
    return names;
  }
  // Expects a failed run with one line that names ffmpeg's end and no movie or temporary left.
  void expectFailure(const Result& r, const std::string& reason) {
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--movie m.mp4: movie: ffmpeg"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(reason), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.substr(r.err.size() - 3), ": \n") << "an empty reason: " << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "m.mp4"));
    EXPECT_TRUE(inTmp().empty()) << inTmp().front();
  }
};

TEST_F(Movies, AnMp4OfA3dRunHasAFrameEveryKSteps) {
  const Result r = run("run --dims 3 --steps 20 --movie m.mp4 --movie-every 5 --camera orbit:10 --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string mp4 = slurp(dir_ / "m.mp4");
  ASSERT_GT(mp4.size(), 1000u);
  EXPECT_EQ(mp4.substr(4, 4), "ftyp");
  EXPECT_EQ(frames("m.mp4"), 5) << "steps 0, 5, 10, 15 and 20";
}

TEST_F(Movies, AGifOf2dRunEndsWithTheLastStep) {
  const Result r = run("run --steps 7 --movie m.gif --movie-every 3 --fps 10 --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(dir_ / "m.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(frames("m.gif"), 4) << "steps 0, 3, 6 and the last, 7";
}

TEST_F(Movies, BadOptionsAndNoFfmpegAreRefusedBeforeTheRun) {
  expectUsageError("run --movie m.avi", "--movie must end in .mp4 or .gif (got m.avi)");
  expectUsageError("run --movie m.mp4 --fps 0", "--fps must be between 1 and 120 frames a second");
  expectUsageError("run --movie m.mp4 --movie-every 0", "--movie-every must be at least 1 (got 0)");
  const Result r = shell("PATH=/nonexistent '" FLOCKLAB_BINARY_DIR "/flocklab' run --movie m.mp4");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--movie needs the ffmpeg program, which is not on PATH (on Debian: apt install ffmpeg)"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(files().empty());
}

TEST_F(Movies, AKilledRunTakesFfmpegWithItAndTheNextRunRemovesItsTemporaries) {
  // An ffmpeg that goes on after its input ends, as a long encode or a stuck one does.
  fakeFfmpeg("cat >/dev/null\nexec sleep 120");
  const std::string folder = dir_.string(), temporaries = tmp().string(),
                    path = (dir_ / "bin").string() + ":" + std::getenv("PATH");
  const pid_t run = fork();
  ASSERT_GE(run, 0);
  if (run == 0) {
    if (chdir(folder.c_str()) != 0) _exit(126);
    setenv("TMPDIR", temporaries.c_str(), 1);
    setenv("PATH", path.c_str(), 1);
    execl(FLOCKLAB_BINARY_DIR "/flocklab", "flocklab", "run", "--count", "50", "--steps", "1000000000", "-q", "--movie",
          "m.mp4", "--movie-every", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  pid_t ffmpeg = 0;
  const bool started = within(30, [&] { return (ffmpeg = childNamed(run, "ffmpeg")) != 0; });
  kill(run, SIGKILL);
  int status = 0;
  waitpid(run, &status, 0);
  ASSERT_TRUE(started) << "no ffmpeg under the run";
  EXPECT_TRUE(within(5, [&] { return ended(ffmpeg); })) << "ffmpeg outlived the killed run";
  kill(ffmpeg, SIGKILL);  // the old behaviour's, not to leave it behind
  EXPECT_FALSE(inTmp().empty()) << "the killed run's movie was being made in TMPDIR";
  EXPECT_FALSE(fs::exists(dir_ / "m.mp4"));

  // The next movie run, with the real ffmpeg, removes them, but not a running process's.
  const std::string live = ".flocklab-tmp-" + std::to_string(getpid()) + "-Live01";
  write("tmp/" + live, "a running process's");
  fs::remove_all(dir_ / "bin");
  const Result next = withFake("run --steps 2 -q --movie n.mp4");
  EXPECT_EQ(next.status, 0) << next.err;
  EXPECT_EQ(inTmp(), std::vector<std::string>{live});
}

TEST_F(Movies, AnFfmpegThatFailsIsReportedWithHowItEndedAndItsLastWords) {
  fakeFfmpeg("head -c 1000 >/dev/null\necho 'pipe:0: Invalid data found when processing input' >&2\n"
             "echo 'Conversion failed!' >&2\nexit 1");
  expectFailure(withFake("run --steps 30 -q --movie m.mp4 --movie-every 1"),
                "it exited with status 1 (\"pipe:0: Invalid data found when processing input\")");
}

TEST_F(Movies, AnFfmpegKilledWithoutAWordIsReportedWithItsSignal) {
  fakeFfmpeg("head -c 1000 >/dev/null\nkill -KILL $$");
  expectFailure(withFake("run --steps 30 -q --movie m.mp4 --movie-every 1"), "it was killed by signal 9 (SIGKILL)");
}

TEST_F(Movies, AFullTemporaryFolderIsTheReason) {
  // A private mount namespace with a tiny tmpfs as TMPDIR (needs root or user namespaces).
  if (shell("unshare -rm true").status != 0) GTEST_SKIP() << "no mount namespaces here";
  tmp();
  const Result r =
      shell("unshare -rm sh -c 'mount -t tmpfs -o size=8k tmpfs tmp && TMPDIR=\"$PWD/tmp\" '\\''" FLOCKLAB_BINARY_DIR
            "/flocklab'\\'' run --steps 20 -q --movie m.mp4 --movie-every 1'");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "m.mp4"));
}

TEST_F(Movies, AnFfmpegThatSucceedsWithoutAMovieIsAFailure) {
  fakeFfmpeg("cat >/dev/null");
  expectFailure(withFake("run --steps 3 -q --movie m.mp4"), "it exited with status 0 and wrote no movie");
}

// Issue 43, item 13: a terminal's Ctrl-C goes to the whole foreground process group, and ffmpeg
// was in flocklab's, so it could die first and the run report a movie error. ffmpeg has a group
// of its own now, and the run ends as interrupted: exit 130, one line, no movie, no temporary.
TEST_F(Movies, ACtrlCForTheWholeGroupIsAnInterruptNotAMovieError) {
  fakeFfmpeg("exec cat >/dev/null");  // SIGINT kills it at once
  const std::string folder = dir_.string(), temporaries = tmp().string(),
                    path = (dir_ / "bin").string() + ":" + std::getenv("PATH"), err = (dir_ / "err.txt").string();
  const pid_t run = fork();
  ASSERT_GE(run, 0);
  if (run == 0) {
    setpgid(0, 0);  // a job of its own, as a shell starts one
    const int log = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (chdir(folder.c_str()) != 0 || log < 0 || dup2(log, 2) < 0) _exit(126);
    setenv("TMPDIR", temporaries.c_str(), 1);
    setenv("PATH", path.c_str(), 1);
    execl(FLOCKLAB_BINARY_DIR "/flocklab", "flocklab", "run", "--count", "50", "--steps", "1000000000", "-q", "--movie",
          "m.mp4", "--movie-every", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(run, run);
  pid_t ffmpeg = 0;
  const bool started = within(30, [&] { return (ffmpeg = childNamed(run, "cat")) != 0; });
  int group = 0;
  if (started) {
    const std::string stat = slurp("/proc/" + std::to_string(ffmpeg) + "/stat");
    const std::size_t close = stat.rfind(')');
    if (close != std::string::npos) std::sscanf(stat.c_str() + close + 1, " %*c %*d %d", &group);
  }
  kill(-run, SIGINT);  // the terminal's Ctrl-C: every process of the job
  int status = 0;
  const bool exited = within(30, [&] { return waitpid(run, &status, WNOHANG) == run; });
  if (!exited) {
    kill(run, SIGKILL);
    waitpid(run, &status, 0);
  }
  ASSERT_TRUE(started) << "no ffmpeg under the run";
  EXPECT_NE(group, run) << "ffmpeg is in flocklab's process group";
  ASSERT_TRUE(exited) << "the run did not end";
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130) << status << " " << slurp(err);
  EXPECT_EQ(slurp(err), "flocklab: interrupted; no output written\n");
  EXPECT_FALSE(fs::exists(dir_ / "m.mp4"));
  EXPECT_TRUE(within(5, [&] { return inTmp().empty(); })) << inTmp().front();
}
