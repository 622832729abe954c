// Text widths and wrapping. Design: the widths are DejaVu Sans's (Book and Bold) advance widths
// of printable ASCII in thousandths of an em, rounded up, read from the fonts' hmtx tables; a
// 5% margin covers hinting and a renderer's rounding. Wrapping is greedy over words with a
// preference for breaks at " - " and after ',' or ':' so that captions split between their
// parts, not inside one.
#include "outputs/text_fit.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "outputs/xml_text.hpp"

namespace flocklab::cli {
namespace {

// Advance widths of ' ' (32) to '~' (126), thousandths of an em.
constexpr short kBook[95] = {318,  401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337,
                             637,  637, 637, 637, 637, 637, 637, 637, 637, 637, 337, 337, 838, 838, 838, 531,
                             1000, 685, 687, 699, 771, 632, 576, 775, 752, 295, 295, 656, 558, 863, 749, 788,
                             604,  788, 695, 635, 611, 732, 685, 989, 686, 611, 686, 391, 337, 391, 838, 500,
                             500,  613, 635, 550, 635, 616, 353, 635, 634, 278, 278, 580, 278, 975, 634, 612,
                             635,  635, 412, 521, 393, 634, 592, 818, 592, 592, 525, 637, 337, 637, 838};
constexpr short kBold[95] = {349,  457, 521, 838, 696, 1002, 873, 307,  458, 458, 523, 838, 380, 416,  380, 366,
                             696,  696, 696, 696, 696, 696,  696, 696,  696, 696, 400, 400, 838, 838,  838, 581,
                             1000, 774, 763, 734, 831, 684,  684, 821,  837, 373, 373, 775, 638, 996,  837, 851,
                             733,  851, 771, 721, 683, 813,  774, 1104, 771, 725, 726, 458, 366, 458,  838, 500,
                             500,  675, 716, 593, 716, 679,  436, 716,  712, 343, 343, 666, 343, 1042, 712, 688,
                             716,  716, 494, 596, 479, 712,  652, 924,  646, 652, 583, 712, 366, 712,  838};
constexpr double kMargin = 1.05;

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The length of the first character (a UTF-8 code point) of `text`.
std::size_t firstChar(std::string_view text) {
  std::size_t n = 1;
  while (n < text.size() && continuation(text[n])) ++n;
  return n;
}

std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string line;
  for (std::size_t k = from; k < to; ++k) line += (line.empty() ? "" : " ") + words[k];
  return line;
}

// A break between the words `before` and `next` is preferred: it drops a " - " or follows a
// ',', ':' or ';'.
bool goodBreak(const std::string& before, const std::string& next) {
  const char last = before.back();
  return next == "-" || last == ',' || last == ':' || last == ';';
}

// `word` cut into pieces no wider than `maxWidth` (at least one character each).
std::vector<std::string> cutWord(std::string_view word, double maxWidth, double size, bool bold) {
  std::vector<std::string> pieces(1);
  while (!word.empty()) {
    const std::size_t n = firstChar(word);
    const std::string longer = pieces.back() + std::string(word.substr(0, n));
    if (!pieces.back().empty() && textWidth(longer, size, bold) > maxWidth) pieces.emplace_back(word.substr(0, n));
    else pieces.back() = longer;
    word.remove_prefix(n);
  }
  return pieces;
}

// Greedy lines of `words`; false when a word is wider than a line and `cut` is false.
bool wrap(std::vector<std::string> words, double maxWidth, double size, bool bold, bool cut,
          std::vector<std::string>& lines) {
  lines.clear();
  std::vector<std::string> current;
  auto push = [&](std::size_t end) {  // ends a line with current[0, end); keeps the rest
    std::size_t last = end;
    while (last > 0 && current[last - 1] == "-") --last;
    lines.push_back(join(current, 0, last));
    std::size_t next = end;
    while (next < current.size() && current[next] == "-") ++next;
    current.erase(current.begin(), current.begin() + static_cast<std::ptrdiff_t>(next));
  };
  for (std::size_t w = 0; w < words.size();) {
    if (current.empty() && words[w] == "-") {
      ++w;
      continue;
    }
    current.push_back(words[w]);
    if (textWidth(join(current, 0, current.size()), size, bold) <= maxWidth) {
      ++w;
      continue;
    }
    current.pop_back();
    if (current.empty()) {  // one word wider than the line
      if (!cut) return false;
      std::vector<std::string> pieces = cutWord(words[w], maxWidth, size, bold);
      lines.insert(lines.end(), pieces.begin(), pieces.end() - 1);
      current.push_back(pieces.back());
      ++w;
      continue;
    }
    std::size_t at = current.size();
    for (std::size_t k = current.size(); k >= 1; --k)
      if (goodBreak(current[k - 1], k == current.size() ? words[w] : current[k]) &&
          textWidth(join(current, 0, k), size, bold) >= maxWidth / 2) {
        at = k;
        break;
      }
    push(at);
  }
  if (!current.empty()) push(current.size());
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return true;
}

}  // namespace

double textWidth(std::string_view text, double size, bool bold) {
  const short* table = bold ? kBold : kBook;
  long thousandths = 0;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 32 && u < 127) thousandths += table[u - 32];
    else if (!continuation(c)) thousandths += bold ? 1100 : 1000;
  }
  return static_cast<double>(thousandths) * size / 1000 * kMargin;
}

FittedText fitText(std::string_view text, double maxWidth, double size, double minSize, std::size_t maxLines,
                   bool bold) {
  std::vector<std::string> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) words.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  maxLines = std::max<std::size_t>(maxLines, 1);
  FittedText fitted;
  for (double s = size; s > minSize; s -= 0.5)
    if (wrap(words, maxWidth, s, bold, false, fitted.lines) && fitted.lines.size() <= maxLines) {
      fitted.size = s;
      return fitted;
    }
  fitted.size = std::min(size, minSize);
  wrap(words, maxWidth, fitted.size, bold, true, fitted.lines);
  if (fitted.lines.size() > maxLines) {
    fitted.lines.resize(maxLines);
    std::string& last = fitted.lines.back();
    while (!last.empty() && textWidth(last + "...", fitted.size, bold) > maxWidth) {
      std::size_t n = last.size() - 1;
      while (n > 0 && continuation(last[n])) --n;
      last.resize(n);
    }
    while (!last.empty() && last.back() == ' ') last.pop_back();
    last += "...";
  }
  return fitted;
}

std::string svgTextLines(const FittedText& text, double x, double y, double step, const std::string& attributes) {
  std::string svg;
  for (const std::string& line : text.lines) {
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"{}\" {}>{}</text>\n", x, y, text.size, attributes,
                       escapeXml(line));
    y += step;
  }
  return svg;
}

std::string svgOpening(int width, int height) {
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                     "font-family=\"{2}\" font-size=\"13\">\n"
                     "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
                     width, height, kFontFamily);
}

}  // namespace flocklab::cli
