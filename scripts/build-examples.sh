#!/usr/bin/env bash
# Rebuilds the example programs (examples/programs/*/: a folder with a Cargo.toml is built with
# cargo for wasm32-wasip1, a folder of .c files with clang for wasm32-wasi) and the hostile test
# modules (tests/fixtures/programs/hostile/*.wat, with wat2wasm from npm's wabt), reproducibly:
# fixed flags, no absolute path in any output, so the same toolchain gives the same bytes.
#
#   scripts/build-examples.sh              rebuild every .wasm beside its source, and write the
#                                          toolchain's versions to examples/programs/toolchain.txt
#   scripts/build-examples.sh --out DIR    write the builds into DIR instead (DIR/NAME.wasm for
#                                          an example, DIR/hostile/NAME.wasm), sources untouched
#   scripts/build-examples.sh --check      only look for the toolchain: print its versions (as
#                                          toolchain.txt holds them) and exit 0, or name what is
#                                          missing and exit 3
#   --no-install                           install nothing (not the Rust target, not wabt): a
#                                          missing wat2wasm skips the hostile modules
#
# It installs nothing system-wide but the Rust target (`rustup target add wasm32-wasip1`);
# wabt goes into a temporary folder when wat2wasm (of the pinned version) is not on PATH or in
# node_modules/.bin.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

out="" check=0 install=1
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$(cd "$2" && pwd); shift 2 ;;
    --check) check=1; shift ;;
    --no-install) install=0; shift ;;
    *) echo "build-examples: unknown option $1 (expected --out DIR, --check, --no-install)" >&2; exit 2 ;;
  esac
done

WABT_VERSION=1.0.39
missing=()
need() { missing+=("$1"); }

# The toolchain: Rust with the wasm32-wasip1 target; clang, lld's wasm-ld, wasi-libc and the
# wasm32 compiler-rt builtins (Debian's packages; their names are what a message asks for).
command -v cargo >/dev/null && command -v rustc >/dev/null || need "Rust (cargo and rustc, e.g. from rustup)"
has_target() { compgen -G "$(rustc --print target-libdir --target wasm32-wasip1 2>/dev/null)/libstd-*.rlib" >/dev/null; }
if command -v rustc >/dev/null && ! has_target; then
  if [ $check -eq 0 ] && [ $install -eq 1 ] && command -v rustup >/dev/null; then
    echo "build-examples: adding the Rust target wasm32-wasip1" >&2
    rustup target add wasm32-wasip1 >&2
  else
    need "the Rust target wasm32-wasip1 (rustup target add wasm32-wasip1)"
  fi
fi
if ! command -v clang >/dev/null; then
  need "clang (Debian package clang)"
else
  clang_major=$(clang -dumpversion | cut -d. -f1)
  command -v wasm-ld >/dev/null || need "wasm-ld (Debian package lld)"
  sysroot=()
  [ -n "${WASI_SYSROOT:-}" ] && sysroot=(--sysroot="$WASI_SYSROOT")
  [ "$(clang --target=wasm32-wasi "${sysroot[@]}" -print-file-name=libc.a)" != libc.a ] || need "wasi-libc (Debian package wasi-libc, or set WASI_SYSROOT)"
  [ -f "$(clang --target=wasm32-wasi -print-libgcc-file-name)" ] || need "the wasm32 compiler-rt builtins (Debian package libclang-rt-$clang_major-dev-wasm32)"
fi
if [ ${#missing[@]} -gt 0 ]; then
  printf 'build-examples: missing %s\n' "${missing[@]}" >&2
  exit 3
fi

# The versions the bytes depend on (toolchain.txt; the test compares only when they are equal).
versions() {
  rustc --version
  echo "clang $(clang -dumpversion)"
  echo "wasi-libc $(dpkg-query -W -f '${Version}' wasi-libc 2>/dev/null || echo "at ${WASI_SYSROOT:-the default sysroot}")"
}
if [ $check -eq 1 ]; then
  versions
  exit 0
fi

into() { # where the build of example or fixture $1 goes
  if [ -n "$out" ]; then echo "$out/$2"; else echo "$1"; fi
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$out" ] && mkdir -p "$out/hostile"

for dir in examples/programs/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  target=$(into "$dir/$name.wasm" "$name.wasm")
  if [ -f "$dir/Cargo.toml" ]; then
    # Only these flags: the caller's RUSTFLAGS or wrappers must not change the bytes. Paths
    # that could end up in the module (panic locations) are mapped to the repository's.
    (cd "$dir" && env -u CARGO_ENCODED_RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u RUSTC_WRAPPER -u CARGO_BUILD_TARGET_DIR \
      CARGO_TARGET_DIR="$work/$name" \
      RUSTFLAGS="--remap-path-prefix=$root/$dir=$dir --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=cargo" \
      cargo build --quiet --locked --release --target wasm32-wasip1)
    cp "$work/$name/wasm32-wasip1/release/$name.wasm" "$target"
  else
    sources=$(cd "$dir" && ls ./*.c | sort)
    # shellcheck disable=SC2086 # the sources are plain file names
    (cd "$dir" && clang --target=wasm32-wasi "${sysroot[@]}" -O2 -Wall -Wextra -Werror \
      -ffile-prefix-map="$root/$dir"=. -Wl,--strip-all -o "$work/$name.wasm" $sources)
    cp "$work/$name.wasm" "$target"
  fi
  echo "built $target ($(wc -c < "$target") bytes)"
done

# wat2wasm of the pinned version only (another version may encode differently).
wat2wasm=""
for candidate in "$(command -v wat2wasm || true)" "$root/node_modules/.bin/wat2wasm"; do
  if [ -z "$wat2wasm" ] && [ -x "$candidate" ] && [ "$("$candidate" --version 2>/dev/null)" = "$WABT_VERSION" ]; then
    wat2wasm=$candidate
  fi
done
if [ -z "$wat2wasm" ] && [ $install -eq 1 ]; then
  echo "build-examples: installing wabt $WABT_VERSION (for wat2wasm) into a temporary folder" >&2
  npm install --silent --no-save --prefix "$work/wabt" "wabt@$WABT_VERSION" >&2
  wat2wasm=$work/wabt/node_modules/.bin/wat2wasm
fi
if [ -z "$wat2wasm" ]; then
  echo "build-examples: no wat2wasm $WABT_VERSION here (npm package wabt): the hostile modules were not rebuilt"
else
  for wat in tests/fixtures/programs/hostile/*.wat; do
    name=$(basename "$wat" .wat)
    target=$(into "${wat%.wat}.wasm" "hostile/$name.wasm")
    "$wat2wasm" "$wat" -o "$target"
    echo "built $target ($(wc -c < "$target") bytes)"
  done
fi

[ -z "$out" ] && versions > examples/programs/toolchain.txt
exit 0
