// All or none: the step that can fail for lack of room (writing, closing) is done for every
// file before any rename; renames within a folder then fail only for rare reasons, and each
// one made is undone if a later one fails. A device's output (/dev/stdout) cannot be taken
// back, so devices are written first, before any file changes.
#include "runs/output_set.hpp"

#include <filesystem>
#include <regex>

#include "flocklab/text_excerpt.hpp"
#include "runs/temporary_files.hpp"

namespace flocklab::runs {
namespace {

std::string identityOf(const std::string& target) {
  std::error_code error;
  const auto absolute = std::filesystem::weakly_canonical(std::filesystem::absolute(target, error), error);
  return error ? target : absolute.lexically_normal().string();
}

}  // namespace

AtomicFile* OutputSet::add(const std::string& flag, const std::string& path) {
  if (path.empty()) return nullptr;
  auto file = std::make_unique<AtomicFile>(path);
  const std::string identity = identityOf(file->target());
  const auto id = file->fileId();  // also catches /dev/stdout redirected into another output
  for (const Output& other : outputs_)
    if ((!file->writesThrough() && !other.file->writesThrough() && other.identity == identity) ||
        (id && id == other.file->fileId()))
      throw OutputError(other.flag + " and " + flag + " both name " + excerpt(path, kPathChars) +
                        ": give each output a file of its own");
  if (!file->writesThrough()) checkAgainstFrames(flag, identity), checkAgainstClaims(flag, identity);
  outputs_.push_back({flag, identity, std::move(file)});
  return outputs_.back().file.get();
}

void OutputSet::claimFrames(const std::string& flag, const std::string& folder) {
  framesFlag_ = flag;
  framesFolder_ = identityOf(folder);
  for (const Output& output : outputs_)
    if (!output.file->writesThrough()) checkAgainstFrames(output.flag, output.identity);
}

void OutputSet::claimFile(const std::string& flag, const std::string& path) {
  const std::string identity = identityOf(path);
  claimed_.emplace_back(flag, identity);
  for (const Output& output : outputs_)
    if (!output.file->writesThrough()) checkAgainstClaims(output.flag, output.identity);
}

void OutputSet::checkAgainstClaims(const std::string& flag, const std::string& identity) const {
  for (const auto& [owner, claimed] : claimed_)
    if (claimed == identity)
      throw OutputError(owner + " and " + flag + " both name " + excerpt(identity, kPathChars) +
                        ": give each output a file of its own");
}

void OutputSet::checkAgainstFrames(const std::string& flag, const std::string& identity) const {
  if (framesFolder_.empty()) return;
  const std::filesystem::path path(identity);
  static const std::regex frame("frame-[0-9]{6,}\\.png");  // {:06}: six digits or more
  if (path.parent_path().string() == framesFolder_ && std::regex_match(path.filename().string(), frame))
    throw OutputError(flag + " names " + excerpt(path.filename().string(), kPathChars) + ", one of " + framesFlag_ +
                      "'s frames");
}

void OutputSet::commitAll() {
  struct Done {  // whatever happens, the set is used up and its temporary files removed
    std::vector<Output>& outputs;
    ~Done() { outputs.clear(); }
  } done{outputs_};
  for (Output& output : outputs_) output.file->finish();
  for (Output& output : outputs_)
    if (output.file->writesThrough()) output.file->publish();
  whileHoldingTemporaries([this] {
    std::vector<AtomicFile*> published;
    try {
      for (Output& output : outputs_) {
        if (output.file->writesThrough()) continue;
        output.file->publish(/*undoable=*/true);
        published.push_back(output.file.get());
      }
    } catch (const OutputError&) {
      for (auto it = published.rbegin(); it != published.rend(); ++it) (*it)->undo();
      throw;
    }
  });
}

}  // namespace flocklab::runs
