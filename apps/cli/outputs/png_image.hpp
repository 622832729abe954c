#pragma once
// SVG to PNG through librsvg, for pictures a user opens without a browser.
#include <string>

#include "support/module_abi.hpp"

namespace flocklab::cli {

/// The SVG document rendered at its own width and height (which must be given in px) on a
/// white background, as PNG bytes. Throws std::runtime_error with a one-line message when the
/// SVG cannot be parsed or rendered.
std::string svgToPng(const std::string& svg);

/// True when `path` names a picture flocklab writes: FILE.svg or FILE.png.
bool isPicturePath(const std::string& path);
/// What to write to the picture file `path`: the SVG itself, or for FILE.png the SVG rendered.
std::string pictureBytes(const std::string& path, const std::string& svg);

}  // namespace flocklab::cli

/// The entry of the PNG renderer module libflocklab_png.so (png_module.cpp), which svgToPng
/// loads: the PNG of `svg` written to `png`, or false with a one-line error written to `error`.
extern "C" bool flocklab_svg_to_png(flocklab::cli::ModuleText svg, flocklab::cli::ModuleSink png,
                                    flocklab::cli::ModuleSink error);
