// Code that arrives in a link runs only after the user has read it and said yes: a modal shows
// every Scheme or JavaScript source (read-only) with "Run this code" and "Cancel". Links with
// built-in strategies only run at once.
import { el } from './dom.js';

const LANGUAGES = { scheme: 'Scheme', js: 'JavaScript' };
let styled = false;

function style() {
  if (styled) return;
  styled = true;
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('./confirm-code.css', import.meta.url).href }));
}

/**
 * A modal question (the page's one dialog): `body` (nodes), `buttons` [[value, text, primary?,
 * testid?]] (a button's test id defaults to `<testid>-<value>`) → the value chosen (null:
 * Escape). The first input, else the first button, has the focus.
 */
export function ask({ title, body = [], buttons, testid = 'ask' }) {
  style();
  return new Promise((resolve) => {
    const dialog = el('dialog', { class: 'confirm-code', 'data-testid': testid, 'aria-labelledby': `${testid}-title` });
    const done = (v) => { dialog.close(); dialog.remove(); resolve(v); };
    const actions = buttons.map(([value, text, primary, id]) => el('button', {
      class: primary ? 'primary' : '', 'data-testid': id ?? `${testid}-${value}`, onclick: () => done(value),
    }, text));
    dialog.append(el('h2', { id: `${testid}-title` }, title), ...body, el('div', { class: 'confirm-actions' }, ...actions));
    dialog.addEventListener('cancel', (e) => { e.preventDefault(); done(null); }); // Escape
    document.body.append(dialog);
    dialog.showModal();
    (dialog.querySelector('input') ?? actions[0]).focus();
  });
}

/** Resolves to true when nothing needs confirming or the user chose "Run this code". */
export async function confirmCode(entrants, { what = 'This link' } = {}) {
  const code = entrants.filter((e) => e.kind in LANGUAGES);
  if (!code.length) return true;
  const chosen = await ask({
    title: 'Run this code?', testid: 'confirm-code',
    body: [
      el('p', {}, `${what} carries code that runs when you open it. It runs in the sandbox (no network, no storage), `
        + 'but read it first and run it only if you trust where the link came from.'),
      ...code.map((e) => el('section', { class: 'confirm-entrant' },
        el('h3', {}, e.label, el('span', { class: 'confirm-lang' }, LANGUAGES[e.kind])),
        el('pre', { class: 'confirm-source', tabindex: '0', 'aria-label': `Source of ${e.label}` }, e.source))),
    ],
    buttons: [['cancel', 'Cancel', false, 'confirm-cancel'], ['run', 'Run this code', true, 'confirm-run']],
  });
  return chosen === 'run';
}
