// The Share link: everything needed to fly the same flight again, in the URL's fragment.
//   #v=1&model=steering&count=1500&seed=42&params={...}&at=1234&events=[...]
// params are the parameters the run started with (all of them, so a later change of the
// defaults cannot change an old link's flight); events are the live changes made during the run
// as [step, kind, data] (kind "p": parameters, "ptr": the pointer [mode, x, y]), each applied
// before that step, exactly as the page applied it. Opening the link replays the run to step
// `at` and pauses there, so the page shows the same step and the same state hash.

const VERSION = '1';

/** The fragment for a run. */
export function encodeShare({ model, count, seed, params, at, events }) {
  const q = new URLSearchParams();
  q.set('v', VERSION);
  q.set('model', model);
  q.set('count', String(count));
  q.set('seed', String(seed));
  q.set('params', JSON.stringify(params));
  q.set('at', String(at));
  if (events.length) q.set('events', JSON.stringify(events));
  return q.toString();
}

/**
 * Reads a fragment (without '#'). Returns null when there is none, or {error} with a readable
 * message, or the run.
 */
export function decodeShare(fragment) {
  if (!fragment) return null;
  const q = new URLSearchParams(fragment);
  if (!q.has('model')) return null;
  const fail = (what) => ({ error: `This link cannot be opened: ${what}.` });
  if (q.get('v') !== VERSION) return fail(`it is of version ${q.get('v') ?? '(none)'}, this page reads version ${VERSION}`);
  const model = q.get('model');
  if (model !== 'lab' && model !== 'steering') return fail('the model must be lab or steering');
  const count = Number(q.get('count'));
  if (!Number.isInteger(count) || count < 1) return fail('the count must be a whole number of at least 1');
  const seed = q.get('seed') ?? '';
  if (!/^\d+$/.test(seed)) return fail('the seed must be a whole number');
  let params, events = [];
  try {
    params = JSON.parse(q.get('params') ?? '{}');
    if (q.has('events')) events = JSON.parse(q.get('events'));
  } catch {
    return fail('its parameters are not valid JSON');
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return fail('the parameters must be an object');
  const at = Number(q.get('at') ?? '0');
  if (!Number.isInteger(at) || at < 0) return fail('the step must be a whole number');
  if (!Array.isArray(events)) return fail('the events must be a list');
  let last = 0;
  for (const e of events) {
    if (!Array.isArray(e) || e.length !== 3 || !Number.isInteger(e[0]) || e[0] < last || e[0] > at ||
        (e[1] !== 'p' && e[1] !== 'ptr')) return fail('one of its recorded changes is malformed');
    if (e[1] === 'ptr' && (!Array.isArray(e[2]) || e[2].length !== 3)) return fail('a pointer change is malformed');
    last = e[0];
  }
  return { model, count, seed, params, at, events };
}
