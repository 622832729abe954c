// The flocklab command. Every error a user can cause ends here as one line on stderr and
// exit status 2; --help and --version exit 0.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "commands/bench_command.hpp"
#include "flocklab/version.hpp"
#include "support/interrupt.hpp"
#include "commands/serve_command.hpp"
#include "commands/models_command.hpp"
#include "commands/run_command.hpp"
#include "commands/sweep_command.hpp"
#include "flocklab/executor.hpp"
#include "support/cli_messages.hpp"
#include "support/strict_values.hpp"
#include "support/usage_error.hpp"

namespace {
int fail(const std::string& message) {
  std::fprintf(stderr, "flocklab: error: %s\n", message.c_str());
  return flocklab::cli::kUsageExit;
}
}  // namespace

int main(int argc, char** argv) {
  using namespace flocklab::cli;
  CLI::App app{"flocklab: Reynolds' boids as a fast, exactly reproducible flocking laboratory"};
  app.set_version_flag("--version", std::string("flocklab ") + flocklab::kVersion);
  app.require_subcommand(1);
  RunOptions runOptions;
  CLI::App* run = addRunCommand(app, runOptions);
  SweepOptions sweepOptions;
  CLI::App* sweep = addSweepCommand(app, sweepOptions);
  ModelsOptions modelsOptions;
  CLI::App* modelsCommand = addModelsCommand(app, modelsOptions);
  ServeOptions serveOptions;
  CLI::App* serve = addServeCommand(app, serveOptions);
  BenchOptions benchOptions;
  CLI::App* bench = addBenchCommand(app, benchOptions);
  readValuesStrictly(app);
  // The command the line names, whose options a parse error is explained with.
  CLI::App* command = &app;
  if (argc > 1 && argv[1][0] != '-') {
    const auto named = app.get_subcommands([&](const CLI::App* sub) { return sub->check_name(argv[1]); });
    if (named.empty()) return fail(unknownCommandMessage(argv[1], app));
    command = named.front();
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(parseErrorMessage(e, *command, std::vector<std::string>(argv + 1, argv + argc)));
  }
  try {
    if (run->parsed()) {
      catchInterrupts();
      return executeRun(runOptions, *run);
    }
    if (serve->parsed()) return executeServe(serveOptions);
    if (bench->parsed()) {
      catchInterrupts();
      return executeBench(benchOptions);
    }
    if (sweep->parsed()) { catchInterrupts(); return executeSweep(sweepOptions, *sweep); }
    if (modelsCommand->parsed()) return executeModels(modelsOptions);
  } catch (const UsageError& e) {
    return fail(e.what());
  } catch (const flocklab::ThreadStartError& e) {  // a process limit, as in containers
    return fail(std::string(e.what()) + "; ask for fewer with --threads");
  } catch (const std::bad_alloc&) {
    return fail("out of memory");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "flocklab: internal error: %s\n", e.what());
    return 1;
  }
  return 0;
}
