// A shared run's replay as the page shows it: the bar under the stage with its progress (step k
// of the link's step, and the time left at the pace so far), its Cancel button, and the question
// a long replay asks first. Design: one replay at a time, S.replay; share_link.js runs it in
// slices and asks cancelled() between them, so a cancel lands within one slice (about 40 ms of
// steps), and the flock stays whole at the step reached. Any control that changes the run
// (Run, Step, Restart, the model and preset menus, a slider) first awaits stopReplay(), which
// resolves once the replay has let go: so a control is never ignored while a link replays.
// Imports state.js only, so that every module of the page may use it.
import { $, S } from './state.js';

/** Replays up to this many steps begin at once; a link to a later step asks first. */
export const REPLAY_UNASKED = 100000;

const steps = (n) => n.toLocaleString('en-US');

/** "about 3 min" for `ms`, or '' when not known yet. */
function duration(ms) {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const s = ms / 1000;
  if (s < 90) return `about ${Math.max(1, Math.round(s))} s`;
  if (s < 5400) return `about ${Math.round(s / 60)} min`;
  if (s < 172800) return `about ${Math.round(s / 3600)} h`;
  if (s < 3.2e7 * 2) return `about ${Math.round(s / 86400).toLocaleString('en-US')} days`;
  return `about ${Math.round(s / 3.156e7).toLocaleString('en-US')} years`;
}

function showBar({ text, fraction = null, offer = false }) {
  $('replay').hidden = false;
  $('replay-text').textContent = text;
  const bar = $('replay-progress');
  bar.hidden = fraction === null;
  if (fraction !== null) bar.value = fraction;
  $('replay-go').hidden = !offer;
}

function hideBar() {
  $('replay').hidden = true;
  $('replay-go').onclick = null;
  $('replay-cancel').onclick = null;
}

/** Is a replay running (not merely offered)? */
export function replaying() {
  return Boolean(S.replay);
}

/**
 * Begins a replay to step `at`: S.busy while it runs, the bar with its Cancel button. Returns
 * its handle for progress(), cancelled() and end().
 */
export function beginReplay(at) {
  let ended;
  const replay = { at, cancelled: false, ended: new Promise((done) => { ended = done; }) };
  replay.end = () => {
    if (S.replay === replay) S.replay = null;
    S.busy = false;
    hideBar();
    ended();
  };
  S.replay = replay;
  S.busy = true;
  $('replay-cancel').onclick = () => { replay.cancelled = true; };
  showBar({ text: `Replaying the shared run: step 0 of ${steps(at)}…`, fraction: 0 });
  return replay;
}

/** Shows the replay at `step`, at `msPerStep` ms a step on average so far. */
export function progress(replay, step, msPerStep) {
  const left = duration((replay.at - step) * msPerStep);
  const percent = replay.at ? (100 * step) / replay.at : 100;
  showBar({
    text: `Replaying the shared run: step ${steps(step)} of ${steps(replay.at)} (${percent < 10 ? percent.toFixed(1) : Math.floor(percent)}\u00a0%${left ? `, ${left} left` : ''})…`,
    fraction: replay.at ? step / replay.at : 1,
  });
}

/** Stops the replay running, if any: resolves once it has let go of the page (at once when none runs). */
export function stopReplay() {
  withdrawOffer();
  if (!S.replay) return Promise.resolve();
  S.replay.cancelled = true;
  return S.replay.ended;
}

/**
 * Asks before a long replay: the bar says how far the link goes, with "Replay it" (calls
 * `onReplay`) and Cancel (calls `onCancel`). Any new run or control withdraws the question.
 */
export function offerReplay(at, onReplay, onCancel) {
  showBar({
    text: `This link replays its run to step ${steps(at)}, more than the ${steps(REPLAY_UNASKED)} steps this page replays unasked, which may take very long. The run is shown at its start.`,
    offer: true,
  });
  $('replay-go').onclick = () => { hideBar(); onReplay(); };
  $('replay-cancel').onclick = () => { hideBar(); onCancel(); };
}

/** Withdraws the question of offerReplay, if it is asked. */
export function withdrawOffer() {
  if (!S.replay && !$('replay').hidden) hideBar();
}
