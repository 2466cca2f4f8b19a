#!/usr/bin/env bash
# The Connect Four benchmark table: every public set solved in strong mode,
# single-threaded, each position from an empty table, beside the reference
# solver's figures (the best known specialised solver on a 2-core machine,
# no opening book). Usage:
#   scripts/bench-connect4.sh [DATA_DIR] [extra options for abprune solve connect4]
# DATA_DIR defaults to ../shared/data/connect4. Test_L1_R3 is cut to its
# first 200 positions, as the reference figures are.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-../shared/data/connect4}
shift || true
cargo build --release -q -p abprune-cli
bin=target/release/abprune
printf '| set | positions | correct | mean time | mean nodes | reference time | reference nodes | time ratio |\n'
printf '|---|---|---|---|---|---|---|---|\n'
while read -r set limit ref_us ref_nodes; do
  summary=$(head -n "$limit" "$data/$set" | "$bin" solve connect4 --batch - --threads 1 "$@" 2>/dev/null | grep '^#')
  positions=$(awk '/^# positions/ {print $3}' <<<"$summary")
  correct=$(awk '/^# correct/ {print $3}' <<<"$summary")
  mean_us=$(awk '/^# mean time/ {print $4}' <<<"$summary")
  mean_nodes=$(awk '/^# mean nodes/ {print $4}' <<<"$summary")
  ratio=$(awk -v a="$mean_us" -v b="$ref_us" 'BEGIN {printf "%.2f", a / b}')
  printf '| %s | %s | %s | %s us | %s | %s us | %s | %s |\n' \
    "$set" "$positions" "$correct" "$mean_us" "$mean_nodes" "$ref_us" "$ref_nodes" "$ratio"
done <<'SETS'
Test_L3_R1 1000 9.4 51
Test_L2_R1 1000 71 449
Test_L2_R2 1000 5500 39807
Test_L1_R1 1000 421 3296
Test_L1_R2 1000 153000 1187923
Test_L1_R3 200 6440000 48293442
SETS
