// The checkpoint file (see checkpoint_file.hpp). The checksum is checked before anything
// else is read, and every length against the bytes before a list is taken, so a cut, changed
// or foreign file is refused with one line, never read past.
#include "runs/checkpoint_file.hpp"

#include <bit>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "flocklab/io/fnv1a.hpp"
#include "flocklab/io/state_hash.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/version.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

static_assert(std::endian::native == std::endian::little, "checkpoints are written little-endian, as in memory here");

template <class T>
void append(std::string& out, const std::vector<T>& values) {
  const std::size_t at = out.size();
  out.resize(at + values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(out.data() + at, values.data(), values.size() * sizeof(T));
}

// Reads `count` values of T from `bytes` at `at`, advancing it.
template <class T>
std::vector<T> take(std::string_view bytes, std::size_t& at, std::uint64_t count) {
  std::vector<T> values(static_cast<std::size_t>(count));
  if (count) std::memcpy(values.data(), bytes.data() + at, values.size() * sizeof(T));
  at += values.size() * sizeof(T);
  return values;
}

// The first line; its 16 zeros are replaced by the checksum of what follows it.
constexpr std::string_view kFirstLine = "{\"flocklab_checkpoint\":2,\"checksum\":\"0000000000000000\"}\n";
constexpr std::size_t kChecksumAt = kFirstLine.find("0000000000000000");

}  // namespace

std::string formatCheckpoint(const Checkpoint& c) {
  const Flock& f = c.flock;
  nlohmann::json head{
      {"flocklab", kVersion}, {"step", c.step}, {"boids", f.size()}, {"dims", f.dimensions}, {"run", c.run}};
  head["reals"] = nlohmann::json::object();
  head["wholes"] = nlohmann::json::object();
  for (const auto& [name, values] : c.model.reals) head["reals"][name] = values.size();
  for (const auto& [name, values] : c.model.wholes) head["wholes"][name] = values.size();
  std::string out(kFirstLine);
  out += head.dump() + "\n";
  append(out, f.x), append(out, f.y);
  if (f.is3d()) append(out, f.z);
  append(out, f.vx), append(out, f.vy);
  if (f.is3d()) append(out, f.vz);
  for (const auto& entry : c.model.reals) append(out, entry.second);
  for (const auto& entry : c.model.wholes) append(out, entry.second);
  const std::string checksum = hashHex(fnv1a(std::string_view(out).substr(kFirstLine.size())));
  out.replace(kChecksumAt, checksum.size(), checksum);
  return out;
}

namespace {

// The first line's JSON object, or a refusal.
nlohmann::json jsonLine(std::string_view line, const std::function<UsageError(const std::string&)>& refuse,
                        const char* what) {
  try {
    return nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception&) {
    throw refuse(std::string(what) + " is not JSON");
  }
}

// The bytes after the first line, once its checksum holds.
std::string_view provenContent(std::string_view bytes, const std::string& path) {
  const auto refuse = [&](const std::string& why) {
    return UsageError(path + " is not a flocklab checkpoint: " + why);
  };
  const std::size_t end = bytes.find('\n');
  if (end == std::string_view::npos) throw refuse("no header line");
  const nlohmann::json first = jsonLine(bytes.substr(0, end), refuse, "the first line");
  const auto format = first.is_object() ? first.find("flocklab_checkpoint") : first.end();
  if (!first.is_object() || format == first.end() || !format->is_number_unsigned())
    throw refuse("no 'flocklab_checkpoint' in its first line");
  if (format->get<std::uint64_t>() == 1)
    throw UsageError(path + " is a checkpoint of an older flocklab, which wrote no checksum; it cannot be trusted, so "
                            "run again from the start");
  if (format->get<std::uint64_t>() != 2) throw refuse("its format is not 2, the one this flocklab reads");
  const auto checksum = first.find("checksum");
  if (checksum == first.end() || !checksum->is_string()) throw refuse("no checksum in its first line");
  const std::string_view content = bytes.substr(end + 1);
  const std::string actual = hashHex(fnv1a(content));
  if (checksum->get<std::string>() != actual)
    throw UsageError(
        fmt::format("{} is damaged or was edited: its content's checksum is {}, not the {} it was written with", path,
                    actual, excerpt(checksum->get<std::string>())));
  return content;
}

Checkpoint readCheckpoint(std::string_view all, const std::string& path) {
  const auto refuse = [&](const std::string& why) {
    return UsageError(path + " is not a flocklab checkpoint: " + why);
  };
  const std::string_view bytes = provenContent(all, path);
  const std::size_t end = bytes.find('\n');
  if (end == std::string_view::npos) throw refuse("no header line");
  const nlohmann::json head = jsonLine(bytes.substr(0, end), refuse, "the header");
  const auto whole = [&](const nlohmann::json& value, const char* what) {
    if (!value.is_number_unsigned()) throw refuse(std::string("'") + what + "' is not a whole number");
    return value.get<std::uint64_t>();
  };
  if (!head.is_object()) throw refuse("the header is not a JSON object");
  if (!head.contains("run") || !head["run"].is_object()) throw refuse("no run parameters");
  if (!head.contains("reals") || !head["reals"].is_object() || !head.contains("wholes") || !head["wholes"].is_object())
    throw refuse("no lists of the model's state");
  Checkpoint c;
  c.run = head["run"];
  c.step = whole(head.value("step", nlohmann::json()), "step");
  const std::uint64_t n = whole(head.value("boids", nlohmann::json()), "boids");
  const std::uint64_t dims = whole(head.value("dims", nlohmann::json()), "dims");
  if (dims != 2 && dims != 3) throw refuse("'dims' must be 2 or 3");
  // The bytes every list needs, counted before any is read (in 64-bit words, each 8 bytes).
  const std::uint64_t limit = (bytes.size() - end - 1) / 8;
  bool fits = n <= limit / (2 * dims);
  std::uint64_t words = fits ? 2 * dims * n : 0;
  for (const char* kind : {"reals", "wholes"})
    for (const auto& [name, length] : head[kind].items()) {
      const std::uint64_t more = whole(length, excerpt(name).c_str());
      fits = fits && more <= limit - words;
      if (fits) words += more;
    }
  if (!fits || words * 8 != bytes.size() - end - 1) throw refuse("its size does not match its header (a cut file?)");
  std::size_t at = end + 1;
  c.flock.dimensions = static_cast<int>(dims);
  c.flock.x = take<double>(bytes, at, n), c.flock.y = take<double>(bytes, at, n);
  if (dims == 3) c.flock.z = take<double>(bytes, at, n);
  c.flock.vx = take<double>(bytes, at, n), c.flock.vy = take<double>(bytes, at, n);
  if (dims == 3) c.flock.vz = take<double>(bytes, at, n);
  for (const auto& [name, length] : head["reals"].items())
    c.model.reals[name] = take<double>(bytes, at, length.get<std::uint64_t>());
  for (const auto& [name, length] : head["wholes"].items())
    c.model.wholes[name] = take<std::uint64_t>(bytes, at, length.get<std::uint64_t>());
  return c;
}

}  // namespace

Checkpoint parseCheckpoint(std::string_view bytes, const std::string& path) {
  try {
    return readCheckpoint(bytes, path);
  } catch (const nlohmann::json::exception&) {
    // A header value of the wrong JSON kind.
    throw UsageError(path + " is not a flocklab checkpoint: its header holds a value of the wrong kind");
  }
}

}  // namespace flocklab::runs
