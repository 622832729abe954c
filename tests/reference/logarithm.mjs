// flocklab's natural logarithm, written from docs/model-couzin.md ("flocklab's logarithm"):
// x = m * 2^e with m in [1, 2) from the bits, halved above sqrt(2), then e ln 2 + 2 atanh(t)
// by its series to t^25 with Horner's rule. A DataView reads and writes the bits.
const view = new DataView(new ArrayBuffer(8));

export function logarithm(x) {
  if (!(x > 0)) return -Infinity;
  if (x === Infinity) return x;
  let e = 0;
  if (x < 2.2250738585072014e-308) { x *= 2 ** 54; e = -54; }
  view.setFloat64(0, x);
  const high = view.getUint32(0);
  e += ((high >>> 20) & 0x7ff) - 1023;
  view.setUint32(0, (high & 0x000fffff) | 0x3ff00000);
  let m = view.getFloat64(0);
  if (m > 1.4142135623730951) { m /= 2; e += 1; }
  const t = (m - 1) / (m + 1), z = t * t;
  let p = 1 / 25;
  for (const k of [23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1]) p = p * z + 1 / k;
  return e * 0.6931471805599453 + 2 * t * p;
}
