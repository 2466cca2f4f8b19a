#!/usr/bin/env bash
# The Connect Four benchmark table: every public set solved in strong mode,
# single-threaded, each position from an empty table, beside the reference
# solver's published figures (the best known specialised solver on a 2-core
# machine, no opening book) and beside that same reference algorithm run on
# this machine in the same run (scripts/reference-solver, built with g++).
# The two programs take turns chunk by chunk, so that the drift of a shared
# machine (up to 1.4x within hours, seen here) falls on both alike. Usage:
#   scripts/bench-connect4.sh [DATA_DIR] [extra options for abprune solve connect4]
# Environment: CHUNK (positions per turn, default 50), L1_R3_LIMIT (default
# 200, the reference figures' cut), REFERENCE=0 to skip the same-run
# reference (no g++ needed then), SETS to run only some sets (e.g.
# "Test_L1_R1 Test_L2_R2"), MAX_POSITIONS to cap every set (its first N),
# BIN for a binary built before (default: target/release/abprune, built first).
# abprune solves without its opening book (`--no-book`): every position
# from scratch, as the reference does.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-../shared/data/connect4}
shift || true
chunk=${CHUNK:-50}
reference=${REFERENCE:-1}
if [[ -z ${BIN:-} ]]; then
  cargo build --release -q -p abprune-cli
  BIN=target/release/abprune
fi
bin=$BIN
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Sums the `# ` summaries of one program over the chunks: positions,
# correct, checked, total microseconds, total nodes.
summarise() {
  awk '/^# positions/ {p = $3} /^# correct/ {c += $3; k += $5}
       /^# mean time/ {t += $4 * p} /^# mean nodes/ {n += $4 * p; total += p}
       END {printf "%d %d %d %.0f %.0f\n", total, c, k, t, n}' "$1"
}

printf '| set | positions | correct | mean time | mean nodes | published reference | ratio to it |'
[[ $reference == 1 ]] && printf ' reference, same run | its nodes | same-run ratio |'
printf '\n|---|---|---|---|---|---|---|'
[[ $reference == 1 ]] && printf -- '---|---|---|'
printf '\n'
while read -r set limit ref_us ref_nodes; do
  [[ -n ${SETS:-} && " $SETS " != *" $set "* ]] && continue
  [[ $set == Test_L1_R3 ]] && limit=${L1_R3_LIMIT:-200}
  [[ -n ${MAX_POSITIONS:-} ]] && ((limit > MAX_POSITIONS)) && limit=$MAX_POSITIONS
  head -n "$limit" "$data/$set" | split -l "$chunk" - "$work/chunk."
  : >"$work/ours"
  : >"$work/ref"
  turn=0
  for part in "$work"/chunk.*; do
    ours() { "$bin" solve connect4 --batch - --threads 1 --no-book "$@" <"$part" 2>/dev/null | grep '^#' >>"$work/ours" || true; }
    theirs() { scripts/reference-solver/run.sh "$part" | grep '^#' >>"$work/ref" || true; }
    if [[ $reference != 1 ]]; then
      ours "$@"
    elif ((turn % 2 == 0)); then
      ours "$@"
      theirs
    else
      theirs
      ours "$@"
    fi
    turn=$((turn + 1))
    rm "$part"
  done
  read -r positions correct checked us nodes < <(summarise "$work/ours")
  mean_us=$(awk -v t="$us" -v p="$positions" 'BEGIN {printf "%.1f", t / p}')
  mean_nodes=$(awk -v n="$nodes" -v p="$positions" 'BEGIN {printf "%.0f", n / p}')
  ratio=$(awk -v a="$mean_us" -v b="$ref_us" 'BEGIN {printf "%.2f", a / b}')
  printf '| %s | %s | %s of %s | %s us | %s | %s us, %s nodes | %s |' \
    "$set" "$positions" "$correct" "$checked" "$mean_us" "$mean_nodes" "$ref_us" "$ref_nodes" "$ratio"
  if [[ $reference == 1 ]]; then
    read -r rpositions _ _ rus rnodes < <(summarise "$work/ref")
    rmean_us=$(awk -v t="$rus" -v p="$rpositions" 'BEGIN {printf "%.1f", t / p}')
    rmean_nodes=$(awk -v n="$rnodes" -v p="$rpositions" 'BEGIN {printf "%.0f", n / p}')
    same=$(awk -v a="$us" -v b="$rus" 'BEGIN {printf "%.2f", a / b}')
    printf ' %s us | %s | %s |' "$rmean_us" "$rmean_nodes" "$same"
  fi
  printf '\n'
done <<'SETS'
Test_L3_R1 1000 9.4 51
Test_L2_R1 1000 71 449
Test_L2_R2 1000 5500 39807
Test_L1_R1 1000 421 3296
Test_L1_R2 1000 153000 1187923
Test_L1_R3 200 6440000 48293442
SETS
