// A pool of sandbox workers for the arenas whose jobs do not depend on each other (the pairs of a
// Pig tournament): as many workers as the machine has cores (`navigator.hardwareConcurrency`,
// at most MAX_WORKERS, never more than there are jobs), each taking the next job when it is done
// with one. A job's result depends on the job alone and results come back in job order, so the
// outcome is the same on one worker or eight. Every worker ends once the run is over.
import { Sandbox, sandboxError } from './sandbox.js';

/** Most workers one run starts (each holds its own copy of the engine). */
export const MAX_WORKERS = 8;

/** How many workers a run of `jobs` jobs gets on this machine. */
export function poolSize(jobs) {
  const cores = Math.floor(Number(navigator.hardwareConcurrency)) || 1;
  return Math.max(1, Math.min(jobs, cores, MAX_WORKERS));
}

/** "1 worker", "4 workers": how a run says where it played. */
export const workersLabel = (n) => (n === 1 ? '1 worker' : `${n} workers`);

/**
 * Runs `jobs` (each `{ type, params }`, as for `Sandbox.run`) on `poolSize(jobs.length)` fresh
 * sandboxes (`backstopMs`: a job's longest silence, as for `Sandbox.run`). `onProgress(k,
 * progress)`: job k reported; `onResult(k, value)`: job k is done.
 * Resolves to `{ values, workers }` (values in job order); rejects with the first failure (an
 * Error naming it), the other jobs cancelled, or with 'cancelled' after `signal` aborts.
 */
export async function runPool(jobs, { signal, backstopMs, onProgress = () => {}, onResult = () => {} } = {}) {
  const workers = poolSize(jobs.length);
  const inner = new AbortController();
  const abort = () => inner.abort();
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  const values = new Array(jobs.length);
  let next = 0;
  let failure = null;
  async function work(sandbox) {
    while (!failure && !inner.signal.aborted && next < jobs.length) {
      const k = next;
      next += 1;
      const { type, params } = jobs[k];
      const r = await sandbox.run(type, params, { signal: inner.signal, backstopMs, onProgress: (p) => onProgress(k, p) });
      if (!r.ok) {
        // The first to fail is the reason; the others were cancelled because of it.
        failure ??= r;
        inner.abort();
        return;
      }
      values[k] = r.value;
      onResult(k, r.value);
    }
  }
  try {
    await Promise.all(Array.from({ length: workers }, () => work(new Sandbox({ stopWhenIdle: true }))));
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  if (failure) throw sandboxError(failure, backstopMs);
  if (inner.signal.aborted) throw new Error('cancelled');
  return { values, workers };
}
