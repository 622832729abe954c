// Taylor polynomials of cos and sin on [0, pi/4], evaluated by Horner's rule; the rest of
// [0, pi] is reached by cos(x) = sin(pi/2 - x) and cos(x) = -cos(pi - x), and sine's [-pi, pi]
// by sin(x) = cos(pi/2 - x), sin(x) = sin(pi - x) and oddness. The terms kept (to x^18 and
// x^19) make the truncation error below 1e-20 on [0, pi/4]; what remains is rounding, a few
// 1e-17.
#include "engine/cosine.hpp"

namespace flocklab {
namespace {

double cosSmall(double x) {  // |x| <= pi/4
  const double z = x * x;
  double sum = 1.0 / 6402373705728000.0;  // 1/18!
  const double coefficients[] = {-1.0 / 20922789888000.0, 1.0 / 87178291200.0, -1.0 / 479001600.0, 1.0 / 3628800.0,
                                 -1.0 / 40320.0,          1.0 / 720.0,         -1.0 / 24.0,        1.0 / 2.0};
  for (double c : coefficients) sum = sum * z + c;  // p(z) = 1/2! - z/4! + z^2/6! - ...
  return 1.0 - z * sum;
}

double sinSmall(double x) {  // |x| <= pi/4
  const double z = x * x;
  double sum = 1.0 / 121645100408832000.0;  // 1/19!
  const double coefficients[] = {-1.0 / 355687428096000.0, 1.0 / 1307674368000.0, -1.0 / 6227020800.0, 1.0 / 39916800.0,
                                 -1.0 / 362880.0,          1.0 / 5040.0,          -1.0 / 120.0,        1.0 / 6.0};
  for (double c : coefficients) sum = sum * z + c;  // q(z) = 1/3! - z/5! + z^2/7! - ...
  return x - x * z * sum;
}

}  // namespace

double cosine(double x) {
  if (!(x > 0)) x = 0;  // also maps NaN to 0
  if (x > kPi) x = kPi;
  constexpr double quarter = kPi / 4, half = kPi / 2;
  if (x <= quarter) return cosSmall(x);
  if (x <= 3 * quarter) return sinSmall(half - x);
  return -cosSmall(kPi - x);
}

double sine(double x) {
  if (!(x == x)) x = 0;  // NaN
  const bool negative = x < 0;
  double a = negative ? -x : x;
  if (a > kPi) a = kPi;
  constexpr double quarter = kPi / 4, half = kPi / 2;
  const double s = a <= quarter ? sinSmall(a) : a <= 3 * quarter ? cosSmall(half - a) : sinSmall(kPi - a);
  return negative ? -s : s;
}

}  // namespace flocklab
