// Code that arrives in a link runs only after the user has read it and said yes: a modal shows
// every Scheme or JavaScript source (read-only) with "Run this code" and "Cancel". Links with
// built-in strategies only run at once.
import { el } from './dom.js';

const LANGUAGES = { scheme: 'Scheme', js: 'JavaScript' };
let styled = false;

/** Resolves to true when nothing needs confirming or the user chose "Run this code". */
export function confirmCode(entrants, { what = 'This link' } = {}) {
  const code = entrants.filter((e) => e.kind in LANGUAGES);
  if (!code.length) return Promise.resolve(true);
  if (!styled) {
    styled = true;
    document.head.append(el('link', { rel: 'stylesheet', href: new URL('./confirm-code.css', import.meta.url).href }));
  }
  return new Promise((resolve) => {
    const run = el('button', { class: 'primary', 'data-testid': 'confirm-run' }, 'Run this code');
    const cancel = el('button', { 'data-testid': 'confirm-cancel', autofocus: true }, 'Cancel');
    const dialog = el('dialog', { class: 'confirm-code', 'data-testid': 'confirm-code', 'aria-labelledby': 'confirm-code-title' },
      el('h2', { id: 'confirm-code-title' }, 'Run this code?'),
      el('p', {}, `${what} carries code that runs when you open it. It runs in the sandbox (no network, no storage), `
        + 'but read it first and run it only if you trust where the link came from.'),
      ...code.map((e) => el('section', { class: 'confirm-entrant' },
        el('h3', {}, e.label, el('span', { class: 'confirm-lang' }, LANGUAGES[e.kind])),
        el('pre', { class: 'confirm-source', tabindex: '0', 'aria-label': `Source of ${e.label}` }, e.source))),
      el('div', { class: 'confirm-actions' }, cancel, run));
    const done = (yes) => {
      dialog.close();
      dialog.remove();
      resolve(yes);
    };
    run.addEventListener('click', () => done(true));
    cancel.addEventListener('click', () => done(false));
    dialog.addEventListener('cancel', (e) => { e.preventDefault(); done(false); }); // Escape
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
