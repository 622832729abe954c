#pragma once
// Runs a JavaScript reference under node from a start CSV and reads back its final state:
// the reference tests' one way to drive tests/reference/*.mjs.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "flocklab/flock.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// Single-quoted for the shell (paths with spaces or quotes survive).
inline std::string shellQuote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// A scratch folder removed when the test is done.
class TempDir {
 public:
  explicit TempDir(const std::string& tag) {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("flocklab_reference_" + std::to_string(::getpid()) + "_" + tag + "_" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

/// Runs `node script --in start.csv --out end.csv <args>` and reads the final state into
/// `result` (positions checked against `space`); a failed assertion when anything goes wrong.
inline void runNodeReference(const std::string& node, const std::string& script, const std::string& args,
                             const Flock& start, const Space& space, const std::string& tag, Flock& result) {
  namespace fs = std::filesystem;
  ASSERT_TRUE(fs::exists(node))
      << "node not found at " << node
      << " (FLOCKLAB_NODE from CMake's find_program; install it with scripts/setup-debian.sh --test)";
  ASSERT_TRUE(fs::exists(script)) << "reference script missing: " << script;
  TempDir dir(tag);
  const std::string in = dir.file("start.csv"), out = dir.file("end.csv"), log = dir.file("node.log");
  {
    std::ofstream f(in, std::ios::binary);
    f << formatStateCsv(start);
    ASSERT_TRUE(f.good()) << "cannot write " << in;
  }
  const std::string command = shellQuote(node) + " " + shellQuote(script) + " --in " + shellQuote(in) + " --out " +
                              shellQuote(out) + " " + args + " > " + shellQuote(log) + " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream logFile(log);
  std::stringstream logText;
  logText << logFile.rdbuf();
  ASSERT_EQ(status, 0) << "the JS reference failed: " << command << "\n" << logText.str();
  try {
    result = readStateCsv(out, space);
  } catch (const CsvError& e) {
    FAIL() << "cannot read the reference's output " << out << ": " << e.what();
  }
}

/// A boid's four fields (six in 3D) in hexadecimal floating point, for failure messages.
inline std::string describeBoid(const Flock& f, long i) {
  if (i < 0 || static_cast<std::size_t>(i) >= f.size()) return "(none)";
  char text[256];
  if (f.is3d())
    std::snprintf(text, sizeof text, "x=%a y=%a z=%a vx=%a vy=%a vz=%a", f.x[i], f.y[i], f.z[i], f.vx[i], f.vy[i],
                  f.vz[i]);
  else std::snprintf(text, sizeof text, "x=%a y=%a vx=%a vy=%a", f.x[i], f.y[i], f.vx[i], f.vy[i]);
  return text;
}

}  // namespace flocklab
