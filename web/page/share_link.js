// The Share link: the run as started and its live changes in the page's address (share.js
// encodes them), and the replay of such a link when the page opens. Design: a replay asks the
// engine worker for steps (advance) in slices of about 40 ms, so the page keeps drawing and
// answering its controls, and applies each recorded change before its step, which gives the
// same hash as the run shared; replay.js shows its progress and stops it when asked.
import { advance, measureShown, setRunning } from './loop.js';
import { updateReadouts } from './readouts.js';
import { beginReplay, offerReplay, progress, REPLAY_UNASKED } from './replay.js';
import { restart, setLive, spawnBoid } from './run.js';
import { encodeShare } from './share.js';
import { render } from './stage.js';
import { $, S, showMessage } from './state.js';

export function shareUrl() {
  const base = location.href.split('#')[0];
  return `${base}#${encodeShare({
    model: S.model, preset: S.preset, count: S.count, seed: S.seed, params: S.startParams,
    at: S.flock.stepCount, events: S.events, ramps: S.ramps,
  })}`;
}

/**
 * Once shown (by the Share button), the share box always holds the current run's link: a
 * restart, a model or preset switch and every live change update it at once, the step as the
 * readouts do.
 */
export function syncShare() {
  const field = $('share-url');
  if (!field.hidden && S.flock) field.value = shareUrl();
}

async function onShare() {
  const url = shareUrl();
  history.replaceState(null, '', url);
  const field = $('share-url');
  field.hidden = false;
  field.value = url;
  field.focus();
  field.select();
  try {
    await navigator.clipboard.writeText(url);
    showMessage(`Link copied: it replays this run to step ${S.flock.stepCount.toLocaleString('en-US')}.`);
  } catch {
    showMessage('The link is in the box below the Share button: copy it from there.');
  }
}

export function wireShare() {
  $('share').addEventListener('click', onShare);
}

/**
 * Replays a shared run: the start, each recorded change before its step, up to step `at`. The
 * worker steps in slices of about 40 ms, and between slices the page shows the replay's progress
 * and answers its controls (replay.js: Cancel, or any control that changes the run, stops it at
 * the step reached). A link beyond REPLAY_UNASKED steps opens its run at the start and asks
 * first. Resolves to false when the run cannot start or a recorded change is refused.
 */
export async function openShared(run) {
  if (!await restart(run)) return false;
  setRunning(false);
  $('loading').hidden = true;
  if (run.at > REPLAY_UNASKED) {
    showMessage('');
    offerReplay(run.at, async () => {
      if (await restart(run)) await replay(run);
    }, () => showMessage(`The shared run is shown at its start; its replay to step ${run.at.toLocaleString('en-US')} was not run.`));
    return true;
  }
  return replay(run);
}

/** Replays `run` (started, at step 0) to its step `at`, or until cancelled (see openShared). */
async function replay(run) {
  const handle = beginReplay(run.at);
  const cancelled = () => handle.cancelled;
  try {
    let msPerStep = 5;  // the last slice's, for the next slice's size
    const started = performance.now();  // the time left is estimated at the pace since the start
    const goTo = async (target) => {
      while (S.flock.stepCount < target && !cancelled()) {
        const k = Math.max(1, Math.min(target - S.flock.stepCount, Math.round(40 / msPerStep)));
        const t0 = performance.now();
        await advance(k);
        msPerStep = Math.max(0.001, (performance.now() - t0) / k);
        progress(handle, S.flock.stepCount, (performance.now() - started) / Math.max(1, S.flock.stepCount));
        render();
        updateReadouts();
      }
    };
    for (const [step, kind, data] of run.events) {
      await goTo(step);
      if (cancelled()) break;
      if (!await (kind === 'spawn' ? spawnBoid(data) : setLive(data, { quiet: true }))) return false;
    }
    await goTo(run.at);
    await measureShown();
  } finally {
    handle.end();
  }
  S.shownStep = -1;
  updateReadouts();
  history.replaceState(null, '', shareUrl());
  const at = S.flock.stepCount.toLocaleString('en-US');
  if (cancelled()) showMessage(`Replay stopped at step ${at} of ${run.at.toLocaleString('en-US')}: the run goes on from here (its Share link now gives step ${at}).`);
  else if (run.at > 0) showMessage(`Shared run replayed to step ${at}: press Run to continue.`);
  else setRunning(true);
  return true;
}
