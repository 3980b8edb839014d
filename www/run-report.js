// What every lab and arena that runs user code shows of a run: the seed it used, in a field
// that takes one (the same seed gives the same games), and — before any result — how many of
// the user's decisions failed and what the engine played instead (`fallback`, the engine's
// name for it: "hold", "pass", "greedy").
import { el } from './dom.js';

/** Why a seed field's text was refused. */
export const SEED_REFUSED = 'The seed must be a whole number from 0 to 9007199254740991 (or empty for a fresh one).';

/**
 * A seed field: prefilled with a fresh seed (the engine's `freshSeed`), editable; "New seed"
 * puts a fresh one in; left empty, the run takes a fresh one. { box, take(), set(seed) }:
 * `take()` is the seed the run uses, written back into the field, or null (with the field
 * marked) when the text is not a seed.
 */
export function seedField(engine, testid) {
  const input = el('input', {
    class: 'seed', type: 'text', inputmode: 'numeric', spellcheck: 'false', 'aria-label': 'Seed', 'data-testid': testid,
    title: 'The same seed plays the same games; empty plays a fresh seed',
  });
  const set = (seed) => { input.value = String(seed); input.removeAttribute('aria-invalid'); };
  const fresh = el('button', { class: 'small', type: 'button', 'data-testid': `${testid}-new`, onclick: () => set(engine.freshSeed()) }, 'New seed');
  set(engine.freshSeed());
  input.addEventListener('input', () => input.removeAttribute('aria-invalid'));
  return {
    box: el('label', { class: 'inline seed-field' }, 'Seed ', input, fresh),
    take() {
      const text = input.value.trim();
      if (text === '') {
        set(engine.freshSeed());
        return Number(input.value);
      }
      const seed = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(seed)) {
        input.setAttribute('aria-invalid', 'true');
        return null;
      }
      set(seed);
      return seed;
    },
    set,
  };
}

/** "23 of your turns failed (greedy played them)": `whose` "your" or "A’s", `unit` "turn". */
export function failedLine(count, { whose = 'your', unit, fallback }) {
  return `${count} of ${whose} ${unit}${count === 1 ? '' : 's'} failed (${fallback} played ${count === 1 ? 'it' : 'them'})`;
}

/**
 * A run's headline in `status`: the failures first, if any (`failed`: failedLine's words, one
 * per entrant that failed), then `result`; green (`pass`) only when `good` and nothing failed.
 */
export function headline(status, { failed = [], result, good = false }) {
  status.className = failed.length ? 'status fail' : good ? 'status pass' : 'status';
  status.textContent = failed.length ? `${failed.join('; ')}. ${result}` : result;
}

/** Where a failure happened: "game 2, turn 14" (`turn` from the engine; null: not known). */
export function failedAt(game, unit, n) {
  return n === null || n === undefined ? `game ${game}` : `game ${game}, ${unit} ${n}`;
}
