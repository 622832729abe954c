// What the command says when its command line is wrong: one line naming the option (with the
// nearest known name for a typo), exit status 2. The messages are pinned word for word, so a
// CLI11 upgrade that changes the errors they are read from fails here. Also: the same short
// flags on every command.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/cli_fixture.hpp"
#include "support/cli_messages.hpp"

// Expects exit status 2, exactly `line` after the usual prefix on stderr, nothing on stdout and
// no file created or changed.
class CliMessages : public Cli {
 protected:
  void expect(const std::string& args, const std::string& line) {
    const auto before = files();
    const Result r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "flocklab: error: " + line + "\n") << args;
    EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
    EXPECT_EQ(files(), before) << args << " created or changed a file";
  }
};

TEST(NearestName, SuggestsOnlyCloseNames) {
  const std::vector<std::string> names{"--alignment",         "--steps", "--seed", "--separation",
                                       "--separation-radius", "--plot",  "-q"};
  EXPECT_EQ(flocklab::cli::nearestName("--alignmnt", names), "--alignment");
  EXPECT_EQ(flocklab::cli::nearestName("--stpes", names), "--steps");  // a swap is one edit
  EXPECT_EQ(flocklab::cli::nearestName("--Steps", names), "--steps");  // case ignored
  EXPECT_EQ(flocklab::cli::nearestName("-steps", names), "--steps");   // dashes ignored
  EXPECT_EQ(flocklab::cli::nearestName("--plto", names), "--plot");
  EXPECT_EQ(flocklab::cli::nearestName("--seperation", names), "--separation");
  EXPECT_EQ(flocklab::cli::nearestName("--align", names), "--alignment");  // begins one name only
  EXPECT_EQ(flocklab::cli::nearestName("--sep", names), "");               // begins two
  EXPECT_EQ(flocklab::cli::nearestName("--wibble", names), "");
  EXPECT_EQ(flocklab::cli::nearestName("--colour", names), "");
  EXPECT_EQ(flocklab::cli::nearestName("-x", names), "");  // a short name only when equal
  EXPECT_EQ(flocklab::cli::nearestName("-Q", names), "-q");
}

TEST_F(CliMessages, UnknownOptionNamesTheCommandAndTheNearestOption) {
  expect("run --alignmnt 0", "unknown option --alignmnt for flocklab run (did you mean --alignment?)");
  expect("run --alignmnt=0", "unknown option --alignmnt for flocklab run (did you mean --alignment?)");
  expect("run --steps 10 --stpes 20", "unknown option --stpes for flocklab run (did you mean --steps?)");
  expect("sweep --out r.csv --param radius=2,4 --seeds 2 --metirc flocks",
         "unknown option --metirc for flocklab sweep (did you mean --metric?)");
  expect("bench --ony W2", "unknown option --ony for flocklab bench (did you mean --only?)");
  expect("serve --prot 0", "unknown option --prot for flocklab serve (did you mean --port?)");
  expect("run --wibble", "unknown option --wibble for flocklab run (see flocklab run --help)");
  expect("run -x", "unknown option -x for flocklab run (see flocklab run --help)");
  expect("bench --seeds 3", "unknown option --seeds for flocklab bench (see flocklab bench --help)");
}

TEST_F(CliMessages, UnknownCommandSuggestsTheNearest) {
  expect("rnu", "unknown command rnu (did you mean flocklab run?)");
  expect("sweeps --out r.csv", "unknown command sweeps (did you mean flocklab sweep?)");
  expect("fly",
         "unknown command fly (the commands are run, sweep, models, serve, bench or analyze; see flocklab --help)");
  expect("", "give a command: run, sweep, models, serve, bench or analyze (see flocklab --help)");
  expect("--bogus", "give a command: run, sweep, models, serve, bench or analyze (see flocklab --help)");
}

TEST_F(CliMessages, RepeatedOptionIsNamed) {
  expect("run --steps 10 --steps 20", "--steps was given twice; give it once");
  expect("run -n 10 --count 20", "--count was given twice; give it once");
  expect("run --seed 1 --seed 2 --seed 3", "--seed was given 3 times; give it once");
  expect("run --picture-every 5 a --picture-every 10 b", "--picture-every was given twice; give it once");
  expect("sweep --out a.csv --out b.csv --param radius=2,4", "--out was given twice; give it once");
  expect("bench --plot a.svg --plot b.svg", "--plot was given twice; give it once");
  // Options meant to repeat still do.
  const Result r = run("run --model steering --count 20 --steps 2 --obstacle 100,100,10 --obstacle 300,300,20 -q");
  EXPECT_EQ(r.status, 0) << r.err;
}

// The help shows what a value looks like: a text parameter's form (unless its help has it) and
// the two values of the options that take K DIR.
TEST_F(Cli, RunHelpShowsTheFormOfEveryValue) {
  const Result help = run("run --help");
  ASSERT_EQ(help.status, 0);
  const auto lineOf = [&](const std::string& flag) {
    const std::size_t at = help.out.find("  " + flag + " ");
    return at == std::string::npos ? std::string() : help.out.substr(at, help.out.find('\n', at) - at);
  };
  EXPECT_NE(lineOf("--pointer").find("give food:X,Y or predator:X,Y (X,Y,Z in 3D), optionally @FROM-TO"),
            std::string::npos)
      << lineOf("--pointer");
  EXPECT_NE(lineOf("--obstacle").find("give X,Y,R (X,Y,Z,R in 3D; px)"), std::string::npos) << lineOf("--obstacle");
  EXPECT_EQ(lineOf("--food").find("give "), std::string::npos) << "its help already shows X,Y:AMOUNT";
  for (const char* flag : {"--checkpoint-every", "--picture-every"})
    EXPECT_EQ(lineOf(flag).rfind(std::string("  ") + flag + " K DIR ", 0), 0u) << lineOf(flag);
}

TEST_F(CliMessages, MissingOrWrongValueIsNamed) {
  expect("run --steps", "--steps needs a value (a whole number)");
  expect("run --alignment", "--alignment needs a value (a number)");
  expect("run --seed", "--seed needs a value (a whole number from 0)");
  expect("run --picture-every 5", "--picture-every needs 2 values: K DIR");
  expect("run --checkpoint-every 5", "--checkpoint-every needs 2 values: K DIR");
  expect("run --steps --quiet", "--steps needs a value before --quiet");
  expect("run --steps abc", "--steps takes a whole number (got abc)");
  expect("run --steps 1.5", "--steps takes a whole number (got 1.5)");
  expect("run --alignment x", "--alignment takes a number (got x)");
  expect("lab --port 99999999999", "--port is out of range (got 99999999999)");
  expect("bench --repeats many", "--repeats takes a whole number (got many)");
  expect("lab --port http", "--port takes a whole number (got http)");
  expect("run --seed -1", "--seed must be a whole number from 0 to 2^64-1 (got -1)");
  // Every bad seed in the run library's words (runs::seedProblem), as Python's and the page's.
  expect("run --seed 1.5", "--seed must be a whole number from 0 to 2^64-1 (got 1.5)");
  expect("run --seed 18446744073709551616",
         "--seed must be a whole number from 0 to 2^64-1 (got 18446744073709551616)");
}

TEST_F(CliMessages, ASeedIsReadInDecimal) {
  // Leading zeros are no octal (CLI11 alone would read 010 as 8): the seed the glue and Python read.
  EXPECT_EQ(hashOf("run --seed 010 --steps 3"), hashOf("run --seed 10 --steps 3"));
  EXPECT_NE(hashOf("run --seed 010 --steps 3"), hashOf("run --seed 8 --steps 3"));
}

TEST_F(CliMessages, StrayValueIsNamed) {
  expect("run 100", "unexpected argument 100 for flocklab run (each value follows its option, e.g. --steps 100)");
  expect("run --json yes", "unexpected argument yes for flocklab run (--json is a flag and takes no value)");
  expect("run --quiet --hash true", "unexpected argument true for flocklab run (--hash is a flag and takes no value)");
}

TEST_F(CliMessages, ExclusiveOptionsAreNamed) {
  write("start.csv", "x,y,vx,vy\n1,1,0,1\n");
  expect("run --count 5 --init start.csv", "give --count or --init, not both");
}

TEST_F(CliMessages, ShortFlagsAreTheSameOnEveryCommand) {
  for (const char* command : {"run", "sweep", "bench", "serve"}) {
    const Result help = run(std::string(command) + " -h");
    EXPECT_EQ(help.status, 0) << command;
    const bool hasQuiet = std::string(command) != "serve";  // serve prints only its URL
    EXPECT_EQ(help.out.find("-q,--quiet") != std::string::npos, hasQuiet) << command << "\n" << help.out;
    const bool hasCount = std::string(command) == "run" || std::string(command) == "sweep";
    EXPECT_EQ(help.out.find("-n,--count") != std::string::npos, hasCount) << command << "\n" << help.out;
  }
  Result r = run("run -n 30 --steps 5 -q");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  r = run("sweep -n 30 --steps 5 --param radius=5,10 --out r.csv -q");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(slurp(dir_ / "r.csv").find("radius"), std::string::npos);
}

// A start file whose name is not UTF-8 (caf\xe9.csv, a Latin-1 name) runs, and every output that
// shows its name escapes it: the summary, the JSON summary, a picture's caption (an SVG must be
// UTF-8). A run file or a checkpoint, which must name it for a later run to open, refuses it
// before the run in one line; they ended in an internal error, exit 1.
TEST_F(CliMessages, AStartFileWhoseNameIsNotUtf8IsShownEscaped) {
  const std::string name = "caf\xe9.csv";
  write(name, "x,y,vx,vy\n1,1,1,0\n2,2,0,1\n");
  const Result text = run("run --steps 5 --init '" + name + "' --picture p.svg");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("start caf\\xE9.csv"), std::string::npos) << text.out;
  EXPECT_NE(slurp(dir_ / "p.svg").find("start caf\\xE9.csv"), std::string::npos);
  const Result json = run("run --steps 5 --init '" + name + "' --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out).at("init"), "caf\\xE9.csv");
  expectUsageError(
      "run --steps 5 --init '" + name + "' --write-config r.json",
      "--write-config cannot name --init caf\\xE9.csv, which is not UTF-8 text without control characters");
  expectUsageError("run --steps 5 --init '" + name + "' --checkpoint-every 2 ck",
                   "--checkpoint-every cannot name --init caf\\xE9.csv");
}

// Output paths quoted in messages are excerpts: no escape sequence reaches the terminal, no
// newline splits the line, and a long name is cut.
TEST_F(CliMessages, OutputPathsInMessagesAreExcerpts) {
  expectUsageError("run --metrics-out \"$(printf '\\033[31mx\\nnext')\"", "(got \\x1B[31mx\\nnext)");
  const Result longName = run("run --save " + std::string(3000, 'a'));
  EXPECT_EQ(longName.status, 2);
  EXPECT_LT(longName.err.size(), 300u) << longName.err.size();
}
