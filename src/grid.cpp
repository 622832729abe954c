#include "grid.hpp"

#include <algorithm>
#include <cmath>

namespace flocklab {

int Grid::column(double coordinate) const {
  const int c = static_cast<int>(coordinate / side_);
  return c < 0 ? 0 : (c >= m_ ? m_ - 1 : c);
}

void Grid::build(const double* x, const double* y, const double* vx, const double* vy,
                 std::size_t n, double world, double radius) {
  // The margin 1e-9 keeps the side above r even after the rounding of L/m and x/side.
  const double fit = std::floor(world / (radius * (1 + 1e-9)));
  const double cap = std::floor(std::sqrt(4.0 * static_cast<double>(n) + 16));
  m_ = static_cast<int>(std::max(1.0, std::min(fit, cap)));
  world_ = world;
  side_ = world / m_;
  const std::size_t cells = static_cast<std::size_t>(m_) * m_;

  start_.assign(cells + 1, 0);
  cellOf_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto cell = static_cast<std::uint32_t>(column(y[i]) * m_ + column(x[i]));
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

int Grid::neighborCells(std::uint32_t cell, std::uint32_t out[9]) const {
  const int cx = static_cast<int>(cell % m_), cy = static_cast<int>(cell / m_);
  int cols[3], rows[3], k = 0;
  const int span = m_ < 3 ? m_ : 3;
  for (int o = 0; o < span; ++o) {
    // m >= 3: c-1, c, c+1 wrapped; m < 3: every column once, in order.
    cols[o] = m_ < 3 ? o : (cx + o - 1 + m_) % m_;
    rows[o] = m_ < 3 ? o : (cy + o - 1 + m_) % m_;
  }
  for (int r = 0; r < span; ++r)
    for (int c = 0; c < span; ++c) out[k++] = static_cast<std::uint32_t>(rows[r] * m_ + cols[c]);
  return k;
}

}  // namespace flocklab
