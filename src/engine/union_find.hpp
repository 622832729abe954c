#pragma once
// Groups of agents joined pair by pair (the groups metric, the largest group's members): a
// union-find by size with path halving. The partition it ends with does not depend on the
// order of the unions.
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace flocklab {

struct UnionFind {
  std::vector<std::uint32_t> parent, size;
  explicit UnionFind(std::size_t n) : parent(n), size(n, 1) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a), b = find(b);
    if (a == b) return;
    if (size[a] < size[b]) std::swap(a, b);
    parent[b] = a;
    size[a] += size[b];
  }
};

}  // namespace flocklab
