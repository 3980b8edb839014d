// The entry of the vendored CodeMirror bundle (pkg/codemirror-<hash>.js, built by
// scripts/build-page.mjs with esbuild): exactly what www/code-editor.js uses, nothing more.
export { EditorState, Compartment, Prec } from '@codemirror/state';
export {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  drawSelection,
} from '@codemirror/view';
export { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from '@codemirror/commands';
export {
  bracketMatching, matchBrackets, indentOnInput, syntaxHighlighting, defaultHighlightStyle, HighlightStyle, StreamLanguage,
  indentUnit,
} from '@codemirror/language';
export { autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap, completeFromList } from '@codemirror/autocomplete';
export { setDiagnostics, lintGutter } from '@codemirror/lint';
export { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
export { scheme } from '@codemirror/legacy-modes/mode/scheme';
