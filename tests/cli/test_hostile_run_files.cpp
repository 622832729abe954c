// Run files an attacker would write: each is refused the one way every command promises (exit
// status 2, one short line on stderr, no file), quickly, whatever the nesting, the numbers or the
// bytes; a run file that is merely unusual (a byte-order mark, -0, a pipe) still runs.
#include <gtest/gtest.h>

#include <string>

#include "flocklab/registry.hpp"
#include "support/cli_fixture.hpp"

namespace flocklab_test {
namespace {

class HostileRunFiles : public Cli {
 protected:
  // Writes `text` as c.json and expects `run --config c.json` to fail with `fragment` in a line
  // of at most 300 bytes without control characters.
  void expectRefused(const std::string& text, const std::string& fragment, const std::string& command = "run") {
    write("c.json", text);
    const Result r = run(command + " --config c.json --quiet");
    EXPECT_EQ(r.status, 2) << text.substr(0, 80) << "\n" << r.err.substr(0, 400);
    EXPECT_NE(r.err.find(fragment), std::string::npos) << text.substr(0, 80) << "\n" << r.err.substr(0, 400);
    EXPECT_LE(r.err.size(), 300u) << text.substr(0, 80) << "\n" << r.err.substr(0, 400);
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err.substr(0, 400);
    for (std::size_t i = 0; i + 1 < r.err.size(); ++i)
      EXPECT_GE(static_cast<unsigned char>(r.err[i]), 0x20u) << "a control character in: " << r.err.substr(0, 400);
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
};

TEST_F(HostileRunFiles, DeepNestingIsRefusedBeforeAnythingRecursesOverIt) {
  // 100,000 levels crashed with a stack overflow while the message printed the value.
  const std::string deep = "{\"seed\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  expectRefused(deep, "nested deeper than 32 levels");
  expectRefused("{\"radius\": " + std::string(5000, '[') + std::string(5000, ']') + "}",
                "nested deeper than 32 levels");
  // 32 levels are read (and refused for their type, quoted short).
  expectRefused("{\"seed\": " + std::string(31, '[') + std::string(31, ']') + "}", "key 'seed' must be a whole number");
}

TEST_F(HostileRunFiles, NumbersAreCheckedAsWritten) {
  expectRefused(R"({"seed": 1e400})", "number out of range at line 1, column 10 (got 1e400)");
  expectRefused(R"({"radius": -1e400})", "number out of range");
  expectRefused(R"({"count": 18446744073709551615})",
                "key 'count' must be a whole number from 1 to 2^63-1 (got 18446744073709551615)");
  expectRefused(R"({"steps": 9223372036854775808})",
                "key 'steps' must be a whole number from 0 to 2^63-1 (got 9223372036854775808)");
  expectRefused(R"({"seed": 18446744073709551616})",
                "key 'seed' must be a whole number from 0 to 2^64-1 (got 1.8446744073709552e+19)");
  expectRefused(R"({"seed": -1})", "key 'seed' must be a whole number from 0 to 2^64-1 (got -1)");
  expectRefused(R"({"count": 0})", "key 'count' must be a whole number from 1 to 2^63-1 (got 0)");
  expectRefused(R"({"count": -5})", "(got -5)");
  expectRefused(R"({"count": 1.5})", "(got 1.5)");
  expectRefused(R"({"count": 1e3})", "(got 1000.0)");
  expectRefused(R"({"steps": true})", "key 'steps' must be a whole number from 0 to 2^63-1 (got true)");
  expectRefused(R"({"seed": "7"})", "(got \"7\")");
  expectRefused(R"({"count": null})", "(got null)");
  expectRefused(R"({"radius": "x"})", "key 'radius' must be a number (got \"x\")");
  expectRefused(R"({"radius": null})", "key 'radius' must be a number (got null)");
  // -0 is zero.
  write("zero.json", R"({"seed": -0})");
  EXPECT_EQ(hashOf("run --config zero.json --count 20 --steps 2"), hashOf("run --seed 0 --count 20 --steps 2"));
}

TEST_F(HostileRunFiles, ValuesAndKeysAreQuotedAsShortEscapedExcerpts) {
  const std::string huge(100000, 'x');
  expectRefused("{\"model\": \"" + huge + "\"}", "key 'model' must be " + flocklab::modelNames() +
                                                     " (got \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...)");
  expectRefused("{\"" + huge + "\": 1}", "unknown key 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
  expectRefused(R"({"a\nb\u0001": 1})", "unknown key 'a\\nb\\x01'");
  expectRefused(R"({"model": "steering", "pointer": "zz\n\u0001"})", "(got zz\\n\\x01)");
  expectRefused(R"({"model": "steering", "edges": ")" + huge + "\"}",
                "(got xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...)");
  expectRefused(R"({"model": "steering", "preset": ")" + huge + "\"}", "--preset must be");
  expectRefused(R"({"model": "steering", "obstacle": [")" + huge + "\"]}", "obstacle must look like X,Y,R");
  std::string many = "{\"radius\": [1";
  for (int i = 0; i < 50000; ++i) many += ",1";
  expectRefused(many + "]}", "key 'radius' must be a number (got [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1...)");
  expectRefused("{\"radius\": " + std::string(50000, '1') + "}",
                "number out of range at line 1, column 12 (got 1111111111111111111111111111111111111111...)");
  expectRefused(R"({"init": "a\nb.csv"})", "key 'init' must be a file name without control characters");
  expectRefused(R"({"flocklab": 1})", "key 'flocklab' must be a string (the version)");
}

TEST_F(HostileRunFiles, TextThatIsNotOneBoundedJsonObjectIsRefused) {
  expectRefused("", "holds no JSON (it is empty)");
  expectRefused(" \n\t ", "holds no JSON (it is empty)");
  expectRefused("[1, 2]", "must hold one JSON object {...} (got [1,2])");
  expectRefused("\"seed\"", "must hold one JSON object");
  expectRefused(R"({"seed": 1, "seed": 2})", "key 'seed' appears twice in one object");
  expectRefused(R"({"seed": 1,)", "not valid JSON: it ends too early");
  expectRefused("{\"seed\": 1}\n{\"seed\": 2}", "not valid JSON at line 2, column 1");
  expectRefused("{\"seed\": \"\xff\xfe\"}", "invalid string: ill-formed UTF-8 byte (near \\xFF\\xFE\"})");
  expectRefused("\xff\xfe{\0}", "not valid JSON at line 1, column 1");
  expectRefused("{\"model\": \"lab\",\n \"radius\": tru}",
                "not valid JSON at line 2, column 15: invalid literal (near })");
  expectRefused("{\"a\": \"" + std::string(2u << 20, 'x') + "\"}",
                "longer than a run file can be (1048576 bytes at most)");
  fs::create_directory(dir_ / "folder.json");
  const Result r = run("run --config folder.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "flocklab: error: --config folder.json: is a folder, not a file\n");
}

TEST_F(HostileRunFiles, SweepKeysAreCheckedTheSameWay) {
  const std::string sweep = "sweep --out r.csv --param radius=2,3";
  expectRefused(R"({"seeds": 18446744073709551615})",
                "key 'seeds' must be a whole number from 1 to 1000000 (got 18446744073709551615)", sweep);
  expectRefused(R"({"every": 0.5})", "key 'every' must be a whole number from 1 to 1000000000 (got 0.5)", sweep);
  expectRefused(R"({"metric": ")" + std::string(1000, 'm') + "\"}", "(got mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm...)",
                sweep);
  expectRefused(R"({"param": [")" + std::string(1000, 'p') + "\"]}",
                "(got pppppppppppppppppppppppppppppppppppppppp...)", "sweep --out r.csv");
  expectRefused("{\"seeds\": " + std::string(100000, '[') + "}", "nested deeper than 32 levels", sweep);
}

TEST_F(HostileRunFiles, UnusualButValidRunFilesStillRun) {
  write("bom.json", "\xEF\xBB\xBF{\"seed\": 9, \"count\": 30, \"steps\": 3}");
  EXPECT_EQ(hashOf("run --config bom.json"), hashOf("run --seed 9 --count 30 --steps 3"));
  // A pipe (a shell's process substitution) reads like a file.
  const Result piped = shell("echo '{\"seed\": 9, \"count\": 30, \"steps\": 3}' | '" FLOCKLAB_BINARY_DIR
                             "/flocklab' run --config /dev/stdin --hash --json");
  EXPECT_EQ(piped.status, 0) << piped.err;
  EXPECT_NE(piped.out.find(hashOf("run --seed 9 --count 30 --steps 3")), std::string::npos) << piped.out;
}

}  // namespace
}  // namespace flocklab_test
