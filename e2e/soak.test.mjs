// The soak (e2e/soak.mjs) scaled down: Pig and Punter arena runs, Lifter solver runs and share
// links through the page's buttons leave the JS heap (without compiled code) within 10% of where
// it started, and no worker a load started is left alive (the Lifter solver's and the Punter
// lab's workers end with their runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSoak, problemsOf, QUICK } from './soak.mjs';

test('quick soak: the heap comes back within 10% and no worker is left', { timeout: 180000 }, async () => {
  const results = await runSoak(QUICK);
  assert.deepEqual(results.map((r) => r.load), Object.keys(QUICK));
  for (const r of results) assert.deepEqual(problemsOf(r), [], JSON.stringify(r));
});
