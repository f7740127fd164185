#!/usr/bin/env bash
# Whole-command timings of `gjk query` before the redesign of issue 18 (the
# base commit of scripts/same_answers.py) and now, paired: farm-bench runs
# A (now) and B (before) in turn and takes the ratio pair by pair, so the
# load of a shared machine cancels to first order. Prints one block per
# (file, scalar mode); quote the median ratio.
#
#     scripts/bench_redesign.sh            # 15 pairs per row
#     RUNS=5 scripts/bench_redesign.sh     # fewer
#
# Needs farm-bench. Builds both binaries and the corpus through
# scripts/same_answers.py --quick (cached under target/same-answers).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-15}
python3 scripts/same_answers.py --quick >/dev/null
BASE=$(ls -d target/same-answers/base-*/target/release/gjk | head -1)
HEAD=target/release/gjk
C=target/same-answers/corpus
for dim in 2d 3d 5d; do
  cat "$C"/gen-"$dim"-*.jsonl > "target/same-answers/bench-$dim.jsonl"
done
for file in bench-2d bench-3d bench-5d; do
  for mode in f64 f32 f64-certified exact; do
    echo "== $file, --scalar $mode (A: now, B: before)"
    farm-bench -n "$RUNS" --timeout 900 \
      --vs "$BASE query --scalar $mode target/same-answers/$file.jsonl" \
      -- "$HEAD" query --scalar "$mode" "target/same-answers/$file.jsonl"
  done
done
