// The MPI partition's exchanges (see mpi_partition.hpp). Determinism: nothing here changes a
// number of the state; boids only travel, with their global index, so the order in which they
// arrive cannot matter (the step driver sorts its candidates by index).
#include "mpi_partition.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace flocklab::mpi {
namespace {

// Doubles a boid takes on the wire: its index, position and velocity.
int widthOf(int dims) { return 2 * dims + 1; }

void pack(std::vector<double>& out, const Flock& f, const std::vector<std::uint32_t>& ids, std::size_t k) {
  out.push_back(static_cast<double>(ids[k]));
  out.push_back(f.x[k]);
  out.push_back(f.y[k]);
  if (f.is3d()) out.push_back(f.z[k]);
  out.push_back(f.vx[k]);
  out.push_back(f.vy[k]);
  if (f.is3d()) out.push_back(f.vz[k]);
}

void unpack(const double* p, Flock& f, std::vector<std::uint32_t>& ids) {
  ids.push_back(static_cast<std::uint32_t>(p[0]));
  f.x.push_back(p[1]);
  f.y.push_back(p[2]);
  if (f.is3d()) {
    f.z.push_back(p[3]);
    f.vx.push_back(p[4]), f.vy.push_back(p[5]), f.vz.push_back(p[6]);
  } else {
    f.vx.push_back(p[3]), f.vy.push_back(p[4]);
  }
}

double zOf(const Flock& f, std::size_t k) { return f.is3d() ? f.z[k] : 0.0; }

// How far beyond its box a rank takes its halo: the radius with a margin far above rounding.
// Sending a boid too many costs nothing but bytes (the distance test drops it); missing one
// would change the bits.
double reachOf(const Space& space, double radius) {
  return radius * (1 + 1e-6) + 1e-12 * (space.width + space.height + (space.is3d() ? space.depth : 0.0));
}

// A contiguous MPI type of `width` doubles: one boid, so that counts are boids, not doubles.
struct BoidType {
  MPI_Datatype type;
  explicit BoidType(int width) {
    MPI_Type_contiguous(width, MPI_DOUBLE, &type);
    MPI_Type_commit(&type);
  }
  ~BoidType() { MPI_Type_free(&type); }
};

}  // namespace

MpiPartition::MpiPartition(MPI_Comm comm, std::uint64_t rebalance) : comm_(comm), rebalance_(rebalance) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  out_.resize(static_cast<std::size_t>(size_));
}

void MpiPartition::scatter(const Flock& all, Flock& mine, std::vector<std::uint32_t>& ids) {
  mine = Flock{};
  mine.dimensions = all.dimensions;
  ids.clear();
  const std::size_t n = all.size();
  for (std::size_t k = 0; k < n; ++k) {
    // Before the first cut, an even share by index; the first step moves them to their owners.
    const bool owned = cut_ ? cut_->owner(all.x[k], all.y[k], zOf(all, k)) == rank_
                            : static_cast<int>(k * static_cast<std::uint64_t>(size_) / n) == rank_;
    if (!owned) continue;
    ids.push_back(static_cast<std::uint32_t>(k));
    mine.x.push_back(all.x[k]), mine.y.push_back(all.y[k]), mine.vx.push_back(all.vx[k]), mine.vy.push_back(all.vy[k]);
    if (all.is3d()) mine.z.push_back(all.z[k]), mine.vz.push_back(all.vz[k]);
  }
}

std::vector<double> MpiPartition::exchange(const std::vector<std::vector<double>>& out, int width,
                                           std::uint64_t& messages) {
  std::vector<int> sendCounts(size_), recvCounts(size_), sendAt(size_), recvAt(size_);
  std::vector<double> send;
  for (int r = 0; r < size_; ++r) {
    sendAt[r] = static_cast<int>(send.size() / width);
    sendCounts[r] = static_cast<int>(out[r].size() / width);
    send.insert(send.end(), out[r].begin(), out[r].end());
  }
  MPI_Alltoall(sendCounts.data(), 1, MPI_INT, recvCounts.data(), 1, MPI_INT, comm_);
  int total = 0;
  for (int r = 0; r < size_; ++r) {
    recvAt[r] = total;
    total += recvCounts[r];
    if (r != rank_ && recvCounts[r] > 0) ++messages;
  }
  std::vector<double> received(static_cast<std::size_t>(total) * width);
  const BoidType boid(width);
  MPI_Alltoallv(send.data(), sendCounts.data(), sendAt.data(), boid.type, received.data(), recvCounts.data(),
                recvAt.data(), boid.type, comm_);
  return received;
}

void MpiPartition::moveToOwners(Flock& state, std::vector<std::uint32_t>& ids) {
  const int width = widthOf(state.dimensions);
  for (auto& o : out_) o.clear();
  std::size_t kept = 0;
  for (std::size_t k = 0; k < state.size(); ++k) {
    const int owner = cut_->owner(state.x[k], state.y[k], zOf(state, k));
    if (owner != rank_) {
      pack(out_[owner], state, ids, k);
      continue;
    }
    state.x[kept] = state.x[k], state.y[kept] = state.y[k], state.vx[kept] = state.vx[k], state.vy[kept] = state.vy[k];
    if (state.is3d()) state.z[kept] = state.z[k], state.vz[kept] = state.vz[k];
    ids[kept] = ids[k];
    ++kept;
  }
  state.resize(kept);
  ids.resize(kept);
  const std::vector<double> arrived = exchange(out_, width, traffic_.moveMessages);
  for (std::size_t at = 0; at < arrived.size(); at += width) unpack(&arrived[at], state, ids);
  traffic_.movedBoids += arrived.size() / width;
}

void MpiPartition::cutByCounts(const Flock& state, const Space& space) {
  const Points points{state.x.data(), state.y.data(), state.is3d() ? state.z.data() : nullptr, state.size()};
  // Open space: the cut divides the box the whole group fills now.
  Space box = space;
  std::array<double, 3> lower{0, 0, 0};
  if (space.unbounded) {
    double lo[3], hi[3];
    for (int a = 0; a < 3; ++a) lo[a] = std::numeric_limits<double>::infinity(), hi[a] = -lo[a];
    for (std::size_t k = 0; k < points.size; ++k)
      for (int a = 0; a < space.dimensions(); ++a)
        lo[a] = std::min(lo[a], points.at(a, k)), hi[a] = std::max(hi[a], points.at(a, k));
    MPI_Allreduce(MPI_IN_PLACE, lo, 3, MPI_DOUBLE, MPI_MIN, comm_);
    MPI_Allreduce(MPI_IN_PLACE, hi, 3, MPI_DOUBLE, MPI_MAX, comm_);
    for (int a = 0; a < 3; ++a)
      if (!(lo[a] <= hi[a])) lo[a] = hi[a] = 0;  // no boids at all, or an axis 2D leaves unused
    lower = {lo[0], lo[1], lo[2]};
    box.width = hi[0] - lo[0], box.height = hi[1] - lo[1];
    if (space.is3d()) box.depth = hi[2] - lo[2];
  }
  cut_ = SpaceCut::byCounts(
      box, size_, points,
      [this](std::vector<std::uint64_t>& counts) {
        MPI_Allreduce(MPI_IN_PLACE, counts.data(), static_cast<int>(counts.size()), MPI_UINT64_T, MPI_SUM, comm_);
      },
      lower);
  ++traffic_.cuts;
}

std::size_t MpiPartition::addHalo(Flock& state, std::vector<std::uint32_t>& ids, const Space& space, double radius) {
  const double begin = MPI_Wtime();
  if (!cut_) {
    cutByCounts(state, space);
    moveToOwners(state, ids);
  }
  const double extent[3] = {space.width, space.height, space.is3d() ? space.depth : 0.0};
  const double reach = reachOf(space, radius);
  const double reach2 = reach * reach;
  const int dims = space.dimensions();
  const auto& lo = cut_->lower(rank_);
  const auto& hi = cut_->upper(rank_);
  // Whether a box face has another rank's box beyond it: not a wall (nor, in open space, a face
  // reaching to infinity), and on a torus not the far face of the box's own span of the whole axis.
  bool openLow[3], openHigh[3];
  for (int a = 0; a < dims; ++a) {
    const bool spans = lo[a] <= 0 && hi[a] >= extent[a];
    openLow[a] = space.periodic ? !spans : space.unbounded ? std::isfinite(lo[a]) : lo[a] > 0;
    openHigh[a] = space.periodic ? !spans : space.unbounded ? std::isfinite(hi[a]) : hi[a] < extent[a];
  }
  const int width = widthOf(state.dimensions);
  for (auto& o : out_) o.clear();
  const std::size_t owned = state.size();
  for (std::size_t k = 0; k < owned; ++k) {
    const double p[3] = {state.x[k], state.y[k], zOf(state, k)};
    bool nearFace = false;
    for (int a = 0; a < dims && !nearFace; ++a)
      nearFace = (openLow[a] && p[a] - lo[a] < reach) || (openHigh[a] && hi[a] - p[a] < reach);
    if (!nearFace) continue;
    for (int r = 0; r < size_; ++r)
      if (r != rank_ && cut_->distance2(r, p[0], p[1], p[2]) < reach2) pack(out_[r], state, ids, k);
  }
  const std::vector<double> arrived = exchange(out_, width, traffic_.haloMessages);
  for (std::size_t at = 0; at < arrived.size(); at += width) unpack(&arrived[at], state, ids);
  traffic_.haloBoids += arrived.size() / width;
  traffic_.exchangeSeconds += MPI_Wtime() - begin;
  return owned;
}

GridWindow MpiPartition::window(const Space& space, double radius) const {
  GridWindow w;
  const double extent[3] = {space.width, space.height, space.is3d() ? space.depth : 0.0};
  // A margin on the halo's reach, so that rounding never leaves a boid outside.
  const double margin = 2 * reachOf(space, radius);
  for (int a = 0; a < space.dimensions(); ++a) {
    double lo = cut_->lower(rank_)[a] - margin, hi = cut_->upper(rank_)[a] + margin;
    if (!space.periodic) lo = std::max(lo, 0.0), hi = std::min(hi, extent[a]);
    // A window nearly as wide as the world would meet itself round a torus: the whole axis.
    w.whole[a] = hi - lo + 2 * margin >= extent[a];
    w.origin[a] = lo;
    w.extent[a] = hi - lo;
  }
  return w;
}

void MpiPartition::migrate(Flock& state, std::vector<std::uint32_t>& ids, const Space& space) {
  const double begin = MPI_Wtime();
  moveToOwners(state, ids);
  ++traffic_.steps;
  if (rebalance_ > 0 && traffic_.steps % rebalance_ == 0) {
    cutByCounts(state, space);
    moveToOwners(state, ids);
  }
  traffic_.exchangeSeconds += MPI_Wtime() - begin;
}

void MpiPartition::gather(const Flock& mine, const std::vector<std::uint32_t>& ids, Flock& all) {
  if (beforeGather_) beforeGather_();
  const int width = widthOf(mine.dimensions);
  std::vector<double> send;
  send.reserve(mine.size() * width);
  for (std::size_t k = 0; k < mine.size(); ++k) pack(send, mine, ids, k);
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(size_), at(size_);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_);
  int total = 0;
  for (int r = 0; r < size_; ++r) at[r] = total, total += counts[r];
  std::vector<double> received(static_cast<std::size_t>(total) * width);
  const BoidType boid(width);
  MPI_Allgatherv(send.data(), count, boid.type, received.data(), counts.data(), at.data(), boid.type, comm_);
  all = Flock{};
  all.dimensions = mine.dimensions;
  all.resize(static_cast<std::size_t>(total));
  const bool in3d = mine.is3d();
  for (std::size_t k = 0; k < static_cast<std::size_t>(total); ++k) {
    const double* p = &received[k * width];
    const auto i = static_cast<std::size_t>(p[0]);
    all.x[i] = p[1], all.y[i] = p[2];
    if (in3d) all.z[i] = p[3], all.vx[i] = p[4], all.vy[i] = p[5], all.vz[i] = p[6];
    else all.vx[i] = p[3], all.vy[i] = p[4];
  }
}

}  // namespace flocklab::mpi
