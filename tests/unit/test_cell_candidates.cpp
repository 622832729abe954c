// Candidate gathering against its definition: for every tile of 1 to 4 cells per side (one
// or two layers in 3D), the merged list is the sorted union of the boids of the cells around
// the tile, with each boid's position and velocity, and position() finds the tile's boids.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "engine/cell_candidates.hpp"
#include "flocklab/rng.hpp"

using namespace flocklab;

namespace {

void checkEveryTile(const Space& s, double radius, std::size_t n, std::uint64_t seed, int side) {
  Xoshiro256ss rng(seed);
  std::vector<double> x(n), y(n), z(n), vx(n), vy(n), vz(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = s.width * rng.uniform(), y[i] = s.height * rng.uniform();
    z[i] = s.is3d() ? s.depth * rng.uniform() : 0;
    vx[i] = rng.uniform(), vy[i] = rng.uniform(), vz[i] = rng.uniform();
  }
  Grid g;
  g.build(x.data(), y.data(), z.data(), vx.data(), vy.data(), vz.data(), nullptr, n, s, radius);
  CellCandidates c;
  const int layerSide = s.is3d() ? std::min(side, 2) : 1;
  for (int l = 0; l < g.layers(); l += layerSide)
    for (int r = 0; r < g.rows(); r += side)
      for (int col = 0; col < g.columns(); col += side) {
        const Tile tile{col,
                        r,
                        std::min(side, g.columns() - col),
                        std::min(side, g.rows() - r),
                        l,
                        std::min(layerSide, g.layers() - l)};
        c.gather(g, tile);
        // The sorted union of the boids of every cell within one cell of the tile.
        std::set<std::uint32_t> expected;
        for (std::size_t i = 0; i < n; ++i) {
          const std::uint32_t cell = g.cellOf(i);
          const int ci = static_cast<int>(cell % g.columns()), ri = static_cast<int>(cell / g.columns() % g.rows());
          const int li = static_cast<int>(cell / g.columns() / g.rows());
          const auto near = [&](int v, int first, int count, int m) {
            for (int d = -1; d <= count; ++d) {
              const int w = first + d;
              if (s.periodic ? ((w % m) + m) % m == v : w == v) return true;
            }
            return false;
          };
          if (near(ci, tile.column, tile.columns, g.columns()) && near(ri, tile.row, tile.rows, g.rows()) &&
              near(li, tile.layer, tile.layers, g.layers()))
            expected.insert(static_cast<std::uint32_t>(i));
        }
        ASSERT_EQ(c.size(), expected.size()) << "tile at " << col << "," << r << "," << l;
        std::size_t k = 0;
        for (std::uint32_t i : expected) {
          ASSERT_EQ(c.index(k), i);
          EXPECT_EQ(c.x()[k], x[i]);
          EXPECT_EQ(c.y()[k], y[i]);
          EXPECT_EQ(c.vx()[k], vx[i]);
          EXPECT_EQ(c.vy()[k], vy[i]);
          if (s.is3d()) {
            EXPECT_EQ(c.z()[k], z[i]);
            EXPECT_EQ(c.vz()[k], vz[i]);
          }
          ++k;
        }
        for (int lr = 0; lr < tile.layers; ++lr)
          for (int rr = 0; rr < tile.rows; ++rr)
            for (std::uint32_t slot = g.begin(g.cell(col, r + rr, l + lr));
                 slot < g.end(g.cell(col + tile.columns - 1, r + rr, l + lr)); ++slot)
              EXPECT_EQ(c.index(c.position(slot)), g.index(slot));
      }
}

}  // namespace

TEST(CellCandidates, TheListIsTheSortedUnionOfTheCellsAround) {
  for (int side : {1, 2, 3, 4}) {
    checkEveryTile(Space::square(100), 10, 800, 1, side);
    checkEveryTile(Space{70, 45, false}, 6, 800, 2, side);
    checkEveryTile(Space::square(30), 10, 300, 3, side);  // three cells: the block is the grid
    checkEveryTile(Space::square(20), 9, 300, 4, side);   // two cells per axis
    checkEveryTile(Space::cube(50), 8, 1500, 5, side);
    checkEveryTile(Space{40, 30, false, 20}, 5, 1500, 6, side);
    checkEveryTile(Space::cube(20), 9, 200, 7, side);
  }
}
