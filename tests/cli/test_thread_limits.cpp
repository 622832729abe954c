// Every command under a process limit (as in containers): a thread the system refuses ends in
// one line on stderr and exit status 2, with a hint to ask for fewer threads, and no file left
// behind; never std::terminate or a hang. The limit is RLIMIT_NPROC, set by prlimit; root
// ignores it, so as root the command runs as a user id of its own (setpriv), which no other
// process holds and which therefore has the whole limit to itself.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "support/cli_fixture.hpp"

namespace {

constexpr int kProcesses = 8;  // the limit: the main thread and 7 more

class ThreadLimits : public Cli {
 protected:
  void SetUp() override {
    Cli::SetUp();
    if (std::system("command -v prlimit >/dev/null && command -v setpriv >/dev/null") != 0)
      GTEST_SKIP() << "needs prlimit and setpriv (util-linux)";
    // The other user writes its outputs into the test's folder, and runs a copy of the binary
    // from a folder it may enter (the build tree may lie under a private home such as /root).
    std::filesystem::permissions(dir_, std::filesystem::perms::all);
    binDir_ = dir_.string() + "-bin";
    std::filesystem::create_directories(binDir_);
    std::filesystem::copy_file(FLOCKLAB_BINARY_DIR "/flocklab", binDir_ + "/flocklab",
                               std::filesystem::copy_options::overwrite_existing);
    for (const std::string& path : {binDir_, binDir_ + "/flocklab"})
      std::filesystem::permissions(path, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                             std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                             std::filesystem::perms::others_exec);
    const std::string uid = std::to_string(3000000 + getpid() % 1000000);
    prefix_ = (geteuid() == 0 ? "setpriv --reuid=" + uid + " --regid=" + uid + " --clear-groups " : std::string()) +
              "prlimit --nproc=" + std::to_string(kProcesses) + " ";
  }
  void TearDown() override {
    if (!binDir_.empty()) std::filesystem::remove_all(binDir_);
    Cli::TearDown();
  }
  // Runs `flocklab ARGS` under the limit; a hang ends after a generous minute as status 137.
  Result limited(const std::string& args) {
    return shell("timeout -s KILL 60 " + prefix_ + "'" + binDir_ + "/flocklab' " + args);
  }
  void expectRefused(const std::string& args, const std::string& fragment) {
    const auto before = files();
    const Result r = limited(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("flocklab: error: " + fragment), std::string::npos) << args << ": " << r.err;
    EXPECT_NE(r.err.find("; ask for fewer with --threads\n"), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_EQ(files(), before) << args << " created or changed a file";
  }

  std::string prefix_;
  std::string binDir_;
};

}  // namespace

TEST_F(ThreadLimits, TheLimitLetsASmallRunThrough) {
  // The check below is only worth something if the limit lets fewer threads run.
  const Result r = limited("run --threads 2 --steps 5 --json");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST_F(ThreadLimits, RunAndItsOutputsRefuseCleanly) {
  expectRefused("run --threads 100 --steps 5 --save s.csv --metrics-out m.csv", "cannot start 100 threads: only ");
  expectRefused("run --model steering --threads 100 --steps 5", "cannot start 100 threads: only ");
  expectRefused("run --model abm --threads 100 --steps 5", "cannot start 100 threads: only ");
}

TEST_F(ThreadLimits, SweepRefusesCleanly) {
  // The pool itself, then (a pool of 7 and the interrupt watchdog fit the limit) the thread that
  // drives it.
  expectRefused("sweep --threads 100 --param radius=4,6,8,10,12,14,16,18,20 --seeds 12 --steps 5 --out sweep.csv",
                "cannot start 100 threads: only ");
  expectRefused("sweep --threads 7 --param radius=4,6,8,10,12,14,16,18,20 --seeds 2 --steps 5 --out sweep.csv",
                "cannot start 8 threads: only 7 started");
}

TEST_F(ThreadLimits, BenchRefusesCleanly) {
  expectRefused("bench --threads 100 --only W1 --repeats 1", "cannot start 100 threads: only ");
}
