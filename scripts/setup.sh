#!/usr/bin/env bash
# Installs whatever is missing for building (and, with --test, for testing) on a fresh Debian
# machine of this project's kind. Idempotent: a second run installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
want_test=${1:-}

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding the $component component (./test checks the format and the lints)"
    rustup component add "$component"
  fi
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The wasm-bindgen CLI must equal the wasm-bindgen crate version pinned in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (about 7 minutes on 2 cores, once per machine)"
  cargo install wasm-bindgen-cli --version "=$want" --locked \
    || cargo install wasm-bindgen-cli --version "=$want"
fi

if ! command -v python3 >/dev/null; then
  say "installing python3 (static file server)"
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y python3
fi

# npm packages: wasm-opt (binaryen) for the build, playwright-core and axe-core (the
# accessibility check, e2e/axe.test.mjs) for the browser tests, esbuild + CodeMirror (the labs'
# editor bundle) and marked (the documents as pages), all from package-lock.json.
if ! [ -x node_modules/.bin/wasm-opt ] || ! [ -d node_modules/playwright-core ] || ! [ -x node_modules/.bin/esbuild ] \
    || ! [ -d node_modules/marked ] || ! [ -d node_modules/@codemirror/view ] || ! [ -d node_modules/axe-core ]; then
  if ! command -v npm >/dev/null; then
    say "installing Node.js and npm"
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
  fi
  say "installing binaryen (wasm-opt), playwright-core, axe-core, esbuild, CodeMirror and marked (npm, about 140 MB, most of it binaryen)"
  npm ci --no-audit --no-fund
fi

if [ "$want_test" = "--test" ]; then
  if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
    say "installing Debian's chromium and chromium-driver"
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
fi
