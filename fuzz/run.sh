#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in build-sanitize/ (the sanitizer tree the test suite
# shares: scripts/configure-sanitize.sh) and runs each for N seconds.
#   bash fuzz/run.sh        20 s per target
#   bash fuzz/run.sh 600    a longer run (docs/fuzzing.md)
# Corpora grow in build-sanitize/corpus/<target>/ (seeded from samples/ on every run); crash
# inputs are written to build-sanitize/crashes/<target>/. Exits 1 if any target found a crash,
# a leak or a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-20}
case "$seconds" in
  '' | *[!0-9]*)
    echo "usage: bash fuzz/run.sh [SECONDS]  (whole seconds per target, found '$seconds')" >&2
    exit 2
    ;;
esac
build_dir=build-sanitize
targets=(yaml_record_fuzz json_record_fuzz card_fuzz league_fuzz live_line_fuzz)

bash scripts/configure-sanitize.sh
cmake --build "$build_dir" --parallel "$(nproc)" --target "${targets[@]}"

corpus="$build_dir/corpus"
mkdir -p "$corpus"/{yaml_record_fuzz,json_record_fuzz,card_fuzz,league_fuzz,live_line_fuzz}
# Seeds: libFuzzer names corpus files by content hash, so copying again is harmless.
seed() {  # seed TARGET FILE...
  local target=$1 file
  shift
  for file in "$@"; do
    [ -f "$file" ] && cp "$file" "$corpus/$target/seed-$(sha1sum < "$file" | cut -c1-16)"
  done
  return 0
}
shopt -s nullglob
seed yaml_record_fuzz samples/*/valid/*.yaml samples/*/invalid/*.yaml
seed json_record_fuzz samples/*/valid/*.json samples/*/invalid/*.json
seed league_fuzz samples/league/*/league.yaml
# Live lines: the protocol lines of the README, one per file, and one script of several.
live="$corpus/live_line_fuzz"
printf '%s\n' '{"event":"view","seat":"E"}' > "$live/seed-view"
printf '%s\n' '{"event":"legal","seat":"E"}' > "$live/seed-legal"
printf '%s\n' '{"event":"play","seat":"E","card":"3C"}' > "$live/seed-play"
printf '%s\n' '{"event":"play","card":"10h"}' > "$live/seed-play-short"
printf '%s\n' '{"event":"deal","dealer":"N"}' > "$live/seed-deal"
printf '%s\n' '{"event":"legal","seat":"E"}' '{"event":"play","seat":"E","card":"3C"}' \
  '{"event":"view","seat":"S"}' '{"event":"play","card":"4C"}' > "$live/seed-script"
cards=(AS KH QD JC TS 10H 9c 2d "A♠" "10♥" "q♦" "7♣" 1S 11H XS A "" "AS " " AS" 0C)
for i in "${!cards[@]}"; do printf '%s' "${cards[$i]}" > "$corpus/card_fuzz/seed-$i"; done
shopt -u nullglob

status=0
for target in "${targets[@]}"; do
  crashes="$build_dir/crashes/$target"
  mkdir -p "$crashes"
  log="$build_dir/$target.log"
  start=$(date +%s)
  if "$build_dir/fuzz/$target" "$corpus/$target" -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout=10 -max_len=65536 -artifact_prefix="$crashes/" -print_final_stats=1 > "$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  echo "fuzz: $target $result: $runs runs in $(( $(date +%s) - start )) s, corpus $(ls "$corpus/$target" | wc -l) files (log $log)"
  if [ "$result" = FAILED ]; then
    grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -n 5 | sed 's/^/  /'
  fi
done
exit $status
