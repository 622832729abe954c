// What an output path may name and what a run leaves behind (docs/reliability.md): devices and
// FIFOs are opened without waiting and written through, never replaced (a FIFO that no process
// reads is refused); symbolic links are followed; two outputs never
// share a file; a run's outputs appear all together or not at all; an interrupt in any phase
// is answered within about a second with exit 130 and no new file; a killed run's temporary
// files are removed by the next run that writes into the same folder.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include <chrono>
#include <thread>

#include "runs/output_set.hpp"
#include "support/cli_fixture.hpp"

namespace flocklab_test {
namespace {

bool isCharDevice(const fs::path& path) {
  struct stat info {};
  return lstat(path.c_str(), &info) == 0 && S_ISCHR(info.st_mode);
}

std::vector<std::string> temporariesIn(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind(".flocklab-tmp-", 0) == 0) names.push_back(entry.path().filename());
  return names;
}

using OutputSafety = Cli;

TEST_F(OutputSafety, DevicesAreWrittenThroughAndStayDevices) {
  // A private copy of /dev/null (mknod needs root; CI runs as root).
  if (mknod((dir_ / "null").c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) GTEST_SKIP() << "mknod needs root";
  const Result r = run("run --steps 2 --save null --picture null.svg -q");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(isCharDevice(dir_ / "null")) << "the device was replaced by a regular file";
  EXPECT_TRUE(fs::exists(dir_ / "null.svg"));
  // /dev/stdout names the command's own output, here a file: the state and then the summary
  // go into it, as from a shell.
  const Result out = run("run --steps 2 --save /dev/stdout -q");
  EXPECT_EQ(out.status, 0) << out.err;
  EXPECT_EQ(out.out.rfind("x,y,vx,vy", 0), 0u) << out.out;
  EXPECT_NE(out.out.find("polarization"), std::string::npos) << out.out;
}

TEST_F(OutputSafety, AFifoIsWrittenThroughToItsReader) {
  ASSERT_EQ(mkfifo((dir_ / "pipe").c_str(), 0600), 0);
  const Result r =
      shell("(cat pipe > got.csv &) ; '" FLOCKLAB_BINARY_DIR "/flocklab' run --steps 2 --save pipe -q; sleep 0.2");
  EXPECT_EQ(r.status, 0) << r.err;
  struct stat info {};
  ASSERT_EQ(lstat((dir_ / "pipe").c_str(), &info), 0);
  EXPECT_TRUE(S_ISFIFO(info.st_mode)) << "the FIFO was replaced";
  EXPECT_EQ(slurp(dir_ / "got.csv").rfind("x,y,vx,vy", 0), 0u);
}

// Issue 43, item 5: open() of a FIFO that no process reads waited for ever (a checkpoint's at
// its first checkpoint step, SIGINT or not). Every output is opened without waiting, before the
// first step: a FIFO that no process reads is refused in one line, and a checkpoint or a frame,
// which must be files, is refused as a FIFO whether or not anything reads it.
TEST_F(OutputSafety, AFifoThatNoProcessReadsIsRefusedBeforeAnyWork) {
  const auto refusedQuickly = [&](const std::string& args, const std::string& fragment) {
    const auto start = std::chrono::steady_clock::now();
    const Result r = shell("timeout -k 5 60 '" FLOCKLAB_BINARY_DIR "/flocklab' " + args);
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_LT(took, 20.0) << args;
    EXPECT_EQ(r.err.rfind("flocklab: error: ", 0), 0u) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << args << "\n" << r.err;
  };
  for (const char* name : {"p.csv", "p.svg", "p.npy", "p.json", "p.mp4"})
    ASSERT_EQ(mkfifo((dir_ / name).c_str(), 0600), 0);
  const std::string noReader = "is a FIFO that no process reads";
  std::vector<std::string> outputs{"--save p.csv",         "--metrics-out p.csv", "--plot p.svg",
                                   "--plot-track p.svg",   "--picture p.svg",     "--trajectory p.npy",
                                   "--write-config p.json"};
  if (shell("command -v ffmpeg").status == 0) outputs.push_back("--movie p.mp4");  // else refused for that
  for (const std::string& output : outputs)
    refusedQuickly(std::string("run --steps 10 -q ") +
                       (output.rfind("--metrics-out", 0) == 0 ? "--save" : "--metrics-out") + " m.csv " + output,
                   noReader);
  refusedQuickly("run --steps 10 -q --dry-run --save p.csv", noReader);
  refusedQuickly("sweep --param radius=4 --seeds 1 --steps 2 -q --out s.csv --plot p.svg", noReader);
  refusedQuickly("sweep --param radius=4 --seeds 1 --steps 2 -q --out s.csv --write-config p.json", noReader);
  refusedQuickly("bench --only W5 --repeats 1 -q --plot p.svg", noReader);
  EXPECT_FALSE(fs::exists(dir_ / "m.csv"));
  EXPECT_FALSE(fs::exists(dir_ / "s.csv"));

  // A checkpoint is read back by --resume, which reads only regular files: a FIFO is refused as
  // one, read or not, before the first step.
  fs::create_directory(dir_ / "cp");
  ASSERT_EQ(mkfifo((dir_ / "cp" / "checkpoint.flk").c_str(), 0600), 0);
  refusedQuickly("run --model couzin --steps 40 -q --checkpoint-every 20 cp --metrics-out m.csv",
                 "cp/checkpoint.flk: it is a FIFO, not a regular file");
  EXPECT_FALSE(fs::exists(dir_ / "m.csv"));
  // A frame that the run will write: refused before the first frame is drawn.
  fs::create_directory(dir_ / "frames");
  ASSERT_EQ(mkfifo((dir_ / "frames" / "frame-000004.png").c_str(), 0600), 0);
  refusedQuickly("run --steps 8 -q --picture-every 2 frames",
                 "frames/frame-000004.png: it is a FIFO, not a regular file");
  EXPECT_FALSE(fs::exists(dir_ / "frames" / "frame-000000.png"));
  // A frame it will not write stays out of the way.
  const Result fewer =
      shell("timeout -k 5 60 '" FLOCKLAB_BINARY_DIR "/flocklab' run --steps 3 -q --picture-every 2 frames");
  EXPECT_EQ(fewer.status, 0) << fewer.err;
  EXPECT_TRUE(fs::exists(dir_ / "frames" / "frame-000002.png"));
}

TEST_F(OutputSafety, SymbolicLinksAreFollowedAndKept) {
  write("real.csv", "old\n");
  fs::create_symlink("real.csv", dir_ / "link.csv");
  const Result r = run("run --steps 2 --save link.csv -q");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.csv"));
  EXPECT_EQ(slurp(dir_ / "real.csv").rfind("x,y,vx,vy", 0), 0u);
  fs::create_symlink("nowhere/at/all.csv", dir_ / "dangling.csv");
  expectUsageError("run --steps 2 --save dangling.csv", "symbolic link to nothing");
}

TEST_F(OutputSafety, StandardStreamsAndTheirAliasesAreWrittenWhereTheyStand) {
  // A link to /dev/stdout is /dev/stdout: the command's output file is not replaced.
  fs::create_symlink("/dev/stdout", dir_ / "lnk");
  const Result linked = run("run --steps 2 --save lnk -q");
  EXPECT_EQ(linked.status, 0) << linked.err;
  EXPECT_EQ(linked.out.rfind("x,y,vx,vy", 0), 0u) << linked.out;
  EXPECT_NE(linked.out.find("polarization"), std::string::npos) << linked.out;
  // /dev/stdout that is redirected into another output's file: two outputs, one file.
  const Result same =
      shell("('" FLOCKLAB_BINARY_DIR "/flocklab' run --steps 2 -q --metrics-out m.csv --save /dev/stdout > m.csv)");
  EXPECT_EQ(same.status, 2);
  EXPECT_NE(same.err.find("both name"), std::string::npos) << same.err;
  // flocklab's own descriptors, and one open only for reading, are not outputs.
  expectUsageError("run --steps 2 --save /dev/fd/4", "descriptor");
  write("in.txt", "x");
  const Result reading = shell("'" FLOCKLAB_BINARY_DIR "/flocklab' run --steps 2 --save /dev/fd/7 7<in.txt");
  EXPECT_EQ(reading.status, 2);
  EXPECT_NE(reading.err.find("open only for reading"), std::string::npos) << reading.err;
}

TEST_F(OutputSafety, BadNamesAreRefusedBeforeAnyWork) {
  expectUsageError("run --save " + std::string(260, 'a') + ".csv", "File name too long");
  // A name with a line break is quoted escaped, on one line.
  expectUsageError("run --save $'no/such\\nfolder/x.csv'", "no/such\\nfolder");
}

TEST_F(OutputSafety, TwoOutputsNamingOneFileAreRefusedBeforeAnyWork) {
  expectUsageError("run --save x.csv --metrics-out x.csv", "--metrics-out and --save both name x.csv");
  expectUsageError("run --save x.csv --metrics-out ./x.csv", "both name");
  fs::create_directory(dir_ / "sub");
  expectUsageError("run --plot sub/../o.svg --picture o.svg", "both name");
  fs::create_directory(dir_ / "frames");
  expectUsageError("run --picture-every 5 frames --picture frames/frame-000005.png", "one of --picture-every's frames");
  expectUsageError("run --picture-every 5 frames --picture frames/frame-1000000.png",
                   "one of --picture-every's frames");
}

TEST_F(OutputSafety, EmptyAndLooseValuesAreRefused) {
  expectUsageError("run --save ''", "--save");
  expectUsageError("run --count ''", "--count");
  expectUsageError("run --radius ''", "--radius");
  expectUsageError("run --count 0x10", "--count takes a whole number (got 0x10)");
  expectUsageError("run --seed 0x1F", "--seed must be a whole number from 0 to 2^64-1 (got 0x1F)");
  // A leading zero is not octal: 010 is ten.
  EXPECT_EQ(hashOf("run --steps 010 --count 0120"), hashOf("run --steps 10"));
  expectUsageError("run --count 18446744073709551615", "out of range");
  expectUsageError("run --seed 18446744073709551616", "--seed must be a whole number from 0 to 2^64-1");
  expectUsageError("run --steps 99999999999999999999", "out of range: at most");
  expectUsageError("run --steps -9223372036854775809", "out of range: at least");
  expectUsageError("run --count +0x10", "--count takes a whole number (got +0x10)");
  expectUsageError("run --count +010", "--count takes a whole number");
  expectUsageError("run --count ' 16'", "--count takes a whole number");
  expectUsageError("run --seed ' 18446744073709551616'", "--seed must be a whole number from 0 to 2^64-1");
  fs::create_directory(dir_ / "folder");
  expectUsageError("run --init folder", "it is a directory");
}

TEST_F(OutputSafety, BenchChecksItsInputsBeforeAnyWork) {
  // Each would otherwise run W2 first (seconds) or report infinite figures with exit 0.
  expectUsageError("bench --only W2 --plot x.svg", "--plot needs W5");
  expectUsageError("bench --only W1 --reference /nonexistent/reference.mjs", "--reference: no such file");
}

TEST_F(OutputSafety, ALongValidNameIsWritten) {
  // 254 characters, within NAME_MAX: the temporary name must not be longer than the output's.
  const std::string name = std::string(250, 'n') + ".csv";
  const Result r = run("run --steps 1 -q --save " + name);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ / name));
}

TEST_F(OutputSafety, AFailingLaterOutputLeavesEveryOutputAsItWas) {
  write("a.csv", "before\n");
  // A private /dev/full, which refuses every write: the device goes first, so a.csv is never
  // touched.
  if (mknod((dir_ / "full").c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0) GTEST_SKIP() << "mknod needs root";
  const Result r = run("run --steps 2 -q --metrics-out a.csv --save full");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("cannot write full: No space left on device"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir_ / "a.csv"), "before\n");
  EXPECT_TRUE(temporariesIn(dir_).empty());
}

TEST_F(OutputSafety, AFailedRenameUndoesTheRenamesBeforeIt) {
  write("first.csv", "old first\n");
  flocklab::runs::OutputSet outputs;
  outputs.add("--one", (dir_ / "first.csv").string())->write("new first\n");
  outputs.add("--two", (dir_ / "second.csv").string())->write("new second\n");
  // After the outputs were opened, something makes the second rename fail.
  fs::create_directories(dir_ / "second.csv" / "occupied");
  EXPECT_THROW(outputs.commitAll(), flocklab::runs::OutputError);
  EXPECT_EQ(slurp(dir_ / "first.csv"), "old first\n");
  EXPECT_TRUE(temporariesIn(dir_).empty());
}

TEST_F(OutputSafety, StaleTemporariesOfAKilledRunAreRemovedByTheNext) {
  // PIDs above the kernel's limit (at most 2^22) never run.
  write(".flocklab-tmp-99999999-AbCdEf", "left by a killed run");
  write(".flocklab-tmp-99999999-AbCdEf.old", "a killed run's backup");
  const std::string live = ".flocklab-tmp-" + std::to_string(getpid()) + "-XyZzY1";
  write(live, "a running process's");
  write(".flocklab-tmp-notapid-AbCdEf", "not ours");
  const Result r = run("run --steps 1 -q --save out.csv");
  EXPECT_EQ(r.status, 0) << r.err;
  const auto left = temporariesIn(dir_);
  EXPECT_EQ(std::count(left.begin(), left.end(), ".flocklab-tmp-99999999-AbCdEf"), 0);
  EXPECT_EQ(std::count(left.begin(), left.end(), ".flocklab-tmp-99999999-AbCdEf.old"), 0);
  EXPECT_EQ(std::count(left.begin(), left.end(), live), 1);
  EXPECT_EQ(std::count(left.begin(), left.end(), ".flocklab-tmp-notapid-AbCdEf"), 1);
}

TEST_F(OutputSafety, ATemporaryInUseIsKeptWhateverItsPid) {
  // A process in another PID namespace (a container sharing the folder) may have a PID that does
  // not run here; its lock on the file says it is in use.
  write(".flocklab-tmp-99999999-Locked", "in use elsewhere");
  const int fd = open((dir_ / ".flocklab-tmp-99999999-Locked").c_str(), O_RDONLY);
  ASSERT_EQ(flock(fd, LOCK_EX), 0);
  const Result r = run("run --steps 1 -q --save out.csv");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ / ".flocklab-tmp-99999999-Locked"));
  close(fd);
}

TEST_F(OutputSafety, KilledRunLeavesATemporaryThatTheNextRunRemoves) {
  // `wait` reaps the killed process, so that it is surely gone when the next run looks.
  const Result killed =
      shell("('" FLOCKLAB_BINARY_DIR "/flocklab' run --count 500 --steps 1000000000 -q "
            "--trajectory t.npy --every 1 & pid=$!; sleep 2; kill -KILL $pid; wait $pid; echo $? >status)");
  EXPECT_EQ(slurp(dir_ / "status"), "137\n");
  fs::remove(dir_ / "status");
  EXPECT_FALSE(temporariesIn(dir_).empty()) << "the killed run's trajectory was being streamed";
  EXPECT_FALSE(fs::exists(dir_ / "t.npy"));
  const Result next = run("run --steps 1 -q --save out.csv");
  EXPECT_EQ(next.status, 0) << next.err;
  EXPECT_TRUE(temporariesIn(dir_).empty());
}

class Interrupts : public Cli {
 protected:
  // Runs `flocklab ARGS`, sends SIGINT after `after` seconds, and returns the result and how
  // long the command took to exit after the signal (a hang shows as the outer 60 s limit).
  Result interrupted(const std::string& args, int after, double& answered) {
    const auto start = std::chrono::steady_clock::now();
    const Result r = shell("timeout --preserve-status -k 60 -s INT " + std::to_string(after) +
                           " '" FLOCKLAB_BINARY_DIR "/flocklab' " + args);
    answered = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - after;
    return r;
  }
  void expectAnsweredCleanly(const std::string& args, int after) {
    double answered = 0;
    const Result r = interrupted(args, after, answered);
    EXPECT_EQ(r.status, 130) << args << "\n" << r.err;
    // About a second by design; the bound is generous for a loaded machine and sanitizers.
    EXPECT_LT(answered, 15.0) << args;
    EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(files().empty()) << args << " left a file";
  }
};

TEST_F(Interrupts, ADenseStartIsInterruptedWithoutAFile) {
  // 300,000 boids in the default world: the start's metrics alone take minutes.
  expectAnsweredCleanly("run --count 300000 --steps 1 -q --save s.csv --write-config c.json", 3);
}

// A FIFO with a reader that never reads: the run waits for it as a shell pipeline would, and an
// interrupt still ends it within about a second, with no file.
TEST_F(Interrupts, AFifoWhoseReaderDoesNotReadIsInterrupted) {
  const std::string pipe = (dir_ / "pipe").string();
  ASSERT_EQ(mkfifo(pipe.c_str(), 0600), 0);
  // The reader holds the FIFO open and reads nothing; the state of 20,000 boids fills its buffer.
  const pid_t reader = fork();
  if (reader == 0) {
    open(pipe.c_str(), O_RDONLY);
    pause();
    _exit(0);
  }
  ASSERT_GT(reader, 0);
  double answered = 0;
  const Result r = interrupted("run --count 20000 --steps 1 -q --save pipe --metrics-out m.csv", 4, answered);
  kill(reader, SIGKILL);
  waitpid(reader, nullptr, 0);
  EXPECT_EQ(r.status, 130) << r.err;
  EXPECT_LT(answered, 15.0);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "m.csv"));
}

TEST_F(Interrupts, TheWriteConfigFileIsNotWrittenBeforeTheRunEnds) {
  expectAnsweredCleanly("run --count 200 --steps 1000000000 -q --write-config c.json --trajectory t.npy", 2);
}

}  // namespace
}  // namespace flocklab_test
