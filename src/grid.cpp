#include "grid.hpp"

#include <algorithm>
#include <cmath>

namespace flocklab {

namespace {
int clampIndex(double position, double side, int count) {
  const int c = static_cast<int>(position / side);
  return c < 0 ? 0 : (c >= count ? count - 1 : c);
}
}  // namespace

int Grid::column(double x) const { return clampIndex(x, sideX_, mx_); }
int Grid::row(double y) const { return clampIndex(y, sideY_, my_); }

void Grid::build(const double* x, const double* y, const double* vx, const double* vy,
                 std::size_t n, const Space& space, double radius) {
  // The margin 1e-9 keeps the side above r even after the rounding of W/m and x/side.
  double fitX = std::max(1.0, std::floor(space.width / (radius * (1 + 1e-9))));
  double fitY = std::max(1.0, std::floor(space.height / (radius * (1 + 1e-9))));
  const double cap = 4.0 * static_cast<double>(n) + 16;  // more cells than this only cost memory
  if (fitX * fitY > cap) {
    const double shrink = std::sqrt(cap / (fitX * fitY));
    fitX = std::max(1.0, std::floor(fitX * shrink));
    fitY = std::max(1.0, std::floor(fitY * shrink));
  }
  mx_ = static_cast<int>(fitX);
  my_ = static_cast<int>(fitY);
  sideX_ = space.width / mx_;
  sideY_ = space.height / my_;
  periodic_ = space.periodic;
  const std::size_t cells = static_cast<std::size_t>(mx_) * my_;

  start_.assign(cells + 1, 0);
  cellOf_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto cell = static_cast<std::uint32_t>(row(y[i]) * mx_ + column(x[i]));
    cellOf_[i] = cell;
    ++start_[cell + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];

  order_.resize(n);
  sx_.resize(n);
  sy_.resize(n);
  const bool withVelocity = vx != nullptr && vy != nullptr;
  if (withVelocity) {
    svx_.resize(n);
    svy_.resize(n);
  }
  cursor_.assign(start_.begin(), start_.end() - 1);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t slot = cursor_[cellOf_[i]]++;
    order_[slot] = static_cast<std::uint32_t>(i);
    sx_[slot] = x[i];
    sy_[slot] = y[i];
    if (withVelocity) {
      svx_[slot] = vx[i];
      svy_[slot] = vy[i];
    }
  }

  maxBlock_ = 0;
  std::uint32_t block[9];
  for (std::uint32_t c = 0; c < cells; ++c) {
    std::size_t population = 0;
    const int k = neighborCells(c, block);
    for (int b = 0; b < k; ++b) population += end(block[b]) - begin(block[b]);
    maxBlock_ = std::max(maxBlock_, population);
  }
}

namespace {
// The distinct columns (or rows) next to c, in ascending order of offset; returns how many.
int adjacent(int c, int count, bool periodic, int out[3]) {
  int k = 0;
  if (periodic && count < 3) {
    for (int o = 0; o < count; ++o) out[k++] = o;
    return k;
  }
  for (int o = -1; o <= 1; ++o) {
    const int v = c + o;
    if (periodic)
      out[k++] = (v + count) % count;
    else if (v >= 0 && v < count)
      out[k++] = v;
  }
  return k;
}
}  // namespace

int Grid::neighborCells(std::uint32_t cell, std::uint32_t out[9]) const {
  int cols[3], rows[3];
  const int nc = adjacent(static_cast<int>(cell % mx_), mx_, periodic_, cols);
  const int nr = adjacent(static_cast<int>(cell / mx_), my_, periodic_, rows);
  int k = 0;
  for (int r = 0; r < nr; ++r)
    for (int c = 0; c < nc; ++c) out[k++] = static_cast<std::uint32_t>(rows[r] * mx_ + cols[c]);
  return k;
}

}  // namespace flocklab
