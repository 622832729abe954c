// The .npy trajectory in 2D and 3D: the header announces (frames, n, 4) or (frames, n, 6),
// the data is every frame's boids, field by field, as little-endian doubles, and a frame of
// the wrong dimensions is refused.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "flocklab/flock.hpp"
#include "outputs/npy_trajectory.hpp"

using namespace flocklab;
using namespace flocklab::runs;

namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Flock sample(int dimensions, std::size_t n) {
  Flock f;
  f.dimensions = dimensions;
  f.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double b = static_cast<double>(i) * 10;
    f.x[i] = b + 1, f.y[i] = b + 2, f.vx[i] = b + 4, f.vy[i] = b + 5;
    if (dimensions == 3) f.z[i] = b + 3, f.vz[i] = b + 6;
  }
  return f;
}

}  // namespace

TEST(NpyTrajectory, ThreeDimensionalFramesHaveSixColumns) {
  for (int dimensions : {2, 3}) {
    const std::string path =
        (std::filesystem::temp_directory_path() / ("flocklab_npy_" + std::to_string(dimensions) + ".npy")).string();
    const Flock f = sample(dimensions, 3);
    cli::NpyTrajectory npy(path, 2, 3, dimensions);
    npy.append(f);
    EXPECT_THROW(npy.append(sample(dimensions == 2 ? 3 : 2, 3)), std::logic_error);
    npy.append(f);
    npy.commit();
    const std::string bytes = readAll(path);
    const std::size_t columns = dimensions == 3 ? 6 : 4;
    EXPECT_NE(bytes.find("'shape': (2, 3, " + std::to_string(columns) + "), }"), std::string::npos);
    ASSERT_EQ(bytes.size() % 64, (2 * 3 * columns * 8) % 64);
    const std::size_t data = bytes.size() - 2 * 3 * columns * 8;
    EXPECT_EQ(data % 64, 0u);
    // Values 10 i + 1 .. 10 i + columns in column order: x y (z) vx vy (vz).
    for (std::size_t frame = 0; frame < 2; ++frame)
      for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t c = 0; c < columns; ++c) {
          double v;
          std::memcpy(&v, bytes.data() + data + ((frame * 3 + i) * columns + c) * 8, 8);
          const double expected =
              static_cast<double>(i) * 10 + static_cast<double>(c) + 1 + (dimensions == 2 && c >= 2 ? 1 : 0);
          EXPECT_EQ(v, expected) << dimensions << "D frame " << frame << " boid " << i << " column " << c;
        }
    std::filesystem::remove(path);
  }
}
