// Range headers are parsed by hand, digit by digit, with no regular expression and no
// allocation that grows with the header, and every number is checked for overflow.
#include "serve/byte_range.hpp"

#include <limits>
#include <optional>

namespace flocklab::cli {

namespace {

// A run of decimal digits as a number, or nothing when empty, not digits, or too large.
std::optional<std::size_t> decimal(const std::string& text, std::size_t begin, std::size_t end) {
  if (begin >= end) return std::nullopt;
  std::size_t value = 0;
  constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
  for (std::size_t i = begin; i < end; ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::size_t>(c - '0');
    if (value > (kMax - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace

ByteRange byteRange(const std::string& header, std::size_t size) {
  constexpr const char* kUnit = "bytes=";
  const ByteRange whole;
  if (header.rfind(kUnit, 0) != 0 || header.find(',') != std::string::npos) return whole;
  const std::size_t begin = 6;
  const std::size_t dash = header.find('-', begin);
  if (dash == std::string::npos) return whole;
  const auto last = decimal(header, dash + 1, header.size());
  ByteRange range{ByteRange::Kind::kPart, 0, 0};
  if (dash == begin) {  // "-N": the last N bytes
    if (!last) return whole;
    // The last 0 bytes, or any suffix of an empty file, is no byte at all (RFC 9110, 14.1.1).
    if (*last == 0 || size == 0) return {ByteRange::Kind::kUnsatisfiable, 0, 0};
    range.length = *last < size ? *last : size;
    range.first = size - range.length;
    return range;
  }
  const auto first = decimal(header, begin, dash);
  if (!first) return whole;
  if (dash + 1 < header.size() && !last) return whole;  // "A-junk"
  if (last && *last < *first) return whole;             // an invalid range is ignored
  if (*first >= size) return {ByteRange::Kind::kUnsatisfiable, 0, 0};
  const std::size_t end = last && *last < size - 1 ? *last : size - 1;  // inclusive
  range.first = *first;
  range.length = end - *first + 1;
  return range;
}

std::string contentRange(const ByteRange& range, std::size_t size) {
  if (range.kind != ByteRange::Kind::kPart) return "bytes */" + std::to_string(size);
  return "bytes " + std::to_string(range.first) + "-" + std::to_string(range.first + range.length - 1) + "/" +
         std::to_string(size);
}

}  // namespace flocklab::cli
