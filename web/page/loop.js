// The run loop: the one place that steps the page's flock (advance) and the animation frame
// that steps, draws and updates the readouts. Design: every step of the page's simulation goes
// through advance(), which records the metrics at every multiple of SAMPLE_EVERY (the steps
// `flocklab run --every 10` records), so moving the engine elsewhere (a worker) changes this
// module and no other.
import { $, S, SAMPLE_EVERY, has } from './state.js';
import { updateReadouts } from './readouts.js';
import { render } from './stage.js';

/** Records the metrics of the current step as a sample (and as the ones shown). */
export function recordSample() {
  const f = S.flock;
  const m = f.metrics();
  const step = f.stepCount;
  S.samples.push({ step, x: has('dt') ? S.time : step, ...m });
  S.latest = m;
  S.latestStep = step;
  S.chartDirty = true;
}

/** Steps n times, recording the metrics at every multiple of SAMPLE_EVERY. */
export function advance(n) {
  const f = S.flock;
  S.dirty = true;
  while (n > 0) {
    const s = f.stepCount;
    const k = Math.min(n, SAMPLE_EVERY - (s % SAMPLE_EVERY));
    f.step(k);
    if (has('dt')) S.time += k * S.params.dt;
    n -= k;
    S.speed.steps += k;
    if ((s + k) % SAMPLE_EVERY === 0) recordSample();
  }
}

/** The metrics of the current step (computed when the last sample is older). */
export function currentMetrics() {
  const step = S.flock.stepCount;
  if (S.latestStep !== step) {
    S.latest = S.flock.metrics();
    S.latestStep = step;
  }
  return S.latest;
}

export function setRunning(on) {
  S.running = on;
  const b = $('run');
  b.textContent = on ? 'Pause' : 'Run';
  b.title = on ? 'Pause the flock' : 'Let the flock fly';
}

/** Mean ms per frame spent stepping, drawing and updating the readouts (for measurements). */
export const frameCost = { frames: 0, step: 0, draw: 0, readouts: 0, between: 0, last: 0 };

function frame(now) {
  if (S.flock && !S.busy) {
    const t0 = performance.now();
    if (S.running) advance(S.spf);
    const t1 = performance.now();
    if (S.running || S.dirty) render();
    const t2 = performance.now();
    updateReadouts();
    const t3 = performance.now();
    if (S.running) {
      if (frameCost.last) frameCost.between += t0 - frameCost.last;
      frameCost.frames++;
      frameCost.step += t1 - t0;
      frameCost.draw += t2 - t1;
      frameCost.readouts += t3 - t2;
    }
    frameCost.last = t3;
  }
  S.speed.frames++;
  if (now - S.speed.since >= 1000) {
    const secs = (now - S.speed.since) / 1000;
    $('speed').textContent = S.running && !S.busy
      ? `${Math.round(S.speed.steps / secs)} steps/s · ${Math.round(S.speed.frames / secs)} fps`
      : '';
    S.speed = { steps: 0, frames: 0, since: now };
  }
  requestAnimationFrame(frame);
}

/** Starts the animation: a step (when running), a drawing and the readouts every frame. */
export function startLoop() {
  S.speed.since = performance.now();
  requestAnimationFrame(frame);
}
