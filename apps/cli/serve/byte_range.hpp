#pragma once
// The one byte range `flocklab serve` honours in a Range header. A request for several ranges
// is answered with the whole file (RFC 9110 lets a server ignore Range), so that no header,
// however many ranges it lists, can make a response larger than the file itself.
#include <cstddef>
#include <string>

namespace flocklab::cli {

/// What to send for a Range header and a file of a given size.
struct ByteRange {
  enum class Kind {
    kWhole,          ///< no usable Range: send the whole file, 200
    kPart,           ///< send bytes [first, first + length), 206
    kUnsatisfiable,  ///< a single range that starts past the end, or the suffix "-0": 416
  };
  Kind kind = Kind::kWhole;
  std::size_t first = 0;   ///< bytes from the file's start
  std::size_t length = 0;  ///< bytes; at least 1 for kPart
};

/// Reads `header` (the Range header's value, "" when absent) for a file of `size` bytes.
/// Only "bytes=A-B", "bytes=A-" and "bytes=-N" count; several ranges, other units and any
/// syntax error mean the whole file. Ends past the file are clamped to it.
ByteRange byteRange(const std::string& header, std::size_t size);

/// The Content-Range value for `range` (kPart: "bytes A-B/SIZE"; else "bytes */SIZE").
std::string contentRange(const ByteRange& range, std::size_t size);

}  // namespace flocklab::cli
