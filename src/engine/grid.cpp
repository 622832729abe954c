// The grid's build: a counting sort by cell (see engine/grid.hpp for the invariants).
#include "engine/grid.hpp"

#include <algorithm>
#include <cmath>

namespace flocklab {

namespace {
int clampIndex(double position, double side, int count) {
  const int c = static_cast<int>(position / side);
  return c < 0 ? 0 : (c >= count ? count - 1 : c);
}
}  // namespace

GridWindow boundingWindow(const double* x, const double* y, const double* z, std::size_t n, double radius) {
  GridWindow window;
  const double* axes[3] = {x, y, z};
  thread_local std::vector<double> sorted;  // scratch kept from step to step: no allocation a step
  for (int a = 0; a < 3 && axes[a]; ++a) {
    double lo = n ? axes[a][0] : 0, hi = lo;
    for (std::size_t k = 1; k < n; ++k) lo = std::min(lo, axes[a][k]), hi = std::max(hi, axes[a][k]);
    // A few agents far from the rest (a straggler flying off for ever) would stretch the box,
    // and the cells (at most 4n + 16) would grow with it until the group shares a few of them:
    // a search as slow as brute force. When the box is far wider than where all but 1/64 of the
    // agents at each end lie, the window covers only those; the few outside go to the border
    // cells, which keeps every neighbour (see boundingWindow in grid.hpp).
    const std::size_t tail = n / 64;
    if (tail > 0) {
      sorted.assign(axes[a], axes[a] + n);
      std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(tail), sorted.end());
      const double low = sorted[tail] - radius;
      std::nth_element(sorted.begin(), sorted.end() - 1 - static_cast<std::ptrdiff_t>(tail), sorted.end());
      const double high = sorted[n - 1 - tail] + radius;
      if (hi - lo > 2 * (high - low)) lo = low, hi = high;
    }
    window.whole[a] = false;
    window.origin[a] = lo;
    window.extent[a] = std::max(hi - lo, radius);
  }
  return window;
}

int Grid::column(double x) const { return clampIndex(local(x, 0), sideX_, mx_); }
int Grid::row(double y) const { return clampIndex(local(y, 1), sideY_, my_); }
int Grid::layer(double z) const { return is3d_ ? clampIndex(local(z, 2), sideZ_, mz_) : 0; }

void Grid::build(const double* x, const double* y, const double* vx, const double* vy, const std::uint32_t* ids,
                 std::size_t n, const Space& space, double radius) {
  build(x, y, nullptr, vx, vy, nullptr, ids, n, space, radius);
}

void Grid::build(const double* x, const double* y, const double* z, const double* vx, const double* vy,
                 const double* vz, const std::uint32_t* ids, std::size_t n, const Space& space, double radius,
                 const GridWindow* window) {
  is3d_ = space.is3d();
  world_[0] = space.width, world_[1] = space.height, world_[2] = is3d_ ? space.depth : 0.0;
  for (int a = 0; a < 3; ++a) {
    whole_[a] = !window || window->whole[a] || (a == 2 && !is3d_);
    origin_[a] = whole_[a] ? 0.0 : window->origin[a];
    extent_[a] = whole_[a] ? world_[a] : window->extent[a];
  }
  // The margin 1e-9 keeps the side above r even after the rounding of W/m and x/side.
  double fit[3] = {std::floor(extent_[0] / (radius * (1 + 1e-9))), std::floor(extent_[1] / (radius * (1 + 1e-9))),
                   is3d_ ? std::floor(extent_[2] / (radius * (1 + 1e-9))) : 1.0};
  // More cells than boids only cost memory and time (and past 2^30 the cell index would not fit
  // an int): at most `cap` cells, whatever the world's size. The grid's shape changes speed
  // only, never results (any shape lists the same neighbours, in ascending boid index).
  const double cap = std::min(4.0 * static_cast<double>(n) + 16, 1073741824.0);
  for (double& f : fit) f = std::min(std::max(1.0, f), cap);  // also an infinite W / r
  if (fit[0] * fit[1] * fit[2] > cap) {
    const double ratio = cap / (fit[0] * fit[1] * fit[2]);
    const double shrink = is3d_ ? std::cbrt(ratio) : std::sqrt(ratio);
    for (double& f : fit) f = std::max(1.0, std::floor(f * shrink));
    if (!is3d_) fit[2] = 1;
  }
  // An axis held at 1 cell by the shrink leaves the others above the cap (a long thin world):
  // cut the longest axis to what the others leave room for, until the cap holds.
  // Each pass holds the cap or leaves one more axis at 1 cell, so it ends within 3 passes.
  while (fit[0] * fit[1] * fit[2] > cap) {
    const int a = static_cast<int>(std::max_element(fit, fit + 3) - fit);
    fit[a] = std::max(1.0, std::floor(cap / (fit[(a + 1) % 3] * fit[(a + 2) % 3])));
    while (fit[a] > 1 && fit[0] * fit[1] * fit[2] > cap) fit[a] -= 1;  // rounding of the division
  }
  mx_ = static_cast<int>(fit[0]);
  my_ = static_cast<int>(fit[1]);
  mz_ = static_cast<int>(fit[2]);
  sideX_ = extent_[0] / mx_;
  sideY_ = extent_[1] / my_;
  sideZ_ = is3d_ ? extent_[2] / mz_ : 0.0;
  periodic_ = space.periodic;
  const std::size_t cells = static_cast<std::size_t>(mx_) * my_ * mz_;

  start_.assign(cells + 1, 0);
  cellOf_.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t c = cell(column(x[k]), row(y[k]), is3d_ ? layer(z[k]) : 0);
    cellOf_[k] = c;
    ++start_[c + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];

  // Counting sort of the input elements by cell, then ascending boid index within each cell.
  input_.resize(n);
  order_.resize(n);
  cursor_.assign(start_.begin(), start_.end() - 1);
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t slot = cursor_[cellOf_[k]]++;
    input_[slot] = static_cast<std::uint32_t>(k);
    order_[slot] = ids ? ids[k] : static_cast<std::uint32_t>(k);
  }
  // Determinism: ascending boid index inside each cell, whatever order the input came in.
  if (ids)
    for (std::size_t c = 0; c < cells; ++c)
      for (std::uint32_t s = start_[c] + 1; s < start_[c + 1]; ++s)
        for (std::uint32_t t = s; t > start_[c] && order_[t - 1] > order_[t]; --t) {
          std::swap(order_[t - 1], order_[t]);
          std::swap(input_[t - 1], input_[t]);
        }

  sx_.resize(n);
  sy_.resize(n);
  sz_.resize(is3d_ ? n : 0);
  const bool withVelocity = vx != nullptr && vy != nullptr && (!is3d_ || vz != nullptr);
  if (withVelocity) {
    svx_.resize(n);
    svy_.resize(n);
    svz_.resize(is3d_ ? n : 0);
  }
  for (std::size_t slot = 0; slot < n; ++slot) {
    const std::uint32_t k = input_[slot];
    sx_[slot] = x[k];
    sy_[slot] = y[k];
    if (is3d_) sz_[slot] = z[k];
    if (withVelocity) {
      svx_[slot] = vx[k];
      svy_[slot] = vy[k];
      if (is3d_) svz_[slot] = vz[k];
    }
  }
}

namespace {
// The distinct columns (or rows, layers) from first - 1 to last + 1, wrapped on a torus and
// clipped in a box, in ascending order of offset; returns how many.
int around(int first, int last, int count, bool periodic, int* out) {
  int k = 0;
  if (periodic && last - first + 3 >= count) {
    for (int v = 0; v < count; ++v) out[k++] = v;
    return k;
  }
  for (int v = first - 1; v <= last + 1; ++v) {
    if (periodic) out[k++] = (v + count) % count;
    else if (v >= 0 && v < count) out[k++] = v;
  }
  return k;
}
}  // namespace

int Grid::columnsAround(int first, int last, int* out) const {
  return around(first, last, mx_, periodic_ && whole_[0], out);
}
int Grid::rowsAround(int first, int last, int* out) const {
  return around(first, last, my_, periodic_ && whole_[1], out);
}
int Grid::layersAround(int first, int last, int* out) const {
  if (!is3d_) {
    out[0] = 0;
    return 1;
  }
  return around(first, last, mz_, periodic_ && whole_[2], out);
}

int Grid::neighborCells(std::uint32_t c, std::uint32_t out[kMaxNeighborCells]) const {
  int cols[3], rows[3], layers[3];
  const int column = static_cast<int>(c % mx_), row = static_cast<int>((c / mx_) % my_);
  const int layer = static_cast<int>(c / mx_ / my_);
  const int nc = columnsAround(column, column, cols), nr = rowsAround(row, row, rows);
  const int nl = layersAround(layer, layer, layers);
  int k = 0;
  for (int l = 0; l < nl; ++l)
    for (int r = 0; r < nr; ++r)
      for (int i = 0; i < nc; ++i) out[k++] = cell(cols[i], rows[r], layers[l]);
  return k;
}

}  // namespace flocklab
