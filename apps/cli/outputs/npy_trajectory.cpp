// The .npy format 1.0 (numpy.lib.format): magic "\x93NUMPY", version 1 0, a little-endian
// uint16 header length, then a Python dict literal padded with spaces and ended by '\n' so
// that the data starts at a multiple of 64 bytes. The doubles are written byte by byte in
// little-endian order, so the file is the same on any host.
#include "outputs/npy_trajectory.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace flocklab::cli {
namespace {

std::string npyHeader(std::size_t frames, std::size_t boids, int columns) {
  std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(frames) + ", " +
                     std::to_string(boids) + ", " + std::to_string(columns) + "), }";
  const std::size_t prefix = 10;  // magic (6), version (2), header length (2)
  const std::size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(dict.size() & 0xff);
  out += static_cast<char>(dict.size() >> 8);
  return out + dict;
}

void putDouble(char* out, double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  for (int k = 0; k < 8; ++k) out[k] = static_cast<char>((bits >> (8 * k)) & 0xff);
}

}  // namespace

NpyTrajectory::NpyTrajectory(const std::string& path, std::size_t frames, std::size_t boids, int dimensions)
    : own_(std::make_unique<runs::AtomicFile>(path)),
      file_(*own_),
      frames_(frames),
      boids_(boids),
      dimensions_(dimensions) {
  writeHeader();
}

NpyTrajectory::NpyTrajectory(runs::AtomicFile& file, std::size_t frames, std::size_t boids, int dimensions)
    : file_(file), frames_(frames), boids_(boids), dimensions_(dimensions) {
  writeHeader();
}

void NpyTrajectory::writeHeader() {
  if (dimensions_ != 2 && dimensions_ != 3)
    throw std::logic_error("trajectory " + file_.path() + ": dimensions must be 2 or 3");
  file_.write(npyHeader(frames_, boids_, 2 * dimensions_));
}

void NpyTrajectory::append(const flocklab::Flock& flock) {
  if (written_ == frames_)
    throw std::logic_error("trajectory " + file_.path() + ": more than the announced " + std::to_string(frames_) +
                           " frames");
  if (!flock.consistent() || flock.size() != boids_)
    throw std::logic_error("trajectory " + file_.path() + ": a frame of " + std::to_string(flock.size()) +
                           " boids, announced " + std::to_string(boids_));
  if (flock.dimensions != dimensions_)
    throw std::logic_error("trajectory " + file_.path() + ": a " + std::to_string(flock.dimensions) +
                           "D frame, announced " + std::to_string(dimensions_) + "D");
  const std::size_t row = 16 * static_cast<std::size_t>(dimensions_);
  buffer_.resize(boids_ * row);
  char* out = buffer_.data();
  if (dimensions_ == 2) {
    for (std::size_t i = 0; i < boids_; ++i, out += row) {
      putDouble(out, flock.x[i]);
      putDouble(out + 8, flock.y[i]);
      putDouble(out + 16, flock.vx[i]);
      putDouble(out + 24, flock.vy[i]);
    }
  } else {
    for (std::size_t i = 0; i < boids_; ++i, out += row) {
      putDouble(out, flock.x[i]);
      putDouble(out + 8, flock.y[i]);
      putDouble(out + 16, flock.z[i]);
      putDouble(out + 24, flock.vx[i]);
      putDouble(out + 32, flock.vy[i]);
      putDouble(out + 40, flock.vz[i]);
    }
  }
  file_.write(buffer_);
  ++written_;
}

void NpyTrajectory::complete() const {
  if (written_ != frames_)
    throw std::logic_error("trajectory " + file_.path() + ": " + std::to_string(written_) + " frames written, " +
                           std::to_string(frames_) + " announced");
}

void NpyTrajectory::commit() {
  complete();
  file_.commit();
}

}  // namespace flocklab::cli
