// The command line shared by flocklab and flocklab-mpi (see cli_app.hpp).
#include "cli_app.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "flocklab/executor.hpp"
#include "flocklab/lane_kernel.hpp"
#include "flocklab/version.hpp"
#include "runs/usage_error.hpp"
#include "support/cli_messages.hpp"
#include "support/interrupt.hpp"
#include "support/strict_values.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

int fail(const std::string& message, bool report) {
  if (report) std::fprintf(stderr, "flocklab: error: %s\n", message.c_str());
  return kUsageExit;
}

}  // namespace

CliApp::CliApp()
    : app(std::make_unique<CLI::App>("flocklab: Reynolds' boids as a fast, exactly reproducible flocking laboratory")) {
  CLI::App& app = *this->app;
  app.set_version_flag("--version", std::string("flocklab ") + kVersion);
  app.require_subcommand(1);
  run = addRunCommand(app, runOptions);
  sweep = addSweepCommand(app, sweepOptions);
  models = addModelsCommand(app, modelsOptions);
  serve = addServeCommand(app, serveOptions);
  bench = addBenchCommand(app, benchOptions);
  analyze = addAnalyzeCommand(app, analyzeOptions);
  readValuesStrictly(app);
}

CliApp::~CliApp() = default;

int parseCommandLine(CliApp& cli, int argc, char** argv, bool report) {
  CLI::App& app = *cli.app;
  // The command the line names, whose options a parse error is explained with.
  CLI::App* command = &app;
  if (argc > 1 && argv[1][0] != '-') {
    const auto named = app.get_subcommands([&](const CLI::App* sub) { return sub->check_name(argv[1]); });
    if (named.empty()) return fail(unknownCommandMessage(argv[1], app), report);
    command = named.front();
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return report ? app.exit(e) : 0;
  } catch (const CLI::CallForAllHelp& e) {
    return report ? app.exit(e) : 0;
  } catch (const CLI::CallForVersion& e) {
    return report ? app.exit(e) : 0;
  } catch (const CLI::ParseError& e) {
    return fail(parseErrorMessage(e, *command, std::vector<std::string>(argv + 1, argv + argc)), report);
  }
  return -1;
}

int runReported(const std::function<int()>& work, bool report) {
  try {
    return work();
  } catch (const UsageError& e) {
    return fail(asFlags(e.marked()), report);
  } catch (const ThreadStartError& e) {  // a process limit, as in containers
    return fail(std::string(e.what()) + "; ask for fewer with --threads", report);
  } catch (const std::bad_alloc&) {
    return fail("out of memory", report);
  } catch (const std::exception& e) {
    if (report) std::fprintf(stderr, "flocklab: internal error: %s\n", e.what());
    return 1;
  }
}

int executeCommand(CliApp& cli) {
  return runReported([&] {
    try {
      laneKernel();  // FLOCKLAB_LANES, read once: a bad value is the user's
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    if (cli.run->parsed()) {
      catchInterrupts();
      return executeRun(cli.runOptions, *cli.run);
    }
    if (cli.serve->parsed()) return executeServe(cli.serveOptions);
    if (cli.bench->parsed()) {
      catchInterrupts();
      return executeBench(cli.benchOptions);
    }
    if (cli.sweep->parsed()) {
      catchInterrupts();
      return executeSweep(cli.sweepOptions, *cli.sweep);
    }
    if (cli.models->parsed()) return executeModels(cli.modelsOptions);
    if (cli.analyze->parsed()) return executeAnalyze(cli.analyzeOptions);
    return 0;
  });
}

}  // namespace flocklab::cli
