// flocklab-mpi: the flocklab command for several processes under mpirun or srun (plain
// flocklab hands itself over to it, see support/mpi_handover.hpp). The first rank runs the
// command as flocklab does; the others follow it through an MpiCluster (apps/mpi), to which
// this file binds the command line's parsed run or sweep. In one process it is flocklab.
// Warnings are the first rank's to say: the others set the same model up (a sweep's runs too) and
// would repeat each one, so their stderr drops the lines that begin "flocklab: warning: " and
// passes every other line (an error on that rank) at once. (glibc: stderr is a FILE* that can be
// set, and fopencookie makes one of a filter.)
#include <mpi.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <thread>

#include "cli_app.hpp"
#include "mpi_cluster.hpp"
#include "mpi_session.hpp"
#include "runs/run_resume.hpp"

namespace {

// A stream for stderr that drops warning lines and writes every other byte through, as it comes.
class WarningFilter {
 public:
  // Installs the filter as stderr; a stream that cannot be made leaves stderr as it was.
  static void install() {
    static constexpr cookie_io_functions_t kFunctions{nullptr, write, nullptr, nullptr};
    static WarningFilter filter;
    if (FILE* stream = fopencookie(&filter, "w", kFunctions)) {
      std::setvbuf(stream, nullptr, _IOLBF, 0);
      stderr = stream;
    }
  }

 private:
  static constexpr std::string_view kWarning = "flocklab: warning: ";
  static ssize_t write(void* cookie, const char* data, std::size_t size) {
    static_cast<WarningFilter*>(cookie)->take(std::string_view(data, size));
    return static_cast<ssize_t>(size);
  }
  static void pass(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(STDERR_FILENO, bytes.data(), bytes.size());
      if (n <= 0) return;
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
  }
  // A line is held only while its start could still be kWarning's; then it is dropped to its
  // newline, or passed with everything after it.
  void take(std::string_view bytes) {
    while (!bytes.empty()) {
      if (mode_ == Mode::start) {
        const std::size_t newline = bytes.find('\n');
        const std::size_t upTo =
            std::min(newline == std::string_view::npos ? bytes.size() : newline + 1, kWarning.size() - held_.size());
        held_.append(bytes.substr(0, upTo));
        bytes.remove_prefix(upTo);
        if (held_ == kWarning) {
          mode_ = Mode::drop;
        } else if (kWarning.substr(0, held_.size()) != held_ || held_.back() == '\n') {
          pass(held_);
          mode_ = held_.back() == '\n' ? Mode::start : Mode::pass;
        } else {
          continue;  // a start of kWarning so far, and nothing more to look at
        }
        held_.clear();
        continue;
      }
      const std::size_t newline = bytes.find('\n');
      const std::size_t end = newline == std::string_view::npos ? bytes.size() : newline + 1;
      if (mode_ == Mode::pass) pass(bytes.substr(0, end));
      if (newline != std::string_view::npos) mode_ = Mode::start;
      bytes.remove_prefix(end);
    }
  }
  enum class Mode { start, pass, drop };
  Mode mode_ = Mode::start;
  std::string held_;
};

// The parsed command as the other ranks follow it.
flocklab::mpi::Following following(flocklab::cli::CliApp& cli) {
  using namespace flocklab;
  mpi::Following f;
  if (cli.run->parsed()) {
    f.setUpRun = [&cli](std::shared_ptr<Partition> partition) {
      runs::RunOptions options = cli.runOptions;
      // Files are the first rank's: what only it needs (ffmpeg for a movie) is not asked for here.
      options.movieFile.clear();
      cli::prepareRun(options, *cli.run);
      EngineOptions engine = runs::runEngineOptions(options);
      engine.partition = std::move(partition);
      return runs::setUpRunModel(options, engine);
    };
  } else if (cli.sweep->parsed()) {
    f.sweepRunner = [&cli] { return cli::sweepRunner(cli.sweepOptions, *cli.sweep); };
  }
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace flocklab;
  const mpi::MpiSession session(argc, argv);
  const int rank = session.rank, size = session.size;
  int status = 0;
  {
    cli::CliApp cli;
    const int parsed = cli::parseCommandLine(cli, argc, argv, rank == 0);
    if (parsed >= 0) {
      status = parsed;
    } else if (size == 1) {
      status = cli::executeCommand(cli);
    } else {
      const bool together = cli.run->parsed() || cli.sweep->parsed();
      // All cores by default is each process's share of its machine's cores: the cores over
      // the processes that share its memory.
      MPI_Comm machine;
      MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &machine);
      int perMachine = 1;
      MPI_Comm_size(machine, &perMachine);
      MPI_Comm_free(&machine);
      if (cli.runOptions.threads == 0)
        cli.runOptions.threads = std::max<std::int64_t>(1, std::thread::hardware_concurrency() / perMachine);
      mpi::MpiCluster cluster(MPI_COMM_WORLD,
                              static_cast<std::uint64_t>(std::max<std::int64_t>(0, cli.runOptions.rebalanceEvery)));
      runs::setCluster(&cluster);
      if (rank == 0) {
        status = cli::executeCommand(cli);
        if (together) cluster.release(cli.sweep->parsed());
      } else if (together) {
        WarningFilter::install();
        try {
          status = cluster.follow(following(cli));
        } catch (const std::exception& e) {
          std::fprintf(stderr, "flocklab: error on rank %d: %s\n", rank, e.what());
          MPI_Abort(MPI_COMM_WORLD, 1);
        }
      }
      runs::setCluster(nullptr);
    }
  }
  return status;
}
