#!/usr/bin/env bash
# A short fuzzing run of every target, one at a time, on stable:
# SECONDS_PER_TARGET seconds each (default 20). Stops at the first crash,
# mismatch or hang (cargo fuzz exits non-zero), printing its log.
set -euo pipefail
cd "$(dirname "$0")"
time=${SECONDS_PER_TARGET:-20}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in case_line query_f64 f32_bits diff_2d diff_3d diff_nd diff_exact certified rational_loops; do
  echo "== $t ($time s)"
  if ! cargo fuzz run -s none "$t" -- -max_total_time="$time" -timeout=10 \
      -print_final_stats=1 >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "smoke: $t failed (input in artifacts/$t)" >&2
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units)' "$log"
done
