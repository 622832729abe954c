// The run's ramps as the page shows them: each `flocklab run --ramp` text (docs/ramps.md),
// read for the note under the stage, which names what moves and its value now. The engine
// applies the ramps itself (the package's `ramp` option); this only describes them.

const RAMP = /^([a-z_][a-z0-9_.]*)=([^:@]+):([^:@]+)@(\d+)-(\d+)$/;

/** A ramp text as {key, from, to, first, last}, or null when it is not one. */
export function parseRamp(text) {
  const m = RAMP.exec(text);
  if (!m) return null;
  const [from, to, first, last] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  return [from, to].every(Number.isFinite) && first < last ? { key: m[1], from, to, first, last } : null;
}

/** The value `key` runs with from step `step` under `ramps` (texts), as docs/ramps.md states it; null before any begins. */
export function rampValue(ramps, key, step) {
  let value = null;
  for (const r of ramps.map(parseRamp).filter((q) => q && q.key === key && q.first <= step)) {
    value = step < r.last ? r.from + (r.to - r.from) * ((step - r.first) / (r.last - r.first)) : r.to;
  }
  return value;
}

const number = (v) => Number(v.toPrecision(4)).toLocaleString('en-US');

/** "dro 0 → 6 (steps 0–12,000), 6 → 0 (12,000–24,000); now dro 2.35", or '' without ramps. */
export function rampNote(ramps, step) {
  const parsed = ramps.map(parseRamp).filter(Boolean);
  if (!parsed.length) return '';
  const keys = [...new Set(parsed.map((r) => r.key))];
  const parts = keys.map((key) => `${key} ${parsed.filter((r) => r.key === key)
    .map((r) => `${number(r.from)} → ${number(r.to)} (steps ${r.first.toLocaleString('en-US')}–${r.last.toLocaleString('en-US')})`)
    .join(', ')}`);
  const now = keys.map((key) => [key, rampValue(ramps, key, step)]).filter(([, v]) => v !== null)
    .map(([key, v]) => `${key} ${number(v)}`);
  return `Ramped: ${parts.join('; ')}${now.length ? `; now ${now.join(', ')}` : ''}.`;
}
