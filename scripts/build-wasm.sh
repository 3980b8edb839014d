#!/usr/bin/env bash
# Builds one wasm engine module per game into pkg/, so the page loads only the game it shows:
#   pkg/<module>-<hash>.js, pkg/<module>-<hash>.wasm  (names carry a hash of the content: they
#   may be cached for ever, and a rebuild changes the name)
#   pkg/modules.js                                     (module → file names; never cached)
# then the page's other generated files (scripts/build-page.sh).
# Each module is its own cdylib crate, crates/wasm-<module> (the shared rails and the helpers of
# crates/wasm-common are compiled into each), bound by wasm-bindgen, then optimised by wasm-opt
# (Binaryen, from npm).
set -euo pipefail
cd "$(dirname "$0")/.."

# module:profile — `pig` is the start page's: Pig's rules and Play, without the Scheme
# interpreter and the workbench (A/B tests, programs, marks, tournaments, re-runs); `pig-scheme`
# has everything (Pig's other tabs, and the sandbox worker's strategies). The profile `page`
# optimises for size (Cargo.toml says why); Lifter's solver keeps `release`'s speed.
MODULES="pig:page pig-scheme:page lifter:release punter:page labyrinth:page"
OUT=target/wasm-modules
WASM_OPT=node_modules/.bin/wasm-opt
# The wasm features rustc emits for wasm32-unknown-unknown (wasm-opt must accept them all).
OPT_FEATURES="--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue"

mkdir -p "$OUT/opt" pkg
# wasm-opt takes seconds a module: it runs while cargo builds the next module (cargo's last step,
# the one codegen unit, keeps one core busy), and its output is kept by the hash of its input.
optimise() {
  local bound=$1 opt=$2
  if [ -x "$WASM_OPT" ]; then
    "$WASM_OPT" -O3 $OPT_FEATURES "$bound" -o "$opt.tmp" && mv "$opt.tmp" "$opt"
  else
    echo "[build-wasm] $WASM_OPT is missing (scripts/setup.sh installs it): $bound is not optimised" >&2
    cp "$bound" "$opt"
  fi
}
declare -A optimised
pids=()
for entry in $MODULES; do
  module=${entry%%:*}
  profile=${entry#*:}
  # One crate a build: features unify over the packages of one build, and each module's crate
  # asks the registry for its own game only.
  cargo build -p "wasm-$module" --profile "$profile" --target wasm32-unknown-unknown
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$OUT/$module" --out-name "$module" "target/wasm32-unknown-unknown/$profile/wasm_${module//-/_}.wasm"
  bound="$OUT/$module/${module}_bg.wasm"
  opt="$OUT/opt/$(sha256sum "$bound" | cut -c1-16).wasm"
  optimised[$module]=$opt
  if [ ! -f "$opt" ]; then
    optimise "$bound" "$opt" &
    pids+=($!)
  fi
done
for pid in "${pids[@]}"; do wait "$pid"; done

manifest="// Written by scripts/build-wasm.sh: each engine module's files (named by content hash).
export const MODULES = {"
fresh=""
for entry in $MODULES; do
  module=${entry%%:*}
  opt=${optimised[$module]}
  wasm_name="$module-$(sha256sum "$opt" | cut -c1-16).wasm"
  js_name="$module-$(sha256sum "$OUT/$module/$module.js" | cut -c1-16).js"
  cp "$opt" "pkg/$wasm_name"
  cp "$OUT/$module/$module.js" "pkg/$js_name"
  fresh="$fresh $wasm_name $js_name"
  manifest="$manifest
  '$module': { js: '$js_name', wasm: '$wasm_name' },"
done
printf '%s\n};\n' "$manifest" > pkg/modules.js.tmp
mv pkg/modules.js.tmp pkg/modules.js

# Files of earlier builds go (the manifest no longer names them).
for f in pkg/*; do
  name=${f#pkg/}
  case " $fresh modules.js " in *" $name "*) ;; *) rm -f "$f" ;; esac
done

# The page's generated files (the editor's CodeMirror bundle, API completions, documents as
# HTML): after the clean-up above, which does not know them.
scripts/build-page.sh
