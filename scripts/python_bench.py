#!/usr/bin/env python3
"""Benchmark of the abprune Python package (issue 16).

1. A game written in Python (Connect Four on a plain list board) searched to
   a fixed depth by abprune's alpha-beta and by easyAI's Negamax (alpha-beta
   negamax, the package index's `easyAI`), from the same positions with the
   same move order and the same scoring: nodes (calls of play/make_move, plus
   the root), seconds, and microseconds per node for each.
2. Built-in Connect Four solves from Python against `abprune solve connect4
   --batch --threads 1 --json` on the same positions: mean time per position
   as the engine measures it (`SolveResult.seconds`, the CLI's
   `microseconds`) and as Python sees it (wall clock around `solve()`).

Usage (in a virtual environment with `pip install ./crates/abprune-py easyAI`,
after `cargo build --release -p abprune-cli`), on an idle machine:

    python scripts/python_bench.py [--depth 7] [--positions FILE] [--count 200] [--cli target/release/abprune]
"""

import argparse
import json
import statistics
import subprocess
import time

import abprune

WIDTH, HEIGHT = 7, 6
CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6]
LOSS_SCORE = -100


class PythonConnectFour(abprune.Game):
    """Connect Four in plain Python, with both abprune's and easyAI's interfaces."""

    def __init__(self, moves=""):
        self.columns = [[] for _ in range(WIDTH)]
        self.player = 1
        self.last = None
        self.nodes = 0
        self.current_player = 1
        self.players = [None, None]
        for ch in moves:
            self.play(int(ch) - 1)
        self.nodes = 0

    # abprune.Game
    def moves(self):
        if self.last is not None and self._wins(self.last):
            return []
        return [col for col in CENTRE_FIRST if len(self.columns[col]) < HEIGHT]

    def play(self, col):
        self.nodes += 1
        self.columns[col].append(self.player)
        self.player = 3 - self.player
        self.last = col

    def undo(self, col):
        self.columns[col].pop()
        self.player = 3 - self.player
        self.last = None  # the search never asks about the line before a win

    def outcome(self):
        if self.last is not None and self._wins(self.last):
            return abprune.LOSS  # the previous player made four
        if all(len(c) == HEIGHT for c in self.columns):
            return abprune.DRAW
        return None

    def evaluate(self):
        return 0

    # easyAI's TwoPlayerGame (easyAI switches current_player itself)
    def possible_moves(self):
        return [col for col in CENTRE_FIRST if len(self.columns[col]) < HEIGHT]

    def make_move(self, col):
        self.play(col)

    def unmake_move(self, col):
        self.undo(col)

    def switch_player(self):
        self.current_player = 3 - self.current_player

    def is_over(self):
        return self.outcome() is not None

    def scoring(self):
        return LOSS_SCORE if self.outcome() == abprune.LOSS else 0

    def _wins(self, col):
        row = len(self.columns[col]) - 1
        who = self.columns[col][row]

        def cell(c, r):
            return self.columns[c][r] if 0 <= c < WIDTH and 0 <= r < len(self.columns[c]) else 0

        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                c, r = col + sign * dc, row + sign * dr
                while cell(c, r) == who:
                    run += 1
                    c, r = c + sign * dc, r + sign * dr
            if run >= 4:
                return True
        return False


def python_game_part(depth, openings):
    from easyAI import Negamax

    print(f"## A game written in Python: Connect Four, alpha-beta to depth {depth}")
    print(f"{'opening':>8} {'abprune nodes':>14} {'s':>7} {'us/node':>8} {'easyAI nodes':>13} {'s':>7} {'us/node':>8}")
    totals = [0, 0.0, 0, 0.0]
    for opening in openings:
        game = PythonConnectFour(opening)
        started = time.perf_counter()
        abprune.search(game, "alphabeta", depth=depth)
        ab_seconds = time.perf_counter() - started
        ab_nodes = game.nodes + 1
        game = PythonConnectFour(opening)
        started = time.perf_counter()
        Negamax(depth)(game)
        ea_seconds = time.perf_counter() - started
        ea_nodes = game.nodes + 1
        totals = [totals[0] + ab_nodes, totals[1] + ab_seconds, totals[2] + ea_nodes, totals[3] + ea_seconds]
        print(
            f"{opening or '-':>8} {ab_nodes:>14} {ab_seconds:>7.2f} {ab_seconds / ab_nodes * 1e6:>8.2f}"
            f" {ea_nodes:>13} {ea_seconds:>7.2f} {ea_seconds / ea_nodes * 1e6:>8.2f}"
        )
    per_node = (totals[3] / totals[2]) / (totals[1] / totals[0])
    print(f"total: abprune {totals[0]} nodes in {totals[1]:.2f} s, easyAI {totals[2]} nodes in {totals[3]:.2f} s")
    print(f"abprune is {per_node:.2f}x faster per node, {totals[3] / totals[1]:.2f}x faster in total")


def builtin_part(path, count, cli):
    lines = [line.split() for line in open(path) if line.strip() and not line.startswith("#")][:count]
    positions = [(fields[0], int(fields[1])) for fields in lines]
    print(f"## Built-in Connect Four: {len(positions)} positions of {path}, one thread")
    batch = "\n".join(f"{moves} {score}" for moves, score in positions) + "\n"
    out = subprocess.run(
        [cli, "solve", "connect4", "--batch", "-", "--threads", "1", "--json"],
        input=batch, capture_output=True, text=True, check=True,
    ).stdout
    cli_micros = [json.loads(line)["microseconds"] for line in out.splitlines() if line.startswith("{")]
    engine_micros, wall_micros = [], []
    for moves, score in positions:
        position = abprune.ConnectFour(moves)
        started = time.perf_counter()
        result = position.solve()
        wall_micros.append((time.perf_counter() - started) * 1e6)
        engine_micros.append(result.seconds * 1e6)
        assert result.value == score, (moves, score, result.value)
    cli_mean = statistics.mean(cli_micros)
    engine_mean, wall_mean = statistics.mean(engine_micros), statistics.mean(wall_micros)
    print(f"CLI:    mean {cli_mean:.1f} us per position")
    print(f"Python: mean {engine_mean:.1f} us in the engine ({engine_mean / cli_mean:.2f}x the CLI),"
          f" {wall_mean:.1f} us around solve() ({wall_mean / cli_mean:.2f}x)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--openings", default=",4,44,4453", help="comma-separated columns played before the search")
    parser.add_argument("--positions", default="/work/shared/data/connect4/Test_L2_R1")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--cli", default="target/release/abprune")
    args = parser.parse_args()
    python_game_part(args.depth, args.openings.split(","))
    builtin_part(args.positions, args.count, args.cli)


if __name__ == "__main__":
    main()
