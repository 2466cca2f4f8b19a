#!/usr/bin/env bash
# Compares option sets of `abprune solve connect4` on the same positions,
# interleaved: the positions are cut into chunks and every option set solves
# each chunk in turn (the order rotating from chunk to chunk), so that a
# machine whose speed drifts slows every option set alike. Prints each
# option set's positions, correct answers, mean time and mean nodes.
#
# Usage:
#   scripts/compare-connect4-options.sh FILE POSITIONS CHUNK "OPTIONS A" "OPTIONS B" ...
# e.g. the near-leaf table sweep quoted in docs/connect4.md:
#   scripts/compare-connect4-options.sh ../shared/data/connect4/Test_L1_R3 20 5 \
#     "--near-table-kib 1024" "--near-table-kib 2048" "--near-table-kib 4096"
set -euo pipefail
cd "$(dirname "$0")/.."
if (($# < 4)); then
  echo "usage: $0 FILE POSITIONS CHUNK OPTIONS..." >&2
  exit 2
fi
file=$1 positions=$2 chunk=$3
shift 3
configs=("$@")
cargo build --release -q -p abprune-cli
bin=target/release/abprune
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -n "$positions" "$file" | split -l "$chunk" - "$work/chunk."
turn=0
for part in "$work"/chunk.*; do
  for ((j = 0; j < ${#configs[@]}; j++)); do
    index=$(((turn + j) % ${#configs[@]}))
    # shellcheck disable=SC2086 # each option set is split into words on purpose
    "$bin" solve connect4 --batch - --threads 1 ${configs[index]} <"$part" 2>/dev/null |
      grep -E '^# (positions|correct|mean time|mean nodes)' | sed "s/^/$index /" >>"$work/out" || true
  done
  turn=$((turn + 1))
done
for ((j = 0; j < ${#configs[@]}; j++)); do
  awk -v j="$j" -v name="${configs[j]:-(defaults)}" '
    $1 == j && /positions/ {p = $4; total += p}
    $1 == j && /correct/ {correct += $4}
    $1 == j && /mean time/ {us += $5 * p}
    $1 == j && /mean nodes/ {nodes += $5 * p}
    END {printf "%-40s %d positions, %d correct, %.1f us, %.0f nodes a position\n", name, total, correct, us / total, nodes / total}' "$work/out"
done
