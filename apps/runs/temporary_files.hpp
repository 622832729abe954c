#pragma once
// The temporary files behind AtomicFile. Each is named `.flocklab-tmp-PID-XXXXXX` in its
// target's folder (short, so any valid output name works, and hidden), and this process keeps a
// list of its own: an interrupt that cannot wait for the run to unwind removes them all before
// it exits, and the next run that writes into a folder removes those a killed process left
// (their PID no longer runs and no process holds their lock).
#include <string>

namespace flocklab::runs {

/// Creates an empty temporary file in `folder` (after removing stale ones there, once per folder
/// and process), registers it, and returns its open descriptor, which holds the file's lock
/// until it is closed; `name` receives its path.
/// Returns -1 with errno set when it cannot be created.
int createTemporary(const std::string& folder, std::string& name);
/// Registers a temporary file made by other means (a link next to a created one) and returns
/// its name.
std::string registerTemporary(std::string name);
/// Forgets a registered temporary that was renamed into place or removed.
void forgetTemporary(const std::string& name);
/// Removes every registered temporary file. Safe to call from any thread at any time; later
/// calls to the functions above wait for it (the process is about to exit).
void removeAllTemporaries();

/// Runs `publish` while no interrupt can remove temporaries, so that a set of renames either
/// all happen before the process exits or none does.
template <class Fn>
auto whileHoldingTemporaries(Fn&& publish) -> decltype(publish());

namespace detail {
void lockTemporaries();
void unlockTemporaries();
}  // namespace detail

template <class Fn>
auto whileHoldingTemporaries(Fn&& publish) -> decltype(publish()) {
  struct Hold {
    Hold() { detail::lockTemporaries(); }
    ~Hold() { detail::unlockTemporaries(); }
  } hold;
  return publish();
}

}  // namespace flocklab::runs
