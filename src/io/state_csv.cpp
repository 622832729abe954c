// CSV state files. Design: the reader is strict, because a start that is silently misread
// gives a different flight; every rejection names the row (1-based, header is row 1).
// Numbers are written with std::to_chars' shortest form, which parses back to the same bits.
#include "flocklab/io/state_csv.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace flocklab {
namespace {

std::string_view nextLine(std::string_view& text) {
  const std::size_t end = text.find('\n');
  std::string_view line = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

std::string rowError(std::size_t row, const std::string& what) {
  return "row " + std::to_string(row) + ": " + what;
}

// Up to 40 characters of user text for an error message, control characters shown as '?'
// so that the message stays on one line.
std::string quote(std::string_view text) {
  std::string out(text.substr(0, 40));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return "'" + out + "'";
}

double parseField(std::string_view field, std::size_t row, const char* name) {
  double value = 0;
  const char* first = field.data();
  const char* last = field.data() + field.size();
  // from_chars rejects a leading '+'; skip one, but never in front of another sign.
  if (!field.empty() && *first == '+' && field.size() > 1 && first[1] != '-' && first[1] != '+') ++first;
  const auto [end, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range)
    throw CsvError(rowError(row, std::string(name) + " is out of the range of a double: " + quote(field)));
  if (field.empty() || ec != std::errc() || end != last)
    throw CsvError(rowError(row, std::string(name) + " is not a number: " + quote(field)));
  if (!std::isfinite(value)) throw CsvError(rowError(row, std::string(name) + " is not finite"));
  return value;
}

}  // namespace

Flock parseStateCsv(std::string_view text, const Space& space) {
  static const char* const kNames[4] = {"x", "y", "vx", "vy"};
  if (text.empty()) throw CsvError("the file is empty");
  std::string_view header = nextLine(text);
  if (header != "x,y,vx,vy")
    throw CsvError("row 1: the header must be 'x,y,vx,vy', got " + quote(header));
  Flock flock;
  std::size_t row = 1;
  while (!text.empty()) {
    std::string_view line = nextLine(text);
    ++row;
    if (line.empty()) throw CsvError(rowError(row, "empty line"));
    double values[4];
    for (int f = 0; f < 4; ++f) {
      const std::size_t comma = line.find(',');
      if (f < 3 && comma == std::string_view::npos)
        throw CsvError(rowError(row, "has " + std::to_string(f + 1) + " fields, expected 4"));
      if (f == 3 && comma != std::string_view::npos)
        throw CsvError(rowError(row, "has more than 4 fields"));
      values[f] = parseField(line.substr(0, comma), row, kNames[f]);
      line = f < 3 ? line.substr(comma + 1) : std::string_view{};
    }
    for (int f = 0; f < 2; ++f) {
      const double extent = f == 0 ? space.width : space.height;
      if (values[f] < 0 || values[f] > extent)
        throw CsvError(rowError(row, std::string(kNames[f]) + " = " + roundTrip(values[f]) +
                                         " is outside the world [0, " + roundTrip(extent) + "]"));
    }
    flock.x.push_back(values[0]);
    flock.y.push_back(values[1]);
    flock.vx.push_back(values[2]);
    flock.vy.push_back(values[3]);
  }
  if (flock.size() == 0) throw CsvError("the file has a header but no boids");
  return flock;
}

Flock readStateCsv(const std::string& path, const Space& space) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CsvError("cannot read " + path);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw CsvError("cannot read " + path);
  try {
    return parseStateCsv(buffer.str(), space);
  } catch (const CsvError& e) {
    throw CsvError(path + ": " + e.what());
  }
}

std::string roundTrip(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string formatStateCsv(const Flock& flock) {
  std::string out = "x,y,vx,vy\n";
  out.reserve(out.size() + flock.size() * 80);
  for (std::size_t i = 0; i < flock.size(); ++i) {
    out += roundTrip(flock.x[i]);
    out += ',';
    out += roundTrip(flock.y[i]);
    out += ',';
    out += roundTrip(flock.vx[i]);
    out += ',';
    out += roundTrip(flock.vy[i]);
    out += '\n';
  }
  return out;
}

}  // namespace flocklab
