// PNG through the renderer module libflocklab_png.so (png_module.cpp), loaded the first time a
// PNG is written (module_loader.hpp): librsvg and cairo bring some forty shared libraries, which
// a run without pictures would otherwise load and relocate at every start.
#include "outputs/png_image.hpp"

#include <stdexcept>
#include <string>

#include "runs/text_fields.hpp"
#include "support/module_loader.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)

std::string svgToPng(const std::string& svg) {
  static const auto render = reinterpret_cast<decltype(&flocklab_svg_to_png)>(
      moduleSymbol("libflocklab_png.so", "flocklab_svg_to_png", FLOCKLAB_PNG_MODULE));
  std::string png, error;
  if (!render(textOf(svg), sinkInto(png), sinkInto(error))) throw std::runtime_error(error);
  return png;
}

bool isPicturePath(const std::string& path) { return endsWith(path, ".svg") || endsWith(path, ".png"); }

std::string pictureBytes(const std::string& path, const std::string& svg) {
  return endsWith(path, ".png") ? svgToPng(svg) : svg;
}

}  // namespace flocklab::cli
