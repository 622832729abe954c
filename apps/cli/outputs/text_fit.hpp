#pragma once
// How wide a text is in the pictures' font, and how it fits a width. Design: every picture
// flocklab draws names DejaVu Sans first (kFontFamily); a text's width is estimated from that
// font's advance widths, rounded up, plus a margin, so the estimate is never narrower than what
// librsvg or a browser draws (Helvetica and Arial are narrower still). Layout wraps and shrinks
// with this one estimate, and the tests check every text against the picture with it.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace flocklab::cli {

/// The font-family of every SVG flocklab draws.
inline constexpr const char* kFontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// The opening of every SVG flocklab draws: the XML declaration, the <svg> element `width` x
/// `height` px in kFontFamily at 13 px, and a white background. The caller closes it.
std::string svgOpening(int width, int height);
/// How far a line reaches above its baseline, as a fraction of the font size (DejaVu: 0.928).
inline constexpr double kAscent = 0.93;
/// How far a line reaches below its baseline, as a fraction of the font size (DejaVu: 0.236).
inline constexpr double kDescent = 0.24;

/// The width in px of `text` (UTF-8, not XML-escaped) at font size `size` px; never narrower
/// than DejaVu Sans draws it. A character outside ASCII counts as one em (1.1 bold).
double textWidth(std::string_view text, double size, bool bold = false);

/// A text laid out in lines of one font size.
struct FittedText {
  std::vector<std::string> lines;
  double size = 0;  ///< px
};

/// `text` in at most `maxLines` lines no wider than `maxWidth` px each: wrapped at spaces (a
/// break at a " - " drops the dash; a break after ',', ':' or ';' is preferred), at `size` px when
/// it fits, else in steps of 0.5 px down to `minSize`; at `minSize`, a word wider than a line is
/// cut and what does not fit ends in "...". Deterministic.
FittedText fitText(std::string_view text, double maxWidth, double size, double minSize, std::size_t maxLines,
                   bool bold = false);

/// The lines of `text` as SVG, one <text> each at `x`, the first baseline at `y` and each next
/// `step` px lower, with `attributes` (e.g. `fill="#222"`) added to every one; escaped.
std::string svgTextLines(const FittedText& text, double x, double y, double step, const std::string& attributes);

}  // namespace flocklab::cli
