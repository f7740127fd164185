#!/usr/bin/env bash
# A libFuzzer campaign of ccd_fuzz.cpp: libccd against the crate's exact
# answers on generated pairs. Usage: campaign.sh SECONDS OUTDIR
# (from the repository root; needs clang, libccd-dev). OUTDIR receives
# summary.txt (executions, restarts, disagreement counts by kind) and
# findings.jsonl (the first case of each kind, pasteable into gjk check).
set -euo pipefail
seconds=${1:?seconds}
out=${2:?outdir}
mkdir -p "$out/work" "$out/corpus"
rm -f "$out"/work/counts-* "$out"/work/findings-*
cargo build --release --quiet -p gjk-capi
target=${CARGO_TARGET_DIR:-target}
here=crates/gjk-peers/fuzz
clang++ -std=c++17 -O1 -g -fsanitize=fuzzer -I crates/gjk-capi/include \
  "$here/ccd_fuzz.cpp" "$target/release/libgjk_capi.a" -lccd -lm -lpthread -ldl \
  -o "$out/ccd_fuzz"
# Fork mode: libFuzzer runs the inputs in child processes and goes on
# after a crash or a timeout (libccd's EPA can loop for ever: the input is
# kept as OUTDIR/timeout-*); each child writes its counts every 100
# executions. A child's timeout handler can itself hang (seen 2026-11-27:
# the child blocked on a lock while printing the stack of a looping
# libccd, the parent waiting on it for ever), so the whole campaign runs
# under a wall-clock cap of SECONDS + 60 (GNU timeout kills the process
# group, children included); summary.txt says whether the cap ended it.
wall=0
GJK_FUZZ_OUT="$out/work" timeout -k 5 $((seconds + 60)) "$out/ccd_fuzz" -fork=1 \
  -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$seconds" -timeout=2 \
  -rss_limit_mb=4096 -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus" \
  >"$out/work/fuzzer.log" 2>&1 || wall=$?
{
  echo "seconds $seconds"
  echo "wall_cap_hit $([ "$wall" = 124 ] || [ "$wall" = 137 ] && echo yes || echo no)"
  echo "libfuzzer_last_line $(grep -E '^#[0-9]+' "$out/work/fuzzer.log" | tail -1)"
  echo "timeout_inputs $(ls "$out" | grep -c '^timeout-' || true)"
  echo "crash_inputs $(ls "$out" | grep -c '^crash-' || true)"
  cat "$out"/work/counts-* | awk '{s[$1]+=$2} END {for (k in s) print k, s[k]}' | sort
} >"$out/summary.txt"
cat "$out"/work/findings-* 2>/dev/null | sort -u -t'"' -k4,4 >"$out/findings.jsonl" || true
cat "$out/summary.txt"
