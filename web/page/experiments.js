// The experiments the About panel offers as one click: each picks its model, restarts with its
// parameters and ramps, and runs. Design: an experiment is data (the restart it asks for), so
// its Share link and command line come from the run itself, as for any run.
import { setRunning } from './loop.js';
import { stopReplay } from './replay.js';
import { restart } from './run.js';
import { $, showMessage } from './state.js';

const EXPERIMENTS = {
  // Collective memory (docs/couzin-figures.md): dro up from a swarm, then down from a parallel
  // group, 2000 steps a unit of dro; the torus forms on the way up and never on the way down.
  memory: {
    start: { model: 'couzin', preset: '', count: 100, seed: '1', params: {},
      ramps: ['dro=0:6@0-12000', 'dro=6:0@12000-24000'] },
    stepsPerFrame: '20',
    message: 'Collective memory: dro rises from 0 to 6 over 12,000 steps, then falls back. Watch Rotation on the way up and Order on the way down.',
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
      setRunning(true);
    });
  }
}
