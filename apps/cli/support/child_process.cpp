// spawnTiedChild forks rather than posix_spawn, because the tie (PR_SET_PDEATHSIG) must be set
// in the child before it execs. Between fork and exec the child makes only async-signal-safe
// calls: flocklab has other threads (the interrupt watchdog) whose locks the child inherits held.
#include "support/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace flocklab::cli {

std::string findInPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (std::size_t begin = 0; begin <= dirs.size();) {
    std::size_t end = dirs.find(':', begin);
    if (end == std::string::npos) end = dirs.size();
    const std::string candidate = dirs.substr(begin, end - begin) + "/" + name;
    if (end > begin && access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return "";
}

pid_t spawnTiedChild(const std::vector<std::string>& argv, std::array<int, 3> stdio) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The child writes exec's errno here; a successful exec closes it, which reads as no error.
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot create a pipe: ") + std::strerror(errno));
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    int error = 0;
    // A parent already gone before the tie was made would never signal: give up then.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
    // A process group of its own: a Ctrl-C at the terminal (SIGINT to the foreground group)
    // reaches flocklab alone, which then stops the child, instead of killing the child first
    // and reporting its death as the failure.
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    // Copies above 2 first, so that a source that is itself 0, 1 or 2 is not overwritten early.
    int from[3];
    for (int i = 0; i < 3; ++i) {
      const int source = stdio[i] >= 0 ? stdio[i] : open("/dev/null", (i == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC);
      from[i] = source < 0 ? -1 : fcntl(source, F_DUPFD_CLOEXEC, 3);
      if (from[i] < 0) error = errno;
    }
    for (int i = 0; i < 3 && error == 0; ++i)
      if (dup2(from[i], i) < 0) error = errno;
    if (error == 0) {
      execv(args[0], args.data());
      error = errno;
    }
    [[maybe_unused]] const ssize_t ignored = write(report[1], &error, sizeof error);
    _exit(127);
  }
  const int forkError = errno;
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(forkError));
  }
  int error = 0;
  ssize_t got = 0;
  while ((got = read(report[0], &error, sizeof error)) < 0 && errno == EINTR) {
  }
  close(report[0]);
  if (got == static_cast<ssize_t>(sizeof error)) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(error));
  }
  return pid;
}

std::string describeEnd(int status) {
  if (WIFEXITED(status)) return "it exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const char* name = sigabbrev_np(WTERMSIG(status));
    return "it was killed by signal " + std::to_string(WTERMSIG(status)) +
           (name ? std::string(" (SIG") + name + ")" : "");
  }
  return "it ended with wait status " + std::to_string(status);
}

ChildResult runChild(const std::vector<std::string>& argv) {
  int pipeFds[2];
  if (pipe(pipeFds) != 0) throw std::runtime_error("cannot create a pipe");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  ChildResult result;
  pid_t pid = 0;
  const auto begin = std::chrono::steady_clock::now();
  const int failed = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipeFds[1]);
  if (failed != 0) {
    close(pipeFds[0]);
    throw std::runtime_error("cannot start " + argv[0]);
  }
  char buffer[4096];
  for (ssize_t got; (got = read(pipeFds[0], buffer, sizeof buffer)) != 0;)
    if (got > 0) result.output.append(buffer, static_cast<std::size_t>(got));
    else if (errno != EINTR) break;
  close(pipeFds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace flocklab::cli
