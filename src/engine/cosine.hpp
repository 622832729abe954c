#pragma once
// flocklab's own cosine and sine. Determinism: libm's cos differs by an ulp between platforms (native
// and WebAssembly disagree on about 3% of inputs), so an angle parameter becomes a cosine
// through this polynomial, which uses only + - * and gives the same bits everywhere.

namespace flocklab {

/// cos(x) for x in [0, pi] (clamped into it), within 1e-15 of the true value.
/// Pure and deterministic: the same bits on every platform.
double cosine(double x);

/// sin(x) for x in [-pi, pi] (clamped into it), within 1e-15 of the true value; odd
/// (sine(-x) == -sine(x)). Pure and deterministic like cosine: it turns a random angle into a
/// rotation inside a step (the noise of --noise and the Vicsek model).
double sine(double x);

/// pi to double precision.
inline constexpr double kPi = 3.141592653589793;

}  // namespace flocklab
