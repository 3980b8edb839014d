// The labs' code editor (issue 30 contract; CodeMirror 6 behind it once vendored). One object per
// lab, used like the <textarea> it replaces: `value` reads and writes the code (a write is one
// undoable change, never a reset of the history), `dom` is placed in the page.
import { el } from './dom.js';

/**
 * opts: { doc, language: 'js' | 'scheme', game (the API completed), testid, label, rows,
 *   onRun() (Ctrl/Cmd+Enter), onChange(text) (every edit by the user or by `value =`) }
 * → { dom, value, language, hidden, setLanguage(l), markProblems([{ line, column, message }])
 *   (1-based; [] clears), jumpTo(line, column), focus() }
 */
export function codeEditor({ doc = '', language = 'js', testid, label, rows = 16, onRun = () => {}, onChange = () => {} }) {
  const area = el('textarea', { class: 'code', spellcheck: 'false', rows: String(rows), 'data-testid': testid, 'aria-label': label });
  area.value = doc;
  area.addEventListener('input', () => onChange(area.value));
  area.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); onRun(); }
  });
  let lang = language;
  return {
    dom: area,
    get value() { return area.value; },
    set value(text) { area.value = text; onChange(text); },
    get language() { return lang; },
    setLanguage(l) { lang = l; },
    get hidden() { return area.hidden; },
    set hidden(h) { area.hidden = h; },
    markProblems() {},
    jumpTo(line, column) {
      const lines = area.value.split('\n');
      const at = lines.slice(0, Math.max(0, line - 1)).reduce((n, l) => n + l.length + 1, 0) + Math.max(0, column - 1);
      area.focus();
      area.setSelectionRange(at, at);
    },
    focus() { area.focus(); },
  };
}
