#pragma once
// Ctrl-C during a run: the run stops between two steps and unwinds, so that no temporary
// output file is left behind and no output file is half-written.

namespace flocklab::cli {

/// Installs the SIGINT/SIGTERM handler that sets the flag below.
void catchInterrupts();
/// True once the user asked to stop.
bool interrupted();
/// Exit status after an interrupt (128 + SIGINT, as shells expect).
inline constexpr int kInterruptExit = 130;

}  // namespace flocklab::cli
