// The Share link: everything needed to fly the same flight again, in the URL's fragment.
//   #v=2&model=steering&preset=flock&count=1500&seed=42&params={...}&at=1234&events=[...]&ramp=[...]
// params are the parameters the run started with (all of them, so a later change of the
// defaults cannot change an old link's flight); preset is the one it started from ('' for the
// model's default; the params already hold its values). events are the live changes made during
// the run as [step, "p", {key: value}] (the pointer is the parameter `pointer`), each applied
// before that step, exactly as the page applied it. Opening the link replays the run to step
// `at` and pauses there, so the page shows the same step and the same state hash (a long replay
// asks first, shows its progress and may be cancelled: share_link.js, replay.js). ramp (only
// when the run has ramps) lists them as `flocklab run --ramp` takes them ("dro=0:6@0-12000"):
// part of the run's definition, like params.
//
// Version 1 links (no preset; the pointer as separate events [step, "ptr", [mode, x, y]]) are
// still read: their pointer events become parameter events.

const VERSION = '2';

/** The fragment for a run. */
export function encodeShare({ model, preset, count, seed, params, at, events, ramps = [] }) {
  const q = new URLSearchParams();
  q.set('v', VERSION);
  q.set('model', model);
  if (preset) q.set('preset', preset);
  q.set('count', String(count));
  q.set('seed', String(seed));
  q.set('params', JSON.stringify(params));
  q.set('at', String(at));
  if (events.length) q.set('events', JSON.stringify(events));
  if (ramps.length) q.set('ramp', JSON.stringify(ramps));
  return q.toString();
}

/** A version 1 event as a version 2 one (or null when malformed). */
function upgradeEvent(e) {
  if (e[1] === 'p') return e;
  if (e[1] !== 'ptr' || !Array.isArray(e[2]) || e[2].length !== 3) return null;
  const [mode, x, y] = e[2];
  return [e[0], 'p', { pointer: mode === 'off' ? '' : `${mode}:${x},${y}` }];
}

/**
 * Reads a fragment (without '#'). `models` are the registry's model names. Returns null when
 * there is none, or {error} with a readable message, or the run.
 */
export function decodeShare(fragment, models) {
  if (!fragment) return null;
  const q = new URLSearchParams(fragment);
  if (!q.has('model')) return null;
  const fail = (what) => ({ error: `This link cannot be opened: ${what}.` });
  const version = q.get('v');
  if (version !== VERSION && version !== '1') return fail(`it is of version ${version ?? '(none)'}, this page reads versions 1 and ${VERSION}`);
  const model = q.get('model');
  if (!models.includes(model)) return fail(`the model must be one of ${models.join(', ')}`);
  const preset = q.get('preset') ?? '';
  const count = Number(q.get('count'));
  if (!Number.isInteger(count) || count < 1) return fail('the count must be a whole number of at least 1');
  const seed = q.get('seed') ?? '';
  if (!/^\d+$/.test(seed)) return fail('the seed must be a whole number');
  let params, events = [], ramps = [];
  try {
    params = JSON.parse(q.get('params') ?? '{}');
    if (q.has('events')) events = JSON.parse(q.get('events'));
    if (q.has('ramp')) ramps = JSON.parse(q.get('ramp'));
  } catch {
    return fail('its parameters are not valid JSON');
  }
  if (!Array.isArray(ramps) || !ramps.every((r) => typeof r === 'string')) return fail('its ramps must be a list of texts');
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return fail('the parameters must be an object');
  const at = Number(q.get('at') ?? '0');
  // Beyond 2^53-1 a step is no exact number (9007199254740993 reads as ...992): refused, not rounded.
  if (!Number.isSafeInteger(at) || at < 0) return fail('the step must be a whole number from 0 to 9,007,199,254,740,991');
  if (!Array.isArray(events)) return fail('the events must be a list');
  let last = 0;
  const out = [];
  for (const e of events) {
    if (!Array.isArray(e) || e.length !== 3 || !Number.isInteger(e[0]) || e[0] < last || e[0] > at)
      return fail('one of its recorded changes is malformed');
    const v2 = version === '1' ? upgradeEvent(e) : e;
    if (!v2 || !['p', 'spawn'].includes(v2[1]) || typeof v2[2] !== 'object' || v2[2] === null || Array.isArray(v2[2]))
      return fail('one of its recorded changes is malformed');
    if (v2[1] === 'spawn' && (typeof v2[2].species !== 'string' || !['x', 'y', 'z'].every((k) => Number.isFinite(v2[2][k]))))
      return fail('one of its spawned boids is malformed');
    out.push(v2);
    last = e[0];
  }
  return { model, preset, count, seed, params, at, events: out, ramps };
}
