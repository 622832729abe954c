#pragma once
// A test fixture that runs the built flocklab command in a folder of its own, as a user would,
// and checks usage errors the one way every command promises them: exit status 2, one line on
// stderr, nothing on stdout, no file left behind.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace flocklab_test {
namespace fs = std::filesystem;

struct Result {
  int status;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    // The process id keeps apart two builds' runs of the same test on one machine.
    dir_ = fs::temp_directory_path() /
           ("flocklab-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
            std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs a shell command in the test's folder.
  Result shell(const std::string& command) {
    const std::string line = "cd '" + dir_.string() + "' && " + command + " >stdout.txt 2>stderr.txt";
    const int raw = std::system(line.c_str());
    Result r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(dir_ / "stdout.txt"), slurp(dir_ / "stderr.txt")};
    fs::remove(dir_ / "stdout.txt");
    fs::remove(dir_ / "stderr.txt");
    return r;
  }
  // Runs `flocklab ARGS` in the test's folder.
  Result run(const std::string& args) { return shell("'" FLOCKLAB_BINARY_DIR "/flocklab' " + args); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name, std::ios::binary) << text; }
  // Every file of the test's folder and its contents.
  std::map<std::string, std::string> files() const {
    std::map<std::string, std::string> all;
    for (const auto& entry : fs::directory_iterator(dir_))
      all[entry.path().filename().string()] = entry.is_regular_file() ? slurp(entry.path()) : "(folder)";
    return all;
  }
  // Expects exit status 2, exactly one line on stderr containing `fragment`, nothing on
  // stdout, and no file created or changed.
  void expectUsageError(const std::string& args, const std::string& fragment) {
    const auto before = files();
    const Result r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
    EXPECT_EQ(files(), before) << args << " created or changed a file";
  }
  std::string hashOf(const std::string& args) {
    const Result r = run(args + " --json --hash");
    EXPECT_EQ(r.status, 0) << r.err;
    return nlohmann::json::parse(r.out).at("hash").get<std::string>();
  }

  fs::path dir_;
};

}  // namespace flocklab_test

using flocklab_test::Cli;
using flocklab_test::Result;
using flocklab_test::slurp;
