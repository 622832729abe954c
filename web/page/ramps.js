// The run's ramps as the page shows them: each `flocklab run --ramp` text (docs/ramps.md),
// described for the note under the stage, which names what moves and the value it runs with
// now. Design: the rule that picks a value (of one parameter's ramps, the one begun last) is the
// engine's alone: the note's values come from the engine (the package's `ramped()`, read in the
// worker after every reply), never worked out here; this file only describes the schedule, and
// moves the ramped parameters' sliders to those values.
import { S } from './state.js';

const RAMP = /^([a-z_][a-z0-9_.]*)=([^:@]+):([^:@]+)@(\d+)-(\d+)$/;

/** A ramp text as {key, from, to, first, last}, or null when it is not one. */
export function parseRamp(text) {
  const m = RAMP.exec(text);
  if (!m) return null;
  const [from, to, first, last] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  return [from, to].every(Number.isFinite) && first < last ? { key: m[1], from, to, first, last } : null;
}

/** The keys the ramps move, in the order they first name them. */
export function rampedKeys(ramps) {
  return [...new Set(ramps.map(parseRamp).filter(Boolean).map((r) => r.key))];
}

const number = (v) => Number(v.toPrecision(4)).toLocaleString('en-US');

/**
 * "dro 0 → 6 (steps 0–12,000), 6 → 0 (steps 12,000–24,000); now dro 2.35", or '' without ramps: each
 * parameter's ramps in the order of their steps, and `now`, the values the engine runs the next
 * step with ({key: value}, the package's `ramped()`), in the order the ramps name the keys.
 */
export function rampNote(ramps, now) {
  const parsed = ramps.map(parseRamp).filter(Boolean);
  if (!parsed.length) return '';
  const keys = rampedKeys(ramps);
  const parts = keys.map((key) => `${key} ${parsed.filter((r) => r.key === key).sort((a, b) => a.first - b.first)
    .map((r) => `${number(r.from)} → ${number(r.to)} (steps ${r.first.toLocaleString('en-US')}–${r.last.toLocaleString('en-US')})`)
    .join(', ')}`);
  const values = keys.filter((key) => Number.isFinite(now?.[key])).map((key) => `${key} ${number(now[key])}`);
  return `Ramped: ${parts.join('; ')}${values.length ? `; now ${values.join(', ')}` : ''}.`;
}

/**
 * The sliders of ramped parameters show the value the engine runs the next step with (the ramp
 * note's "now"), marked "(ramped)", rather than the value the run began with.
 */
export function showRamped() {
  if (!S.ramps.length) return;
  const values = S.flock.ramped();
  for (const { spec, ui, input, output } of S.controls.values()) {
    if (spec.kind !== 'number' || !(spec.key in values)) continue;
    input.value = String(ui.toSlider(values[spec.key]));
    output.textContent = `${ui.describe(values[spec.key])} (ramped)`;
    input.closest('.slider').classList.add('ramped');
  }
}
