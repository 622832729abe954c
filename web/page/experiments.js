// The experiments the About panel offers as one click: each picks its model, restarts with its
// parameters and ramps, and runs. Design: an experiment is data (the restart it asks for), so
// its Share link and command line come from the run itself, as for any run.
import { syncHint } from './controls.js';
import { setRunning } from './loop.js';
import { stopReplay } from './replay.js';
import { restart } from './run.js';
import { $, S, showMessage } from './state.js';

const EXPERIMENTS = {
  // Collective memory (docs/couzin-figures.md): dro up from a swarm, then down from a parallel
  // group, 2000 steps a unit of dro; the torus forms on the way up and never on the way down.
  memory: {
    start: { model: 'couzin', preset: '', count: 100, seed: '1', params: {},
      ramps: ['dro=0:6@0-12000', 'dro=6:0@12000-24000'] },
    stepsPerFrame: '20',
    message: 'Collective memory: dro rises from 0 to 6 over 12,000 steps, then falls back to 0 by step 24,000, where the run pauses. Watch Rotation on the way up and Order on the way down, or chart both “Against dro” above the chart.',
    end: { step: 24000, message: 'The experiment is over: its ramps ended at step 24,000 with dro back at 0. “Against dro” shows the loop; Run goes on at dro 0.' },
  },
};

export function wireExperiments() {
  for (const button of document.querySelectorAll('button[data-experiment]')) {
    button.addEventListener('click', async () => {
      const experiment = EXPERIMENTS[button.dataset.experiment];
      await stopReplay();
      if (!await restart(experiment.start)) return;
      $('spf').value = experiment.stepsPerFrame;
      $('spf').dispatchEvent(new Event('change'));
      window.scrollTo(0, 0);
      showMessage(experiment.message);
      S.end = experiment.end;
      S.camera.follow = true;  // the ring face on, the parallel group from the side
      syncHint();
      setRunning(true);
    });
  }
}
