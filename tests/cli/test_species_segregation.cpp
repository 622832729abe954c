// scripts/species_segregation.py, which docs/species-experiments.md runs on runs of two prey
// species and on sweeps of catches: given metrics files whose values are known, it prints,
// writes and draws their mean, standard deviation, minimum and maximum over seeds at every step,
// and prints the same over the seeds of each combination of a sweep; on flocklab's own files two
// species that flock with their own kind sort themselves and two that flock together do not;
// and each refusal is one line.
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

const std::string kScript = "/usr/bin/python3 '" FLOCKLAB_SOURCE_DIR "/scripts/species_segregation.py' ";

// A metrics file as `flocklab run --metrics-out` writes it (a few of its columns), measured at
// steps 0, 30 and 60, with these segregations.
std::string metrics(double s0, double s30, double s60) {
  std::ostringstream csv;
  csv.precision(17);
  csv << "step,polarization,a.polarization,b.polarization,segregation\n";
  csv << "0,0.1,0.1,0.1," << s0 << "\n30,0.5,0.5,0.5," << s30 << "\n60,0.9,0.8,0.95," << s60 << "\n";
  return csv.str();
}

// The numbers of the printed row of `label`: seeds, mean, sd, min, max; empty when absent.
std::vector<double> printedRow(const std::string& text, const std::string& label, int occurrence = 0) {
  const std::regex row("(^|\n)" + label + R"(\s+(\d+)\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s+(-?[0-9.]+))");
  auto m = std::sregex_iterator(text.begin(), text.end(), row);
  for (int k = 0; k < occurrence && m != std::sregex_iterator(); ++k) ++m;
  if (m == std::sregex_iterator()) return {};
  std::vector<double> values;
  for (int g = 2; g <= 6; ++g) values.push_back(std::stod((*m)[g]));
  return values;
}

// The fields of the CSV row that starts with `prefix`.
std::vector<std::string> csvRow(const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind(prefix, 0) == 0) {
      std::vector<std::string> fields;
      std::istringstream parts(line);
      for (std::string field; std::getline(parts, field, ',');) fields.push_back(field);
      return fields;
    }
  return {};
}

}  // namespace

TEST_F(Cli, SpeciesSegregationGivesTheSpreadOverSeedsAtEveryStep) {
  write("own-1.csv", metrics(0, 0.5, 0.7));
  write("own-2.csv", metrics(0, 0.6, 0.8));
  write("own-3.csv", metrics(0, 0.4, 0.9));
  write("mixed-1.csv", metrics(0, 0.01, -0.02));
  write("mixed-2.csv", metrics(0, -0.01, 0.02));
  const Result r = shell(kScript + "--series own own-1.csv own-2.csv own-3.csv --series 'flock together' mixed-1.csv "
                                   "mixed-2.csv --at 30 --at 60 --out seg.csv --plot seg.svg");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<double> own30 = printedRow(r.out, "own"), own60 = printedRow(r.out, "own", 1);
  ASSERT_EQ(own30.size(), 5u) << r.out;
  ASSERT_EQ(own60.size(), 5u) << r.out;
  EXPECT_EQ(own30[0], 3);
  EXPECT_DOUBLE_EQ(own30[1], 0.5);
  EXPECT_DOUBLE_EQ(own30[2], 0.1);
  EXPECT_DOUBLE_EQ(own60[1], 0.8);
  EXPECT_DOUBLE_EQ(own60[3], 0.7);
  EXPECT_DOUBLE_EQ(own60[4], 0.9);
  const std::vector<double> mixed60 = printedRow(r.out, "flock together", 1);
  ASSERT_EQ(mixed60.size(), 5u) << r.out;
  EXPECT_EQ(mixed60[0], 2);
  EXPECT_DOUBLE_EQ(mixed60[1], 0.0);
  EXPECT_DOUBLE_EQ(mixed60[2], 0.028);  // sqrt(2 * 0.02^2), printed to 3 places
  EXPECT_NE(r.out.find("segregation at step 60 (1 s)"), std::string::npos) << r.out;

  const std::string table = slurp(dir_ / "seg.csv");
  EXPECT_EQ(table.rfind("series,step,time_s,seeds,mean,sd,min,max\n", 0), 0u) << table;
  const std::vector<std::string> row = csvRow(table, "own,60,");
  ASSERT_EQ(row.size(), 8u) << table;
  EXPECT_DOUBLE_EQ(std::stod(row[2]), 1.0);
  EXPECT_EQ(row[3], "3");
  EXPECT_NEAR(std::stod(row[4]), 0.8, 1e-15);
  EXPECT_NEAR(std::stod(row[5]), 0.1, 1e-15);
  EXPECT_EQ(std::stod(row[6]), 0.7);
  EXPECT_EQ(std::stod(row[7]), 0.9);
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 1 + 3 + 3) << table;

  const std::string svg = slurp(dir_ / "seg.svg");
  EXPECT_NE(svg.find("data-name=\"own\""), std::string::npos);
  EXPECT_NE(svg.find("data-name=\"flock together\""), std::string::npos);
  EXPECT_NE(svg.find("simulated time (s)"), std::string::npos);
  const Result parsed =
      shell("/usr/bin/python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' seg.svg");
  EXPECT_EQ(parsed.status, 0) << "not well-formed XML: " << parsed.err;

  // Another column of the same files.
  const Result polar = shell(kScript + "--series own own-1.csv own-2.csv own-3.csv --metric b.polarization");
  ASSERT_EQ(polar.status, 0) << polar.err;
  EXPECT_NE(polar.out.find("b.polarization at step 60"), std::string::npos) << polar.out;
  EXPECT_DOUBLE_EQ(printedRow(polar.out, "own").at(1), 0.95);
}

TEST_F(Cli, SpeciesSegregationGivesTheSpreadOverTheSeedsOfEachCombinationOfASweep) {
  // A sweep's CSV (two swept parameters, the metrics, sweep and check), rows in canonical order.
  write("catches.csv", "prey.alignment,hawk.max_speed,seed,catch_rate,last_fifth_catch_rate,sweep,check\n"
                       "0,180,42,1,1.5,fd0551371aca3878,1\n0,180,43,3,2.5,fd0551371aca3878,2\n"
                       "0,270,42,16,17,fd0551371aca3878,3\n0,270,43,18,19,fd0551371aca3878,4\n"
                       "0.5,180,42,2,2,fd0551371aca3878,5\n0.5,180,43,2,2,fd0551371aca3878,6\n");
  const Result r = shell(kScript + "--sweep catches.csv --metric last_fifth_catch_rate");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("last_fifth_catch_rate over seeds, by prey.alignment, hawk.max_speed:"), std::string::npos)
      << r.out;
  const std::vector<double> first = printedRow(r.out, R"(0\s+180)"), second = printedRow(r.out, R"(0\s+270)");
  ASSERT_EQ(first.size(), 5u) << r.out;
  ASSERT_EQ(second.size(), 5u) << r.out;
  EXPECT_EQ(first, (std::vector<double>{2, 2.0, 0.707, 1.5, 2.5}));
  EXPECT_EQ(second, (std::vector<double>{2, 18.0, 1.414, 17.0, 19.0}));
  EXPECT_EQ(printedRow(r.out, R"(0\.5\s+180)"), (std::vector<double>{2, 2.0, 0.0, 2.0, 2.0}));
  EXPECT_LT(r.out.find("\n0 "), r.out.find("\n0.5 ")) << "the file's order: " << r.out;
  const Result end = shell(kScript + "--sweep catches.csv --metric catch_rate");
  ASSERT_EQ(end.status, 0) << end.err;
  EXPECT_EQ(printedRow(end.out, R"(0\s+270)").at(1), 17.0);
}

TEST_F(Cli, SpeciesSegregationSeparatesOwnKindFromFlockingTogether) {
  // Two seeds of 2 x 100 boids in a 300 x 300 world for 10 s: seeds 1 to 6 end at segregation
  // 0.63 to 0.81 with their own kind and -0.01 to 0.03 flocking together.
  const std::string common = "run --model steering --width 300 --height 300 --steps 600 --every 60 --threads 1 -q ";
  for (const char* seed : {"1", "2"}) {
    ASSERT_EQ(
        run(common + "--species a:100 --species b:100 --seed " + seed + " --metrics-out own-" + seed + ".csv").status,
        0);
    ASSERT_EQ(run(common + "--species a:100:flocks_with=b --species b:100:flocks_with=a --seed " + seed +
                  " --metrics-out mixed-" + seed + ".csv")
                  .status,
              0);
  }
  const Result r = shell(kScript + "--series own own-1.csv own-2.csv --series together mixed-1.csv mixed-2.csv");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("segregation at step 600 (10 s)"), std::string::npos) << r.out;
  const std::vector<double> own = printedRow(r.out, "own"), together = printedRow(r.out, "together");
  ASSERT_EQ(own.size(), 5u) << r.out;
  ASSERT_EQ(together.size(), 5u) << r.out;
  EXPECT_GT(own[3], 0.4) << r.out;  // the lower seed
  EXPECT_LT(std::abs(together[1]), 0.1) << r.out;
}

TEST_F(Cli, SpeciesSegregationRefusesInOneLine) {
  write("a.csv", metrics(0, 0.5, 0.7));
  write("b.csv", metrics(0, 0.6, 0.8));
  write("short.csv", "step,segregation\n0,0\n30,0.5\n");
  write("text.csv", "step,segregation\n0,zero\n");
  write("empty.csv", "step,segregation\n");
  write("sweep.csv", "alignment,seed,segregation,sweep,check\n1,42,0.5,fd0551371aca3878,1\n");
  for (const auto& [args, fragment] : std::vector<std::pair<std::string, std::string>>{
           {"--series own a.csv missing.csv", "cannot read missing.csv"},
           {"--series own a.csv short.csv", "short.csv is measured at other steps than a.csv"},
           {"--series own a.csv --metric catches", "a.csv has no column catches: its metrics are polarization"},
           {"--series own text.csv", "text.csv is not a run's metrics CSV"},
           {"--series own empty.csv", "empty.csv holds no measurement"},
           {"--series own a.csv --series own b.csv", "--series own is given twice"},
           {"--series own", "--series own: no files"},
           {"--series own a.csv b.csv --at 45", "--at 45: own's runs measure no step 45 (steps 0 to 60)"},
           {"--series own a.csv --dt 0", "--dt must be a number > 0"},
           {"", "give --series LABEL FILE... (runs' metrics files) or --sweep FILE.csv"},
           {"--sweep a.csv", "a.csv has no column seed: give the --out CSV of a flocklab sweep"},
           {"--sweep sweep.csv --metric alignment", "sweep.csv has no column alignment: its metrics are segregation"},
           {"--sweep sweep.csv --at 60", "--sweep takes only --metric"}}) {
    const Result bad = shell(kScript + args);
    EXPECT_NE(bad.status, 0) << args;
    EXPECT_NE(bad.err.find(fragment), std::string::npos) << args << ": " << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << args << ": " << bad.err;
  }
}
