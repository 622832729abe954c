// The world as every front end describes and frames it (include/flocklab/world_view.hpp): the
// description names the model's unit and edges; the view is the world's box, or in open space
// the square (cube) centred on the middle of the group's extent, 1.2 times its widest extent
// and never less than the start's box.
#include <gtest/gtest.h>

#include "flocklab/registry.hpp"
#include "flocklab/world_view.hpp"

namespace flocklab_test {
namespace {

using flocklab::Flock;
using flocklab::Space;
using flocklab::viewOf;
using flocklab::WorldView;

Flock flat(std::vector<double> x, std::vector<double> y) {
  Flock f;
  f.x = std::move(x), f.y = std::move(y);
  f.vx.assign(f.x.size(), 1.0), f.vy.assign(f.x.size(), 0.0);
  return f;
}

TEST(WorldView, AWorldWithEdgesShowsItsOwnBox) {
  const WorldView v = viewOf(Space{900, 560, false}, flat({-50, 2000}, {3, 4}));
  EXPECT_EQ(v.x0, 0);
  EXPECT_EQ(v.y0, 0);
  EXPECT_EQ(v.width, 900);
  EXPECT_EQ(v.height, 560);
  EXPECT_EQ(v.depth, 0);
}

TEST(WorldView, OpenSpaceFollowsTheGroup) {
  Space open{5, 5, false};
  open.unbounded = true;
  // Extent 10 along x, 4 along y: a square of side 12 about the middle (5, 2).
  WorldView v = viewOf(open, flat({0, 10, 3}, {0, 4, 1}));
  EXPECT_EQ(v.width, 12);
  EXPECT_EQ(v.height, 12);
  EXPECT_EQ(v.x0, -1);
  EXPECT_EQ(v.y0, -4);
  // A tight group is shown in the start's box at least.
  v = viewOf(open, flat({100, 101}, {50, 50.5}));
  EXPECT_EQ(v.width, 5);
  EXPECT_EQ(v.x0, 100.5 - 2.5);
  EXPECT_EQ(v.y0, 50.25 - 2.5);
  // In 3D, a cube by the widest of the three axes.
  Flock f = flat({0, 1}, {0, 1});
  f.dimensions = 3, f.z = {0, 20}, f.vz = {0, 0};
  open.depth = 5;
  v = viewOf(open, f);
  EXPECT_EQ(v.width, 24);
  EXPECT_EQ(v.depth, 24);
  EXPECT_EQ(v.z0, 10 - 12);
  EXPECT_EQ(v.x0, 0.5 - 12);
}

TEST(WorldView, TheDescriptionNamesTheModelsUnitAndEdges) {
  for (const char* name : {"lab", "steering", "couzin"}) {
    SCOPED_TRACE(name);
    const flocklab::ModelDescription& m = flocklab::model(name);
    const flocklab::ParamSet p = m.defaults();
    const auto sim = m.create(p, m.randomStart(p, 20, 1), 1);
    const flocklab::WorldDescription w = flocklab::describeWorld(m, *sim);
    EXPECT_EQ(w.unit, std::string(name) == "steering" ? "px" : "world units");
    EXPECT_EQ(w.open, std::string(name) == "couzin");  // the one model in open space
    EXPECT_EQ(w.wrap, sim->space().periodic);
    EXPECT_EQ(w.dims, std::string(name) == "couzin" ? 3 : 2);
    EXPECT_EQ(w.width, sim->space().width);
  }
}

}  // namespace
}  // namespace flocklab_test
