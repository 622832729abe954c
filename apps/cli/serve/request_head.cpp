// Each line is judged as soon as its CRLF arrives, so a malformed request line is refused
// without waiting for the rest of the head, and an over-long line as soon as it is too long.
// Body framing is judged at the end of the head, when every Content-Length and
// Transfer-Encoding has been seen: any doubt about where the head ends and the next request
// starts is a 400, since the connection closes after a refusal anyway.
#include "serve/request_head.hpp"

#include <algorithm>
#include <cstring>

namespace flocklab::cli {

namespace {

// tchar of RFC 9110 section 5.6.2.
bool isTokenChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c != '\0' && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr);
}

bool isToken(const std::string& text) { return !text.empty() && std::all_of(text.begin(), text.end(), isTokenChar); }

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Field-value bytes: visible ASCII, space, tab and obs-text; no other control character.
bool isValueChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u == '\t' || (u >= 0x20 && u != 0x7f);
}

std::string lowercase(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

}  // namespace

int RequestHead::add(char byte) {
  if (++received_ > maxHeadBytes_) return 431;
  if (sawCr_ != (byte == '\n')) return 400;  // a CR not followed by LF, or an LF without CR
  sawCr_ = byte == '\r';
  text_ += byte;
  if (text_.size() - lineStart_ > kMaxLine) return inHeaders_ ? 431 : 414;
  return byte == '\n' ? endOfLine() : -1;
}

int RequestHead::endOfLine() {
  const std::string line = text_.substr(lineStart_, text_.size() - lineStart_ - 2);
  lineStart_ = text_.size();
  if (!inHeaders_) {
    if (line.empty()) {  // RFC 9112 2.2: empty lines before a request line are ignored
      text_.clear();
      lineStart_ = 0;
      return -1;
    }
    inHeaders_ = true;
    return requestLine(line);
  }
  return line.empty() ? endOfHead() : headerLine(line);
}

int RequestHead::requestLine(const std::string& line) {
  const auto first = line.find(' ');
  const auto second = first == std::string::npos ? first : line.find(' ', first + 1);
  if (second == std::string::npos || line.find(' ', second + 1) != std::string::npos) return 400;
  method_ = line.substr(0, first);
  const std::string target = line.substr(first + 1, second - first - 1);
  const std::string version = line.substr(second + 1);
  // Methods are case-sensitive (RFC 9110 9.1): "get" is no GET, and no method is lowercase.
  if (!isToken(method_) || std::any_of(method_.begin(), method_.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
    return 400;
  if (target.empty() || std::any_of(target.begin(), target.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u <= 0x20 || u >= 0x7f;
      }))
    return 400;
  if (version.size() != 8 || version.compare(0, 5, "HTTP/") != 0 || !isDigit(version[5]) || version[6] != '.' ||
      !isDigit(version[7]))
    return 400;
  if (version != "HTTP/1.1" && version != "HTTP/1.0") return 505;
  http10_ = version == "HTTP/1.0";
  return -1;
}

int RequestHead::headerLine(const std::string& line) {
  const auto colon = line.find(':');
  // A line that starts with whitespace continues the previous one (obs-fold): refused, as
  // RFC 9112 5.2 allows. Whitespace before the colon makes no token: refused (RFC 9112 5.1).
  if (colon == std::string::npos || !isToken(line.substr(0, colon))) return 400;
  std::string value = line.substr(colon + 1);
  const auto begin = value.find_first_not_of(" \t");
  const auto end = value.find_last_not_of(" \t");
  value = begin == std::string::npos ? "" : value.substr(begin, end - begin + 1);
  if (!std::all_of(value.begin(), value.end(), isValueChar)) return 400;
  const std::string name = lowercase(line.substr(0, colon));
  if (name == "content-length") {
    ++contentLengths_;
    if (value.empty() || !std::all_of(value.begin(), value.end(), isDigit)) badLength_ = true;
    if (value.find_first_not_of('0') != std::string::npos) bodyAnnounced_ = true;
  } else if (name == "transfer-encoding") {
    transferEncoding_ = true;
  } else if (name == "host") {
    ++hosts_;
  }
  return -1;
}

int RequestHead::endOfHead() const {
  // Where a body would end must be beyond doubt (RFC 9112 6.3), even for a body we refuse: the
  // 400 and 413 below both close the connection, but a 400 says the framing itself was wrong.
  if (badLength_ || contentLengths_ > 1 || (contentLengths_ > 0 && transferEncoding_) || (transferEncoding_ && http10_))
    return 400;
  if (hosts_ > 1 || (hosts_ == 0 && !http10_)) return 400;  // RFC 9112 3.2
  if (method_ != "GET" && method_ != "HEAD") return 405;
  if (bodyAnnounced_ || transferEncoding_) return 413;
  return 0;
}

const char* reasonPhrase(int status) {
  switch (status) {
    case 400: return "Bad Request";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
  }
}

}  // namespace flocklab::cli
