#!/usr/bin/env bash
# Fuzzes the input readers (the `games` crate's formats, `rails::inputs`) with cargo-fuzz on the nightly toolchain.
#   scripts/fuzz.sh [TARGET|all] [SECONDS]     (default: all targets, 600 s each)
# Each corpus (fuzz/corpus/TARGET, not committed) starts from the test fixtures, the bundled
# maps, share links made by the CLI, and fuzz/seeds/TARGET. A run's libFuzzer log goes to
# fuzz/logs/TARGET.log; its last line (executions, coverage) is printed. A crash leaves its
# input in fuzz/artifacts/TARGET/ and the script exits 1 (after the other targets ran).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(lifter_map lifter_route punter_map punter_log punter_messages labyrinth_save link scheme pig_marks lifter_marks punter_marks labyrinth_marks)
target=${1:-all}
seconds=${2:-600}

if ! rustup toolchain list | grep -q '^nightly'; then
  rustup toolchain install nightly --profile minimal
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

small() { find "$@" -maxdepth 1 -type f -size -64k; }

seed() {
  local t=$1 dir=fuzz/corpus/$1
  [ -n "$(ls -A "$dir" 2>/dev/null)" ] && return
  mkdir -p "$dir"
  [ -d "fuzz/seeds/$t" ] && cp fuzz/seeds/"$t"/* "$dir"/
  local arcade=target/release/arcade
  case $t in
    lifter_map) cp maps/lifter/*.map "$dir"/ ;;
    lifter_route)
      tail -n +2 tests/fixtures/lifter-routes.tsv | head -40 | while IFS=$'\t' read -r map route _; do
        [ -f "maps/lifter/$map.map" ] && { cat "maps/lifter/$map.map"; printf '\n@route\n%s\n' "$route"; } > "$dir/$map.txt"
      done ;;
    punter_map) for f in $(small maps/punter maps/punter/examples); do cp "$f" "$dir"/; done ;;
    punter_log) for f in $(small tests/fixtures/punter); do cp "$f" "$dir"/; done ;;
    labyrinth_save|link)
      cargo build --release --quiet --bin arcade
      for s in 1 2 3; do
        players=$(echo yellow:ai,red:human,blue:ai,green:human | cut -d, -f1-$((s + 1)))
        if [ "$t" = labyrinth_save ]; then
          $arcade labyrinth new --players "$players" --seed "$s" > "$dir/new-$s.sav"
        else
          $arcade labyrinth play --seed "$s" --players "$players" --max-turns 6 --json | sed 's/.*"link":"\([^"]*\)".*/\1/' > "$dir/labyrinth-$s.txt"
          $arcade pig link optimal hold20 --game "$s" --games 3 > "$dir/pig-$s.txt"
          $arcade lifter link contest$s LLDDRRUU --view 3 > "$dir/lifter-$s.txt"
          $arcade punter play sample --bots greedy,random --seed "$s" --json | sed 's/.*"link":"\([^"]*\)".*/\1/' > "$dir/punter-$s.txt"
        fi
      done
      [ "$t" = link ] && $arcade pig tournament optimal hold20 pace --games 2 --json | sed 's/.*"link":"\([^"]*\)".*/\1/' > "$dir/tournament.txt"
      ;;
  esac
}

run() {
  local t=$1
  seed "$t"
  mkdir -p fuzz/logs
  echo "== fuzz $t for ${seconds}s"
  if ! (cd fuzz && cargo +nightly fuzz run --release "$t" -- -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1) > "fuzz/logs/$t.log" 2>&1; then
    tail -n 30 "fuzz/logs/$t.log"
    echo "fuzz $t: a finding; its input is in fuzz/artifacts/$t/" >&2
    return 1
  fi
  grep -E '^#[0-9]+' "fuzz/logs/$t.log" | tail -n 1
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "fuzz/logs/$t.log" | tr '\n' ' '
  echo
}

if [ "$target" = all ]; then
  failed=0
  for t in "${TARGETS[@]}"; do run "$t" || failed=1; done
  exit $failed
else
  run "$target"
fi
