#!/usr/bin/env bash
# A fuzz campaign on stable: every target (or those named as arguments) for
# SECONDS_PER_TARGET seconds (default 1800), JOBS targets at a time
# (default 2), each fuzzing a scratch copy of the committed corpus (the
# committed corpus changes only by a deliberate `cargo fuzz cmin`). One
# build of all targets first, so every run uses the same commit.
#
#   SECONDS_PER_TARGET=1800 JOBS=4 ./campaign.sh            # every target
#   SECONDS_PER_TARGET=60 JOBS=1 ./campaign.sh diff_exact   # one, its rate
#
# Logs go to $OUT (default campaign-logs/), one per target; the table at the
# end gives each target's executions, rate and result. A crash, mismatch or
# hang leaves its input in artifacts/<target>/ and its log says which.
#
# Compare tracing (README, "Instrumentation"): TRACE=none (the default)
# builds every crate without it (`cargo fuzz --no-trace-compares`), into
# target/untraced/; TRACE=ours keeps it for every crate but the arithmetic
# ones (uninstrumented_arithmetic.sh), into target/arithmetic-untraced/;
# TRACE=all traces everything, as plain `cargo fuzz -s none` does, into target/.
set -uo pipefail
cd "$(dirname "$0")"
secs=${SECONDS_PER_TARGET:-1800}
jobs=${JOBS:-2}
# libFuzzer's per-input timeout: raise it when the targets share the cores
# with other work (a starved input is reported as a timeout).
timeout=${TIMEOUT:-60}
out=${OUT:-campaign-logs}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(case_line query_f64 f32_bits diff_2d diff_3d diff_nd diff_exact certified forged rational_loops)
fi
mkdir -p "$out"
case ${TRACE:-none} in
  none)
    build="--no-trace-compares --target-dir target/untraced"
    how="no compare tracing (TRACE=none)"
    ;;
  ours)
    export RUSTC_WRAPPER="$PWD/uninstrumented_arithmetic.sh"
    build="--target-dir target/arithmetic-untraced"
    how="compare tracing but for the arithmetic crates (TRACE=ours)"
    ;;
  all)
    build=""
    how="every crate traced, as plain cargo fuzz -s none (TRACE=all)"
    ;;
  *)
    echo "TRACE must be none, ours or all" >&2
    exit 2
    ;;
esac
# Word-split on purpose: flags and a path without spaces.
# shellcheck disable=SC2086
cargo fuzz build -s none $build || exit 1
echo "commit $(git rev-parse --short HEAD), ${secs} s per target, ${jobs} at a time, $(nproc) cores, ${how}, started $(date -u +%FT%TZ)" | tee "$out/summary.txt"
run() {
  t=$1
  scratch=$(mktemp -d)
  cp -r "corpus/$t/." "$scratch/"
  # The build's flags again, or cargo fuzz would rebuild (word-split on purpose).
  # shellcheck disable=SC2086
  if cargo fuzz run -s none $build "$t" "$scratch" -- -max_total_time="$secs" -timeout="$timeout" \
      -rss_limit_mb=4096 -print_final_stats=1 >"$out/$t.log" 2>&1; then
    result=clean
  else
    result="FAILED (see $out/$t.log)"
  fi
  rm -rf "$scratch"
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$t.log" | grep -o '[0-9]*$' | tail -1)
  echo "| \`$t\` | ${execs:-?} | $(( ${execs:-0} / secs )) | $result |"
}
export -f run
export secs out timeout build
echo "| target | executions | per second | result |" >>"$out/summary.txt"
echo "|---|---|---|---|" >>"$out/summary.txt"
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run "$1"' _ {} >>"$out/summary.txt"
echo "finished $(date -u +%FT%TZ)" >>"$out/summary.txt"
cat "$out/summary.txt"
! grep -q FAILED "$out/summary.txt"
