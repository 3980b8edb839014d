// Runs the built-in solver's search (www/lifter/solver-search.js) off the main thread within a
// wall-time budget, with progress every 100 ms. The page's WorkerRpc (www/worker-rpc.js) holds
// the watchdog.
import { loadEngine } from '../engine.js';
import { serveRpc } from '../worker-rpc.js';
import { search } from './solver-search.js';

serveRpc({ solve: async ({ text, budgetMs, part, parts }, ctx) => search(await loadEngine('lifter'), { text, budgetMs, part, parts }, ctx) });
