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

double getDouble(const char* in) {
  std::uint64_t bits = 0;
  for (int k = 0; k < 8; ++k) bits |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[k])) << (8 * k);
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
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

std::vector<Flock> parseNpyTrajectory(std::string_view bytes) {
  const auto refuse = [](const std::string& why) { throw std::invalid_argument(why); };
  if (bytes.size() < 10 || bytes.substr(0, 6) != std::string_view("\x93NUMPY", 6)) refuse("it is not an .npy file");
  const int major = static_cast<unsigned char>(bytes[6]);
  const std::size_t lengthBytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3 || bytes.size() < 8 + lengthBytes) refuse("it is an .npy file of an unknown version");
  std::size_t length = 0;
  for (std::size_t k = 0; k < lengthBytes; ++k)
    length |= static_cast<std::size_t>(static_cast<unsigned char>(bytes[8 + k])) << (8 * k);
  const std::size_t start = 8 + lengthBytes + length;
  if (bytes.size() < start) refuse("its header is cut short");
  const std::string_view dict = bytes.substr(8 + lengthBytes, length);
  if (dict.find("'descr': '<f8'") == std::string_view::npos)
    refuse("it holds numbers other than float64 ('<f8'), which a trajectory holds");
  if (dict.find("'fortran_order': False") == std::string_view::npos) refuse("it is in Fortran order, not C order");
  const std::size_t open = dict.find("'shape': (");
  const std::size_t close = open == std::string_view::npos ? open : dict.find(')', open);
  if (close == std::string_view::npos) refuse("its header has no shape");
  std::vector<std::size_t> shape;
  for (std::string_view rest = dict.substr(open + 10, close - open - 10); !rest.empty();) {
    const std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    if (!item.empty()) {
      std::size_t value = 0;
      for (char ch : item) {
        if (ch < '0' || ch > '9' || value > (SIZE_MAX - 9) / 10) refuse("its shape is not a list of whole numbers");
        value = value * 10 + static_cast<std::size_t>(ch - '0');
      }
      shape.push_back(value);
    }
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  if (shape.size() != 3 || (shape[2] != 4 && shape[2] != 6) || shape[0] == 0 || shape[1] == 0)
    refuse("its shape is not (frames, agents, 4) or (frames, agents, 6), a trajectory's");
  const std::size_t frames = shape[0], agents = shape[1], columns = shape[2];
  if (agents > (bytes.size() - start) / 8 / columns / frames || (bytes.size() - start) != frames * agents * columns * 8)
    refuse("it holds " + std::to_string(bytes.size() - start) + " bytes of numbers, not the " + std::to_string(frames) +
           " x " + std::to_string(agents) + " x " + std::to_string(columns) + " doubles its shape says");
  std::vector<Flock> out(frames);
  const int dims = columns == 6 ? 3 : 2;
  const char* at = bytes.data() + start;
  for (Flock& f : out) {
    f.dimensions = dims;
    f.resize(agents);
    for (std::size_t i = 0; i < agents; ++i, at += 8 * columns) {
      double v[6];
      for (std::size_t k = 0; k < columns; ++k) v[k] = getDouble(at + 8 * k);
      f.setAgent(i,
                 dims == 3 ? AgentState{v[0], v[1], v[2], v[3], v[4], v[5]} : AgentState{v[0], v[1], 0, v[2], v[3], 0});
    }
  }
  return out;
}

}  // namespace flocklab::cli
