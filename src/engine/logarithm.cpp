// x = m * 2^e with m in [sqrt(1/2), sqrt(2)), read from the bits (exact); then
// ln x = e * ln 2 + 2 atanh(t) with t = (m - 1) / (m + 1), |t| <= 0.1716, and atanh's series
// t (1 + t^2/3 + t^4/5 + ...) kept to t^25 by Horner's rule: the truncation error is below
// 1e-19, what remains is rounding. A subnormal x is scaled by 2^54 first (exact).
#include "engine/logarithm.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

namespace flocklab {

double logarithm(double x) {
  if (!(x > 0)) return -std::numeric_limits<double>::infinity();  // also NaN
  if (x == std::numeric_limits<double>::infinity()) return x;
  constexpr double kLn2 = 0.6931471805599453, kSqrt2 = 1.4142135623730951;
  int exponent = 0;
  if (x < 2.2250738585072014e-308) x *= 18014398509481984.0, exponent = -54;  // 2^54
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);  // (emscripten 3.1.6's libc++ has no std::bit_cast)
  exponent += static_cast<int>(bits >> 52) - 1023;
  const std::uint64_t mantissa = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
  double m;
  std::memcpy(&m, &mantissa, sizeof m);  // [1, 2)
  if (m > kSqrt2) m /= 2, exponent += 1;
  const double t = (m - 1) / (m + 1), z = t * t;
  double sum = 1.0 / 25;
  const double coefficients[] = {1.0 / 23, 1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13,
                                 1.0 / 11, 1.0 / 9,  1.0 / 7,  1.0 / 5,  1.0 / 3,  1.0};
  for (double c : coefficients) sum = sum * z + c;
  return static_cast<double>(exponent) * kLn2 + 2 * t * sum;
}

}  // namespace flocklab
