#!/usr/bin/env bash
# Builds lore's libFuzzer targets (Fuzz/*) into .build-fuzz and runs each for SECONDS.
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]        (make fuzz SECONDS_PER_TARGET=600)
#
# Each target starts from a temporary copy of Fuzz/seeds/<target>, so new inputs never land in the
# repository. Prints each target's executions; exits non-zero on any crash, leak, timeout or
# out-of-memory, and prints the path of the input that caused it (kept under .build-fuzz/artifacts).
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
[ $# -gt 0 ] && shift
case $seconds in '' | *[!0-9]*) echo "usage: $0 [SECONDS] [TARGET...]" >&2; exit 64 ;; esac
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzParse FuzzHTML FuzzAnalyzer FuzzQuery)

SWIFT=${SWIFT:-swift}
scratch=.build-fuzz
export LORE_FUZZ=1   # Package.swift declares the Fuzz* targets only when this is set

# The recipe: both sanitizer options exactly so (one --sanitize plus -Xswiftc); other combinations
# build a binary that silently does not fuzz.
for t in "${targets[@]}"; do
  [ -d "Fuzz/$t" ] || { echo "fuzz: no such target Fuzz/$t" >&2; exit 64; }
  echo "== building $t"
  "$SWIFT" build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    --scratch-path "$scratch" --product "$t" 2>&1 \
    | grep -v -e "^warning: 'main': Source files for target" -e "Cannot export local symbol '__asan_extra_spill_area'"
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzz: build of $t failed" >&2; exit 2; }
done
bindir=$("$SWIFT" build -c release --scratch-path "$scratch" --show-bin-path 2>/dev/null)

work=$(mktemp -d "${TMPDIR:-/tmp}/lore-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
artifacts="$scratch/artifacts"
mkdir -p "$artifacts"

status=0
summary=()
for t in "${targets[@]}"; do
  corpus="$work/corpus/$t"
  mkdir -p "$corpus" "$work/tmp/$t" "$artifacts/$t"
  [ -d "Fuzz/seeds/$t" ] && cp -R "Fuzz/seeds/$t/." "$corpus/"
  dict=()
  case $t in FuzzParse | FuzzHTML) dict=(-dict=Fuzz/dicts/markup.dict) ;; esac
  log="$work/$t.log"
  echo "== fuzzing $t for ${seconds}s (seeds: $(ls "$corpus" | wc -l))"
  start=$(date +%s)
  SWIFT_BACKTRACE=enable=no TMPDIR="$work/tmp/$t" "$bindir/$t" "$corpus" "${dict[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -report_slow_units=3 -print_final_stats=1 \
    -artifact_prefix="$PWD/$artifacts/$t/" >"$log" 2>&1
  rc=$?
  elapsed=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  slowest=$(grep -o 'stat::slowest_unit_time_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  cov=$(grep -oE '(DONE|pulse|NEW|REDUCE|INITED) +cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$')
  line="$t: ${execs:-?} executions in ${elapsed}s, cov ${cov:-?}, slowest unit ${slowest:-?}s, exit $rc"
  # A binary built without the fuzzer instrumentation runs but finds nothing: treat that as failure.
  if ! grep -q 'inline 8-bit counters' "$log"; then
    line="$line — NOT INSTRUMENTED (no coverage counters)"; [ "$rc" -ne 0 ] || rc=3
  fi
  echo "$line"
  summary+=("$line")
  grep -E 'Slowest unit' "$log" | tail -3 | sed "s/^/$t: /"
  if [ "$rc" -ne 0 ]; then
    status=1
    echo "---- $t failed; last lines of libFuzzer's output:"
    grep -v -E '^#[0-9]+ +(NEW|REDUCE|pulse)|NEW_FUNC' "$log" | tail -60
    grep -E 'Test unit written to|^artifact_prefix' "$log" | sed "s/^/$t: /"
    cp "$log" "$artifacts/$t/failure-$(date +%Y%m%d-%H%M%S).log" && echo "$t: full log kept in $artifacts/$t/"
  fi
done

echo "== summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
exit $status
