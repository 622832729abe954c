#pragma once
// Turns of a heading that the noise of --noise (models/heading_noise.hpp) and the couzin model
// (models/couzin_rule.hpp) share: in 2D a rotation, in 3D a fixed perpendicular of a heading
// and the direction at a given angle from it. Determinism: only + - * / sqrt and comparisons.
#include <cmath>

namespace flocklab {

/// (x, y) turned by the angle whose cosine is c and sine s: (c x - s y, s x + c y).
inline void rotate(double c, double s, double& x, double& y) {
  const double turnedX = c * x - s * y, turnedY = s * x + c * y;
  x = turnedX;
  y = turnedY;
}

/// e = h x (the axis of h's smallest component, the first of x, y, z on a tie), normalised: a
/// unit vector perpendicular to the unit vector h (docs/model-lab.md, "Noise in 3D").
inline void perpendicular(double hx, double hy, double hz, double& ex, double& ey, double& ez) {
  const double ax = hx < 0 ? -hx : hx, ay = hy < 0 ? -hy : hy, az = hz < 0 ? -hz : hz;
  if (ax <= ay && ax <= az) ex = 0, ey = hz, ez = -hy;
  else if (ay <= az) ex = -hz, ey = 0, ez = hx;
  else ex = hy, ey = -hx, ez = 0;
  const double l = std::sqrt(ex * ex + ey * ey + ez * ez);
  ex /= l, ey /= l, ez /= l;
}

/// The direction at angle a from the unit vector h (c = cos a, s = sin a), at azimuth phi
/// around it (cp = cos phi, sp = sin phi) measured from e1 = perpendicular(h) towards
/// e2 = h x e1: c h + s (cp e1 + sp e2), each component in that order.
inline void deflect(double hx, double hy, double hz, double c, double s, double cp, double sp, double& ux, double& uy,
                    double& uz) {
  double e1x, e1y, e1z;
  perpendicular(hx, hy, hz, e1x, e1y, e1z);
  const double e2x = hy * e1z - hz * e1y, e2y = hz * e1x - hx * e1z, e2z = hx * e1y - hy * e1x;
  ux = c * hx + s * (cp * e1x + sp * e2x);
  uy = c * hy + s * (cp * e1y + sp * e2y);
  uz = c * hz + s * (cp * e1z + sp * e2z);
}

}  // namespace flocklab
