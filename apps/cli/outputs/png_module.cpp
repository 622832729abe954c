// The PNG renderer, a module that flocklab loads the first time it writes a PNG (png_image.cpp),
// so that a run without pictures starts without librsvg, cairo, pango, glib and their forty
// libraries. PNG through librsvg 2.54 and cairo: parse the SVG, read its intrinsic size in
// pixels, render it onto an ARGB32 image surface painted white, and stream the PNG into a
// string. The owners below free librsvg's and cairo's objects on every path, exceptions included.
#include "outputs/png_image.hpp"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

struct GObjectFree {
  void operator()(RsvgHandle* h) const { g_object_unref(h); }
  void operator()(GInputStream* s) const { g_object_unref(s); }
};
struct SurfaceFree {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextFree {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};

[[noreturn]] void fail(const std::string& what, GError* error) {
  std::string message = "cannot render the SVG as PNG: " + what;
  if (error != nullptr) {
    message += std::string(": ") + error->message;
    g_error_free(error);
  }
  for (char& c : message)
    if (c == '\n') c = ' ';
  throw std::runtime_error(message);
}

cairo_status_t appendBytes(void* closure, const unsigned char* data, unsigned int length) {
  try {  // no exception may cross cairo's C frames
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
  } catch (...) {
    return CAIRO_STATUS_NO_MEMORY;
  }
}

std::string render(const std::string& svg) {
  GError* error = nullptr;
  // The SVG is flocklab's own, so libxml2's guard against huge documents (10 MB) is lifted:
  // a picture of a million boids is about 20 MB.
  std::unique_ptr<GInputStream, GObjectFree> stream(
      g_memory_input_stream_new_from_data(svg.data(), static_cast<gssize>(svg.size()), nullptr));
  std::unique_ptr<RsvgHandle, GObjectFree> handle(
      rsvg_handle_new_from_stream_sync(stream.get(), nullptr, RSVG_HANDLE_FLAG_UNLIMITED, nullptr, &error));
  if (!handle) fail("it does not parse", error);
  double w = 0, h = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &w, &h))
    fail("it has no width and height in pixels", nullptr);
  // Cairo's image surfaces hold at most 32767 px a side.
  if (!(w >= 1 && h >= 1 && w <= 32767 && h <= 32767))
    fail("its size " + std::to_string(w) + " x " + std::to_string(h) + " px is out of range", nullptr);
  const int width = static_cast<int>(std::ceil(w)), height = static_cast<int>(std::ceil(h));

  std::unique_ptr<cairo_surface_t, SurfaceFree> surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    fail(cairo_status_to_string(cairo_surface_status(surface.get())), nullptr);
  std::unique_ptr<cairo_t, ContextFree> cr(cairo_create(surface.get()));
  cairo_set_source_rgb(cr.get(), 1, 1, 1);
  cairo_paint(cr.get());
  const RsvgRectangle viewport{0, 0, w, h};
  if (!rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &error)) fail("rendering failed", error);
  if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) fail(cairo_status_to_string(cairo_status(cr.get())), nullptr);
  cairo_surface_flush(surface.get());

  std::string png;
  const cairo_status_t written = cairo_surface_write_to_png_stream(surface.get(), appendBytes, &png);
  if (written != CAIRO_STATUS_SUCCESS) fail(cairo_status_to_string(written), nullptr);
  return png;
}

}  // namespace

// The module's one entry (png_image.hpp). No exception leaves it.
extern "C" __attribute__((visibility("default"))) bool flocklab_svg_to_png(flocklab::cli::ModuleText svg,
                                                                           flocklab::cli::ModuleSink png,
                                                                           flocklab::cli::ModuleSink error) {
  using flocklab::cli::put;
  try {
    put(png, render(std::string(svg.data, svg.size)));
    return true;
  } catch (const std::exception& e) {
    put(error, e.what());
  } catch (...) {
    put(error, "cannot render the SVG as PNG");
  }
  return false;
}
