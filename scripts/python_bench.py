#!/usr/bin/env python3
"""Benchmark of the abprune Python package (issue 16).

1. A game written in Python (Connect Four on a plain list board) searched to
   a fixed depth by abprune's alpha-beta and by easyAI's Negamax (alpha-beta
   negamax, the package index's `easyAI`), from the same positions with the
   same move order and the same scoring, on the same game class: nodes
   (calls of play/make_move, plus the root; the script checks that both
   sides count the same), seconds, and microseconds per node.
2. Built-in Connect Four solves from Python against `abprune solve connect4
   --batch --threads 1 --json` on the same positions: mean time per position
   as the CLI reports it (`microseconds`: inside the engine, without the
   CLI's own start, table making and clearing) against the time inside the
   engine seen from Python (`SolveResult.seconds`) and the wall clock around
   `solve()`. The Python solves run in a fresh interpreter each round, as the
   CLI is a fresh process. The first solve of a process makes the engine's
   tables (the CLI does that before its first position); it runs before the
   timed solves and its time is printed apart.

Each comparison runs several rounds (`--rounds`, `--solve-rounds`), the two
sides taking turns within a round and going first in turn, and the medians
are printed: on a shared machine the speed changes from one moment to the
next, and a single run can be off by a factor of two either way.

Usage (in a virtual environment with `pip install ./crates/abprune-py easyAI`,
after `cargo build --release -p abprune-cli`):

    python scripts/python_bench.py [--depth 8] [--positions FILE] [--count 500] [--rounds 5] [--solve-rounds 21] [--cli target/release/abprune]
"""

import argparse
import json
import statistics
import subprocess
import sys
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

    # abprune.Game. The search asks outcome() before moves(), so moves() need
    # not look for a win: it is exactly easyAI's possible_moves() below.
    def moves(self):
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

    # easyAI's TwoPlayerGame (easyAI switches current_player itself): the same
    # methods under easyAI's names, bound directly so that easyAI pays no extra call.
    possible_moves = moves
    make_move = play
    unmake_move = undo

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


def timed_search(side, opening, depth):
    """Seconds and nodes of one search of `opening` to `depth` by `side` ("abprune" or "easyAI")."""
    from easyAI import Negamax

    game = PythonConnectFour(opening)
    started = time.perf_counter()
    if side == "abprune":
        abprune.search(game, "alphabeta", depth=depth)
    else:
        Negamax(depth)(game)
    return time.perf_counter() - started, game.nodes + 1


def python_game_part(depth, openings, rounds):
    print(f"## A game written in Python: Connect Four, alpha-beta to depth {depth}, {rounds} rounds")
    print(f"{'round':>5} {'nodes':>8} {'abprune s':>10} {'us/node':>8} {'easyAI s':>9} {'us/node':>8} {'ratio':>6}")
    per_node = {"abprune": [], "easyAI": []}
    ratios = []
    for number in range(1, rounds + 1):
        totals = {"abprune": [0.0, 0], "easyAI": [0.0, 0]}
        for opening in openings:
            # Alternate who goes first, so that neither side always meets a warmer cache.
            sides = ["abprune", "easyAI"] if number % 2 else ["easyAI", "abprune"]
            counts = {}
            for side in sides:
                seconds, nodes = timed_search(side, opening, depth)
                totals[side][0] += seconds
                totals[side][1] += nodes
                counts[side] = nodes
            assert counts["abprune"] == counts["easyAI"], (opening, counts)
        (ab_seconds, nodes), (ea_seconds, _) = totals["abprune"], totals["easyAI"]
        per_node["abprune"].append(ab_seconds / nodes * 1e6)
        per_node["easyAI"].append(ea_seconds / nodes * 1e6)
        ratios.append(ea_seconds / ab_seconds)
        print(
            f"{number:>5} {nodes:>8} {ab_seconds:>10.2f} {per_node['abprune'][-1]:>8.2f}"
            f" {ea_seconds:>9.2f} {per_node['easyAI'][-1]:>8.2f} {ratios[-1]:>6.2f}"
        )
    print(
        f"median: abprune {statistics.median(per_node['abprune']):.2f} us a node, easyAI"
        f" {statistics.median(per_node['easyAI']):.2f} us a node: abprune {statistics.median(ratios):.2f}x as fast"
        f" (openings {', '.join(o or '-' for o in openings)}; {nodes} nodes each)"
    )


def cli_batch(cli, positions):
    """The CLI's microseconds for each position of one batch run."""
    batch = "\n".join(f"{moves} {score}" for moves, score in positions) + "\n"
    out = subprocess.run(
        [cli, "solve", "connect4", "--batch", "-", "--threads", "1", "--json"],
        input=batch, capture_output=True, text=True, check=True,
    ).stdout
    micros = [json.loads(line)["microseconds"] for line in out.splitlines() if line.startswith("{")]
    assert len(micros) == len(positions), (len(micros), len(positions))
    return micros


def read_positions(path, count):
    lines = [line.split() for line in open(path) if line.strip() and not line.startswith("#")][:count]
    return [(fields[0], int(fields[1])) for fields in lines]


def solve_worker(path, count):
    """In a fresh interpreter, as the CLI is a fresh process: the first solve
    (which makes the tables) apart, then every position timed inside the
    engine and around solve(). Prints one JSON line."""
    positions = read_positions(path, count)
    started = time.perf_counter()
    abprune.ConnectFour(positions[0][0]).solve()
    first_micros = (time.perf_counter() - started) * 1e6
    engine_micros, wall_micros = [], []
    for moves, score in positions:
        position = abprune.ConnectFour(moves)
        started = time.perf_counter()
        result = position.solve()
        wall_micros.append((time.perf_counter() - started) * 1e6)
        engine_micros.append(result.seconds * 1e6)
        assert result.value == score, (moves, score, result.value)
    print(json.dumps({"first": first_micros, "engine": engine_micros, "wall": wall_micros}))


def python_solves(path, count):
    """What `solve_worker` measured, run in a fresh interpreter."""
    out = subprocess.run(
        [sys.executable, __file__, "--solve-worker", "--positions", path, "--count", str(count)],
        capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out)


def builtin_part(path, count, cli, rounds):
    positions = read_positions(path, count)
    print(f"## Built-in Connect Four: {len(positions)} positions of {path}, one thread, {rounds} rounds")
    print(f"{'round':>5} {'CLI us':>7} {'engine us':>10} {'ratio':>6} {'solve() us':>11} {'ratio':>6} {'first solve us':>15}")
    rows = []
    for number in range(1, rounds + 1):
        sides = ["cli", "python"] if number % 2 else ["python", "cli"]
        for side in sides:
            if side == "cli":
                cli_mean = statistics.mean(cli_batch(cli, positions))
            else:
                python = python_solves(path, count)
        engine_mean, wall_mean = statistics.mean(python["engine"]), statistics.mean(python["wall"])
        rows.append((cli_mean, engine_mean, engine_mean / cli_mean, wall_mean, wall_mean / cli_mean, python["first"]))
        print(
            f"{number:>5} {cli_mean:>7.1f} {engine_mean:>10.1f} {rows[-1][2]:>6.2f}"
            f" {wall_mean:>11.1f} {rows[-1][4]:>6.2f} {python['first']:>15.0f}"
        )
    median = [statistics.median(row[i] for row in rows) for i in range(6)]
    print(
        f"median: CLI {median[0]:.1f} us a position; Python {median[1]:.1f} us in the engine ({median[2]:.2f}x the CLI),"
        f" {median[3]:.1f} us around solve() ({median[4]:.2f}x); the first solve of a process"
        f" (making the tables, as the CLI does before its first position) {median[5] / 1000:.1f} ms"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--openings", default=",4,44,4453", help="comma-separated columns played before the search")
    parser.add_argument("--positions", default="/work/shared/data/connect4/Test_L2_R1")
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5, help="runs of the Python game comparison, the sides taking turns")
    parser.add_argument("--solve-rounds", type=int, default=21, help="runs of the built-in comparison (each is short)")
    parser.add_argument("--cli", default="target/release/abprune")
    parser.add_argument("--solve-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve_worker:
        solve_worker(args.positions, args.count)
        return
    python_game_part(args.depth, args.openings.split(","), args.rounds)
    builtin_part(args.positions, args.count, args.cli, args.solve_rounds)


if __name__ == "__main__":
    main()
