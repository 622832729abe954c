// Tracked animals as states (see flocklab/io/tracks_csv.hpp). Design: one pass reads every row
// into (frame, id, place) records in file order, refusing what does not fit as it goes; a map
// from (frame, id) to the record then gives each animal's neighbouring frames, and each frame's
// state lists its animals in file order, so that the same file always gives the same states.
#include "flocklab/io/tracks_csv.hpp"

#include <map>
#include <string>
#include <utility>

#include "flocklab/decimal_text.hpp"
#include "io/csv_fields.hpp"

namespace flocklab {

namespace {

struct Sighting {
  std::uint64_t frame;
  std::string id;
  double at[3];
};

std::vector<std::string_view> splitFields(std::string_view line) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t comma = line.find(',', start);
    out.push_back(line.substr(start, comma - start));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

}  // namespace

int tracksDimensions(std::string_view header) {
  bool tracks = false, z = false;
  for (std::string_view name : splitFields(header))
    tracks = tracks || name == "frame" || name == "id", z = z || name == "z";
  return !tracks ? 0 : z ? 3 : 2;  // either of frame and id names a tracks file (a missing other is then reported)
}

TrackedFrames parseTracksCsv(std::string_view text, const Space& space, double dt) {
  if (text.empty()) throw CsvError("the file is empty");
  const int dims = space.dimensions();
  const std::vector<std::string_view> header = splitFields(nextLine(text));
  const char* const names[5] = {"frame", "id", "x", "y", "z"};
  int column[5] = {-1, -1, -1, -1, -1};
  for (int c = 0; c < static_cast<int>(header.size()); ++c)
    for (int k = 0; k < 5; ++k)
      if (header[c] == names[k]) column[k] = c;
  for (int k = 0; k < 2 + dims; ++k)
    if (column[k] < 0)
      throw CsvError(std::string("row 1: the header has no column '") + names[k] +
                     "' (a tracks file names frame, id, x, y" + (dims == 3 ? ", z" : "") + ")");
  if (dims == 2 && column[4] >= 0)
    throw CsvError("row 1: the header has a column 'z', but the world is 2D (give --world W,H,D for 3D)");

  std::vector<Sighting> rows;
  std::map<std::pair<std::uint64_t, std::string>, std::size_t> seen;  // (frame, id) -> row
  for (std::size_t row = 2; !text.empty(); ++row) {
    const std::string_view line = nextLine(text);
    if (line.empty()) {
      if (text.empty()) break;  // the last line's end
      throw CsvError(rowError(row, "empty line"));
    }
    const std::vector<std::string_view> fields = splitFields(line);
    if (fields.size() != header.size())
      throw CsvError(rowError(
          row, "has " + std::to_string(fields.size()) + " fields, the header " + std::to_string(header.size())));
    Sighting s{};
    const double frame = parseField(fields[column[0]], row, "frame");
    if (!(frame >= 0 && frame == std::floor(frame) && frame < 9007199254740992.0))
      throw CsvError(rowError(row, "frame must be a whole number >= 0 (got " + writeDecimal(frame) + ")"));
    s.frame = static_cast<std::uint64_t>(frame);
    if (!rows.empty() && s.frame < rows.back().frame)
      throw CsvError(rowError(row, "frame " + std::to_string(s.frame) + " comes after frame " +
                                       std::to_string(rows.back().frame) + ": the rows must be in frame order"));
    s.id = std::string(fields[column[1]]);
    for (int a = 0; a < dims; ++a) s.at[a] = parseField(fields[column[2 + a]], row, names[2 + a]);
    const bool inside = dims == 3 ? space.contains(s.at[0], s.at[1], s.at[2]) : space.contains(s.at[0], s.at[1]);
    if (!inside) throw CsvError(rowError(row, "the place lies outside the world"));
    if (!seen.emplace(std::pair{s.frame, s.id}, rows.size()).second)
      throw CsvError(rowError(row, "id " + quote(s.id) + " appears twice in frame " + std::to_string(s.frame)));
    rows.push_back(std::move(s));
  }
  if (rows.empty()) throw CsvError("the file has a header but no rows");

  TrackedFrames out;
  out.dimensions = dims;
  const Offsets offsets(space);
  const auto difference = [&](const Sighting& from, const Sighting& to, int a) {
    return a == 0   ? offsets.dx(from.at[0], to.at[0])
           : a == 1 ? offsets.dy(from.at[1], to.at[1])
                    : offsets.dz(from.at[2], to.at[2]);
  };
  const auto find = [&](std::uint64_t frame, const std::string& id) -> const Sighting* {
    const auto it = seen.find({frame, id});
    return it == seen.end() ? nullptr : &rows[it->second];
  };
  for (const Sighting& s : rows) {
    if (out.frames.empty() || out.frames.back() != s.frame) {
      out.frames.push_back(s.frame);
      out.states.emplace_back().dimensions = dims;
    }
    const Sighting* before = s.frame > 0 ? find(s.frame - 1, s.id) : nullptr;
    const Sighting* after = find(s.frame + 1, s.id);
    if (!before && !after) {
      ++out.leftOut;
      continue;
    }
    AgentState a{s.at[0], s.at[1], dims == 3 ? s.at[2] : 0.0, 0, 0, 0};
    double* v[3] = {&a.vx, &a.vy, &a.vz};
    for (int k = 0; k < dims; ++k)
      *v[k] = before && after ? difference(*before, *after, k) / (2 * dt)
              : before        ? difference(*before, s, k) / dt
                              : difference(s, *after, k) / dt;
    out.states.back().insertAgent(out.states.back().size(), a);
  }
  return out;
}

}  // namespace flocklab
