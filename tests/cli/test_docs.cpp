// The docs against the registry: each model's page holds the parameter table that
// `flocklab models --markdown MODEL` prints, so a parameter added, renamed or re-ranged in a
// model's description fails here until its page says so too. And the docs' example commands
// write their outputs into the current folder, never into the repository's own folders.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "commands/models_command.hpp"
#include "flocklab/registry.hpp"

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text between the page's parameter markers, or "" when they are missing.
std::string documentedTable(const std::string& page) {
  const std::string begin = "<!-- parameters:", end = "<!-- /parameters -->";
  const std::size_t a = page.find(begin), b = page.find(end);
  if (a == std::string::npos || b == std::string::npos || b < a) return "";
  const std::size_t lineEnd = page.find('\n', a);
  return page.substr(lineEnd + 1, b - lineEnd - 1);
}

TEST(Docs, EveryModelPageHoldsItsParameterTable) {
  for (const flocklab::ModelDescription* m : flocklab::models()) {
    const std::string page = readFile(std::string(FLOCKLAB_SOURCE_DIR) + "/" + m->doc);
    ASSERT_FALSE(page.empty()) << m->doc << " is missing";
    EXPECT_EQ(documentedTable(page), flocklab::cli::parameterTable(m->name))
        << m->doc << ": run `flocklab models --markdown " << m->name << "` and paste its table";
  }
}

TEST(Docs, TheTableNamesEveryParameterWithItsFlagAndKey) {
  for (const flocklab::ModelDescription* m : flocklab::models()) {
    const std::string table = flocklab::cli::parameterTable(m->name);
    for (const flocklab::ParamSpec& p : m->params) {
      std::string flag = "--" + p.key;
      for (char& c : flag)
        if (c == '_') c = '-';
      EXPECT_NE(table.find("`" + flag + "` (`" + p.key + "`)"), std::string::npos) << m->name << " " << p.key;
    }
  }
}

// Every output an example names (`--out x.csv`, `--plot radius.svg`, ...) is a plain name in the
// current folder (or a device such as /dev/stdout): an example run from anywhere works, and one
// run from the repository's root never overwrites a tracked file such as docs/sweep-radius.svg.
TEST(Docs, ExamplesWriteIntoTheCurrentFolder) {
  const std::regex output(R"(--(out|plot|plot-track|picture|save|metrics-out|trajectory|write-config)[ =]([^\s`|]+))");
  std::vector<std::filesystem::path> pages = {"README.md", "bench/README.md"};
  for (const auto& entry : std::filesystem::directory_iterator(std::string(FLOCKLAB_SOURCE_DIR) + "/docs"))
    if (entry.path().extension() == ".md") pages.push_back(std::filesystem::relative(entry.path(), FLOCKLAB_SOURCE_DIR));
  std::size_t examples = 0;
  for (const auto& page : pages) {
    std::istringstream lines(readFile(std::string(FLOCKLAB_SOURCE_DIR) + "/" + page.string()));
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number)
      for (std::sregex_iterator m(line.begin(), line.end(), output), end; m != end; ++m) {
        std::string path = (*m)[2];
        ++examples;
        if (path.rfind("./", 0) == 0) path = path.substr(2);
        EXPECT_TRUE(path.find('/') == std::string::npos || path.rfind("/dev/", 0) == 0)
            << page.string() << ":" << number << ": " << m->str() << " writes outside the current folder";
      }
  }
  EXPECT_GT(examples, 20u) << "the pattern no longer finds the docs' examples";
}

}  // namespace
