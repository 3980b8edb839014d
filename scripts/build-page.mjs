// Builds the page's generated files in pkg/ (run by scripts/build-page.sh, after the engines):
//   pkg/codemirror-<hash>.js   CodeMirror 6, bundled and minified by esbuild from
//                              scripts/code-editor-entry.js (one ES module; loaded by
//                              www/code-editor.js only when a lab mounts an editor)
//   pkg/completions.json       each game's API completions, read from docs/JAVASCRIPT-API.md
//   pkg/JAVASCRIPT-API.html, pkg/PROGRAMS.html, pkg/docs.css
//                              the documents the labs link to, rendered from their Markdown
//   pkg/page-files.js          the bundle's hashed name (never cached; as pkg/modules.js is)
// Files of an earlier build that these replace are removed; the engine modules are left alone.
import { build } from 'esbuild';
import { marked } from 'marked';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, readdirSync, rmSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PKG = join(ROOT, 'pkg');
const API_DOC = 'docs/JAVASCRIPT-API.md';
const DOCS = [API_DOC, 'docs/PROGRAMS.md'];
// The sections of docs/JAVASCRIPT-API.md and the game each documents.
const SECTIONS = { 'Pig': 'pig', 'Lambda Lifter': 'lifter', 'Lambda Punter': 'punter', 'Labyrinth': 'labyrinth' };

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const write = (name, text) => { writeFileSync(join(PKG, `${name}.tmp`), text); renameSync(join(PKG, `${name}.tmp`), join(PKG, name)); };

// CodeMirror's styles (style-mod) go into a <style> element when the editor is in a document,
// which the page's Content-Security-Policy (style-src 'self') refuses; a constructed stylesheet
// (document.adoptedStyleSheets, as style-mod already does in a shadow root) is not inline
// style. The bundle takes that branch in documents too.
const ADOPTED = {
  name: 'adopted-style-sheets',
  setup(b) {
    b.onLoad({ filter: /style-mod[\\/]src[\\/]style-mod\.js$/ }, ({ path }) => {
      const was = 'if (!root.head && root.adoptedStyleSheets && win.CSSStyleSheet) {';
      const text = readFileSync(path, 'utf8');
      if (!text.includes(was)) throw new Error(`${path}: style-mod changed; check how it mounts its styles`);
      return { contents: text.replace(was, 'if (root.adoptedStyleSheets && win.CSSStyleSheet) {'), loader: 'js' };
    });
  },
};

/** The editor bundle: its file name in pkg/. */
async function bundleEditor() {
  const out = await build({
    entryPoints: [join(ROOT, 'scripts/code-editor-entry.js')], bundle: true, format: 'esm', minify: true,
    target: 'es2020', write: false, legalComments: 'none', logLevel: 'warning', plugins: [ADOPTED],
  });
  const code = out.outputFiles[0].contents;
  const name = `codemirror-${hash(code)}.js`;
  write(name, Buffer.from(code));
  return name;
}

/**
 * The keys of the object literals in `text` (`{ seat, tiles, pawns: [[colour, row]] }` → seat,
 * tiles, pawns): identifiers directly inside braces, followed by `,`, `:` or `}`.
 */
function keysIn(text) {
  const keys = [];
  const stack = [];
  const re = /[{}[\]()]|[A-Za-z_$][\w$]*(?=\s*[,:}])|"[^"]*"|'[^']*'/g;
  for (const [t] of text.matchAll(re)) {
    if ('{[('.includes(t)) stack.push(t);
    else if ('}])'.includes(t)) stack.pop();
    else if (stack.at(-1) === '{' && /^[A-Za-z_$]/.test(t)) keys.push(t);
  }
  return keys;
}

/** Every code span and code block under `tokens`, in order. */
function codeOf(tokens, out = []) {
  for (const t of tokens) {
    if (t.type === 'codespan' || t.type === 'code') out.push(t.text);
    for (const k of ['tokens', 'items']) if (Array.isArray(t[k])) codeOf(t[k], out);
  }
  return out;
}

/**
 * Each game's completions from the API document: the functions it asks for (`function NAME(…)`
 * in its section's code, as a snippet), their parameters and the fields of the objects its
 * section shows (the view, Punter's messages and answers). { game: [{ label, type, detail }] }
 */
function completions(markdown) {
  const sections = {};
  let game = null;
  for (const token of marked.lexer(markdown)) {
    if (token.type === 'heading' && token.depth === 2) game = SECTIONS[token.text] ?? null;
    else if (game) (sections[game] ??= []).push(...codeOf([token]));
  }
  const result = {};
  for (const [id, code] of Object.entries(sections)) {
    const seen = new Map();
    const add = (label, type, detail) => { if (!seen.has(label)) seen.set(label, { label, type, detail }); };
    for (const text of code) {
      for (const [, name, params] of text.matchAll(/function\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)/g)) {
        add(name, 'function', `${name}(${params.trim()})`);
        for (const p of params.split(',').map((s) => s.trim()).filter(Boolean)) add(p, 'variable', `parameter of ${name}`);
      }
    }
    // Comments and code apart (a comment in a function body is not inside an object), each
    // with its own brackets.
    for (const text of code) {
      for (const part of text.split(/(\/\/[^\n]*)/)) for (const key of keysIn(part)) if (!WORDS.has(key)) add(key, 'property', 'field');
    }
    result[id] = [...seen.values()];
  }
  for (const id of Object.values(SECTIONS)) {
    if (!result[id]?.length) throw new Error(`${API_DOC}: no completions found for ${id} (its section moved?)`);
  }
  return result;
}

const WORDS = new Set(['null', 'true', 'false', 'undefined']);
const slug = (text) => text.toLowerCase().replace(/<[^>]*>/g, '').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');

/** A Markdown document as a page of its own: headings with anchors, links to the other documents rewritten. */
function renderDoc(markdown, title) {
  const used = new Map();
  const renderer = new marked.Renderer();
  renderer.heading = function heading({ tokens, depth }) {
    const inner = this.parser.parseInline(tokens);
    let id = slug(inner);
    const n = used.get(id) ?? 0;
    used.set(id, n + 1);
    if (n) id = `${id}-${n}`;
    return `<h${depth} id="${id}"><a class="anchor" href="#${id}" aria-label="Link to this section">#</a>${inner}</h${depth}>\n`;
  };
  const body = marked.parse(markdown, { renderer, gfm: true })
    .replace(/href="(?:\.\/|docs\/)?(JAVASCRIPT-API|PROGRAMS)\.md(#[^"]*)?"/g, 'href="$1.html$2"');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Lambda Arcade</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="docs.css">
</head>
<body>
<nav><a href="../">Lambda Arcade</a> · <a href="JAVASCRIPT-API.html">The JavaScript API</a> · <a href="PROGRAMS.html">Programs</a></nav>
<main>
${body}</main>
</body>
</html>
`;
}

const DOCS_CSS = `/* The rendered documents (scripts/build-page.mjs). */
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; background: #f6f7fb; }
nav { padding: 10px 20px; background: #1d2433; color: #c9ced8; font-size: 14px; }
nav a { color: #fff; }
main { max-width: 820px; margin: 0 auto; padding: 8px 20px 48px; background: #fff; min-height: 100vh; box-sizing: border-box; overflow-wrap: break-word; }
h1 { font-size: 28px; line-height: 1.25; } h2 { margin-top: 2em; border-bottom: 1px solid #e3e6ee; padding-bottom: 4px; }
h1, h2, h3, h4 { position: relative; }
a.anchor { position: absolute; left: -1em; width: 1em; color: #aab; text-decoration: none; opacity: 0; }
h1:hover a.anchor, h2:hover a.anchor, h3:hover a.anchor, h4:hover a.anchor, a.anchor:focus { opacity: 1; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 14px; }
code { background: #eef1f6; border-radius: 4px; padding: 1px 4px; }
pre { background: #f3f5f9; border: 1px solid #e3e6ee; border-radius: 8px; padding: 12px; overflow-x: auto; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #e3e6ee; padding: 4px 8px; text-align: left; vertical-align: top; }
@media (max-width: 600px) { main { padding: 4px 14px 32px; } h1 { font-size: 23px; } }
`;

const fresh = new Set(['page-files.js', 'completions.json', 'docs.css']);
const editor = await bundleEditor();
fresh.add(editor);
write('completions.json', `${JSON.stringify(completions(readFileSync(join(ROOT, API_DOC), 'utf8')))}\n`);
for (const doc of DOCS) {
  const markdown = readFileSync(join(ROOT, doc), 'utf8');
  const name = doc.replace(/^docs\//, '').replace(/\.md$/, '.html');
  write(name, renderDoc(markdown, markdown.match(/^# (.*)$/m)?.[1] ?? name));
  fresh.add(name);
}
write('docs.css', DOCS_CSS);
write('page-files.js', `// Written by scripts/build-page.mjs: the page's generated files (the bundle named by content hash).\nexport const PAGE_FILES = ${JSON.stringify({ editor })};\n`);
for (const name of readdirSync(PKG)) {
  if (/^codemirror-[0-9a-f]{16}\.js$/.test(name) && !fresh.has(name)) rmSync(join(PKG, name));
}
