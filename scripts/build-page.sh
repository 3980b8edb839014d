#!/usr/bin/env bash
# Builds the page's generated files into pkg/ (scripts/build-page.mjs): the CodeMirror bundle
# the labs' editor loads, each game's API completions from docs/JAVASCRIPT-API.md, and the
# documents rendered to HTML. Run by scripts/build-wasm.sh after the engines; seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! [ -d node_modules/esbuild ] || ! [ -d node_modules/marked ] || ! [ -d node_modules/@codemirror/view ]; then
  echo "[build-page] node_modules lacks esbuild, marked or CodeMirror: run scripts/setup.sh" >&2
  exit 1
fi
mkdir -p pkg
node scripts/build-page.mjs
