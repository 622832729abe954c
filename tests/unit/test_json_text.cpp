// The one way a user's text reaches a message (excerpt) and the bounded JSON reader under run
// files and the browser lab's parameters (parseJsonText, readParamsJson).
#include <gtest/gtest.h>

#include <string>

#include "flocklab/io/json_text.hpp"
#include "flocklab/io/params_json.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"

namespace {

using flocklab::excerpt;

std::string problemOf(const std::string& text) {
  try {
    flocklab::parseJsonText(text);
  } catch (const flocklab::JsonTextError& e) {
    return e.what();
  }
  return "";
}

TEST(Excerpt, CutsAtFortyCharactersAndEscapes) {
  EXPECT_EQ(excerpt("radius"), "radius");
  EXPECT_EQ(excerpt(std::string(40, 'a')), std::string(40, 'a'));
  EXPECT_EQ(excerpt(std::string(41, 'a')), std::string(40, 'a') + "...");
  EXPECT_EQ(excerpt(std::string(10000000, 'a')).size(), 43u);
  EXPECT_EQ(excerpt("a\nb\r\t\x01\x7f"), "a\\nb\\r\\t\\x01\\x7F");
  EXPECT_EQ(excerpt(std::string("\0z", 2)), "\\x00z");
  EXPECT_EQ(excerpt("caf\xc3\xa9 \xe2\x86\x92"), "caf\xc3\xa9 \xe2\x86\x92");          // UTF-8 kept
  EXPECT_EQ(excerpt("\xff\xc3(\xe2\x82\xc0\x80"), "\\xFF\\xC3(\\xE2\\x82\\xC0\\x80");  // not UTF-8
  EXPECT_EQ(excerpt("\xed\xa0\x80"), "\\xED\\xA0\\x80");                               // a surrogate
  EXPECT_EQ(excerpt("\xc2\x85|\xe2\x80\xa8"), "\\u0085|\\u2028");                      // NEL, LS
  EXPECT_EQ(excerpt("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "\xc3\xa9\xc3\xa9...");            // characters, not bytes
}

TEST(ParseJsonText, BoundsDepthSizeAndKeys) {
  EXPECT_EQ(problemOf(std::string(32, '[') + std::string(32, ']')), "");
  EXPECT_EQ(problemOf(std::string(33, '[') + std::string(33, ']')),
            "nested deeper than 32 levels of arrays and objects");
  EXPECT_EQ(problemOf(std::string(1000000, '[')), "nested deeper than 32 levels of arrays and objects");
  EXPECT_EQ(problemOf(R"({"a": {"b": 1, "b": 2}})"), "key 'b' appears twice in one object");
  EXPECT_EQ(problemOf(R"([{"b": 1}, {"b": 2}])"), "");
  EXPECT_EQ(problemOf("[1e400]"), "number out of range at line 1, column 2 (got 1e400)");
  EXPECT_EQ(problemOf(""), "holds no JSON (it is empty)");
  EXPECT_EQ(problemOf("\"" + std::string(flocklab::kMaxJsonBytes, 'x') + "\""), "longer than 1048576 bytes (1048578)");
  EXPECT_EQ(flocklab::parseJsonText("\xEF\xBB\xBF[1]"), nlohmann::json::array({1}));
}

TEST(ReadParamsJson, TheBrowserLabsParametersAreBoundedAndQuotedShort) {
  flocklab::ParamSet params = flocklab::model("lab").defaults("");
  const auto messageOf = [&](const std::string& text) -> std::string {
    try {
      flocklab::readParamsJson(params, text);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(messageOf("{\"radius\": " + std::string(100000, '[') + "}"),
            "nested deeper than 32 levels of arrays and objects");
  EXPECT_EQ(messageOf("{\"" + std::string(1000, 'k') + "\": 1}"),
            "unknown parameter '" + std::string(40, 'k') + "...' of the lab model");
  EXPECT_EQ(messageOf(R"({"radius": "a\nb"})"), "parameter 'radius' must be a number (got \"a\\nb\")");
  EXPECT_EQ(messageOf("[1]"), "parameters must be a JSON object (got [1])");
  EXPECT_EQ(messageOf(R"({"radius": 7})"), "");
}

}  // namespace
