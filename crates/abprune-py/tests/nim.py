"""Normal Nim written as a Python game, shared by the tests, and its value by the xor rule."""

import functools

import abprune


class Nim(abprune.Game):
    """Normal Nim: take any number from one heap; whoever takes the last counter wins."""

    def __init__(self, heaps):
        self.heaps = list(heaps)

    def moves(self):
        return [(i, n) for i, heap in enumerate(self.heaps) for n in range(heap, 0, -1)]

    def play(self, move):
        self.heaps[move[0]] -= move[1]

    def undo(self, move):
        self.heaps[move[0]] += move[1]

    def outcome(self):
        # The previous player took the last counter.
        return None if any(self.heaps) else abprune.LOSS

    def evaluate(self):
        return 0

    def key(self):
        return tuple(sorted(self.heaps))


def xor(heaps):
    return functools.reduce(lambda a, b: a ^ b, heaps, 0)
