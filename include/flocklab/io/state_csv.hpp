#pragma once
// The state as CSV `x,y,vx,vy` (`x,y,z,vx,vy,vz` in 3D), one boid a row, numbers at round-trip precision (the shortest
// text that parses back to the same double), so that a saved run continues bit for bit.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "flocklab/decimal_text.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// A CSV that is not a valid state; what() is one line naming the row and the problem.
class CsvError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses CSV text with header `x,y,vx,vy`, or `x,y,z,vx,vy,vz` when space.is3d() (LF or CRLF
/// line ends); the flock has the space's dimensions. Rejects an empty file, a wrong header, a
/// short or long row, text that is not a number, non-finite values, and positions outside
/// the world. Throws CsvError.
Flock parseStateCsv(std::string_view text, const Space& space);
/// No limit on what readTextFile() reads but the file's own size.
inline constexpr std::uint64_t kAnySize = ~std::uint64_t{0};
/// A regular file's bytes, at most `maxBytes` of them. Throws CsvError naming the path: "cannot
/// read PATH" when it cannot be read; when it is a folder, not a regular file (a FIFO or a device,
/// which could block or never end), or larger than `maxBytes` (the memory the caller has for it).
/// Never waits on a FIFO.
std::string readTextFile(const std::string& path, std::uint64_t maxBytes = kAnySize);
/// Reads (readTextFile) and parses a state file; throws CsvError (also when it cannot be read).
Flock readStateCsv(const std::string& path, const Space& space, std::uint64_t maxBytes = kAnySize);
/// The state as CSV text, each number as writeDecimal writes it (six columns for a 3D flock).
std::string formatStateCsv(const Flock& flock);

}  // namespace flocklab
