#!/usr/bin/env bash
# Builds the engines to wasm and writes the JS bindings to pkg/.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --lib --release --target wasm32-unknown-unknown
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-dir pkg \
  target/wasm32-unknown-unknown/release/lambda_arcade.wasm
