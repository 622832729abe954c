// The docs against the registry: each model's page holds the parameter table that
// `flocklab models --markdown MODEL` prints, so a parameter added, renamed or re-ranged in a
// model's description fails here until its page says so too. And the docs' example commands
// write their outputs into the current folder, never into the repository's own folders.
//
// The docs are the project's spec, so what cites them must lead somewhere: every citation in the
// sources, tests and docs of the form docs/PAGE.md then a section in double quotes names a page
// that exists and a heading (or bold label) it has, no text cites a document outside the repository
// by section number, and every relative link in the markdown pages reaches a file and, with
// #anchor, a heading of it.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "commands/models_command.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/word_list.hpp"

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
    if (entry.path().extension() == ".md")
      pages.push_back(std::filesystem::relative(entry.path(), FLOCKLAB_SOURCE_DIR));
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

namespace fs = std::filesystem;

// The repository's text files (sources, tests, scripts, pages), relative to its root; build
// folders and installed packages are not the project's text.
std::vector<std::string> projectTexts() {
  const fs::path root = FLOCKLAB_SOURCE_DIR;
  const std::set<std::string> kinds = {".cpp", ".hpp", ".h",   ".mjs",   ".js", ".ts",  ".md",
                                       ".py",  ".pyi", ".txt", ".cmake", ".sh", ".html"};
  std::vector<std::string> files = {"README.md", "CMakeLists.txt"};
  for (const char* top :
       {"apps", "bench", "cmake", "docs", "examples", "fuzz", "include", "python", "scripts", "src", "tests", "web"}) {
    if (!fs::is_directory(root / top)) continue;
    for (auto it = fs::recursive_directory_iterator(root / top); it != fs::recursive_directory_iterator(); ++it) {
      const std::string name = it->path().filename().string();
      if (it->is_directory() &&
          (name == "node_modules" || name.rfind("build", 0) == 0 || name[0] == '.' || name == "__pycache__")) {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file() && kinds.count(it->path().extension().string()))
        files.push_back(fs::relative(it->path(), root).generic_string());
    }
  }
  return files;
}

// `text` with each line break and the comment marker after it (//, ///, ///<, #) read as one
// space, so a citation wrapped over two comment lines reads as one.
std::string joinedLines(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n') {
      out += text[i];
      continue;
    }
    std::size_t j = i + 1;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
    if (text.compare(j, 4, "///<") == 0) j += 4;
    else if (text.compare(j, 3, "///") == 0) j += 3;
    else if (text.compare(j, 2, "//") == 0) j += 2;
    else if (j < text.size() && text[j] == '#') j += 1;
    while (j < text.size() && text[j] == ' ') ++j;
    out += ' ';
    i = j - 1;
  }
  return out;
}

// A page's sections: its headings (without the #s) and its bold labels ("- **Noise in 3D**:").
std::vector<std::string> sectionsOf(const std::string& page) {
  std::vector<std::string> sections;
  std::istringstream lines(page);
  bool fenced = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("```", 0) == 0) fenced = !fenced;
    if (fenced) continue;
    if (line.rfind("#", 0) == 0) {
      const std::size_t text = line.find_first_not_of("# ");
      if (text != std::string::npos) sections.push_back(line.substr(text));
    }
    for (std::size_t a = line.find("**"); a != std::string::npos; a = line.find("**", a + 2)) {
      const std::size_t b = line.find("**", a + 2);
      if (b == std::string::npos) break;
      sections.push_back(line.substr(a + 2, b - a - 2));
      a = b;
    }
  }
  return sections;
}

TEST(Docs, CitationsNameAPageAndASectionItHas) {
  const std::string outside = std::string("SPEC") + " section";  // not spelled out: this file would match
  std::size_t citations = 0;
  for (const std::string& file : projectTexts()) {
    const std::string text = joinedLines(readFile(std::string(FLOCKLAB_SOURCE_DIR) + "/" + file));
    EXPECT_EQ(text.find(outside), std::string::npos)
        << file << " cites a document outside the repository: cite the docs/ page and its section instead";
    for (std::size_t at = text.find("docs/"); at != std::string::npos; at = text.find("docs/", at + 5)) {
      std::size_t end = at + 5;
      const auto nameChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; };
      while (end < text.size() && nameChar(text[end])) ++end;
      if (text.compare(end, 3, ".md") != 0) continue;
      const std::string page = text.substr(at, end + 3 - at);
      std::size_t q = end + 3;  // the page, then a comma or not, a space and the quoted section
      if (q < text.size() && text[q] == ',') ++q;
      if (q >= text.size() || text[q] != ' ') continue;  // a quoted path in code is no citation
      ++q;
      if (q >= text.size() || text[q] != '"') continue;
      const std::size_t close = text.find('"', q + 1);
      if (close == std::string::npos || close - q > 80) continue;
      const std::string section = text.substr(q + 1, close - q - 1);
      ++citations;
      const std::string target = readFile(std::string(FLOCKLAB_SOURCE_DIR) + "/" + page);
      if (target.empty()) {
        ADD_FAILURE() << file << " cites " << page << ", which does not exist";
        continue;
      }
      bool found = false;
      // A prefix names a heading: "Three dimensions" names "Three dimensions (`--dims 3`)".
      for (const std::string& s : sectionsOf(target))
        found = found || s == section || s.rfind(section + " ", 0) == 0 || s.rfind(section + ":", 0) == 0;
      EXPECT_TRUE(found) << file << " cites " << page << ", \"" << section << "\", which has no such section";
    }
  }
  EXPECT_GT(citations, 30u) << "the search no longer finds the citations";
}

// Prose may list the models for its readers, but then every one of them: a parenthesized group of
// three or more names and nothing else before its end or first semicolon, "(lab, steering, abm and
// vicsek)", "(lab, ...; 2D and 3D)", a group of links to the model pages, or choices joined by |
// ("--model lab|steering|..."). A model added to the registry fails here until the lists name
// it. Messages quoted in the docs ("radius belongs to model lab, abm or vicsek") name a subset
// and stand in other words, so they are not such groups.
TEST(Docs, ListsOfModelsNameEveryModel) {
  std::vector<std::string> names;
  std::string any;
  for (const flocklab::ModelDescription* m : flocklab::models()) {
    names.push_back(m->name);
    any += (any.empty() ? "" : "|") + m->name;
  }
  const std::string name = "(?:" + any + ")";
  const std::regex pageLink("\\[(" + any + ")\\]\\([^)\\s]*\\)");
  const std::regex list("\\(" + name + "(?:(?:, |,? and |,? or )" + name + "){2,}[;)]|\\b" + name + "(?:\\\\?\\|" +
                        name + "){2,}\\b");
  std::size_t lists = 0;
  for (const std::string& file : projectTexts()) {
    if (!file.ends_with(".md")) continue;
    const std::string text =
        std::regex_replace(joinedLines(readFile(std::string(FLOCKLAB_SOURCE_DIR) + "/" + file)), pageLink, "$1");
    for (std::sregex_iterator m(text.begin(), text.end(), list), end; m != end; ++m) {
      ++lists;
      std::vector<std::string> missing;
      for (const std::string& n : names)
        if (!std::regex_search(m->str(), std::regex("\\b" + n + "\\b"))) missing.push_back(n);
      EXPECT_TRUE(missing.empty()) << file << " lists the models as " << m->str() << " without "
                                   << flocklab::wordList(missing, "and") << ": name every model of the registry";
    }
  }
  EXPECT_GE(lists, 4u) << "the pattern no longer finds the docs' lists of models";
}

// GitHub's anchor of a heading: lower case, punctuation dropped (but - and _), spaces as -.
std::string anchorOf(const std::string& heading) {
  std::string out;
  for (const char c : heading) {
    const auto u = static_cast<unsigned char>(c);
    if (c == ' ') out += '-';
    else if (std::isalnum(u) || c == '-' || c == '_' || u >= 0x80) out += static_cast<char>(std::tolower(u));
  }
  return out;
}

TEST(Docs, RelativeLinksReachAFileAndAHeading) {
  std::vector<std::string> pages = {"README.md", "bench/README.md"};
  for (const auto& entry : fs::directory_iterator(std::string(FLOCKLAB_SOURCE_DIR) + "/docs"))
    if (entry.path().extension() == ".md") pages.push_back("docs/" + entry.path().filename().string());
  const std::regex link(R"(\]\(([^)\s]+)\))");
  std::size_t links = 0;
  for (const std::string& page : pages) {
    const std::string text = readFile(std::string(FLOCKLAB_SOURCE_DIR) + "/" + page);
    for (std::sregex_iterator m(text.begin(), text.end(), link), end; m != end; ++m) {
      const std::string target = (*m)[1];
      if (std::regex_search(target, std::regex("^[a-z]+:"))) continue;  // https:, mailto:
      ++links;
      const std::size_t hash = target.find('#');
      const std::string path = target.substr(0, hash);
      const fs::path file = path.empty() ? fs::path(FLOCKLAB_SOURCE_DIR) / page
                                         : (fs::path(FLOCKLAB_SOURCE_DIR) / page).parent_path() / path;
      if (!fs::exists(file)) {
        ADD_FAILURE() << page << ": the link " << target << " leads nowhere";
        continue;
      }
      if (hash == std::string::npos || file.extension() != ".md") continue;
      const std::string anchor = target.substr(hash + 1);
      std::set<std::string> anchors;
      std::istringstream lines(readFile(file.string()));
      bool fenced = false;
      for (std::string line; std::getline(lines, line);) {
        if (line.rfind("```", 0) == 0) fenced = !fenced;
        if (fenced || line.rfind("#", 0) != 0) continue;
        const std::size_t at = line.find_first_not_of("# ");
        if (at == std::string::npos) continue;
        const std::string first = anchorOf(line.substr(at));  // GitHub numbers a repeated heading's anchor
        std::string a = first;
        for (int n = 1; anchors.count(a); ++n) a = first + "-" + std::to_string(n);
        anchors.insert(a);
      }
      EXPECT_TRUE(anchors.count(anchor)) << page << ": the link " << target << " names no heading of " << path;
    }
  }
  EXPECT_GT(links, 50u) << "the pattern no longer finds the pages' links";
}

}  // namespace
