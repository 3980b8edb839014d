// The labs' code editor (issue 30): CodeMirror 6, vendored as one ES module in pkg/ by
// scripts/build-page.mjs and loaded with import() when the first editor is made (a lab tab
// mounts), so the start page never loads it. Until it is in, the editor is a plain text box
// holding the same text (typing never waits); it then becomes CodeMirror with the text,
// selection and focus it had. One object per lab, used like the <textarea> it replaces:
// `value` reads and writes the code (a write is one undoable change, never a reset of the
// history), `dom` is placed in the page.
import { el } from './dom.js';

const HINT = 'Tab indents; press Esc, then Tab, to leave the editor. Ctrl+Enter (⌘+Enter) runs.';
const FONT = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';

let loading = null;
/** CodeMirror (the bundle's exports) and each game's API completions, loaded once a page. */
function loadCodeMirror() {
  loading ??= (async () => {
    const { PAGE_FILES } = await import('../pkg/page-files.js');
    const cm = await import(`../pkg/${PAGE_FILES.editor}`);
    let completions = {};
    try {
      const r = await fetch(new URL('../pkg/completions.json', import.meta.url));
      if (r.ok) completions = await r.json();
    } catch { /* no completions: the editor works without them */ }
    return { cm, completions, scheme: cm.StreamLanguage.define(cm.scheme), highlightStyle: highlighting(cm) };
  })();
  return loading;
}

/**
 * CodeMirror's default highlighting with its three colours under WCAG AA (4.5:1) made darker, as
 * measured on the current line (#eef8fe; the editor's #fbfcfe is lighter): regular expressions
 * and escapes (#e40, 3.6:1 → 5.5:1), type names (#085, 4.2:1 → 5.0:1), invalid text (#f00,
 * 3.7:1 → 5.3:1).
 */
const AA_COLOURS = { '#e40': '#b33c00', '#085': '#007a4d', '#f00': '#d10000' };
const highlighting = (cm) => cm.HighlightStyle.define(cm.defaultHighlightStyle.specs.map((s) => (
  AA_COLOURS[s.color] ? { ...s, color: AA_COLOURS[s.color] } : s)));

const editors = new WeakMap();
/** The editor whose `dom` is `root` (for tests: `import('./www/code-editor.js')` in the page). */
export function editorOf(root) {
  return editors.get(root) ?? null;
}

/** The place a failure's message starts with or names ("4:14: SyntaxError…", "next 3:5: …"), or null. */
export function placeIn(message) {
  const m = /(?:^|\s)(\d+):(\d+): /.exec(String(message ?? ''));
  return m && Number(m[1]) > 0 ? { line: Number(m[1]), column: Number(m[2]) } : null;
}

/**
 * A failure's message for the results, with its place as a button that jumps there in `editor`
 * (the message as plain code when it names no place).
 */
export function problemText(editor, message) {
  const at = placeIn(message);
  if (!at || !editor) return el('code', {}, message);
  return el('button', {
    type: 'button', class: 'problem-link', title: `Show line ${at.line}, column ${at.column} in the editor`,
    'data-testid': 'problem-link', onclick: () => editor.jumpTo(at.line, at.column),
  }, el('code', {}, message));
}

/** 1-based line and column → an offset in `doc` (clamped into the document). */
function offsetOf(doc, line, column) {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(l.from + Math.max(0, column - 1), l.to);
}

/**
 * opts: { doc, language: 'js' | 'scheme', game (the API completed), testid, label, rows,
 *   onRun() (Ctrl/Cmd+Enter), onChange(text) (every edit by the user or by `value =`) }
 * → { dom, value, language, hidden, setLanguage(l), markProblems([{ line, column, message }])
 *   (1-based; [] clears), jumpTo(line, column), focus() }
 */
export function codeEditor({ doc = '', language = 'js', game, testid, label, rows = 16, onRun = () => {}, onChange = () => {} }) {
  const area = el('textarea', { class: 'code', spellcheck: 'false', rows: String(rows), 'aria-label': label, title: HINT });
  area.value = doc;
  area.addEventListener('input', () => onChange(area.value));
  area.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); onRun(); }
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      area.setRangeText('  ', area.selectionStart, area.selectionEnd, 'end');
      onChange(area.value);
    }
  });
  const root = el('div', { class: 'code-editor', 'data-testid': testid }, area);
  let lang = language;
  let problems = [];
  let view = null;
  let cm = null;
  let languages = null; // the Compartment holding the language

  const languageOf = (l, loaded) => {
    if (l === 'scheme') return loaded.scheme;
    const api = loaded.completions[game] ?? [];
    return [cm.javascript(), api.length ? cm.javascriptLanguage.data.of({ autocomplete: cm.completeFromList(api) }) : []];
  };
  const diagnostics = () => problems.map(({ line, column, message }) => {
    const d = view.state.doc;
    const from = offsetOf(d, line, column);
    const rest = d.sliceString(from, d.lineAt(from).to);
    // The word there, or the whole bracketed form a failure names by its opening bracket.
    const form = /^[([{]/.test(rest) ? cm.matchBrackets(view.state, from, 1) : null;
    const to = form?.matched && form.end ? form.end.to : from + (/^[\w$]+/.exec(rest)?.[0].length ?? Math.min(1, rest.length));
    return { from, to, severity: 'error', message: String(message) };
  });

  loadCodeMirror().then((loaded) => {
    ({ cm } = loaded);
    languages = new cm.Compartment();
    const focused = document.activeElement === area;
    const theme = cm.EditorView.theme({
      '&': { border: '1px solid #c9ced8', borderRadius: '8px', background: '#fbfcfe', fontSize: '14px', maxHeight: '70vh' },
      '&.cm-focused': { outline: '2px solid rgba(47, 111, 223, .45)', outlineOffset: '-1px' },
      '.cm-scroller': { fontFamily: FONT, lineHeight: '1.5', overflow: 'auto' },
      '.cm-content, .cm-gutter': { minHeight: `${rows * 1.5}em` },
      // Line numbers at 5:1 on the gutter and on the current line's (#e2f2ff; WCAG AA: 4.5:1).
      '.cm-gutters': { background: '#f1f3f7', borderRight: '1px solid #e1e4ea', borderRadius: '8px 0 0 8px', color: '#5f6676' },
    });
    view = new cm.EditorView({
      parent: root,
      state: cm.EditorState.create({
        doc: area.value,
        selection: { anchor: Math.min(area.selectionStart, area.value.length), head: Math.min(area.selectionEnd, area.value.length) },
        extensions: [
          cm.lineNumbers(), cm.highlightActiveLineGutter(), cm.highlightSpecialChars(), cm.history(), cm.drawSelection(),
          cm.indentOnInput(), cm.syntaxHighlighting(loaded.highlightStyle, { fallback: true }), cm.bracketMatching(),
          cm.closeBrackets(), cm.autocompletion(), cm.highlightActiveLine(), cm.lintGutter(), cm.indentUnit.of('  '),
          cm.Prec.highest(cm.keymap.of([{ key: 'Mod-Enter', run: () => { onRun(); return true; } }])),
          cm.keymap.of([...cm.closeBracketsKeymap, ...cm.defaultKeymap, ...cm.historyKeymap, ...cm.completionKeymap, cm.indentWithTab]),
          languages.of(languageOf(lang, loaded)),
          // tabindex: the content is in the tab order already (contenteditable), this says so to
          // checkers that count only tabindex as focusable (axe's scrollable-region-focusable: a
          // code longer than the editor scrolls, from the keyboard as the cursor moves).
          cm.EditorView.contentAttributes.of({ 'aria-label': label, 'aria-description': HINT, spellcheck: 'false', tabindex: '0' }),
          cm.EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
          theme,
        ],
      }),
    });
    area.remove();
    if (problems.length) view.dispatch(cm.setDiagnostics(view.state, diagnostics()));
    if (focused) view.focus();
  }, (e) => {
    console.warn(`The code editor stays a plain text box: ${e.message}`);
  });

  const api = {
    dom: root,
    get value() { return view ? view.state.doc.toString() : area.value; },
    set value(text) {
      if (!view) { area.value = text; onChange(text); return; }
      if (text === view.state.doc.toString()) return;
      // One transaction, an undo step of its own: Ctrl+Z brings back what was there before.
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 }, annotations: cm.isolateHistory.of('full') });
    },
    get language() { return lang; },
    setLanguage(l) {
      lang = l;
      if (view) loadCodeMirror().then((loaded) => view.dispatch({ effects: languages.reconfigure(languageOf(lang, loaded)) }));
    },
    get hidden() { return root.hidden; },
    set hidden(h) { root.hidden = h; },
    markProblems(list) {
      problems = (list ?? []).filter((p) => Number(p?.line) > 0);
      if (view) view.dispatch(cm.setDiagnostics(view.state, diagnostics()));
    },
    jumpTo(line, column) {
      if (!view) {
        const lines = area.value.split('\n');
        const at = lines.slice(0, Math.max(0, line - 1)).reduce((n, l) => n + l.length + 1, 0) + Math.max(0, column - 1);
        area.focus();
        area.setSelectionRange(at, at);
        return;
      }
      const at = offsetOf(view.state.doc, line, column);
      view.dispatch({ selection: { anchor: at }, effects: cm.EditorView.scrollIntoView(at, { y: 'center' }) });
      view.focus();
    },
    focus() { (view ?? area).focus(); },
  };
  editors.set(root, api);
  return api;
}

/** The failures among `messages` that name a place, as `markProblems` takes them (the first 50). */
export function problemsIn(messages) {
  return messages.flatMap((message) => {
    const at = placeIn(message);
    return at ? [{ ...at, message: String(message) }] : [];
  }).slice(0, 50);
}
