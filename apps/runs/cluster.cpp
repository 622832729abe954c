// The process-wide cluster pointer (see cluster.hpp).
#include "runs/cluster.hpp"

namespace flocklab::runs {
namespace {
Cluster* current = nullptr;
}  // namespace

Cluster* cluster() { return current; }
void setCluster(Cluster* c) { current = c; }

}  // namespace flocklab::runs
