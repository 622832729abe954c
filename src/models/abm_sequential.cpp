#include "models/abm_sequential.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "flocklab/space.hpp"
#include "models/abm_order.hpp"
#include "models/abm_rule.hpp"

namespace flocklab {
namespace {
// Two doubles as one value (GCC and clang vector extensions): one SSE2 register on x86-64,
// plain scalar code where the target has no vectors. Each lane does the scalar operations.
typedef double Double2 __attribute__((vector_size(16)));
typedef std::int64_t Mask2 __attribute__((vector_size(16)));

inline Double2 load2(const double* p) {
  Double2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline Double2 min2(Double2 a, Double2 b) { return a < b ? a : b; }

// The square of Offsets' wrapped offset for a difference d in [-L, L], without a branch: the
// smallest square of d, d - L and d + L. Offsets picks d - L exactly when d > L/2, where d - L
// is exact and smaller in magnitude than d and d + L, so its square is the smallest (squaring
// rounds monotonically); likewise d + L when d < -L/2, and d itself otherwise. So the sum of
// two of these is bit for bit the d2 of Offsets' dx and dy, and the hits are the same.
inline Double2 squaredOffset(Double2 d, double world) {
  const Double2 below = d - world, above = d + world;
  return min2(d * d, min2(below * below, above * above));
}

// Orders up to K hits without a data-dependent branch: each one's rank is the count of smaller
// ones, over K keys padded with the largest value. hits has room for K entries.
template <std::uint32_t K>
void rankSort(std::uint32_t* hits, std::uint32_t found) {
  std::uint32_t keys[K];
  for (std::uint32_t a = 0; a < K; ++a) keys[a] = hits[a] | (a < found ? 0u : 0xffffffffu);
  for (std::uint32_t a = 0; a < found; ++a) {
    std::uint32_t rank = 0;
    for (std::uint32_t b = 0; b < K; ++b) rank += keys[b] < keys[a];
    hits[rank] = keys[a];
  }
}
}  // namespace

AbmSequential::AbmSequential(std::size_t n, std::uint64_t seed, NeighborSearch search)
    : search_(search),
      rng_(abmOrderGenerator(seed)),
      order_(n),
      hits_(std::max<std::size_t>(n + kLanes, kRankSort), 0),
      bits_(n / 64 + 2, 0),
      nonzero_(n / 64 + 2, 0) {
  for (std::size_t i = 0; i < n; ++i) order_[i] = static_cast<std::uint32_t>(i);
}

void AbmSequential::place(const Flock& flock, const AbmParams& p) {
  if (search_ != NeighborSearch::Grid) return;
  const std::size_t n = flock.size();
  // The margin 1e-9 keeps the side above r even after the rounding of m/L and x*(m/L).
  double fit = std::max(1.0, std::floor(p.world / (p.visualDistance * (1 + 1e-9))));
  const double cap = 4.0 * static_cast<double>(n) + 16;  // more cells than this only cost memory
  if (fit * fit > cap) fit = std::max(1.0, std::floor(std::sqrt(cap)));
  const auto m = static_cast<std::uint32_t>(fit);
  cells_ = static_cast<int>(m);
  inverseSide_ = fit / p.world;

  // Each block row as runs of whole cells: the full row when m < 3, else columns c-1..c+1,
  // split in two where they wrap.
  spans_.assign(std::size_t{m} * m * kSpans, Span{0, 0});
  spanCount_.assign(std::size_t{m} * m, 0);
  for (std::uint32_t row = 0; row < m; ++row)
    for (std::uint32_t column = 0; column < m; ++column) {
      const std::size_t cell = std::size_t{row} * m + column;
      Span* span = &spans_[cell * kSpans];
      for (std::uint32_t k = 0; k < std::min(m, 3u); ++k) {
        const std::uint32_t r = m < 3 ? k : (row + m - 1 + k) % m, base = r * m;
        if (m < 3) *span++ = {base, base + m};
        else if (column == 0) *span++ = {base, base + 2}, *span++ = {base + m - 1, base + m};
        else if (column == m - 1) *span++ = {base + m - 2, base + m}, *span++ = {base, base + 1};
        else *span++ = {base + column - 1, base + column + 2};
      }
      // 3 or 6 runs (empty ones pad a smaller block), so that step() can unroll them.
      spanCount_[cell] = span - &spans_[cell * kSpans] > 3 ? 6 : 3;
    }

  // A counting sort by cell fills the slots.
  start_.assign(std::size_t{m} * m + 1, 0);
  cellOf_.resize(n);
  for (std::size_t i = 0; i < n; ++i) ++start_[(cellOf_[i] = cellAt(flock.x[i], flock.y[i])) + 1];
  for (std::size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
  agent_.assign(n + kLanes, 0);  // spare slots: an empty run at the end still reads kLanes
  slotX_.assign(n + kLanes, 0.0);
  slotY_.assign(n + kLanes, 0.0);
  slotOf_.resize(n);
  std::vector<std::uint32_t> cursor(start_.begin(), start_.end() - 1);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t slot = cursor[cellOf_[i]]++;
    agent_[slot] = static_cast<std::uint32_t>(i);
    slotX_[slot] = flock.x[i];
    slotY_[slot] = flock.y[i];
    slotOf_[i] = slot;
  }
  // The bitsets pay a block's union (9 cells' words) to spare sorting its hits: worth it where
  // cells hold a few agents each (the large preset: 4; the small one, 0.5, keeps the sort).
  const bool crowded = n >= std::size_t{2} * m * m;
  maskWords_ = n <= kMaskAgents && crowded ? static_cast<std::uint32_t>((n + 63) / 64) : 0;
  members_.assign(std::size_t{m} * m * maskWords_, 0);
  block_.assign(maskWords_, 0);
  for (auto* hit : {&hitDx_, &hitDy_, &hitD2_}) hit->assign(maskWords_ > 0 ? n : 0, 0.0);
  if (maskWords_ > 0)
    for (std::uint32_t i = 0; i < n; ++i) setMember(cellOf_[i], i, true);
}

void AbmSequential::setMember(std::uint32_t cell, std::uint32_t i, bool in) {
  std::uint64_t& word = members_[std::size_t{cell} * maskWords_ + (i >> 6)];
  const std::uint64_t bit = std::uint64_t{1} << (i & 63);
  word = in ? word | bit : word & ~bit;
}

// Calls add(j) for every agent j but i in the block around `cell`, in ascending index: the
// union of the block's cells' bitsets, read lowest bit first.
template <class Add>
void AbmSequential::visitInOrder(std::uint32_t i, std::uint32_t cell, Add&& add) {
  std::uint64_t* block = block_.data();
  const std::uint32_t words = maskWords_;
  std::fill(block, block + words, 0);
  const Span* spans = &spans_[std::size_t{cell} * kSpans];
  for (int k = 0; k < spanCount_[cell]; ++k)
    for (std::uint32_t c = spans[k].first; c < spans[k].last; ++c) {
      const std::uint64_t* cellWords = &members_[std::size_t{c} * words];
      for (std::uint32_t w = 0; w < words; ++w) block[w] |= cellWords[w];
    }
  block[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
  for (std::uint32_t w = 0; w < words; ++w)
    for (std::uint64_t word = block[w]; word != 0; word &= word - 1)
      add((w << 6) | static_cast<std::uint32_t>(__builtin_ctzll(word)));
}

std::uint32_t AbmSequential::cellAt(double x, double y) const {
  const int column = std::min(static_cast<int>(x * inverseSide_), cells_ - 1);
  const int row = std::min(static_cast<int>(y * inverseSide_), cells_ - 1);
  return static_cast<std::uint32_t>(row * cells_ + column);
}

void AbmSequential::swapSlots(std::uint32_t a, std::uint32_t b) {
  std::swap(agent_[a], agent_[b]);
  std::swap(slotX_[a], slotX_[b]);
  std::swap(slotY_[a], slotY_[b]);
  slotOf_[agent_[a]] = a;
  slotOf_[agent_[b]] = b;
}

// Carries agent i cell by cell towards `to`: at each cell's border the border moves past i,
// and i swaps to the far end of the cell it has entered; every cell stays contiguous.
void AbmSequential::moveAgent(std::uint32_t i, std::uint32_t from, std::uint32_t to) {
  if (from < to) {
    swapSlots(slotOf_[i], start_[from + 1] - 1);
    for (std::uint32_t c = from + 1; c <= to; ++c) {
      --start_[c];  // i now opens cell c
      if (c < to) swapSlots(start_[c], start_[c + 1] - 1);
    }
  } else {
    swapSlots(slotOf_[i], start_[from]);
    for (std::uint32_t c = from; c > to; --c) {
      ++start_[c];  // i now closes cell c - 1
      if (c - 1 > to) swapSlots(start_[c] - 1, start_[c - 1]);
    }
  }
  cellOf_[i] = to;
}

// Determinism: the order neighbours are added in is ascending index, whatever way is fastest.
void AbmSequential::putInOrder(std::uint32_t* hits, std::uint32_t found) {
  if (found <= 8) return rankSort<8>(hits, found);
  if (found <= kRankSort) return rankSort<kRankSort>(hits, found);
  const auto words = static_cast<std::uint32_t>(bits_.size() - 1);  // the last one stays zero
  std::uint32_t first = 0, last = words - 1;
  if (words > kScanAllWords) {
    // A big flock: only the words the hits fall in, or a sort when even those are many.
    std::uint32_t lo = hits[0], hi = hits[0];
    for (std::uint32_t h = 1; h < found; ++h) lo = std::min(lo, hits[h]), hi = std::max(hi, hits[h]);
    first = lo >> 6, last = hi >> 6;
    if (last - first >= 2 * found) {
      std::sort(hits, hits + found);  // indices are distinct: no ties
      return;
    }
  }
  for (std::uint32_t h = 0; h < found; ++h) bits_[hits[h] >> 6] |= std::uint64_t{1} << (hits[h] & 63);
  // The words holding hits, then their bits lowest first; a word that runs out hands over to
  // the next by a select, not a branch.
  std::uint32_t* nonzero = nonzero_.data();
  std::uint32_t count = 0;
  for (std::uint32_t w = first; w <= last; ++w) {
    nonzero[count] = w;
    count += bits_[w] != 0;
  }
  nonzero[count] = words;  // the zero word, read once after the last hit
  std::uint32_t k = 0, w = nonzero[0];
  std::uint64_t word = bits_[w];
  for (std::uint32_t h = 0; h < found; ++h) {
    hits[h] = (w << 6) | static_cast<std::uint32_t>(__builtin_ctzll(word));  // word != 0
    word &= word - 1;
    const std::uint64_t spent = word == 0;
    k += static_cast<std::uint32_t>(spent);
    w = nonzero[k];
    word |= bits_[w] & (0 - spent);  // the next word once this one is spent
  }
  for (std::uint32_t c = 0; c < count; ++c) bits_[nonzero[c]] = 0;
}

void AbmSequential::step(Flock& flock, const AbmParams& p) {
  shuffleOrder(order_, rng_);
  const AbmRule rule(p);
  const Offsets offsets(Space::square(p.world));
  const double r2 = p.visualDistance * p.visualDistance, world = p.world;
  const auto n = static_cast<std::uint32_t>(flock.size());
  double *x = flock.x.data(), *y = flock.y.data(), *vx = flock.vx.data(), *vy = flock.vy.data();
  std::uint32_t* hits = hits_.data();
  const bool grid = search_ == NeighborSearch::Grid;

  for (const std::uint32_t i : order_) {
    double xi = x[i], yi = y[i], vxi = vx[i], vyi = vy[i];
    AbmRule::Sums sums = rule.start(xi, yi, vxi, vyi);
    if (grid && maskWords_ > 0) {
      // The block's agents in ascending index, so the hits come out in the order they are
      // added in; the offsets as Offsets takes them (the same selects, without a branch), kept
      // for the sums.
      const double half = world / 2;
      const auto wrapped = [&](double d) {
        const double below = d > half ? d - world : d;
        return below < -half ? below + world : below;
      };
      std::uint32_t found = 0;
      visitInOrder(i, cellOf_[i], [&](std::uint32_t j) {
        const double dx = wrapped(x[j] - xi), dy = wrapped(y[j] - yi);
        const double d2 = dx * dx + dy * dy;
        hits[found] = j, hitDx_[found] = dx, hitDy_[found] = dy, hitD2_[found] = d2;
        found += static_cast<std::uint32_t>(d2 <= r2);
        ++checks_;
      });
      for (std::uint32_t h = 0; h < found; ++h)
        rule.add(sums, hitDx_[h], hitDy_[h], hitD2_[h], vx[hits[h]], vy[hits[h]]);
    } else if (!grid) {
      checks_ += n - 1;
      for (std::uint32_t j = 0; j < n; ++j) {
        if (j == i) continue;
        const double dx = offsets.dx(xi, x[j]), dy = offsets.dy(yi, y[j]);
        const double d2 = dx * dx + dy * dy;
        if (d2 <= r2) rule.add(sums, dx, dy, d2, vx[j], vy[j]);
      }
    } else {
      std::uint32_t found = 0;
      // kLanes slots at a time, at least once: most runs fit in one pass, so the loop's branch
      // is predictable; slots past the run's end are read but never kept.
      const auto scan = [&](const Span& span) {
        const std::uint32_t end = start_[span.last];
        std::uint32_t s = start_[span.first];
        checks_ += end - s;
        do {
          Mask2 near[2];
          for (std::uint32_t pair = 0; pair < 2; ++pair)
            near[pair] = squaredOffset(load2(&slotX_[s + 2 * pair]) - xi, world) +
                             squaredOffset(load2(&slotY_[s + 2 * pair]) - yi, world) <=
                         r2;
          for (std::uint32_t lane = 0; lane < kLanes; ++lane, ++s) {
            const std::uint32_t j = agent_[s];
            hits[found] = j;
            found += static_cast<std::uint32_t>(near[lane / 2][lane % 2] & 1) & (s < end) & (j != i);
          }
        } while (s < end);
      };
      const std::size_t cell = cellOf_[i];
      const Span* spans = &spans_[cell * kSpans];
      scan(spans[0]), scan(spans[1]), scan(spans[2]);
      if (spanCount_[cell] > 3) scan(spans[3]), scan(spans[4]), scan(spans[5]);
      putInOrder(hits, found);
      for (std::uint32_t h = 0; h < found; ++h) {
        const std::uint32_t j = hits[h];
        const double dx = offsets.dx(xi, x[j]), dy = offsets.dy(yi, y[j]);
        rule.add(sums, dx, dy, dx * dx + dy * dy, vx[j], vy[j]);
      }
    }
    rule.finish(sums, xi, yi, vxi, vyi);
    x[i] = xi, y[i] = yi, vx[i] = vxi, vy[i] = vyi;
    if (grid) {
      slotX_[slotOf_[i]] = xi;
      slotY_[slotOf_[i]] = yi;
      const std::uint32_t cell = cellAt(xi, yi);
      if (cell != cellOf_[i]) {
        if (maskWords_ > 0) setMember(cellOf_[i], i, false), setMember(cell, i, true);
        moveAgent(i, cellOf_[i], cell);
      }
    }
  }
}

std::vector<std::uint64_t> AbmSequential::saved() const {
  const auto words = rng_.state();
  std::vector<std::uint64_t> out(words.begin(), words.end());
  out.insert(out.end(), order_.begin(), order_.end());
  return out;
}

void AbmSequential::restore(const std::vector<std::uint64_t>& saved) {
  const std::size_t n = order_.size();
  if (saved.size() != 4 + n) throw std::invalid_argument("the abm model's saved order does not fit its agents");
  std::vector<char> seen(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    if (saved[4 + k] >= n || seen[saved[4 + k]])
      throw std::invalid_argument("the abm model's saved order is not a permutation");
    seen[saved[4 + k]] = 1;
  }
  if ((saved[0] | saved[1] | saved[2] | saved[3]) == 0)
    throw std::invalid_argument("the abm model's saved generator is all zero");
  rng_ = Xoshiro256ss::fromState(saved[0], saved[1], saved[2], saved[3]);
  for (std::size_t k = 0; k < n; ++k) order_[k] = static_cast<std::uint32_t>(saved[4 + k]);
}

}  // namespace flocklab
