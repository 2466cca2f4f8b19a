#!/usr/bin/env bash
# Builds the reference solver (solver.cpp) with g++ and runs it on a set:
#   scripts/reference-solver/run.sh FILE [-w]    (lines `MOVES [EXPECTED]`; -w: only win, draw or loss)
# Prints one line per position and a `# ` summary, like
# `abprune solve connect4 --batch`. Its mean node counts are the target
# table's (Test_L1_R1 3295.5 against 3,296; Test_L2_R2 39,807.5 against
# 39,807), which is how we know it is the same search.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${REFERENCE_SOLVER:-$here/../../target/reference-solver}"
if [[ ! -x "$out" || "$here/solver.cpp" -nt "$out" ]]; then
  mkdir -p "$(dirname "$out")"
  g++ -std=c++17 -O3 -DNDEBUG -W -Wall -o "$out" "$here/solver.cpp"
fi
exec "$out" "${@:2}" < "${1:-/dev/stdin}"
