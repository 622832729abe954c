// libFuzzer target for the CSV state reader, flocklab::parseStateCsv.
//
// Contract under test (include/flocklab/state_csv.hpp): for any bytes and any world, the reader
// returns a Flock or throws flocklab::CsvError; it never crashes, hangs or throws anything else.
// Anything other than CsvError escapes this function, and libFuzzer reports it as a crash.
//
// On every accepted input the target checks, and traps (__builtin_trap) when one fails:
//   1. all four fields have the same length, and at least one boid was read;
//   2. every value is finite and every position lies in [0, world];
//   3. an independent reference reading agrees: the rows are the non-empty lines after the
//      header (only the last line may be empty), each has exactly 4 fields, each field is a
//      plain decimal number ([+-]? digits [. digits] [(e|E) [+-] digits]) and its value is
//      bit-identical to what glibc's strtod gives for the same text;
//   4. round trip: formatStateCsv(parsed) parses back to bit-identical values, and formatting
//      that again gives the same text;
//   5. world monotonicity: what is accepted in a world is accepted, with the same bits, in any
//      larger world, and what is rejected in the largest world is rejected in every world.
// And on every input, independently of the text: a Flock built from the raw bytes (finite
// values only, positions |v|) written with formatStateCsv must read back bit for bit.
//
// The world: 100 on the whole input, and one taken from the first byte (a table of edge cases:
// 0, subnormals, 1, 100, 1e300, DBL_MAX, ...) on the rest of the input.

#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/flock.hpp"
#include "flocklab/io/state_csv.hpp"

namespace {

using flocklab::CsvError;
using flocklab::Flock;

[[noreturn]] void fail() { __builtin_trap(); }
void check(bool ok) {
  if (!ok) fail();
}

std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (bits(a[i]) != bits(b[i])) return false;
  return true;
}

bool sameBits(const Flock& a, const Flock& b) {
  return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.vx, b.vx) && sameBits(a.vy, b.vy);
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// A plain decimal number: [+-]? (digits [. digits*] | . digits) [(e|E) [+-]? digits].
bool plainDecimal(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < s.size() && isDigit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && isDigit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t expDigits = 0;
    while (i < s.size() && isDigit(s[i])) ++i, ++expDigits;
    if (expDigits == 0) return false;
  }
  return i == s.size();
}

// The value glibc's strtod gives for the whole field (which must be a plain decimal).
double referenceValue(std::string_view field) {
  const std::string text(field);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  check(end == text.c_str() + text.size());
  return v;
}

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (true) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

// Check 3: an independent reading of text that parseStateCsv accepted as `flock`.
void checkAgainstReference(std::string_view text, const Flock& flock) {
  std::vector<std::string_view> lines = splitLines(text);
  check(!lines.empty() && lines[0] == "x,y,vx,vy");
  if (lines.size() > 1 && lines.back().empty()) lines.pop_back();  // text ended with a newline
  std::size_t row = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    check(!line.empty());  // an empty line is never accepted
    check(row < flock.size());
    const std::vector<double>* columns[4] = {&flock.x, &flock.y, &flock.vx, &flock.vy};
    for (int f = 0; f < 4; ++f) {
      const std::size_t comma = line.find(',');
      check((f < 3) == (comma != std::string_view::npos));
      std::string_view field = line.substr(0, comma);
      line = f < 3 ? line.substr(comma + 1) : std::string_view{};
      check(plainDecimal(field));
      check(bits(referenceValue(field)) == bits((*columns[f])[row]));
    }
    ++row;
  }
  check(row == flock.size());
}

// Checks 1, 2 and 4 on a Flock that parseStateCsv returned for `world`.
void checkAccepted(const Flock& flock, double world) {
  check(flock.consistent());
  check(flock.size() > 0);
  for (std::size_t i = 0; i < flock.size(); ++i) {
    check(std::isfinite(flock.x[i]) && std::isfinite(flock.y[i]));
    check(std::isfinite(flock.vx[i]) && std::isfinite(flock.vy[i]));
    check(flock.x[i] >= 0 && flock.x[i] <= world);
    check(flock.y[i] >= 0 && flock.y[i] <= world);
  }
  const std::string written = flocklab::formatStateCsv(flock);
  Flock again;
  try {
    again = flocklab::parseStateCsv(written, flocklab::Space::square(world));
  } catch (const CsvError&) {
    fail();  // our own output must read back
  }
  check(sameBits(flock, again));
  check(flocklab::formatStateCsv(again) == written);
}

struct Outcome {
  bool accepted = false;
  Flock flock;
};

Outcome parse(std::string_view text, double world) {
  Outcome out;
  try {
    out.flock = flocklab::parseStateCsv(text, flocklab::Space::square(world));
    out.accepted = true;
  } catch (const CsvError& e) {
    // what() is one line (header and fields are cut at line ends, so no '\n' can get in).
    check(std::strchr(e.what(), '\n') == nullptr);
    check(e.what()[0] != '\0');
  }
  if (out.accepted) {
    checkAccepted(out.flock, world);
    checkAgainstReference(text, out.flock);
  }
  return out;
}

// Check 5: `a` was read in world wa, `b` in world wb >= wa.
void checkMonotone(const Outcome& a, const Outcome& b) {
  if (a.accepted) check(b.accepted && sameBits(a.flock, b.flock));
}

void checkWorlds(std::string_view text, double world) {
  constexpr double kMax = std::numeric_limits<double>::max();
  const Outcome here = parse(text, world);
  const Outcome largest = parse(text, kMax);
  checkMonotone(here, largest);
  if (world != 100) {
    const Outcome hundred = parse(text, 100);
    checkMonotone(hundred, largest);
    if (world < 100) checkMonotone(here, hundred);
    if (world > 100) checkMonotone(hundred, here);
  }
}

// A Flock built from raw bytes (32 bytes a boid, non-finite values skipped), written and read
// back in the largest world: the writer's output must always be readable, bit for bit.
void checkWriterFromBytes(const std::uint8_t* data, std::size_t size) {
  Flock flock;
  for (std::size_t at = 0; at + 32 <= size; at += 32) {
    double v[4];
    std::memcpy(v, data + at, sizeof v);
    if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !std::isfinite(v[2]) || !std::isfinite(v[3])) continue;
    flock.x.push_back(std::fabs(v[0]));
    flock.y.push_back(std::fabs(v[1]));
    flock.vx.push_back(v[2]);
    flock.vy.push_back(v[3]);
  }
  if (flock.size() == 0) return;
  const std::string written = flocklab::formatStateCsv(flock);
  Flock again;
  try {
    again = flocklab::parseStateCsv(written, flocklab::Space::square(std::numeric_limits<double>::max()));
  } catch (const CsvError&) {
    fail();
  }
  check(sameBits(flock, again));
}

constexpr double kWorlds[] = {
    100.0,
    0.0,
    std::numeric_limits<double>::denorm_min(),
    DBL_MIN,
    1e-300,
    0.5,
    1.0,
    99.99999999999999,
    100.00000000000001,
    1000.0,
    1e300,
    std::numeric_limits<double>::max(),
    -1.0,  // nothing has a position in an empty world
    -0.0,
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  checkWorlds(all, 100.0);
  if (size > 0) {
    const double world = kWorlds[data[0] % (sizeof kWorlds / sizeof kWorlds[0])];
    checkWorlds(all.substr(1), world);
  }
  checkWriterFromBytes(data, size);
  return 0;
}
