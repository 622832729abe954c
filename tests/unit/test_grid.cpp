// The grid against its invariants (engine/grid.hpp) in 2D and 3D: every boid in the
// cell its position names, each cell's boids in ascending index whatever the input order, the
// 9 / 27 distinct neighbour cells with wrap on a torus and clipping in a box, and positions
// exactly on the far edge (x == W) in the last cell; never more cells than the boids need,
// however long and thin the world.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

#include "engine/grid.hpp"
#include "flocklab/rng.hpp"

using namespace flocklab;

namespace {

struct Points {
  std::vector<double> x, y, z;
};

Points randomPoints(std::size_t n, const Space& s, std::uint64_t seed) {
  Xoshiro256ss rng(seed);
  Points p;
  for (std::size_t i = 0; i < n; ++i) {
    p.x.push_back(s.width * rng.uniform());
    p.y.push_back(s.height * rng.uniform());
    p.z.push_back(s.is3d() ? s.depth * rng.uniform() : 0.0);
  }
  return p;
}

void build(Grid& g, const Points& p, const Space& s, double r, const std::uint32_t* ids = nullptr) {
  g.build(p.x.data(), p.y.data(), p.z.data(), p.x.data(), p.y.data(), p.z.data(), ids, p.x.size(), s, r);
}

}  // namespace

TEST(Grid, EveryBoidSitsInTheCellItsPositionNames) {
  for (const Space s : {Space::square(100), Space{70, 40, false}, Space::cube(50), Space{30, 40, false, 20}}) {
    const Points p = randomPoints(2000, s, 3);
    Grid g;
    build(g, p, s, 7);
    ASSERT_EQ(g.slots(), p.x.size());
    EXPECT_EQ(g.layers() > 1 || !s.is3d(), true);
    EXPECT_GE(g.cellWidth(), 7.0);
    EXPECT_GE(g.cellHeight(), 7.0);
    if (s.is3d()) EXPECT_GE(g.cellDepth(), 7.0);
    for (std::size_t k = 0; k < p.x.size(); ++k) {
      const int column = static_cast<int>(std::floor(p.x[k] / g.cellWidth()));
      const int row = static_cast<int>(std::floor(p.y[k] / g.cellHeight()));
      const int layer = s.is3d() ? static_cast<int>(std::floor(p.z[k] / g.cellDepth())) : 0;
      EXPECT_EQ(g.cellOf(k), g.cell(column, row, layer)) << k;
    }
    // Each slot holds one boid with its position, in the cell's range.
    std::vector<int> seen(p.x.size(), 0);
    for (std::size_t c = 0; c < g.cellCount(); ++c)
      for (std::uint32_t s2 = g.begin(c); s2 < g.end(c); ++s2) {
        const std::uint32_t i = g.index(s2);
        ++seen[i];
        EXPECT_EQ(g.cellOf(i), c);
        EXPECT_EQ(g.sortedX()[s2], p.x[i]);
        EXPECT_EQ(g.sortedY()[s2], p.y[i]);
        if (s.is3d()) {
          EXPECT_EQ(g.sortedZ()[s2], p.z[i]);
          EXPECT_EQ(g.sortedVz()[s2], p.z[i]);
        }
      }
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int v) { return v == 1; }));
  }
}

TEST(Grid, CellsListTheirBoidsInAscendingIndexWhateverTheInputOrder) {
  for (const Space s : {Space::square(60), Space::cube(30)}) {
    const std::size_t n = 1500;
    // Input element k is boid ids[k], a shuffled numbering.
    std::vector<std::uint32_t> ids(n);
    std::iota(ids.begin(), ids.end(), 0u);
    Xoshiro256ss rng(5);
    for (std::size_t k = n; k-- > 1;) std::swap(ids[k], ids[static_cast<std::size_t>(rng.uniform() * double(k + 1))]);
    const Points p = randomPoints(n, s, 8);
    Grid g;
    build(g, p, s, 5, ids.data());
    for (std::size_t c = 0; c < g.cellCount(); ++c)
      for (std::uint32_t slot = g.begin(c) + 1; slot < g.end(c); ++slot)
        ASSERT_LT(g.index(slot - 1), g.index(slot)) << "cell " << c;
  }
}

TEST(Grid, NeighbourCellsAreTheDistinctBlockAroundACell) {
  struct Case {
    Space space;
    double radius;
    int expectedInside;
  };
  for (const Case c : {Case{Space::square(100), 10, 9}, Case{Space::cube(100), 10, 27},
                       Case{Space{100, 100, false}, 10, 9}, Case{Space{100, 100, false, 100}, 10, 27}}) {
    const Points p = randomPoints(100, c.space, 1);
    Grid g;
    build(g, p, c.space, c.radius);
    const int layers = g.layers();
    for (int l = 0; l < layers; ++l)
      for (int r = 0; r < g.rows(); ++r)
        for (int col = 0; col < g.columns(); ++col) {
          std::uint32_t out[Grid::kMaxNeighborCells];
          const int count = g.neighborCells(g.cell(col, r, l), out);
          std::set<std::uint32_t> distinct(out, out + count);
          ASSERT_EQ(distinct.size(), static_cast<std::size_t>(count));
          // Expected: every cell whose index differs by at most 1 per axis, wrapped or clipped.
          std::set<std::uint32_t> expected;
          const int reachZ = c.space.is3d() ? 1 : 0;
          for (int dl = -reachZ; dl <= reachZ; ++dl)
            for (int dr = -1; dr <= 1; ++dr)
              for (int dc = -1; dc <= 1; ++dc) {
                int cl = l + dl, cr = r + dr, cc = col + dc;
                if (c.space.periodic) {
                  cl = (cl + layers) % layers, cr = (cr + g.rows()) % g.rows(), cc = (cc + g.columns()) % g.columns();
                } else if (cl < 0 || cl >= layers || cr < 0 || cr >= g.rows() || cc < 0 || cc >= g.columns()) {
                  continue;
                }
                expected.insert(g.cell(cc, cr, cl));
              }
          ASSERT_EQ(distinct, expected) << col << "," << r << "," << l;
          const bool inside = col > 0 && col + 1 < g.columns() && r > 0 && r + 1 < g.rows() &&
                              (!c.space.is3d() || (l > 0 && l + 1 < layers));
          if (c.space.periodic || inside) EXPECT_EQ(count, c.expectedInside);
        }
    if (!c.space.periodic) {  // a corner cell sees 4 (2D) or 8 (3D) cells
      std::uint32_t out[Grid::kMaxNeighborCells];
      EXPECT_EQ(g.neighborCells(g.cell(0, 0, 0), out), c.space.is3d() ? 8 : 4);
    }
  }
}

TEST(Grid, SmallTorusListsEachCellOnce) {
  // Two cells per axis: the 3x3x3 block covers the grid, each cell once.
  for (const Space s : {Space::square(20), Space::cube(20)}) {
    const Points p = randomPoints(50, s, 2);
    Grid g;
    build(g, p, s, 9);
    ASSERT_EQ(g.columns(), 2);
    std::uint32_t out[Grid::kMaxNeighborCells];
    EXPECT_EQ(g.neighborCells(0, out), s.is3d() ? 8 : 4);
    int cols[8];
    EXPECT_EQ(g.columnsAround(0, 0, cols), 2);
    EXPECT_EQ(g.layersAround(0, 0, cols), s.is3d() ? 2 : 1);
  }
}

TEST(Grid, APositionExactlyOnTheFarEdgeGoesToTheLastCell) {
  for (const Space s : {Space::square(100), Space{100, 50, false, 30}}) {
    Points p;
    p.x = {s.width, 0, s.width, 50};
    p.y = {s.height, 0, 0, s.height};
    p.z = {s.depth, 0, s.depth, 0};
    Grid g;
    build(g, p, s, 10);
    const int lastLayer = g.layers() - 1;
    EXPECT_EQ(g.cellOf(0), g.cell(g.columns() - 1, g.rows() - 1, lastLayer));
    EXPECT_EQ(g.cellOf(1), g.cell(0, 0, 0));
    EXPECT_EQ(g.cellOf(2), g.cell(g.columns() - 1, 0, lastLayer));
    EXPECT_EQ(g.cellOf(3), g.cell(g.column(50), g.rows() - 1, 0));
    EXPECT_LT(g.column(50), g.columns() - 1);
    EXPECT_EQ(g.column(s.width), g.columns() - 1);
    EXPECT_EQ(g.row(s.height), g.rows() - 1);
    EXPECT_EQ(g.layer(s.depth), lastLayer);
  }
}

TEST(Grid, ManyCellsForFewBoidsAreScaledDown) {
  for (const Space s : {Space::square(1000), Space::cube(1000)}) {
    const Points p = randomPoints(10, s, 4);
    Grid g;
    build(g, p, s, 1);
    EXPECT_LE(g.cellCount(), 4u * 10 + 16);
    EXPECT_GE(g.cellWidth(), 1.0);
  }
}

TEST(Grid, ALongThinWorldGetsNoMoreCellsThanBoids) {
  // One axis at 1 cell used to leave the other at sqrt(cap * W / r) cells (109,000 for 1,500
  // boids in 1e8 x 10) and, for W = 1e300, an int overflow; every world now gets <= 4n + 16.
  const std::size_t n = 1500;
  for (double width : {1e8, 1e15, 1e100, 1e300})
    for (const Space s : {Space{width, 10, true}, Space{width, 10, false}, Space{10, width, true},
                          Space{width, 10, true, 10}, Space{width, width, true, 10}}) {
      SCOPED_TRACE(::testing::Message() << s.width << " x " << s.height << " x " << s.depth);
      const Points p = randomPoints(n, s, 5);
      Grid g;
      build(g, p, s, 50);
      EXPECT_LE(g.cellCount(), 4 * n + 16);
      EXPECT_EQ(g.cellCount(), static_cast<std::size_t>(g.columns()) * g.rows() * g.layers());
      EXPECT_GE(g.cellWidth(), std::min(50.0, s.width));  // still at least the radius
      EXPECT_GE(g.cellHeight(), std::min(50.0, s.height));
      for (std::size_t k = 0; k < n; k += 97)
        EXPECT_EQ(g.cellOf(k), g.cell(g.column(p.x[k]), g.row(p.y[k]), g.layer(p.z[k])));
    }
}

// Open space: one agent far off (a straggler flying on for ever) used to stretch the window over
// 1e4 units, and with the cells capped at 4n + 16 the whole group shared a few cells (20,000
// agents stepped 14 times slower). The window now covers where all but n/64 agents at each end
// lie, and the straggler sits in a border cell, still beside every agent within the radius.
TEST(Grid, AStragglerInOpenSpaceDoesNotSpreadTheCells) {
  const Space open = Space::open(400, 3);
  Points p = randomPoints(2000, Space::cube(400), 5);
  p.x.push_back(1e4), p.y.push_back(1e4), p.z.push_back(1e4);
  p.x.push_back(405), p.y.push_back(200), p.z.push_back(200);  // just outside the window, beside the group
  const double r = 15;
  const GridWindow window = boundingWindow(p.x.data(), p.y.data(), p.z.data(), p.x.size(), r);
  for (int a = 0; a < 3; ++a) {
    EXPECT_LT(window.extent[a], 500) << a;
    EXPECT_GT(window.origin[a] + window.extent[a], 380) << a;
  }
  Grid g;
  g.build(p.x.data(), p.y.data(), p.z.data(), nullptr, nullptr, nullptr, nullptr, p.x.size(), open, r, &window);
  EXPECT_GT(g.columns() * g.rows() * g.layers(), 1000) << "the group spreads over many cells";
  // Every pair closer than r (counted the slow way) sits in the same or adjacent cells.
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < p.x.size(); ++i)
    for (std::size_t j = i + 1; j < p.x.size(); ++j) {
      const double dx = p.x[i] - p.x[j], dy = p.y[i] - p.y[j], dz = p.z[i] - p.z[j];
      if (dx * dx + dy * dy + dz * dz >= r * r) continue;
      ++pairs;
      std::uint32_t block[Grid::kMaxNeighborCells];
      const int cells = g.neighborCells(g.cellOf(i), block);
      ASSERT_NE(std::find(block, block + cells, g.cellOf(j)), block + cells) << i << " and " << j;
    }
  EXPECT_GT(pairs, 100u);
}
