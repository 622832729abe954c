#pragma once
// flocklab's own natural logarithm. Determinism: libm's log may differ by an ulp between
// platforms, as its cos does (engine/cosine.hpp); a Gaussian draw inside a step (the couzin
// model's noise) takes its logarithm from this series, which uses only bit operations and
// + - * /, so it gives the same bits everywhere (tests/reference/logarithm.mjs repeats it).

namespace flocklab {

/// ln(x) for a finite x > 0, within 3e-16 * max(1, |ln x|) (about an ulp) of the true value; -infinity for
/// x <= 0 or NaN, +infinity for +infinity. Pure and deterministic: the same bits on every
/// platform.
double logarithm(double x);

}  // namespace flocklab
