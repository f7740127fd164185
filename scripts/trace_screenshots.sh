#!/usr/bin/env bash
# Redraws the README's screenshots of the trace page (`gjk trace --html`):
# docs/trace-2d.png and docs/trace-3d.png, from the two cases of
# examples/traces.jsonl, in the system's headless Chromium (Debian's
# `chromium`; nothing is downloaded).
#
#   scripts/trace_screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
browser=${BROWSER:-chromium}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cargo build --release --quiet -p gjk-cli
shoot() { # case id, fragment, window size, output
  target/release/gjk trace --id "$1" --html "$out/$1.html" examples/traces.jsonl >/dev/null
  "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$out/profile" --virtual-time-budget=3000 \
    --window-size="$3" --screenshot="$4" "file://$out/$1.html#$2" 2>/dev/null
}
shoot vertex-vertex-2d-1-14 "step=3" 1100,900 docs/trace-2d.png
shoot vertex-edge-3d-1-2 "step=4&yaw=-20&pitch=35" 1560,1000 docs/trace-3d.png
ls -l docs/trace-2d.png docs/trace-3d.png
