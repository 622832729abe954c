// The run loop: the one place that asks the engine worker for steps (advance), and the animation
// frame that draws and updates the readouts. Design: stepping and drawing overlap. Each frame
// asks for the next step before it draws the last one, so the worker computes step n+1 while the
// main thread draws step n; the main thread never waits on a step. A step that takes longer than
// a frame leaves that frame undrawn (nothing new to show) and the next step is asked for as soon
// as it is done; a step is never skipped. The worker measures the metrics at every multiple of
// SAMPLE_EVERY (the steps `flocklab run --every 10` records); they arrive with the step's reply.
import { $, S, secondsPerStep, showMessage } from './state.js';
import { updateReadouts } from './readouts.js';
import { render } from './stage.js';

/** Takes in a step's reply: its samples, the simulated time, and the step to draw. */
function stepped(state) {
  const dt = secondsPerStep();
  for (const { step, metrics, ramped } of state.samples) {
    S.samples.push({ step, x: dt ? S.time + (step - state.from) * dt : step, ramped, ...metrics });
    S.chartDirty = true;
  }
  S.time += (state.step - state.from) * dt;
  // The meters show the latest measurement: this step's, else the last sample on the way (the
  // steps are not always a multiple of SAMPLE_EVERY: an odd start, 5 steps a frame).
  const last = state.samples.at(-1);
  if (state.metrics) {
    S.latest = state.metrics;
    S.latestStep = state.step;
  } else if (last && last.step > S.latestStep) {
    S.latest = last.metrics;
    S.latestStep = last.step;
  }
  S.speed.steps += state.step - state.from;
  S.dirty = true;
  return state;
}

/** Steps n times in the worker (asking for the last step's metrics with `metrics`); resolves when done. */
export function advance(n, { metrics = false } = {}) {
  return S.engine.step(n, { metrics }).then(stepped);
}

/** Has the worker measured the step shown? If not (paused between samples), asks it to. */
export function measureShown() {
  if (S.latestStep === S.flock.stepCount) return Promise.resolve(S.latest);
  return S.engine.measure().then((state) => {
    if (state.step === S.flock.stepCount) {
      S.latest = state.metrics;
      S.latestStep = state.step;
    }
    return S.latest;
  });
}

export function setRunning(on) {
  S.running = on;
  const b = $('run');
  b.textContent = on ? 'Pause' : 'Run';
  b.title = on ? 'Pause the flock' : 'Let the flock fly';
  if (!on && S.flock) measureShown().then(() => { S.shownStep = -1; });
}

/**
 * Main-thread ms per drawn frame while running: drawing, the readouts, taking in the worker's
 * replies, and the time between frames (for measurements: tests/web/browser, bench/).
 */
export const frameCost = {};
/** The worker's ms in the run loop's steps: stepping, measuring, the state it sends (for measurements). */
export const workerCost = {};

/** Starts both measurements again from zero. */
export function resetCosts() {
  Object.assign(frameCost, { frames: 0, draw: 0, readouts: 0, replies: 0, between: 0, last: 0 });
  Object.assign(workerCost, { steps: 0, step: 0, metrics: 0, snapshot: 0 });
}
resetCosts();

/**
 * The run loop's pace: each animation frame earns one request of S.spf steps; a frame that
 * passes while a step is still being computed keeps its request for later, at most MAX_OWED of
 * them, so after a slow step (a measurement) the worker catches up back to back, and on average
 * the page takes S.spf steps a frame and no more.
 */
const MAX_OWED = 2;
const loop = { inFlight: false, owed: 0 };

/**
 * Asks for the frame's steps; when the reply comes and a request is still owed, asks again at once.
 * A run with an end (S.end: an experiment's, {step, message}) takes no step past it: there it
 * pauses and says what comes after.
 */
function requestSteps() {
  const n = S.end ? Math.min(S.spf, S.end.step - S.flock.stepCount) : S.spf;
  if (n <= 0) {
    showMessage(S.end.message);
    S.end = null;
    setRunning(false);
    return;
  }
  loop.inFlight = true;
  loop.owed--;
  S.engine.step(n, { action: false }).then((state) => {
    const t0 = performance.now();
    stepped(state);
    frameCost.replies += performance.now() - t0;
    workerCost.steps += state.step - state.from;
    for (const key of ['step', 'metrics', 'snapshot']) workerCost[key] += state.ms[key];
    loop.inFlight = false;
    if (loop.owed > 0 && S.running && !S.busy) requestSteps();
  }, () => { loop.inFlight = false; });
}

function frame(now) {
  if (S.flock && !S.busy) {
    if (S.running) {
      loop.owed = Math.min(MAX_OWED, loop.owed + 1);
      if (!loop.inFlight) requestSteps();
    } else {
      loop.owed = 0;
    }
    const t0 = performance.now();
    const drawn = S.dirty;  // a new step arrived (or something else changed) since the last drawing
    if (drawn) render();
    const t1 = performance.now();
    updateReadouts();
    const t2 = performance.now();
    if (S.running && drawn) {
      if (frameCost.last) frameCost.between += t0 - frameCost.last;
      frameCost.frames++;
      frameCost.draw += t1 - t0;
      frameCost.readouts += t2 - t1;
      frameCost.last = t0;
      S.speed.frames++;
    }
  }
  if (now - S.speed.since >= 1000) {
    const secs = (now - S.speed.since) / 1000;
    $('speed').textContent = S.running && !S.busy
      ? `${Math.round(S.speed.steps / secs)} steps/s · ${Math.round(S.speed.frames / secs)} fps`
      : '';
    S.speed = { steps: 0, frames: 0, since: now };
  }
  requestAnimationFrame(frame);
}

/** Starts the animation: the next step asked for (when running), a drawing and the readouts every frame. */
export function startLoop() {
  S.speed.since = performance.now();
  requestAnimationFrame(frame);
}
