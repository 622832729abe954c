#pragma once
// Run files: a run's (or a sweep's) parameters as JSON. Design: a run file's keys are the
// registry's keys ("max_speed", "obstacle"), which are the command's long option names with
// underscores, so a file and a command line say the same things; options given on the command
// line win over the file.
// --write-config writes every parameter as the model resolved it (presets and defaults filled
// in), with flocklab's version and the seed, so that --config repeats the run to the bit.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "runs/model_setup.hpp"
#include "runs/run_options.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {

/// The marked keys that name a run file in messages: its own (--config, config=) and a
/// checkpoint's (--resume).
inline const std::string kConfigKey = markKey("config");
inline const std::string kResumeKey = markKey("resume");

/// Reads a run file: a JSON object (at most kMaxJsonBytes, flocklab/io/json_text.hpp). Throws
/// UsageError naming the file and the problem (a folder, too long, not JSON, too deep, ...).
nlohmann::json readRunFile(const std::string& path);
/// A run file's text as its JSON object; `path` names it in messages. Throws UsageError.
nlohmann::json parseRunFile(std::string_view text, const std::string& path);
/// The error for a run file's key with a value it cannot take: "config F: key 'K' must be
/// EXPECTED (got V)", the key and the value quoted as excerpts; `flag` is the option that
/// named the file ("--resume" for a checkpoint's run).
UsageError wrongRunFileValue(const std::string& path, const std::string& key, const std::string& expected,
                             const nlohmann::json& value, std::string_view flag = kConfigKey);
/// A run file's whole number in [min, max] (`maxText` spells max in the message, "" for its
/// digits); a fraction, 1e3, a string or a number out of range throws wrongRunFileValue.
std::uint64_t runFileWhole(const nlohmann::json& value, const std::string& path, const std::string& key,
                           std::uint64_t min, std::uint64_t max, const std::string& maxText = "",
                           std::string_view flag = kConfigKey);

/// Sets the model options of `options` named by the keys of `config`, except those for which
/// `given(key)` is true (given on the command line; key with underscores). Keys in `extraKeys` are left for the
/// caller. Throws UsageError naming `flag` and `path`, and an unknown key or a value of the
/// wrong type.
void applyRunFile(const nlohmann::json& config, const std::string& path, RunOptions& options,
                  const std::function<bool(const std::string&)>& given, const std::vector<std::string>& extraKeys = {},
                  std::string_view flag = kConfigKey);

/// Sets one numeric model option by its key ("radius", "count", "alignment", ...); returns
/// false (changing nothing) when the key names no numeric model option, or "steps" (a
/// sweep sets its steps once for every run).
bool setNumericOption(RunOptions& options, const std::string& key, double value);

/// Every parameter of the run `setup` made from `options`, resolved: the model, the start
/// (count and seed, or the --init file and the seed only where the model draws after the start),
/// the steps and each model parameter.
nlohmann::ordered_json resolvedRunFile(const RunOptions& options, const ModelSetup& setup, std::uint64_t steps);

}  // namespace flocklab::runs
