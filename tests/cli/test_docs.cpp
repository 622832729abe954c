// The docs against the registry: each model's page holds the parameter table that
// `flocklab models --markdown MODEL` prints, so a parameter added, renamed or re-ranged in a
// model's description fails here until its page says so too.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace
