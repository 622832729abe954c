// The threads test's module worker: where the lab page runs the engine (blocking is allowed here).
import { runCases } from './runs.mjs';
import { timeSteps } from './timing.mjs';

self.onmessage = async (event) => {
  const { timing, ...request } = event.data;
  self.postMessage(timing ? await timeSteps(request) : await runCases(request));
};
