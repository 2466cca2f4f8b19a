"""Kalah written in Python and solved by abprune: a game that ends by a margin, where a side moves again.

Kalah(pits, seeds): each side has `pits` houses of `seeds` seeds and a store. A move sows the seeds of one
of one's houses counter-clockwise, one a house, into one's own store but not the opponent's. A last seed
in one's own store moves again (so ``play`` leaves the same side to move: ``side_to_move()`` says so); a
last seed in an empty house of one's own captures it with the seeds opposite, if there are any. The game
ends when a side's houses are empty: each side then keeps the seeds left on its side, and the result is
the margin, the seeds of the side to move minus the opponent's (``ending()`` declares its range).

    python crates/abprune-py/examples/kalah.py            # solves Kalah(4, 3): margin +6 for the first player
    python crates/abprune-py/examples/kalah.py 3 3        # another size
"""

import sys

import abprune


class Kalah(abprune.Game):
    """A Kalah position. ``board`` holds the first side's houses, its store, the second side's houses and
    its store, in sowing order; ``side`` is 0 or 1, the side to move."""

    def __init__(self, pits=4, seeds=3):
        self.pits = pits
        self.board = ([seeds] * pits + [0]) * 2
        self.side = 0
        self.history = []  # (board, side) before each move: undo restores them

    def houses(self, side):
        start = side * (self.pits + 1)
        return range(start, start + self.pits)

    def store(self, side):
        return side * (self.pits + 1) + self.pits

    def moves(self):
        return [house for house in self.houses(self.side) if self.board[house]]

    def play(self, house):
        self.history.append((self.board[:], self.side))
        board, side = self.board, self.side
        seeds, board[house], at = board[house], 0, house
        while seeds:
            at = (at + 1) % len(board)
            if at != self.store(1 - side):
                board[at] += 1
                seeds -= 1
        if at == self.store(side):
            return  # the last seed in one's own store: the same side moves again
        opposite = 2 * self.pits - at
        if at in self.houses(side) and board[at] == 1 and board[opposite]:
            board[self.store(side)] += board[opposite] + 1
            board[at] = board[opposite] = 0
        self.side = 1 - side

    def undo(self, house):
        self.board, self.side = self.history.pop()

    def side_to_move(self):
        return self.side

    def ending(self):
        total = sum(self.board)
        return (-total, total)

    def outcome(self):
        if any(self.board[house] for house in self.houses(0)) and any(self.board[house] for house in self.houses(1)):
            return None
        mine = self.board[self.store(self.side)] + sum(self.board[house] for house in self.houses(self.side))
        return abprune.Margin(2 * mine - sum(self.board))

    def evaluate(self):
        return self.board[self.store(self.side)] - self.board[self.store(1 - self.side)]

    def key(self):
        return (tuple(self.board), self.side)  # whose turn it is belongs to the position


def main(argv):
    pits, seeds = (int(argv[0]), int(argv[1])) if len(argv) == 2 else (4, 3)
    game = Kalah(pits, seeds)
    result = abprune.Engine(table_mib=16).solve(game)
    print(f"Kalah({pits}, {seeds}): {result}, best move: house {result.best_move}, {result.nodes:,} nodes")
    print(f"  margin={result.margin} outcome={result.outcome!r} exact={result.exact}")


if __name__ == "__main__":
    main(sys.argv[1:])
