// scripts/vicsek_transition.py, which docs/vicsek-figures.md runs on the Fig. 2a sweep: given
// orders that follow va = A ((eta_c - eta) / eta_c)^beta exactly (seeds spread evenly around
// the curve), it finds eta_c and beta again; and it refuses a file with too few ordered points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/cli_fixture.hpp"

namespace {

const std::string kScript = "/usr/bin/python3 '" FLOCKLAB_SOURCE_DIR "/scripts/vicsek_transition.py' ";

// A sweep CSV over noise 0:5:0.25 whose three seeds average to the power law below eta_c and
// to 0.05 beyond it, with the columns the script reads among the sweep's others.
std::string powerLawSweep(double etaC, double beta, double amplitude) {
  std::ostringstream csv;
  csv.precision(17);
  csv << "noise,world,seed,polarization,last_fifth_polarization,sweep,check\n";
  for (int k = 0; k <= 20; ++k) {
    const double eta = 0.25 * k;
    const double va = eta < etaC ? std::min(1.0, amplitude * std::pow((etaC - eta) / etaC, beta)) : 0.05;
    for (int s = 0; s < 3; ++s) {
      const double v = va * (1 + 0.01 * (s - 1));
      csv << eta << ",10," << 42 + s << "," << v << "," << v << ",0,0\n";
      csv << eta << ",20," << 42 + s << ",0.5,0.5,0,0\n";  // another world, left out by --where
    }
  }
  return csv.str();
}

double valueAfter(const std::string& text, const std::string& label) {
  std::smatch m;
  const std::regex pattern(label + R"(\s*=\s*([0-9.]+))");
  if (!std::regex_search(text, m, pattern)) return std::nan("");
  return std::stod(m[1]);
}

}  // namespace

TEST_F(Cli, VicsekTransitionFindsTheCriticalNoiseAndBetaOfAPowerLaw) {
  write("law.csv", powerLawSweep(3.6, 0.45, 1.0));
  const Result r = shell(kScript + "law.csv --where world=10 --resamples 20");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NEAR(valueAfter(r.out, "eta_c"), 3.6, 0.002) << r.out;
  EXPECT_NEAR(valueAfter(r.out, "beta"), 0.45, 0.002) << r.out;
  EXPECT_NE(r.out.find("    2  " + std::string("0.")), std::string::npos) << "the table of means: " << r.out;

  write("steep.csv", powerLawSweep(4.3, 0.8, 1.05));
  const Result steep = shell(kScript + "steep.csv --where world=10 --resamples 20");
  ASSERT_EQ(steep.status, 0) << steep.err;
  EXPECT_NEAR(valueAfter(steep.out, "eta_c"), 4.3, 0.002) << steep.out;
  EXPECT_NEAR(valueAfter(steep.out, "beta"), 0.8, 0.002) << steep.out;

  const Result none = shell(kScript + "law.csv --where world=30");
  EXPECT_NE(none.status, 0);
  EXPECT_NE(none.err.find("no rows of law.csv match"), std::string::npos) << none.err;
  // Every refusal is one line: another swept parameter left free, a bad --where, no file.
  for (const auto& [args, fragment] : std::vector<std::pair<std::string, std::string>>{
           {"law.csv", "law.csv sweeps world too (2 values): choose one with --where world=VALUE"},
           {"law.csv --where world=abc", "--where takes NAME=NUMBER (got world=abc)"},
           {"law.csv --where count=4", "--where count: law.csv sweeps no count (it sweeps world)"},
           {"missing.csv", "cannot read missing.csv"},
           {"law.csv --where world=10 --resamples 0", "--resamples must be at least 1"}}) {
    const Result bad = shell(kScript + args);
    EXPECT_NE(bad.status, 0) << args;
    EXPECT_NE(bad.err.find(fragment), std::string::npos) << args << ": " << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << args << ": " << bad.err;
  }
  const Result few = shell(kScript + "law.csv --where world=10 --from 3.3");
  EXPECT_NE(few.status, 0);
  EXPECT_NE(few.err.find("fewer than 3 noises in the window"), std::string::npos) << few.err;
}
