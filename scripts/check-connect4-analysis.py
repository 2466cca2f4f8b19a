#!/usr/bin/env python3
"""Checks `abprune analyze connect4` against separate solves of each move.

    scripts/check-connect4-analysis.py FILE [COUNT] [BIN]

For the first COUNT positions of FILE (lines `MOVES [SCORE]`, the public
sets' format; all of them by default): every column's score printed by
`analyze connect4 --json` must equal the negated score of the position that
column leads to, solved on its own by `solve connect4 --batch` (a fresh
table for each); a column that wins at once must be scored 22 minus the
winner's stones, a full column null; and the best score must be the set's
score. Both without the book, one thread. Prints the positions and columns
checked and every disagreement; exits 1 on any. Python 3, no packages.
"""
import importlib.util
import json
import pathlib
import subprocess
import sys

# The win test of the position generator beside this script (its file name
# has a dash, so it is loaded by path).
_SPEC = importlib.util.spec_from_file_location(
    "connect4_positions", pathlib.Path(__file__).with_name("connect4-positions.py"))
POSITIONS = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(POSITIONS)
WIDTH, HEIGHT = POSITIONS.WIDTH, POSITIONS.HEIGHT


def board_after(moves):
    board = [[] for _ in range(WIDTH)]
    for i, c in enumerate(moves):
        board[int(c) - 1].append(i % 2)
    return board


def wins_at(board, col, player):
    """True if `player` completes four by dropping a stone in `col`."""
    board[col].append(player)
    try:
        return POSITIONS.wins(board, col, len(board[col]) - 1, player)
    finally:
        board[col].pop()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else None
    binary = sys.argv[3] if len(sys.argv) > 3 else "target/release/abprune"
    with open(path) as f:
        lines = [line.split() for line in f if line.strip()][:count]
    children, expected = [], {}
    for fields in lines:
        moves = fields[0]
        board = board_after(moves)
        player = len(moves) % 2
        for col in range(WIDTH):
            if len(board[col]) == HEIGHT:
                expected[(moves, col)] = None
            elif wins_at(board, col, player):
                expected[(moves, col)] = 22 - (len(moves) // 2 + 1)
            elif len(moves) + 1 == WIDTH * HEIGHT:
                expected[(moves, col)] = 0
            else:
                children.append((moves, col))
    batch = "".join(f"{moves}{col + 1}\n" for moves, col in children)
    solved = subprocess.run(
        [binary, "solve", "connect4", "--batch", "-", "--threads", "1", "--no-book"],
        input=batch, capture_output=True, text=True, check=True,
    ).stdout
    scores = {}
    for line in solved.splitlines():
        if not line.startswith("#"):
            child, score = line.split()[:2]
            scores[child] = int(score)
    for moves, col in children:
        expected[(moves, col)] = -scores[f"{moves}{col + 1}"]
    wrong = 0
    for fields in lines:
        moves = fields[0]
        out = subprocess.run(
            [binary, "analyze", "connect4", "--json", "--threads", "1", "--no-book", moves],
            capture_output=True, text=True, check=True,
        ).stdout
        analysis = json.loads(out)["scores"]
        want = [expected[(moves, col)] for col in range(WIDTH)]
        if analysis != want:
            wrong += 1
            print(f"{moves}: analyze {analysis}, separate solves {want}")
        if len(fields) > 1 and max(s for s in analysis if s is not None) != int(fields[1]):
            wrong += 1
            print(f"{moves}: best {max(s for s in analysis if s is not None)}, the set says {fields[1]}")
    print(f"{path}: {len(lines)} positions, {len(children)} columns solved separately, "
          f"{sum(1 for v in expected.values() if v is not None)} columns checked, {wrong} disagreements")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
