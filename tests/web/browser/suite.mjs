// One server and one browser shared by a test file's tests (started before them, stopped
// after), and a page opened paused for a test that fails on any console error seen while it ran.
// `server` and `browser` are live bindings: set once the tests start.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { launch, openPage, serve } from './harness.mjs';

export let server, browser;

before(async () => {
  server = await serve();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a paused page (`options` as openPage's; suffix '?paused=1' unless given) and runs `body` on it. */
export async function withPage(options, body) {
  const { page, errors, context, state } = await openPage(browser, server.url, { suffix: '?paused=1', ...options });
  try {
    assert.equal(state.ok, true, `the page is not ready: ${state.error}`);
    await body(page);
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await context.close();
  }
}
