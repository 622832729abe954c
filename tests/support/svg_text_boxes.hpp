#pragma once
// Reads back where the texts of an SVG made by flocklab lie: each <text>'s box from its x, y,
// anchor, font size and weight (its own or its group's) and the one rotation the charts use,
// with the width estimated by the same textWidth the layout wraps with. Enough for flocklab's
// own pictures, not a general SVG reader.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "outputs/text_fit.hpp"

namespace flocklab_test {

struct TextBox {
  std::string text, group;  // the text (unescaped) and the class of its innermost <g>, "" for none
  double left, top, right, bottom;
};

struct SvgTexts {
  double width = 0, height = 0;  // the root's
  std::vector<TextBox> boxes;
};

// The value of attribute `name` in the tag text `tag`, or "".
inline std::string svgAttribute(const std::string& tag, const std::string& name) {
  const std::size_t at = tag.find(" " + name + "=\"");
  if (at == std::string::npos) return "";
  const std::size_t begin = at + name.size() + 3;
  return tag.substr(begin, tag.find('"', begin) - begin);
}

inline std::string unescapeXml(std::string text) {
  for (const auto& [entity, c] : {std::pair{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&amp;", "&"}})
    for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
      text.replace(at, std::string(entity).size(), c);
  return text;
}

inline SvgTexts textBoxes(const std::string& svg) {
  struct Style {
    double size;
    bool bold;
    std::string group;
  };
  std::vector<Style> styles{{16, false, ""}};
  SvgTexts out;
  for (std::size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
    const std::size_t close = svg.find('>', at);
    const std::string tag = svg.substr(at, close - at + 1);
    const bool selfClosing = tag.size() > 1 && tag[tag.size() - 2] == '/';
    auto styled = [&](Style s) {
      if (const std::string size = svgAttribute(tag, "font-size"); !size.empty()) s.size = std::atof(size.c_str());
      if (const std::string weight = svgAttribute(tag, "font-weight"); !weight.empty()) s.bold = weight == "bold";
      return s;
    };
    if (tag.rfind("<svg ", 0) == 0) {
      out.width = std::atof(svgAttribute(tag, "width").c_str());
      out.height = std::atof(svgAttribute(tag, "height").c_str());
      styles.push_back(styled(styles.back()));
    } else if (tag.rfind("<g", 0) == 0 && !selfClosing) {
      Style s = styled(styles.back());
      s.group = svgAttribute(tag, "class");
      styles.push_back(s);
    } else if (tag == "</g>") {
      styles.pop_back();
    } else if (tag.rfind("<text", 0) == 0) {
      const Style s = styled(styles.back());
      const std::size_t end = svg.find("</text>", close);
      TextBox box{unescapeXml(svg.substr(close + 1, end - close - 1)), s.group, 0, 0, 0, 0};
      const double w = flocklab::cli::textWidth(box.text, s.size, s.bold);
      const std::string anchor = svgAttribute(tag, "text-anchor");
      const double from = anchor == "middle" ? -w / 2 : anchor == "end" ? -w : 0;
      const double ascent = flocklab::cli::kAscent * s.size, descent = flocklab::cli::kDescent * s.size;
      const std::string transform = svgAttribute(tag, "transform");
      if (transform.empty()) {
        const double x = std::atof(svgAttribute(tag, "x").c_str()), y = std::atof(svgAttribute(tag, "y").c_str());
        box.left = x + from, box.right = x + from + w, box.top = y - ascent, box.bottom = y + descent;
      } else {
        // translate(TX TY) rotate(-90): the text runs upwards from (TX, TY).
        double tx = 0, ty = 0;
        if (std::sscanf(transform.c_str(), "translate(%lf %lf) rotate(-90)", &tx, &ty) != 2)
          ADD_FAILURE() << "a transform this reader does not know: " << transform;
        box.left = tx - ascent, box.right = tx + descent, box.top = ty - from - w, box.bottom = ty - from;
      }
      out.boxes.push_back(box);
      at = end;
    }
  }
  return out;
}

inline bool overlap(const TextBox& a, const TextBox& b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

// Expects every text of `svg` inside the picture, and no two texts outside the tick labels on
// top of each other. `what` names the picture in failures.
inline void expectTextInside(const std::string& svg, const std::string& what) {
  const SvgTexts texts = textBoxes(svg);
  ASSERT_GT(texts.width, 0) << what;
  ASSERT_FALSE(texts.boxes.empty()) << what;
  for (const TextBox& b : texts.boxes)
    EXPECT_TRUE(b.left >= 0 && b.top >= 0 && b.right <= texts.width && b.bottom <= texts.height)
        << what << ": '" << b.text << "' lies in [" << b.left << ", " << b.right << "] x [" << b.top << ", " << b.bottom
        << "], outside the picture's " << texts.width << " x " << texts.height;
  for (std::size_t i = 0; i < texts.boxes.size(); ++i)
    for (std::size_t j = i + 1; j < texts.boxes.size(); ++j) {
      const TextBox &a = texts.boxes[i], &b = texts.boxes[j];
      if (a.group != "ticks" && b.group != "ticks")
        EXPECT_FALSE(overlap(a, b)) << what << ": '" << a.text << "' overlaps '" << b.text << "'";
    }
}

}  // namespace flocklab_test

using flocklab_test::expectTextInside;
