// The process-wide cluster pointer (see cluster.hpp).
#include "support/cluster.hpp"

namespace flocklab::cli {
namespace {
Cluster* current = nullptr;
}  // namespace

Cluster* cluster() { return current; }
void setCluster(Cluster* c) { current = c; }

}  // namespace flocklab::cli
