// `flocklab sweep` as a user runs it: the same bytes for the same sweep (any thread count, and
// after being killed and restarted), rows that agree with `flocklab run`, the plot, run files,
// and every kind of bad input (exit status 2, one line on stderr, no file created or changed),
// files that are not provably the sweep's (never changed), and the memory of parallel runs.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "flocklab/io/fnv1a.hpp"
#include "flocklab/io/state_hash.hpp"
#include "flocklab/registry.hpp"
#include "support/cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) out.push_back(field);
  return out;
}

double number(const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  EXPECT_TRUE(ec == std::errc() && end == text.data() + text.size()) << text;
  return v;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

const char* const kHeader =
    "radius,alignment,seed,polarization,milling,flocks,largest_flock,largest_share,mean_nn_distance,mean_neighbors,"
    "last_fifth_polarization,last_fifth_milling,last_fifth_flocks,last_fifth_largest_flock,last_fifth_largest_share,"
    "last_fifth_mean_nn_distance,last_fifth_mean_neighbors,sweep,check";

// `row` (without its newline) with its check recomputed, as if the sweep had written it.
std::string signRow(const std::string& row) {
  const std::string text = row.substr(0, row.rfind(',') + 1);
  return text + flocklab::hashHex(flocklab::fnv1a(text));
}

// 2 x 2 combinations x 3 seeds = 12 short runs.
const std::string kSmall = "sweep --param radius=4,8 --param alignment=0,1 --seeds 3 --steps 100 --quiet";
// 4 x 2 x 5 = 40 runs of 600 steps: long enough (a second or two) to be stopped midway.
const std::string kLong = "sweep --param radius=4:10:2 --param alignment=0,1 --seeds 5 --steps 600 --quiet --threads 2";

class Sweep : public Cli {
 protected:
  std::string sweep(const std::string& args) {
    const Result r = run(args);
    EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
    return r.out;
  }
  std::string read(const std::string& name) const { return slurp(dir_ / name); }

  // Starts `flocklab ARGS` in the test's folder without waiting; stderr goes to `errFile`.
  // `addressSpace` > 0 caps the child's memory (not under AddressSanitizer or ThreadSanitizer,
  // whose shadow memory needs more address space than any cap).
  pid_t start(const std::string& args, const std::string& errFile, rlim_t addressSpace = 0) {
    std::vector<std::string> words{FLOCKLAB_BINARY_DIR "/flocklab"};
    std::istringstream in(args);
    for (std::string word; in >> word;) words.push_back(word);
    const std::string err = (dir_ / errFile).string();
    const pid_t pid = fork();
    if (pid == 0) {
      if (chdir(dir_.c_str()) != 0) _exit(127);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
      const rlimit cap{addressSpace, addressSpace};
      if (addressSpace > 0 && setrlimit(RLIMIT_AS, &cap) != 0) _exit(127);
#endif
      const int null = open("/dev/null", O_WRONLY), errFd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(null, 1);
      dup2(errFd, 2);
      std::vector<char*> argv;
      for (std::string& w : words) argv.push_back(w.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    return pid;
  }
  // The exit status of `pid`, or -1 (after killing it) if it has not ended within 60 s.
  int finish(pid_t pid) {
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        return -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  // Waits until `name` holds at least `rows` rows below its header; false after 30 s.
  bool waitForRows(const std::string& name, std::size_t rows) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
      const std::string text = read(name);
      if (text.size() > 0 && static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) >= rows + 1)
        return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
  }
};

}  // namespace

TEST_F(Sweep, TheSameSweepGivesTheSameBytesForAnyThreadCount) {
  const std::string out = sweep(kSmall + " --threads 1 --out one.csv");
  EXPECT_EQ(out, "flocklab sweep: 12 runs, one.csv\n");
  sweep(kSmall + " --threads 2 --out two.csv");
  sweep(kSmall + " --threads 2 --out again.csv");
  const std::string csv = read("one.csv");
  EXPECT_EQ(read("two.csv"), csv);
  EXPECT_EQ(read("again.csv"), csv);
}

TEST_F(Sweep, RowsAreInCanonicalOrderAndMatchRun) {
  sweep(kSmall + " --out r.csv");
  const auto rows = lines(read("r.csv"));
  ASSERT_EQ(rows.size(), 13u);
  EXPECT_EQ(rows[0], kHeader);
  // Parameters' combinations with radius outermost, then seeds 42, 43, 44.
  const char* const keys[] = {"4,0,42", "4,0,43", "4,0,44", "4,1,42", "4,1,43", "4,1,44",
                              "8,0,42", "8,0,43", "8,0,44", "8,1,42", "8,1,43", "8,1,44"};
  for (std::size_t k = 0; k < 12; ++k) EXPECT_EQ(rows[k + 1].rfind(std::string(keys[k]) + ",", 0), 0u) << rows[k + 1];
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_EQ(fields(rows[k]).size(), 19u) << rows[k];

  // The row of radius 8, alignment 1, seed 43 is `flocklab run`'s run of that configuration.
  const auto row = fields(rows[11]);
  const Result r = run("run --radius 8 --alignment 1 --seed 43 --steps 100 --json --every 1 --metrics-out m.csv");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto end = nlohmann::json::parse(r.out).at("end");
  EXPECT_EQ(number(row[3]), end.at("polarization").get<double>());
  EXPECT_EQ(number(row[4]), end.at("milling").get<double>());
  EXPECT_EQ(row[5], std::to_string(end.at("flocks").get<int>()));
  EXPECT_EQ(row[6], std::to_string(end.at("largest_flock").get<int>()));
  EXPECT_EQ(number(row[7]), end.at("largest_share").get<double>());
  EXPECT_EQ(number(row[8]), end.at("mean_nn_distance").get<double>());
  EXPECT_EQ(number(row[9]), end.at("mean_neighbors").get<double>());
  // The last fifth of 100 steps: steps 81 to 100, averaged in step order.
  const auto series = lines(read("m.csv"));
  ASSERT_EQ(series.size(), 102u);
  for (std::size_t column = 1; column <= 7; ++column) {
    double sum = 0;
    for (std::size_t step = 81; step <= 100; ++step) sum += number(fields(series[step + 1])[column]);
    EXPECT_EQ(number(row[9 + column]), sum / 20) << "column " << column;
  }
  // With --every 10 the last fifth is steps 90 and 100.
  sweep("sweep --param radius=8 --param alignment=1 --seed 43 --seeds 1 --steps 100 --every 10 --out e.csv");
  const auto every = fields(lines(read("e.csv"))[1]);
  EXPECT_EQ(number(every[10]), (number(fields(series[91])[1]) + number(fields(series[101])[1])) / 2);
}

TEST_F(Sweep, RangesAreInclusiveAndPrintCleanly) {
  sweep("sweep --param alignment=0:0.3:0.1 --param cohesion=0.5,1 --seeds 1 --steps 2 --out r.csv");
  std::string keys;
  for (const auto& row : lines(read("r.csv"))) keys += row.substr(0, row.find(',', row.find(',') + 1)) + " ";
  EXPECT_EQ(keys, "alignment,cohesion 0,0.5 0,1 0.1,0.5 0.1,1 0.2,0.5 0.2,1 0.3,0.5 0.3,1 ");
  // Rounding to 12 digits would carry 2 pi past the noise's end: the range stops at TO as given.
  sweep("sweep --model vicsek --param noise=0:6.283185307179586:3.141592653589793 --count 5 --seeds 1 --steps 1 --out "
        "n.csv");
  const auto noise = lines(read("n.csv"));
  ASSERT_EQ(noise.size(), 4u);
  EXPECT_EQ(noise[3].substr(0, noise[3].find(',')), "6.283185307179586");
}

TEST_F(Sweep, AKilledSweepResumesToTheSameBytes) {
  sweep(kLong + " --out full.csv");
  const std::string full = read("full.csv");
  ASSERT_EQ(lines(full).size(), 41u);

  const pid_t pid = start(kLong + " --out r.csv", "err.txt");
  ASSERT_GT(pid, 0);
  const bool midway = waitForRows("r.csv", 2);
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(midway) << "the sweep wrote no rows";
  const std::string partial = read("r.csv");
  const auto rows = lines(partial);
  ASSERT_GE(rows.size(), 3u);
  ASSERT_LT(rows.size(), 41u) << "the sweep finished before it was killed";
  ASSERT_EQ(partial.back(), '\n');
  // Every row so far is a row of the full sweep.
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_NE(full.find(rows[k] + "\n"), std::string::npos) << rows[k];
  // A write cut short by the kill leaves a last line without its newline: dropped on resume.
  write("r.csv", partial + "6,1,44,0.3");

  const Result r = run(kLong + " --out r.csv");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(std::to_string(rows.size() - 1) + " kept from r.csv"), std::string::npos) << r.out;
  EXPECT_EQ(read("r.csv"), full);
  // Nothing is left beside it (no temporary files).
  EXPECT_EQ(files().size(), 3u);
}

TEST_F(Sweep, CtrlCStopsTheRunsAndSaysHowToResume) {
  const pid_t pid = start(kLong + " --out r.csv --plot r.svg", "err.txt");
  ASSERT_GT(pid, 0);
  const bool midway = waitForRows("r.csv", 1);
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(midway);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const std::string err = read("err.txt");
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("of 40 runs done"), std::string::npos) << err;
  EXPECT_NE(err.find("rerun the same command to resume"), std::string::npos) << err;
  const std::string text = read("r.csv");
  EXPECT_EQ(text.back(), '\n');
  EXPECT_FALSE(fs::exists(dir_ / "r.svg"));
}

TEST_F(Sweep, APartialLastLineIsDroppedOnResume) {
  sweep(kSmall + " --out full.csv");
  const std::string full = read("full.csv");
  // Cut in the middle of the fourth row; also a file cut inside its header.
  const std::size_t cut = full.find('\n', full.find('\n', full.find('\n', full.find('\n') + 1) + 1) + 1) + 20;
  write("r.csv", full.substr(0, cut));
  const Result r = run(kSmall + " --out r.csv");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "flocklab sweep: 12 runs (3 kept from r.csv), r.csv\n");
  EXPECT_EQ(read("r.csv"), full);
  // A file cut inside its header or its first row is not provably this sweep's: refused.
  write("h.csv", full.substr(0, 30));
  expectUsageError(kSmall + " --out h.csv", "h.csv holds no whole row of this sweep");
  write("h.csv", full.substr(0, full.find('\n') + 30));
  expectUsageError(kSmall + " --out h.csv", "h.csv holds no whole row of this sweep");
  // An empty file holds nothing to lose: the sweep fills it.
  write("e.csv", "");
  sweep(kSmall + " --out e.csv");
  EXPECT_EQ(read("e.csv"), full);
  // A finished sweep's file is kept whole when the sweep is run again.
  EXPECT_EQ(run(kSmall + " --out full.csv").out, "flocklab sweep: 12 runs (12 kept from full.csv), full.csv\n");
  EXPECT_EQ(read("full.csv"), full);
}

TEST_F(Sweep, FilesOfOtherSweepsAreRefused) {
  sweep(kSmall + " --out full.csv");
  const auto rows = lines(read("full.csv"));
  write("other.csv", "step,polarization\n1,0.5\n");
  expectUsageError(kSmall + " --out other.csv",
                   "other.csv holds another sweep's rows (its header differs); remove it or choose another --out");
  expectUsageError("sweep --param radius=4,8 --seeds 3 --steps 100 --out full.csv", "its header differs");
  // Rows signed as the sweep would have, but not of its runs or not numbers.
  write("seed.csv", rows[0] + "\n" + rows[1] + "\n" + signRow("4,0,99" + rows[2].substr(6)) + "\n");
  expectUsageError(kSmall + " --out seed.csv", "seed.csv line 3: seed 99 is not a seed of this sweep");
  write("value.csv", rows[0] + "\n" + signRow("5" + rows[1].substr(1)) + "\n");
  expectUsageError(kSmall + " --out value.csv", "value.csv line 2: radius = 5 is not a value of this sweep");
  write("short.csv", rows[0] + "\n" + rows[1] + "\n" + "4,0,43,0.5\n");
  expectUsageError(kSmall + " --out short.csv", "short.csv line 3: 4 fields where the header has 19");
  auto f = fields(rows[1]);
  f[5] = "lots";
  std::string words;
  for (const auto& field : f) words += (words.empty() ? "" : ",") + field;
  write("words.csv", rows[0] + "\n" + signRow(words) + "\n");
  expectUsageError(kSmall + " --out words.csv", "words.csv line 2: flocks is not a whole number of boids");
  write("twice.csv", rows[0] + "\n" + rows[1] + "\n" + rows[1] + "\n");
  expectUsageError(kSmall + " --out twice.csv", "twice.csv line 3: it repeats the run of an earlier line");
}

TEST_F(Sweep, BadInputIsRefusedBeforeAnyRun) {
  const std::string o = " --steps 10 --out r.csv";
  expectUsageError("sweep --steps 10 --out r.csv", "give at least one --param");
  expectUsageError("sweep --param radius=2:10:2 --steps 10", "--out FILE.csv is required");
  expectUsageError("sweep --param radius=2:10:2 --out r.txt", "--out must end in .csv");
  expectUsageError("sweep --param radius=2:10" + o, "--param must look like NAME=FROM:TO:STEP");
  expectUsageError("sweep --param radius=2:10:2:1" + o, "--param must look like");
  expectUsageError("sweep --param radius=2:10:0" + o, "STEP must be > 0");
  expectUsageError("sweep --param radius=2:10:-1" + o, "STEP must be > 0");
  expectUsageError("sweep --param radius=10:2:2" + o, "gives no values");
  expectUsageError("sweep --param radius=1:1e9:1" + o, "more than 10000 values");
  expectUsageError("sweep --param radius=1,,2" + o, "--param must look like");
  expectUsageError("sweep --param radius=1,x" + o, "--param must look like");
  expectUsageError("sweep --param radius=1,nan" + o, "--param must look like");
  // Issue 43, item 13: every number as the options read them (flocklab/decimal_text.hpp), no hex,
  // no '+', no inf. (from_chars refused these already; the range's rounding used strtod.)
  for (const char* spec : {"radius=0x2:0x8:2", "radius=+2:8:2", "radius=2:8:0x1p1", "radius=2:8:+2", "radius=0x4,5",
                           "radius=+4,5", "radius=2:inf:2", "radius=4,1e400", "radius= 4,5"})
    expectUsageError(std::string("sweep --param '") + spec + "'" + o, "--param must look like");
  expectUsageError("sweep --param radius" + o, "--param must look like");
  expectUsageError("sweep --param =1,2" + o, "--param must look like");
  expectUsageError("sweep --param radius=2,2" + o, "gives the value 2 twice");
  expectUsageError("sweep --param sped=1,2" + o, "unknown parameter 'sped' (the --model lab sweeps count, separation");
  expectUsageError("sweep --param speed=1,2" + o, "--speed belongs to --model abm, vicsek or couzin, not --model lab");
  expectUsageError("sweep --param seed=1,2" + o, "--seeds");
  expectUsageError("sweep --param steps=1,2" + o, "--steps");
  expectUsageError("sweep --param count=10.5" + o, "whole numbers");
  expectUsageError("sweep --param radius=1 --param radius=2" + o, "--param radius is given twice");
  expectUsageError("sweep --param radius=1,2 --radius 3" + o, "--radius and --param radius both set radius");
  expectUsageError("sweep --param radius=0,1" + o, "--radius must be a finite number in (0, 1e100] (got 0)");
  expectUsageError("sweep --param vision=10,20" + o, "--vision belongs to --model steering");
  expectUsageError("sweep --param radius=1 --metric speed" + o, "--metric must be polarization");
  expectUsageError("sweep --param radius=1 --seeds 0" + o, "--seeds must be between 1");
  expectUsageError("sweep --param radius=1 --every 0" + o, "--every must be between 1");
  expectUsageError("sweep --param radius=1 --threads -1" + o, "--threads must be between 0");
  expectUsageError("sweep --param radius=1 --steps -1 --out r.csv", "--steps must be at least 0");
  expectUsageError("sweep --param radius=1 --plot r.pdf" + o, "--plot must end in .svg or .png");
  expectUsageError("sweep --param radius=1 --out nowhere/r.csv", "cannot write nowhere/r.csv");
  expectUsageError("sweep --param radius=1 --plot nowhere/p.svg" + o, "cannot write nowhere/p.svg");
  expectUsageError("sweep --param radius=1 --write-config nowhere/c.json" + o, "cannot write nowhere/c.json");
  expectUsageError("sweep --param radius=1 --config missing.json" + o, "cannot read missing.json");
  expectUsageError("sweep --param radius=1 --bogus" + o, "--bogus");
  fs::create_directory(dir_ / "folder.csv");
  expectUsageError("sweep --param radius=1 --out folder.csv", "directory");
}

TEST_F(Sweep, WriteConfigThenConfigGivesTheSameCsv) {
  const std::string out =
      sweep("sweep --param radius=4,8 --param alignment=0,1 --seeds 2 --steps 60 --count 80 --every 3 --seed 7 "
            "--metric flocks --quiet --out a.csv --write-config c.json");
  EXPECT_EQ(out, "flocklab sweep: 8 runs, a.csv, config c.json\n");
  const auto config = nlohmann::json::parse(read("c.json"));
  EXPECT_EQ(config.at("param"), nlohmann::json({"radius=4,8", "alignment=0,1"}));
  EXPECT_EQ(config.at("seeds"), 2);
  EXPECT_EQ(config.at("seed"), 7);
  EXPECT_EQ(config.at("count"), 80);
  EXPECT_EQ(config.at("every"), 3);
  EXPECT_EQ(config.at("metric"), "flocks");
  EXPECT_EQ(config.at("plot_style"), "lines");
  EXPECT_EQ(config.at("steps"), 60);
  sweep("sweep --config c.json --out b.csv");
  EXPECT_EQ(read("b.csv"), read("a.csv"));
  // The command line wins over the file.
  sweep("sweep --config c.json --seeds 1 --out one.csv");
  EXPECT_EQ(lines(read("one.csv")).size(), 5u);

  write("bad.json", R"({"param": "radius=1"})");
  expectUsageError("sweep --config bad.json --out r.csv", "key 'param' must be a list of strings");
  write("bad.json", R"({"param": ["radius=1"], "seeds": 2.5})");
  expectUsageError("sweep --config bad.json --out r.csv", "key 'seeds' must be a whole number");
  write("bad.json", R"({"param": ["radius=1"], "metric": 3})");
  expectUsageError("sweep --config bad.json --out r.csv", "key 'metric' must be a string");
  write("bad.json", R"({"param": ["radius=1"], "plot_style": 1})");
  expectUsageError("sweep --config bad.json --out r.csv", "key 'plot_style' must be a string");
  write("bad.json", R"({"param": ["radius=1"], "plot_style": "bars"})");
  expectUsageError("sweep --config bad.json --out r.csv", "--plot-style must be lines or points (got bars)");
  write("bad.json", R"({"param": ["radius=1"], "every": "often"})");
  expectUsageError("sweep --config bad.json --out r.csv", "key 'every' must be a whole number");
  write("bad.json", R"({"param": ["radius=1"], "sped": 2})");
  expectUsageError("sweep --config bad.json --out r.csv", "unknown key 'sped'");
  write("bad.json", R"({"param": ["radius=1"], "speed": 2})");
  expectUsageError("sweep --config bad.json --out r.csv",
                   "key 'speed' belongs to --model abm, vicsek or couzin, not --model lab");
  write("bad.json", R"({"param": ["radius=1"], "radius": "wide"})");
  expectUsageError("sweep --config bad.json --out r.csv", "key 'radius' must be a number");
}

TEST_F(Sweep, PlotHasOneSeriesPerValueOfTheSecondParameter) {
  const std::string out = sweep("sweep --param radius=4:8:2 --param alignment=0,0.5,1 --seeds 2 --steps 60 "
                                "--out r.csv --plot p.svg --metric largest_share");
  EXPECT_EQ(out, "flocklab sweep: 18 runs, r.csv, plot p.svg\n");
  const std::string svg = read("p.svg");
  EXPECT_EQ(count(svg, "<g class=\"series\""), 3u);
  for (const char* name : {"alignment = 0", "alignment = 0.5", "alignment = 1"})
    EXPECT_NE(svg.find(std::string("data-name=\"") + name + "\""), std::string::npos) << name;
  EXPECT_EQ(count(svg, "<polygon class=\"band\""), 3u);  // the standard deviation over seeds
  EXPECT_NE(svg.find("Largest group's share against radius"), std::string::npos);
  EXPECT_NE(svg.find("largest group's share (mean of the last fifth)"), std::string::npos);
  EXPECT_NE(svg.find("model lab - 120 boids - 60 steps - 2 seeds"), std::string::npos);

  // One parameter: one series.
  sweep("sweep --param radius=4,8 --seeds 1 --steps 20 --out one.csv --plot one.svg");
  const std::string single = read("one.svg");
  EXPECT_EQ(count(single, "<g class=\"series\""), 1u);
  // One seed: the line is that seed's, with no mean or deviation to speak of.
  EXPECT_NE(single.find("data-name=\"seed 42\""), std::string::npos);
  EXPECT_NE(single.find("model lab - 120 boids - 20 steps - seed 42<"), std::string::npos);
  EXPECT_EQ(single.find("standard deviation"), std::string::npos);
  EXPECT_EQ(count(single, "<polygon class=\"band\""), 0u);
  // A PNG when asked for (the rows are kept from the sweep above).
  const Result r = run("sweep --param radius=4,8 --seeds 1 --steps 20 --out one.csv --plot one.png");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string png = read("one.png");
  EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1a\n");
}

// Issue 11, item 8: a file that is not provably this sweep's is refused and never changed.
TEST_F(Sweep, OnlyThisSweepsFileIsResumed) {
  // Text without a newline was taken for a cut-off header and overwritten.
  write("precious.csv", "notes I wrote, no newline at the end");
  expectUsageError(kSmall + " --out precious.csv", "precious.csv holds another sweep's rows");
  EXPECT_EQ(read("precious.csv"), "notes I wrote, no newline at the end");
  // The same header but another --count, --steps or --every: the rows are another sweep's.
  sweep(kSmall + " --out full.csv");
  const std::string full = read("full.csv");
  expectUsageError(kSmall + " --count 50 --out full.csv", "full.csv line 2: it is a row of another sweep");
  expectUsageError(kSmall + " --every 2 --out full.csv", "full.csv line 2: it is a row of another sweep");
  const auto rows = lines(full);
  write("cut.csv", rows[0] + "\n" + rows[1] + "\n4,0,43,0.1");
  expectUsageError(kSmall + " --count 50 --out cut.csv", "cut.csv line 2: it is a row of another sweep");
  EXPECT_EQ(read("cut.csv"), rows[0] + "\n" + rows[1] + "\n4,0,43,0.1");
  // A header alone proves nothing.
  write("header.csv", rows[0] + "\n");
  expectUsageError(kSmall + " --out header.csv", "header.csv holds no whole row of this sweep");
  // The rows of flocklab 0.1.0 (no fingerprint) cannot be resumed.
  const std::string older = std::string(kHeader).substr(0, std::string(kHeader).size() - 12);
  write("older.csv", older + "\n4,0,42,1,1,1,1,1,1,1,1,1,1,1,1,1,1\n");
  expectUsageError(kSmall + " --out older.csv", "older.csv holds rows without a sweep fingerprint");
  // More bytes than the sweep's rows can take.
  write("big.csv", rows[0] + "\n" + std::string(1 << 20, '7'));
  expectUsageError(kSmall + " --out big.csv", "big.csv is larger than this sweep's rows can be");
}

// Issue 11, item 11: a kept row that was edited is refused, naming its line.
TEST_F(Sweep, AChangedRowIsRefused) {
  sweep(kSmall + " --out full.csv");
  auto rows = lines(read("full.csv"));
  auto f = fields(rows[4]);
  f[3] = "9";  // its polarization
  std::string edited;
  for (const auto& field : f) edited += (edited.empty() ? "" : ",") + field;
  std::string text;
  for (std::size_t k = 0; k < 6; ++k) text += (k == 4 ? edited : rows[k]) + "\n";
  write("r.csv", text);
  expectUsageError(kSmall + " --out r.csv", "r.csv line 5: it was changed after the sweep wrote it");
  // Its fingerprint changed: the check fails too.
  f = fields(rows[2]);
  ASSERT_EQ(f.size(), 19u) << rows[2];
  f[17] = std::string(16, '0');
  edited.clear();
  for (const auto& field : f) edited += (edited.empty() ? "" : ",") + field;
  write("f.csv", rows[0] + "\n" + rows[1] + "\n" + edited + "\n");
  expectUsageError(kSmall + " --out f.csv", "f.csv line 3: it was changed after the sweep wrote it");
}

// Outputs that are not regular files: a FIFO was waited on for ever.
TEST_F(Sweep, AFifoIsRefusedWithoutWaiting) {
  ASSERT_EQ(mkfifo((dir_ / "pipe.csv").c_str(), 0644), 0);
  const Result r = shell("timeout 60 '" FLOCKLAB_BINARY_DIR "/flocklab' " + kSmall + " --out pipe.csv");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("pipe.csv is not a regular file"), std::string::npos) << r.err;
}

// Issue 11, item 6: the measured steps were stored, 2^63 / 5 of them; Ctrl-C now stops the
// running runs, and a sweep stopped before its first row leaves no file.
TEST_F(Sweep, AHugeStepCountNeedsNoMemoryAndStopsOnCtrlC) {
  const pid_t pid = start("sweep --param radius=4 --seeds 1 --steps 9223372036854775807 --quiet --out r.csv", "err.txt",
                          rlim_t{2} << 30);
  ASSERT_GT(pid, 0);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  kill(pid, SIGINT);
  EXPECT_EQ(finish(pid), 130) << read("err.txt");
  EXPECT_EQ(read("err.txt"), "flocklab sweep: interrupted before the first run finished; r.csv was not written\n");
  EXPECT_FALSE(fs::exists(dir_ / "r.csv"));
}

// Issue 11, item 13: memory is checked with each model's measured bytes a boid, for the runs
// that go at once. FLOCKLAB_MEMORY_BYTES stands in for the machine's memory.
TEST_F(Sweep, MemoryIsCheckedForTheRunsGoingAtOnce) {
  const auto bytes = [](const char* model) {
    const flocklab::ModelDescription* m = flocklab::findModel(model);
    return m->bytesPerBoid(m->defaults());
  };
  const std::uint64_t lab = bytes("lab"), abm = bytes("abm");
  ASSERT_GT(abm, lab);
  const auto withMemory = [&](std::uint64_t memory, const std::string& args) {
    return shell("FLOCKLAB_MEMORY_BYTES=" + std::to_string(memory) + " '" FLOCKLAB_BINARY_DIR "/flocklab' " + args);
  };
  // 1000 boids a run: one run at a time fits in the memory of 1.5 runs, two do not.
  const std::string sweepArgs = "sweep --param count=1000 --seeds 2 --steps 1 --quiet --out r.csv --threads ";
  Result r = withMemory(1500 * lab, sweepArgs + "2");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("2 runs at a time need about"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("give fewer --threads"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "r.csv"));
  r = withMemory(1500 * lab, sweepArgs + "1");
  EXPECT_EQ(r.status, 0) << r.err;
  // The largest runs count: 1000 and 500 boids at once need 1500 boids' memory.
  r = withMemory(1400 * lab, "sweep --param count=500,1000 --seeds 1 --steps 1 --quiet --out s.csv --threads 2");
  EXPECT_EQ(r.status, 2) << r.err;
  r = withMemory(1600 * lab, "sweep --param count=500,1000 --seeds 1 --steps 1 --quiet --out s.csv --threads 2");
  EXPECT_EQ(r.status, 0) << r.err;
  // Each model its own figure: memory for 1000 lab boids is too little for 1000 abm agents.
  const std::uint64_t between = 1000 * (lab + abm) / 2;
  EXPECT_EQ(withMemory(between, "run --model lab --count 1000 --steps 1").status, 0);
  r = withMemory(between, "run --model abm --count 1000 --steps 1");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("count 1000 needs about"), std::string::npos) << r.err;
}

// The figures of Vicsek et al. (docs/vicsek-figures.md): --density with the world swept gives
// each line its own count, named in the legend; --param density sweeps the count in one world;
// --plot-style points draws markers with error bars instead of lines and bands.
TEST_F(Sweep, DensityGivesEachWorldItsCountAndPointsDrawMarkers) {
  sweep("sweep --model vicsek --density 4 --param noise=0,3 --param world=2,3 --seeds 2 --steps 20 "
        "--out w.csv --plot w.svg --plot-style points");
  const std::string svg = read("w.svg");
  EXPECT_NE(svg.find("data-name=\"world = 2 (16 particles)\""), std::string::npos);
  EXPECT_NE(svg.find("data-name=\"world = 3 (36 particles)\""), std::string::npos);
  EXPECT_NE(svg.find("model vicsek - 20 steps - 2 seeds"), std::string::npos) << "no one count in the subtitle";
  EXPECT_EQ(count(svg, "<path class=\"marker\""), 4u);  // 2 lines x 2 noises
  EXPECT_EQ(count(svg, "<polyline"), 0u);
  EXPECT_EQ(count(svg, "<polygon class=\"band\""), 0u);
  // The rows are those of the counts the density gives (16 particles in world 2, seed 42).
  const auto rows = lines(read("w.csv"));
  ASSERT_EQ(rows.size(), 9u);
  const std::string hash = run("run --model vicsek --count 16 --world 2 --noise 0 --steps 20 --seed 42 --json").out;
  const auto end = nlohmann::json::parse(hash).at("end");
  EXPECT_EQ(number(fields(rows[1])[3]), end.at("polarization").get<double>());
  EXPECT_EQ(number(fields(rows[1])[6]), end.at("largest_flock").get<double>());

  sweep("sweep --model vicsek --world 3 --param density=1,2 --seeds 1 --steps 10 --out d.csv --plot d.svg");
  const auto densityRows = lines(read("d.csv"));
  ASSERT_EQ(densityRows.size(), 3u);
  EXPECT_EQ(number(fields(densityRows[2])[6]) <= 18, true) << "at most 2 x 9 particles in one group";
  const std::string densitySvg = read("d.svg");
  EXPECT_NE(densitySvg.find(">density</text>"), std::string::npos);
  EXPECT_EQ(densitySvg.find("particles"), std::string::npos)
      << "no one count: neither the subtitle nor the line names one";

  // A swept count is the line's name already: no count added to it.
  sweep("sweep --param radius=5,10 --param count=50,100 --steps 5 --seeds 1 --out rc.csv --plot rc.svg");
  EXPECT_NE(read("rc.svg").find("data-name=\"count = 50\""), std::string::npos);

  expectUsageError("sweep --param radius=4,8 --out r.csv --plot-style bars",
                   "--plot-style must be lines or points (got bars)");
  expectUsageError("sweep --density 1 --param count=10,20 --out r.csv",
                   "give --count or --density, not both (in the sweep's runs with count = 10)");
}
