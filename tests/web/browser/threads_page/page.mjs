// The threads test's page: runCases() on the page's own thread and in a module worker, for
// threads.test.mjs to call through page.evaluate.
import { runCases } from './runs.mjs';

window.inPage = runCases;
window.inWorker = (request) => new Promise((resolve, reject) => {
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
  worker.onerror = (event) => { worker.terminate(); reject(new Error(event.message)); };
  worker.postMessage(request);
});
window.ready = true;
