#pragma once
// A run's trajectory as a NumPy .npy file: float64 of shape (frames, boids, 4), columns
// x, y, vx, vy (in 3D (frames, boids, 6): x, y, z, vx, vy, vz), streamed frame by frame so that a long run never holds
// more than one frame.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/flock.hpp"
#include "runs/atomic_file.hpp"

namespace flocklab::cli {

/// Writes an .npy file (format 1.0, '<f8', C order) whose shape is announced up front. The file
/// appears whole at commit() or not at all. Not thread-safe.
class NpyTrajectory {
 public:
  /// Creates `path`'s temporary file and writes the header for `frames` frames of `boids`
  /// boids in `dimensions` (2 or 3) dimensions. Throws runs::OutputError when the path
  /// cannot be written.
  NpyTrajectory(const std::string& path, std::size_t frames, std::size_t boids, int dimensions = 2);
  /// The same, writing into `file` (opened by the caller, for example in an OutputSet, and
  /// committed by it after complete()).
  NpyTrajectory(runs::AtomicFile& file, std::size_t frames, std::size_t boids, int dimensions = 2);

  /// Appends one frame, boid by boid, x y vx vy (x y z vx vy vz) each, in one write. Throws
  /// std::logic_error when all announced frames are written or the flock does not hold `boids`
  /// boids of the announced dimensions;
  /// runs::OutputError when the write fails.
  void append(const flocklab::Flock& flock);
  /// Throws std::logic_error unless exactly `frames` frames were appended.
  void complete() const;
  /// complete(), then renames the file into place (it never appears if complete() throws).
  /// Throws runs::OutputError when the rename fails.
  void commit();

 private:
  void writeHeader();

  std::unique_ptr<runs::AtomicFile> own_;
  runs::AtomicFile& file_;
  std::size_t frames_, boids_, written_ = 0;
  int dimensions_;
  std::string buffer_;  // one frame, reused
};

/// The frames of an .npy trajectory as NpyTrajectory writes it (and numpy.save writes an array of
/// that shape): float64, C order, shape (frames, agents, 4) in 2D or (frames, agents, 6) in 3D.
/// Throws std::invalid_argument with one line: not an .npy file, another number type or order,
/// another shape, fewer bytes than the shape needs.
std::vector<Flock> parseNpyTrajectory(std::string_view bytes);

}  // namespace flocklab::cli
