#!/usr/bin/env bash
# The parallel search benchmark: time to solve the Connect Four public sets
# with 1, 2 and 4 threads, measured in the same run and interleaved (each
# chunk of positions is solved by every thread count in turn, the order
# rotating from chunk to chunk), so that a machine shared with other work
# slows every thread count alike. Usage:
#   scripts/bench-parallel.sh [DATA_DIR] [extra options for abprune solve connect4]
# DATA_DIR defaults to ../shared/data/connect4. Environment:
#   THREADS  the thread counts (default "1 2 4"; the first is the baseline)
#   SETS     "SET:LINES ..." (default: every set, Test_L1_R2 cut to 200
#            positions and Test_L1_R3 to 10, which take seconds each)
#   CHUNK    positions per chunk (default 50)
#   GOMOKU_DEPTH  the depth of the Gomoku section (default 7)
#   SECTIONS "connect4 gomoku" (the default) or either alone
#
# Per set and thread count it prints the mean time per position (from the
# solver's own clock, process start excluded), the speedup over the first
# thread count, the mean nodes of all threads and their ratio to the first
# (the search overhead), the nodes per CPU-second (a drop with threads is
# the cost of sharing: table cache lines moving between cores, idle helpers
# waiting), and CPU time over wall time (how many cores the run really got:
# on a shared machine, 2 threads may get fewer than 2).
#
# Sections: each benchmark is a function printing its own table; append a
# new one (and its call at the end) for another game.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-../shared/data/connect4}
shift || true
threads=${THREADS:-"1 2 4"}
chunk=${CHUNK:-50}
cargo build --release -q -p abprune-cli
bin=target/release/abprune
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs `$bin "$@"` and appends "WALL CPU" seconds to $work/times (GNU time
# when installed; otherwise bash's own clock for wall time and no CPU).
timed() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -o "$work/time" -f '%e %U %S' "$bin" "$@"
    awk '{print $1, $2 + $3}' "$work/time" >>"$work/times"
  else
    local start=$EPOCHREALTIME
    "$bin" "$@"
    awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {print b - a, "nan"}' >>"$work/times"
  fi
}

connect4_section() {
  echo "## Connect Four: time to solve (strong), each position from an empty table"
  echo
  printf '| set | positions | threads | mean time | speedup | mean nodes | nodes vs %s thread(s) | Mnodes/CPU-s | CPU/wall |\n' \
    "${threads%% *}"
  printf '|---|---|---|---|---|---|---|---|---|\n'
  local sets=${SETS:-"Test_L3_R1:1000 Test_L2_R1:1000 Test_L2_R2:1000 Test_L1_R1:1000 Test_L1_R2:200 Test_L1_R3:10"}
  for entry in $sets; do
    local set=${entry%%:*} lines=${entry##*:}
    head -n "$lines" "$data/$set" >"$work/set"
    split -l "$chunk" -d -a 5 "$work/set" "$work/chunk."
    local index=0
    for t in $threads; do : >"$work/solved.$t" && : >"$work/clock.$t"; done
    for part in "$work"/chunk.*; do
      # Rotate the order of the thread counts from one chunk to the next.
      local order=() k=0 n
      read -r -a all <<<"$threads"
      n=${#all[@]}
      for ((k = 0; k < n; k++)); do order+=("${all[(k + index) % n]}"); done
      index=$((index + 1))
      for t in "${order[@]}"; do
        : >"$work/times"
        if ! timed solve connect4 --batch "$part" --threads "$t" "$@" >"$work/out" 2>"$work/err"; then
          echo "error: $set with $t threads:" >&2
          cat "$work/err" >&2
          exit 1
        fi
        grep -v '^#' "$work/out" >>"$work/solved.$t"
        cat "$work/times" >>"$work/clock.$t"
      done
      rm -f "$part"
    done
    local base_time="" base_nodes=""
    for t in $threads; do
      # Lines: MOVES SCORE NODES MICROSECONDS.
      read -r count micros nodes < <(awk '{c++; m += $4; n += $3} END {print c, m, n}' "$work/solved.$t")
      read -r wall cpu < <(awk '{w += $1; c += $2} END {print w, c}' "$work/clock.$t")
      base_time=${base_time:-$micros}
      base_nodes=${base_nodes:-$nodes}
      awk -v set="$set" -v count="$count" -v t="$t" -v micros="$micros" -v nodes="$nodes" \
        -v bt="$base_time" -v bn="$base_nodes" -v wall="$wall" -v cpu="$cpu" 'BEGIN {
          rate = (cpu == "nan" || cpu == 0) ? "-" : sprintf("%.2f", nodes / cpu / 1e6)
          load = (cpu == "nan" || wall == 0) ? "-" : sprintf("%.2f", cpu / wall)
          printf "| %s | %d | %d | %.1f us | %.2f | %.1f | %.2f | %s | %s |\n",
            set, count, t, micros / count, bt / micros, nodes / count, nodes / bn, rate, load
        }'
    done
  done
  echo
}

# Gomoku: time to complete a fixed depth on the eight built-in quiet
# middle-game positions of `abprune bench gomoku-depth`, every thread count
# on each position in turn (the root VCF search is off: it is
# single-threaded and not what is measured).
gomoku_section() {
  local depth=${GOMOKU_DEPTH:-7} configs=() t
  for t in $threads; do configs+=(--config "vcf=off,threads=$t"); done
  echo "## Gomoku: time to complete depth $depth (8 middle-game positions, 15x15 freestyle)"
  echo
  "$bin" bench gomoku-depth --depth "$depth" "${configs[@]}" | awk -v base="${threads%% *}" '
    /^vcf=off,threads=/ {
      split($1, parts, "="); t = parts[3]
      nodes = $3; ms = $5
      if (t == base) { bn = nodes; bt = ms }
      printf "| %d | %d ms | %.2f | %d | %.2f |\n", t, ms, bt / ms, nodes, nodes / bn
    }
    BEGIN { print "| threads | time | speedup | nodes | nodes vs first |"; print "|---|---|---|---|---|" }'
  echo
}

for section in ${SECTIONS:-connect4 gomoku}; do
  case $section in
    connect4) connect4_section "$@" ;;
    gomoku) gomoku_section ;;
    *) echo "error: unknown section $section (connect4, gomoku)" >&2 && exit 2 ;;
  esac
done
