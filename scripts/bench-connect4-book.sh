#!/usr/bin/env bash
# How fast the opening book answers: every position within its reach (all
# positions of up to its plies, mirror images included), three ways:
#   - inside one process: `solve connect4 --batch` (the time of each answer);
#   - a whole command per position: `solve connect4 MOVES` (start, reading
#     and checking the book, the answer, exit), wall time;
#   - `analyze connect4 MOVES` per position of fewer plies (every move's
#     position is then in the book too), wall time.
# Prints the count, mean and largest time of each. Run it under the
# machine's timing lock:
#   flock /work/timing.lock scripts/bench-connect4-book.sh [BOOK]
# Without BOOK: the book shipped in the binary. Environment: BIN (default
# target/release/abprune, built first).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${BIN:-} ]]; then
  cargo build --release -q -p abprune-cli
  BIN=target/release/abprune
fi
book=()
[[ $# -gt 0 ]] && book=(--book "$1")
plies=$("$BIN" book connect4 info "$@" | awk '/^plies/ {print $2}')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scripts/connect4-positions.py --all "$plies" >"$work/positions"
echo "book: ${1:-shipped}, $plies plies, $(wc -l <"$work/positions") positions"
# The batch skips the empty line (the empty board): it is timed with the commands below.
"$BIN" solve connect4 --batch "$work/positions" --threads 1 "${book[@]}" 2>/dev/null |
  awk '!/^#/ {n++; t += $4; if ($4 > m) m = $4} END {printf "in one process: %d answers, mean %.1f us, largest %d us\n", n, t / n, m}'
wall() {
  local kind=$1 max_plies=$2 count=0 total=0 largest=0
  while read -r moves; do
    ((${#moves} <= max_plies)) || continue
    start=$(date +%s%N)
    "$BIN" "$kind" connect4 --threads 1 "${book[@]}" --json "$moves" >/dev/null
    took=$((($(date +%s%N) - start) / 1000))
    count=$((count + 1)) total=$((total + took))
    ((took > largest)) && largest=$took
  done <"$work/positions"
  awk -v k="$kind" -v n="$count" -v t="$total" -v m="$largest" \
    'BEGIN {printf "%s, a command each: %d positions, mean %.2f ms, largest %.2f ms\n", k, n, t / n / 1000, m / 1000}'
}
wall solve "$plies"
((plies > 0)) && wall analyze $((plies - 1))
