#!/usr/bin/env bash
# The cost of an exact Connect Four solve by the number of moves played:
# random positions (scripts/connect4-positions.py, fixed seed) of 0 to 12
# stones, each solved single-threaded from an empty table, weak and strong.
# Prints one line per plies and mode: `PLIES MODE POSITIONS MEAN_US MEAN_NODES`
# (the table `abprune plot connect4-curve` draws). Usage:
#   scripts/connect4-cost-curve.sh [extra options for abprune solve connect4]
# Environment: BIN (default target/release/abprune, built first), PLIES
# (default "0 1 ... 12"), SAMPLES ("PLIES:COUNT ..." overriding the default
# counts), SEED (default 1). Times are measurements: run it under the
# machine's timing lock (`flock /work/timing.lock scripts/...`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${BIN:-} ]]; then
  cargo build --release -q -p abprune-cli
  BIN=target/release/abprune
fi
seed=${SEED:-1}
# Positions per plies: few where one solve takes minutes, more where noise dominates.
declare -A count=([0]=1 [1]=4 [2]=4 [3]=6 [4]=8 [5]=10 [6]=12 [7]=12 [8]=16 [9]=16 [10]=20 [11]=20 [12]=20)
for pair in ${SAMPLES:-}; do count[${pair%%:*}]=${pair##*:}; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# plies mode positions mean_us mean_nodes"
for plies in ${PLIES:-0 1 2 3 4 5 6 7 8 9 10 11 12}; do
  for mode in weak strong; do
    flag=()
    [[ $mode == weak ]] && flag=(--weak)
    if ((plies == 0)); then
      # A batch skips empty lines: the empty board is solved on its own.
      "$BIN" solve connect4 "" --json --threads 1 "${flag[@]}" "$@" >"$work/out"
      us=$(sed 's/.*"microseconds":\([0-9]*\).*/\1/' "$work/out")
      nodes=$(sed 's/.*"nodes":\([0-9]*\).*/\1/' "$work/out")
      echo "$plies $mode 1 $us $nodes"
      continue
    fi
    scripts/connect4-positions.py "$plies" "${count[$plies]}" "$seed" >"$work/positions"
    "$BIN" solve connect4 --batch "$work/positions" --threads 1 "${flag[@]}" "$@" 2>/dev/null >"$work/out"
    awk -v plies="$plies" -v mode="$mode" '/^# positions/ {p = $3} /^# mean time/ {t = $4} /^# mean nodes/ {n = $4}
      END {printf "%d %s %d %.1f %.1f\n", plies, mode, p, t, n}' "$work/out"
  done
done
