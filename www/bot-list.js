// The list of your bots above a lab's editor (issue 30, www/bots.js): pick a bot, New, Duplicate,
// Rename, Delete (asks), its language (each language's code kept), the examples, Open file
// (.js, .scm, .wasm: always a new bot named after the file), Save file, Share link. Nothing is
// overwritten without asking: an example replaces code that is not an unchanged example only
// after "Replace" (one undoable editor change), and a bot from a link is shown first and joins
// the list under a free name. A program bot's file is chosen in the program picker it holds.
import { el, saveText, shareUrl } from './dom.js';
import { bots, codeOf } from './bots.js';
import { programPicker } from './program-picker.js';
import { ask } from './confirm-code.js';

const NAMES = { js: 'JavaScript', scheme: 'Scheme', program: 'A program (.wasm)' };
const EXTENSIONS = { js: '.js', scheme: '.scm' };
/** The largest code file opened into a bot (characters). */
const MAX_CODE_FILE = 200000;
let styled = false;

function style() {
  if (styled) return;
  styled = true;
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('./bot-list.css', import.meta.url).href }));
}

/**
 * opts: { game, testid (prefix of the test ids), languages ['js', 'scheme'?, 'program'?],
 *   languageTestid (the language select's test id), examples { js: [[name, code]], scheme },
 *   editor (www/code-editor.js), engine (for `botLink`), linkKind ('<game>-bot'),
 *   programs: { examples, about } (the program picker's, when 'program' is a language),
 *   onSelect(bot) (the bot shown changed) }
 * → { box (the list's rows), picker (the program picker, or null), selected(), edited(text)
 *   (the editor changed), offerLinked({ name, language, code }), refresh() }
 */
export function botList({ game, testid, languages, languageTestid = `${testid}-language`, examples, editor, engine, linkKind, programs = null, onSelect = () => {} }) {
  style();
  const t = (s) => `${testid}-${s}`;
  const select = el('select', { 'aria-label': 'Your bots', 'data-testid': t('bots') });
  const button = (name, text, title, onclick) => el('button', { class: 'small bot-action', 'data-testid': t(name), title, onclick }, text);
  const language = el('select', { 'aria-label': 'Language', 'data-testid': languageTestid },
    ...languages.map((l) => el('option', { value: l }, NAMES[l])));
  const exampleSelect = el('select', { 'aria-label': 'Examples', 'data-testid': t('examples') });
  const fileInput = el('input', { type: 'file', hidden: true, 'data-testid': t('open-file'), accept: ['.js', languages.includes('scheme') && '.scm', languages.includes('program') && '.wasm'].filter(Boolean).join(',') });
  const linkOut = el('input', { class: 'bot-link-input', readonly: true, 'aria-label': 'Link to this bot', 'data-testid': t('bot-link') });
  const note = el('span', { class: 'muted bot-note', role: 'status', 'data-testid': t('bot-note') });
  const linkRow = el('div', { class: 'row bot-link', hidden: true }, linkOut);
  const current = () => bots.selected(game);

  const picker = programs ? programPicker({
    examples: programs.examples, testid, about: programs.about,
    store: {
      get: () => { const b = current(); const p = bots.programOf(game, b); return p && { mode: 'program', ...p }; },
      set: (v) => bots.setProgram(game, current().id, v),
    },
  }) : null;

  const say = (text) => { note.textContent = text; };
  function fillList() {
    const sel = current();
    select.replaceChildren(...bots.list(game).map((b) => el('option', { value: b.id, selected: b.id === sel?.id }, b.name)));
  }
  function fillExamples() {
    const list = examples[language.value] ?? [];
    exampleSelect.hidden = !list.length;
    exampleSelect.replaceChildren(el('option', { value: '' }, 'Examples…'), ...list.map(([name], i) => el('option', { value: String(i) }, name)));
  }
  /** Shows the selected bot: its language, its code in the editor (or its program). */
  function show() {
    const b = current();
    fillList();
    language.value = b.language;
    fillExamples();
    const program = b.language === 'program';
    editor.hidden = program;
    if (picker) { picker.box.hidden = !program; picker.reload(); }
    if (!program) {
      editor.setLanguage(b.language);
      if (editor.value !== codeOf(b)) editor.value = codeOf(b);
    }
    linkRow.hidden = true;
    onSelect(b);
  }

  select.addEventListener('change', () => { bots.select(game, select.value); say(''); show(); });
  const first = (l) => examples[l]?.[0]?.[1] ?? '';
  const newBot = button('new', 'New', 'A new bot from the first example', () => {
    const l = current()?.language === 'program' ? languages[0] : current()?.language ?? languages[0];
    const b = bots.create(game, { name: 'New bot', language: l, code: { [l]: first(l) } });
    bots.select(game, b.id);
    say(`“${b.name}” created.`);
    show();
  });
  const duplicate = button('duplicate', 'Duplicate', 'A copy of this bot', () => {
    const b = bots.duplicate(game, current().id);
    say(`“${b.name}” is a copy.`);
    show();
  });
  const rename = button('rename', 'Rename', 'Rename this bot', async () => {
    const b = current();
    const input = el('input', { type: 'text', value: b.name, maxlength: '64', 'aria-label': 'New name', 'data-testid': t('rename-name') });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); input.closest('dialog')?.querySelector('.primary')?.click(); } });
    const ok = await ask({ title: 'Rename the bot', testid: t('rename-ask'), body: [input], buttons: [['cancel', 'Cancel'], ['ok', 'Rename', true]] });
    const name = input.value.trim();
    if (ok !== 'ok' || !name || name === b.name) return;
    const done = bots.update(game, b.id, { name });
    say(done.name === name ? '' : `“${name}” is taken: renamed “${done.name}”.`);
    fillList();
  });
  const remove = button('delete', 'Delete', 'Delete this bot (asks first)', async () => {
    const b = current();
    const yes = await ask({
      title: `Delete “${b.name}”?`, testid: t('delete-ask'),
      body: [el('p', {}, 'Its code is removed from this browser. Save it as a file first if you may want it again.')],
      buttons: [['cancel', 'Cancel'], ['delete', 'Delete', true]],
    });
    if (yes !== 'delete') return;
    bots.remove(game, b.id);
    say(`“${b.name}” deleted.`);
    show();
  });

  language.addEventListener('change', () => {
    const b = current();
    const l = language.value;
    const code = l === 'program' || b.code?.[l] !== undefined ? b.code : { ...b.code, [l]: first(l) };
    bots.update(game, b.id, { language: l, code });
    show();
  });

  /** An example, asking first unless the bot's code is an example as it was. */
  exampleSelect.addEventListener('change', async () => {
    const x = examples[language.value]?.[Number(exampleSelect.value)];
    exampleSelect.value = '';
    if (!x) return;
    const b = current();
    const unchanged = !codeOf(b).trim() || (examples[b.language] ?? []).some(([, code]) => code === codeOf(b));
    const choice = unchanged ? 'replace' : await ask({
      title: `Replace the code of “${b.name}”?`, testid: t('example-ask'),
      body: [el('p', {}, `Its code is your own. “${x[0]}” can replace it (Ctrl+Z brings it back), or become a new bot.`)],
      buttons: [['cancel', 'Cancel'], ['new', 'New bot from the example'], ['replace', 'Replace', true]],
    });
    if (choice === 'replace') {
      editor.value = x[1]; // one undoable change; onChange keeps it
      bots.setCode(game, b.id, b.language, x[1]);
    } else if (choice === 'new') {
      const nb = bots.create(game, { name: x[0], language: b.language, code: { [b.language]: x[1] } });
      bots.select(game, nb.id);
      show();
    }
  });

  const open = button('open', 'Open file…', 'Open a .js, .scm or .wasm file as a new bot', () => fileInput.click());
  fileInput.addEventListener('change', async () => {
    const f = fileInput.files?.[0];
    fileInput.value = '';
    if (f) await openFile(f);
  });
  async function openFile(f) {
    const ext = (f.name.match(/\.[^.]+$/)?.[0] ?? '').toLowerCase();
    const l = ext === '.wasm' ? 'program' : ext === '.scm' ? 'scheme' : ext === '.js' ? 'js' : null;
    const name = f.name.replace(/\.[^.]+$/, '') || f.name;
    if (!l || !languages.includes(l)) { say(`${f.name} was not opened: this lab opens ${fileInput.accept.split(',').join(', ')} files.`); return; }
    let b;
    if (l === 'program') {
      b = bots.create(game, { name, language: 'program' });
      const fits = bots.setProgram(game, b.id, { name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
      if (!fits) say(`${f.name} is too large to keep across reloads; it plays while this page is open.`);
    } else {
      if (f.size > MAX_CODE_FILE * 4) { say(`${f.name} was not opened: over ${MAX_CODE_FILE.toLocaleString('en-US')} characters.`); return; }
      const text = await f.text();
      if (text.length > MAX_CODE_FILE) { say(`${f.name} was not opened: over ${MAX_CODE_FILE.toLocaleString('en-US')} characters.`); return; }
      b = bots.create(game, { name, language: l, code: { [l]: text } });
    }
    bots.select(game, b.id);
    if (l !== 'program' || !note.textContent) say(`${f.name} opened as the new bot “${b.name}”.`);
    show();
  }
  const save = button('save', 'Save file', 'Download this bot as a file', async () => {
    const b = current();
    const safe = b.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'bot';
    if (b.language !== 'program') { saveText(`${safe}${EXTENSIONS[b.language]}`, codeOf(b)); return; }
    const p = bots.programOf(game, b);
    let bytes = p?.bytes;
    if (!bytes && p?.example) {
      const res = await fetch(p.example);
      if (res.ok) bytes = new Uint8Array(await res.arrayBuffer());
    }
    if (!bytes) { say('No program to save: open a .wasm file or pick an example first.'); return; }
    const a = el('a', { href: URL.createObjectURL(new Blob([bytes], { type: 'application/wasm' })), download: /\.wasm$/.test(p.name) ? p.name : `${safe}.wasm` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  const share = button('share', 'Share link', 'A link that carries this bot’s code', () => {
    const b = current();
    if (b.language === 'program') { say('A program is shared as a file (Save file), never in a link.'); linkRow.hidden = true; return; }
    try {
      linkOut.value = shareUrl(engine.botLink(linkKind, b.name, b.language, codeOf(b)));
      linkRow.hidden = false;
      linkOut.select();
      say('Anyone opening this link sees the code first and chooses whether to add it to their bots.');
    } catch (e) {
      say(`No link: ${e?.message ?? e}.`);
    }
  });

  const box = el('div', { class: 'bot-list', 'data-testid': t('bot-list') },
    el('div', { class: 'row bot-row' }, el('label', { class: 'bot-label' }, 'Bot ', select), language, exampleSelect),
    el('div', { class: 'row bot-actions' }, newBot, duplicate, rename, remove, open, fileInput, save, share),
    note, linkRow);
  box.addEventListener('dragover', (e) => e.preventDefault());
  box.addEventListener('drop', (e) => {
    const f = e.dataTransfer?.files?.[0];
    if (!f) return;
    e.preventDefault();
    e.stopPropagation(); // the page's own drop opens links
    openFile(f);
  });
  show();

  return {
    box,
    picker,
    selected: current,
    refresh: show,
    /** The editor's text changed (typing, undo, an example): kept as the bot's code. */
    edited(text) {
      const b = current();
      if (b && b.language !== 'program' && codeOf(b) !== text) bots.setCode(game, b.id, b.language, text);
    },
    /**
     * A bot from a link: its code shown first (read-only); "Add to my bots" adds it under a free
     * name and selects it (nothing runs until the user runs it). The same code already kept is
     * selected instead of added again. → the bot added or selected, or null.
     */
    async offerLinked({ name, language: l, code }) {
      const same = bots.list(game).find((b) => b.language === l && codeOf(b) === code);
      const choice = await ask({
        title: `A bot from a link: “${name}”`, testid: t('linked'),
        body: [
          el('p', {}, 'This link carries a bot’s code. Read it first: nothing runs until you add it and run it yourself (in the sandbox: no network, no storage).'),
          el('section', { class: 'confirm-entrant' },
            el('h3', {}, name, el('span', { class: 'confirm-lang' }, NAMES[l] ?? l)),
            el('pre', { class: 'confirm-source', tabindex: '0', 'aria-label': `Source of ${name}`, 'data-testid': t('linked-source') }, code)),
          same ? el('p', {}, `You have this code already, as “${same.name}”.`) : null,
        ].filter(Boolean),
        buttons: [['cancel', 'Cancel'], ['add', same ? `Show “${same.name}”` : 'Add to my bots', true]],
      });
      if (choice !== 'add') { say('The bot from the link was not added.'); return null; }
      const b = same ?? bots.create(game, { name, language: l, code: { [l]: code } });
      bots.select(game, b.id);
      say(same ? `“${b.name}” holds this code already.` : `“${b.name}” joined your bots. Run it when you are ready.`);
      show();
      return b;
    },
  };
}
