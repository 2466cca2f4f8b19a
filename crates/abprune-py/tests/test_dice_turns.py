"""Issue 55, item 6 and 17 in Python: a Short Pig whose roll of 1 ends the turn, valued by every chance
search and by ``chance_deepening`` (Star2 under iterative deepening with a table and limits) as a brute
force in ``Fraction`` arithmetic values it."""

import itertools
from fractions import Fraction

import pytest

import abprune


class Pig(abprune.Game):
    """Roll a die of ``faces`` faces, adding the face to the turn's total, or hold and bank it; a 1
    loses the total and passes the turn. Banking ``target`` wins (Margin(1)); after ``moves`` decisions
    the banked difference is the margin."""

    def __init__(self, target, faces, moves):
        self.target, self.faces = target, faces
        self.state = ((0, 0), 0, 0, False, moves)  # banked, total, mover, rolling, moves left
        self.history = []

    def chance_to_move(self):
        return self.state[3]

    def chance_outcomes(self):
        return [(face, Fraction(1, self.faces)) for face in range(1, self.faces + 1)]

    def moves(self):
        return ["roll", "hold"]

    def play(self, move):
        self.history.append(self.state)
        banked, total, mover, rolling, left = self.state
        if move == "roll":
            self.state = (banked, total, mover, True, left - 1)
        elif move == "hold":
            banked = tuple(b + total if player == mover else b for player, b in enumerate(banked))
            self.state = (banked, 0, 1 - mover, False, left - 1)
        elif move == 1:
            self.state = (banked, 0, 1 - mover, False, left)
        else:
            self.state = (banked, total + move, mover, False, left)

    def undo(self, move):
        self.state = self.history.pop()

    def side_to_move(self):
        return self.state[2]

    def key(self):
        return self.state

    def final_margin(self):
        """The finished game's margin for the side to move, or None."""
        banked, _, mover, rolling, left = self.state
        mine, theirs = banked[mover], banked[1 - mover]
        if mine >= self.target:
            return 1
        if theirs >= self.target:
            return -1
        if left == 0 and not rolling:
            return mine - theirs
        return None

    def outcome(self):
        margin = self.final_margin()
        return None if margin is None else abprune.Margin(margin)

    def evaluate(self):
        banked, _, mover, _, _ = self.state
        return banked[mover] - banked[1 - mover]

    def ending(self):
        return (-30, 30)

    def value_bounds(self):
        return (-30, 30)


def brute_force(game):
    """The value for the side to move, each child negated where the side changed."""
    margin = game.final_margin()
    if margin is not None:
        return Fraction(margin)
    side = game.side_to_move()

    def child(move):
        game.play(move)
        value = brute_force(game)
        if game.side_to_move() != side:
            value = -value
        game.undo(move)
        return value

    if game.chance_to_move():
        return sum((p * child(face) for face, p in game.chance_outcomes()), Fraction(0))
    return max(child(move) for move in game.moves())


@pytest.mark.parametrize("target, faces, moves", list(itertools.product([2, 4], [2, 3], [2, 4, 5])))
def test_a_roll_that_ends_the_turn_has_the_brute_force_value(target, faces, moves):
    truth = brute_force(Pig(target, faces, moves))
    for algorithm in ["expectiminimax", "star1", "star2"]:
        assert abprune.chance_search(Pig(target, faces, moves), algorithm).value == truth, algorithm
    deep = abprune.chance_deepening(Pig(target, faces, moves))
    assert deep["value"] == truth and deep["exact"] and deep["stop_reason"] == "solved", deep


def test_chance_deepening_takes_limits():
    deep = abprune.chance_deepening(Pig(6, 3, 8), depth=2)
    assert deep["depth"] == 2 and not deep["exact"] and deep["stop_reason"] == "depth", deep
    deep = abprune.chance_deepening(Pig(6, 3, 8), time=30, nodes=50)
    assert deep["depth"] >= 1 and deep["stop_reason"] in ("nodes", "solved"), deep
    with pytest.raises(ValueError, match="chance_deepening"):
        abprune.chance_deepening(Pig(6, 3, 8), depth=-1)


def test_chance_deepening_searches_a_tree():
    deep = abprune.chance_deepening(abprune.Tree("({ 1/2 3 1/2 5 } { 1/2 0 1/2 9 })"))
    assert deep["value"] == Fraction(9, 2) and deep["best_move"] == 1, deep
