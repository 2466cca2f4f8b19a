#!/usr/bin/env bash
# The empty board solved from scratch on one thread, weak and strong, by
# abprune (no book) and by the reference solver (scripts/reference-solver),
# in one session. About 15 minutes. Run it under the machine's timing lock:
#   flock /work/timing.lock scripts/connect4-empty-board.sh [extra options for abprune solve connect4]
# Environment: BIN (default target/release/abprune, built first).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${BIN:-} ]]; then
  cargo build --release -q -p abprune-cli
  BIN=target/release/abprune
fi
for mode in weak strong; do
  flag=()
  ref_flag=()
  [[ $mode == weak ]] && flag=(--weak) && ref_flag=(-w)
  echo "abprune $mode: $("$BIN" solve connect4 "" --json --threads 1 "${flag[@]}" "$@")"
  echo "reference $mode: $(echo "" | scripts/reference-solver/run.sh /dev/stdin "${ref_flag[@]}" | head -n 1)"
done
