#!/usr/bin/env bash
# Replays all 5,308 official Lambda Punter game logs (../shared/punter/official-games.tar.xz, or
# the archive given as $1) and checks every final score against the official one.
set -euo pipefail
cd "$(dirname "$0")/.."
archive=${1:-../shared/punter/official-games.tar.xz}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xJf "$archive" -C "$work"
cargo build --release --quiet --bin arcade
find "$work" -name '*.json' | sort > "$work/logs.txt"
start=$(date +%s.%N)
xargs -a "$work/logs.txt" target/release/arcade punter replay > "$work/out.jsonl" || true
end=$(date +%s.%N)
total=$(wc -l < "$work/logs.txt")
matched=$(grep -c '"match":true' "$work/out.jsonl" || true)
printf '%s of %s logs match their official scores (%.2f s)\n' "$matched" "$total" "$(echo "$end - $start" | bc)"
grep -v '"match":true' "$work/out.jsonl" | head -20 || true
[ "$matched" = "$total" ]
