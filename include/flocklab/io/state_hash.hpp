#pragma once
// A 64-bit fingerprint of a state's bits, to compare runs across builds and platforms.
#include <cstdint>
#include <string>

#include "flocklab/flock.hpp"

namespace flocklab {

/// FNV-1a 64 over the state: for each boid in index order, the IEEE-754 bits of x, y, vx, vy
/// (x, y, z, vx, vy, vz in 3D), each as 8 bytes little-endian. Two states hash equal iff (with overwhelming odds)
/// bit-equal.
std::uint64_t stateHash(const Flock& flock);
/// The hash as 16 lowercase hex digits.
std::string hashHex(std::uint64_t hash);

}  // namespace flocklab
