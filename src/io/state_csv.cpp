// CSV state files. Design: the reader is strict, because a start that is silently misread
// gives a different flight; every rejection names the row (1-based, header is row 1).
// Numbers are written with std::to_chars' shortest form, which parses back to the same bits.
#include "flocklab/io/state_csv.hpp"

#include "io/csv_fields.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>

namespace flocklab {

Flock parseStateCsv(std::string_view text, const Space& space) {
  static const char* const kNames2[4] = {"x", "y", "vx", "vy"};
  static const char* const kNames3[6] = {"x", "y", "z", "vx", "vy", "vz"};
  const bool is3d = space.is3d();
  const char* const* names = is3d ? kNames3 : kNames2;
  const int fields = is3d ? 6 : 4, axes = is3d ? 3 : 2;
  const std::string expected = is3d ? "x,y,z,vx,vy,vz" : "x,y,vx,vy";
  if (text.empty()) throw CsvError("the file is empty");
  std::string_view header = nextLine(text);
  if (header != expected) {
    // The other dimension's header: say which world the file is for.
    const char* other = is3d ? "x,y,vx,vy" : "x,y,z,vx,vy,vz";
    const std::string hint =
        header == other ? (is3d ? " (a 2D state, for a 2D world)" : " (a 3D state: run it with --dims 3)") : "";
    throw CsvError("row 1: the header must be '" + expected + "', got " + quote(header) + hint);
  }
  Flock flock;
  flock.dimensions = axes;
  std::size_t row = 1;
  const std::string count = std::to_string(fields);
  while (!text.empty()) {
    std::string_view line = nextLine(text);
    ++row;
    if (line.empty()) throw CsvError(rowError(row, "empty line"));
    double values[6];
    for (int f = 0; f < fields; ++f) {
      const std::size_t comma = line.find(',');
      if (f < fields - 1 && comma == std::string_view::npos)
        throw CsvError(rowError(row, "has " + std::to_string(f + 1) + " fields, expected " + count));
      if (f == fields - 1 && comma != std::string_view::npos)
        throw CsvError(rowError(row, "has more than " + count + " fields"));
      values[f] = parseField(line.substr(0, comma), row, names[f]);
      line = f < fields - 1 ? line.substr(comma + 1) : std::string_view{};
    }
    for (int f = 0; f < axes && !space.unbounded; ++f) {  // open space: anywhere (finite)
      const double extent = f == 0 ? space.width : (f == 1 ? space.height : space.depth);
      if (values[f] < 0 || values[f] > extent)
        throw CsvError(rowError(row, std::string(names[f]) + " = " + writeDecimal(values[f]) +
                                         " is outside the world [0, " + writeDecimal(extent) + "]"));
    }
    flock.x.push_back(values[0]);
    flock.y.push_back(values[1]);
    if (is3d) flock.z.push_back(values[2]);
    flock.vx.push_back(values[axes]);
    flock.vy.push_back(values[axes + 1]);
    if (is3d) flock.vz.push_back(values[5]);
  }
  if (flock.size() == 0) throw CsvError("the file has a header but no boids");
  return flock;
}

std::string readTextFile(const std::string& path, std::uint64_t maxBytes) {
  // O_NONBLOCK: a FIFO is refused below rather than waited on. Only a regular file has a size
  // known before reading; a device such as /dev/zero would be read for ever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw CsvError("cannot read " + path + ": " + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw CsvError("cannot read " + path + ": " + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) throw CsvError("cannot read " + path + ": it is a directory");
  if (!S_ISREG(info.st_mode))
    throw CsvError("cannot read " + path + ": it is not a regular file (a FIFO, a device or a socket)");
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > maxBytes)
    throw CsvError("cannot read " + path + ": its " + std::to_string(size) + " bytes are more than the " +
                   std::to_string(maxBytes) + " that fit in memory here");
  // The size read once: a file that grows meanwhile is read as it was.
  std::string text(static_cast<std::size_t>(size), '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw CsvError("cannot read " + path + ": " + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

Flock readStateCsv(const std::string& path, const Space& space, std::uint64_t maxBytes) {
  const std::string text = readTextFile(path, maxBytes);
  try {
    return parseStateCsv(text, space);
  } catch (const CsvError& e) {
    throw CsvError(path + ": " + e.what());
  }
}

std::string formatStateCsv(const Flock& flock) {
  const bool is3d = flock.is3d();
  std::string out = is3d ? "x,y,z,vx,vy,vz\n" : "x,y,vx,vy\n";
  out.reserve(out.size() + flock.size() * (is3d ? 120 : 80));
  for (std::size_t i = 0; i < flock.size(); ++i) {
    out += writeDecimal(flock.x[i]);
    out += ',';
    out += writeDecimal(flock.y[i]);
    out += ',';
    if (is3d) {
      out += writeDecimal(flock.z[i]);
      out += ',';
    }
    out += writeDecimal(flock.vx[i]);
    out += ',';
    out += writeDecimal(flock.vy[i]);
    if (is3d) {
      out += ',';
      out += writeDecimal(flock.vz[i]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace flocklab
