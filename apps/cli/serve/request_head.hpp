#pragma once
// A strict reading of an HTTP/1.1 request head (RFC 9112), byte by byte, before httplib sees it.
// httplib is lenient where leniency lets one request hide another: it takes "Content-Length :"
// for another header, the first of two Content-Lengths, a bare LF as a line end, and answers a
// malformed line 400 yet reads on. GuardedServer therefore hands httplib only heads that passed
// here, which have one meaning: a GET or HEAD without a body. Everything else gets a status
// here, is answered by GuardedServer and closes the connection, so nothing after it is read as
// a request.
//
// What passes: optional empty lines, then `METHOD SP target SP HTTP/1.x CRLF` with an uppercase
// method, a target of visible ASCII and version 1.0 or 1.1; header lines `name: value CRLF` with
// a token name (no whitespace before the colon) and a value without control characters; an
// empty line. Every line ends in CRLF: a bare LF or a bare CR is refused, as is a folded line.
#include <cstddef>
#include <string>

namespace flocklab::cli {

/// Reads one request head a byte at a time and decides what becomes of it. Not thread-safe.
class RequestHead {
 public:
  /// Longest request line and longest header line, CRLF included, in bytes (httplib's own limits).
  static constexpr std::size_t kMaxLine = 8192;

  /// A reader for a head of at most `maxHeadBytes` bytes (empty lines before it included).
  explicit RequestHead(std::size_t maxHeadBytes) : maxHeadBytes_(maxHeadBytes) {}

  /// Takes the next byte. Returns -1 while the head is incomplete, 0 once it is complete and may
  /// be served, or the status to refuse it with: 400 (malformed, or ambiguous body framing), 405
  /// (a method other than GET or HEAD), 413 (a body announced), 414 (request line over kMaxLine),
  /// 431 (a header line over kMaxLine, or the head over maxHeadBytes), 505 (not HTTP/1.0 or 1.1).
  /// Once it returns anything but -1 it must not be called again.
  int add(char byte);

  /// The head as received, without leading empty lines: what httplib should read.
  const std::string& text() const { return text_; }
  /// True when the request line named HEAD, so that a refusal must be sent without a body.
  bool isHead() const { return method_ == "HEAD"; }

 private:
  int endOfLine();
  int requestLine(const std::string& line);
  int headerLine(const std::string& line);
  int endOfHead() const;

  std::size_t maxHeadBytes_;
  std::size_t received_ = 0;
  std::string text_;
  std::size_t lineStart_ = 0;  // where the current line starts in text_
  bool sawCr_ = false;         // the previous byte was CR
  bool inHeaders_ = false;     // the request line is behind us
  std::string method_;
  bool http10_ = false;
  int contentLengths_ = 0, hosts_ = 0;
  bool transferEncoding_ = false, bodyAnnounced_ = false, badLength_ = false;
};

/// The reason phrase for the statuses RequestHead and GuardedServer send themselves.
const char* reasonPhrase(int status);

}  // namespace flocklab::cli
