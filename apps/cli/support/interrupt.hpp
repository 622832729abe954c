#pragma once
// Ctrl-C and SIGTERM. A command checks interrupted() between its steps and unwinds, so that
// nothing is left half-written; a phase that cannot check often enough (a dense start's
// metrics, a million-boid picture, a long step) is covered by a watchdog: one second after
// the signal it removes every temporary file, prints the command's interrupt message and
// exits 130. Either way the user sees one message, within about a second, and no new file.
#include <string>

namespace flocklab::cli {

/// Installs the SIGINT/SIGTERM handler and starts the watchdog thread.
void catchInterrupts();
/// True once the user asked to stop.
bool interrupted();
/// Sets the interrupt message, a whole line without its newline (the default:
/// "flocklab: interrupted; no output written").
void setInterruptMessage(const std::string& message);
/// Prints the interrupt message (once, whoever comes first: the command or the watchdog) and
/// returns kInterruptExit, for a command that stopped between its steps.
int reportInterrupted();
/// Exit status after an interrupt (128 + SIGINT, as shells expect).
inline constexpr int kInterruptExit = 130;

}  // namespace flocklab::cli
