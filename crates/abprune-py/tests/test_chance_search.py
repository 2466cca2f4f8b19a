"""``abprune.chance_search``: expectiminimax, Star1 and Star2 of trees with chance nodes and of
``abprune.Game`` subclasses with chance, checked against a brute force of their own in Python's
exact ``Fraction`` arithmetic: random small trees (as ``abprune.Tree`` and as a Python game), a
small dice game written in Python, and the errors."""

import random
from fractions import Fraction

import pytest

import abprune

ALGORITHMS = ["expectiminimax", "star1", "star2"]
INF = float("inf")

# --- Random trees and their brute force ----------------------------------------------------------


def random_tree(rng, depth):
    """A nested tree: an int leaf, ("max", children) for a decision node, ("chance", [(p, child)])."""
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(-9, 9)
    if rng.random() < 0.45:
        weights = [rng.randint(1, 6) for _ in range(rng.randint(1, 3))]
        total = sum(weights)
        return ("chance", [(Fraction(w, total), random_tree(rng, depth - 1)) for w in weights])
    return ("decide", [random_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))])


def text_of(node):
    """The tree in abprune's text format."""
    if isinstance(node, int):
        return str(node)
    kind, children = node
    if kind == "chance":
        return "{" + " ".join(f"{p} {text_of(child)}" for p, child in children) + "}"
    return "(" + " ".join(text_of(child) for child in children) + ")"


def brute_force(node, max_to_move=True):
    """The exact value from MAX's view: max or min at decision nodes (alternating), the expectation at
    chance nodes (which do not pass the move)."""
    if isinstance(node, int):
        return Fraction(node)
    kind, children = node
    if kind == "chance":
        return sum((p * brute_force(child, max_to_move) for p, child in children), Fraction(0))
    values = [brute_force(child, not max_to_move) for child in children]
    return max(values) if max_to_move else min(values)


def leaves(node):
    if isinstance(node, int):
        return [node]
    return [leaf for child in node[1] for leaf in leaves(child[1] if node[0] == "chance" else child)]


class NestedGame(abprune.Game):
    """A nested tree played as a Python game: a move is a child's index; MAX moves first."""

    def __init__(self, root):
        self.root = root
        self.path = [root]
        self.max_to_move = [True]
        values = leaves(root)
        self.bounds = (min(values), max(values) + 1)

    def node(self):
        return self.path[-1]

    def chance_to_move(self):
        return not isinstance(self.node(), int) and self.node()[0] == "chance"

    def chance_outcomes(self):
        return [(index, p) for index, (p, _) in enumerate(self.node()[1])]

    def moves(self):
        node = self.node()
        return [] if isinstance(node, int) else list(range(len(node[1])))

    def play(self, move):
        kind, children = self.node()
        child = children[move][1] if kind == "chance" else children[move]
        self.path.append(child)
        self.max_to_move.append(self.max_to_move[-1] if kind == "chance" else not self.max_to_move[-1])

    def undo(self, move):
        self.path.pop()
        self.max_to_move.pop()

    def evaluate(self):
        value = self.node() if isinstance(self.node(), int) else 0
        return value if self.max_to_move[-1] else -value

    def value_bounds(self):
        return self.bounds


@pytest.mark.parametrize("seed", range(4))
def test_random_trees_have_the_brute_force_value(seed):
    rng = random.Random(seed)
    for _ in range(100):
        root = random_tree(rng, 4)
        expected = brute_force(root)
        tree = abprune.Tree(text_of(root))
        counts = {}
        for algorithm in ALGORITHMS:
            result = abprune.chance_search(tree, algorithm)
            assert isinstance(result.value, Fraction) and result.value == expected, (algorithm, text_of(root))
            assert result.in_window and result.algorithm == algorithm
            counts[algorithm] = result.leaves
            game = abprune.chance_search(NestedGame(root), algorithm)
            assert game.value == expected, (algorithm, text_of(root))
        assert counts["star1"] <= counts["expectiminimax"] == len(leaves(root))


@pytest.mark.parametrize("algorithm", ["star1", "star2"])
def test_random_windows_keep_the_fail_soft_conditions(algorithm):
    rng = random.Random(7)
    for _ in range(300):
        root = random_tree(rng, 4)
        value = brute_force(root)
        alpha = Fraction(rng.randint(-20, 18), rng.randint(1, 4))
        beta = alpha + Fraction(rng.randint(1, 12), rng.randint(1, 4))
        result = abprune.chance_search(abprune.Tree(text_of(root)), algorithm, window=(alpha, beta))
        r = result.value
        if r <= alpha:
            assert value <= r, (text_of(root), alpha, beta, r)
        elif r >= beta:
            assert value >= r, (text_of(root), alpha, beta, r)
        else:
            assert value == r and result.in_window
        assert result.window == (alpha, beta)


def test_the_issues_example_tree():
    tree = abprune.Tree("( 2  c:{ 1/2 3  1/3 (4 5)  0.125 -2  1/24 7 } )")
    for algorithm in ALGORITHMS:
        result = abprune.chance_search(tree, algorithm)
        assert result.value == Fraction(23, 8) and result.best_move == 1
        assert result.chance_nodes == 1 and result.nodes_per_ply[0] == 1
    assert abprune.chance_search(tree, "star2").probes == 1
    cut = abprune.chance_search(tree, "star1", window=(3, "7/2"))
    assert cut.value == Fraction(23, 8) and cut.chance_cutoffs == 1 and not cut.in_window
    assert abprune.CHANCE_ALGORITHMS == ALGORITHMS
    assert "value=23/8" in repr(abprune.chance_search(tree))
    figure = cut.svg()  # the figure of `abprune tree --algo star1 --window 3,7/2 --svg`
    assert figure.count('class="node chance pv cut"') == 1 and ">≤ 23/8</text>" in figure
    assert cut._repr_svg_() == figure
    assert abprune.chance_search(Race(1))._repr_svg_() is None
    with pytest.raises(ValueError, match="only the search of an abprune.Tree"):
        abprune.chance_search(Race(1)).svg()


# --- A small dice game written in Python ---------------------------------------------------------


class Race(abprune.Game):
    """Two players take turns; on a turn the player throws one or two three-sided dice (their choice)
    and adds the sum to their score, but a throw of two that shows a double scores nothing. After
    `turns` turns each, the higher score wins: the margin is +1, 0 or -1 (so that the risk of two
    dice is worth taking only when behind, and the second player, who knows what the first made,
    has the edge)."""

    def __init__(self, turns=2):
        self.turns = turns
        self.scores = [0, 0]
        self.mover = 0
        self.played = 0  # turns completed
        self.dice = None  # the number of dice chosen, while the throw is pending

    def chance_to_move(self):
        return self.dice is not None

    def chance_outcomes(self):
        if self.dice == 1:
            return [((face,), Fraction(1, 3)) for face in (1, 2, 3)]
        return [((a, b), Fraction(1, 9)) for a in (1, 2, 3) for b in (1, 2, 3)]

    def moves(self):
        return [1, 2]

    def play(self, move):
        if self.dice is None:
            # The choice ends the player's part of the turn: the opponent is to move once the dice
            # (chance, which never passes the turn) have fallen for the thrower.
            self.dice = move
            self.mover = 1 - self.mover
            return
        thrower = 1 - self.mover
        self.scores[thrower] += 0 if len(move) == 2 and move[0] == move[1] else sum(move)
        self.dice = None
        self.played += 1

    def undo(self, move):
        if self.dice is not None:
            self.dice = None
            self.mover = 1 - self.mover
            return
        self.played -= 1
        self.dice = len(move)
        self.scores[1 - self.mover] -= 0 if len(move) == 2 and move[0] == move[1] else sum(move)

    def side_to_move(self):
        return self.mover

    def outcome(self):
        if self.played < 2 * self.turns:
            return None
        difference = self.scores[self.mover] - self.scores[1 - self.mover]
        return abprune.Margin((difference > 0) - (difference < 0))

    def ending(self):
        return (-1, 1)

    def value_bounds(self):
        return (-1, 1)


def race_brute_force(turns, scores=(0, 0), mover=0, played=0):
    """The Race's exact value for the side to move, by plain recursion."""
    if played == 2 * turns:
        difference = scores[mover] - scores[1 - mover]
        return Fraction((difference > 0) - (difference < 0))
    best = None
    for dice in (1, 2):
        throws = [(f,) for f in (1, 2, 3)] if dice == 1 else [(a, b) for a in (1, 2, 3) for b in (1, 2, 3)]
        expectation = Fraction(0)
        for throw in throws:
            gain = 0 if len(throw) == 2 and throw[0] == throw[1] else sum(throw)
            after = list(scores)
            after[mover] += gain
            expectation += Fraction(1, len(throws)) * -race_brute_force(turns, tuple(after), 1 - mover, played + 1)
        best = expectation if best is None else max(best, expectation)
    return best


@pytest.mark.parametrize("turns", [1, 2])
def test_a_dice_game_in_python_has_its_brute_force_value(turns):
    expected = race_brute_force(turns)
    results = {algorithm: abprune.chance_search(Race(turns), algorithm) for algorithm in ALGORITHMS}
    for algorithm, result in results.items():
        assert result.value == expected, algorithm
        assert result.best_move in (1, 2)
    assert results["star1"].leaves <= results["expectiminimax"].leaves
    game = Race(turns)
    assert (game.scores, game.mover, game.played, game.dice) == ([0, 0], 0, 0, None), "the search undid its moves"


def test_a_depth_limit_counts_the_players_moves():
    # Race(1) has two moves of the players, each followed by a throw. The depth limit is a leaf where it
    # falls, even with a throw pending: depth 2 stops before the last throw, where evaluate() is the
    # base class's 0; a third move of depth lets the throw fall (the throws take no depth).
    shallow = abprune.chance_search(Race(1), "expectiminimax", depth=2)
    assert shallow.value == 0 and shallow.leaves == (3 + 9) * 2  # throws of one die or two, then a choice
    assert abprune.chance_search(Race(1), "star2", depth=3).value == race_brute_force(1)


# --- Errors ---------------------------------------------------------------------------------------


def test_probabilities_that_do_not_sum_to_one_are_a_value_error():
    class Unfair(Race):
        def chance_outcomes(self):
            return [((1,), Fraction(1, 3)), ((2,), Fraction(1, 3))]

    with pytest.raises(ValueError, match="sum to 2/3, not 1"):
        abprune.chance_search(Unfair(), "star2")


def test_a_leaf_outside_the_bounds_is_a_value_error_naming_it():
    class Tight(Race):
        def value_bounds(self):
            return (0, 1)

    with pytest.raises(ValueError, match=r"the leaf after the moves \[1, \(1,\), 1, \(2,\)\]: value -1 \(first player's view\) outside value_bounds\(\) \(0, 1\)"):
        abprune.chance_search(Tight(1), "star1")
    tree = abprune.Tree("(1 {1/2 5 1/2 (9 2)})")
    with pytest.raises(ValueError, match=r"bounds \(0, 5\): the leaf at 1 1 0 has value 9, outside them"):
        abprune.chance_search(tree, "star1", bounds=(0, 5))
    with pytest.raises(ValueError, match="lowest must be below highest"):
        abprune.chance_search(tree, "star2", bounds=(5, 5))
    assert abprune.chance_search(tree, "star2", bounds=(-100, 100)).value == Fraction(7, 2)


def test_a_game_that_ends_in_a_win_is_refused():
    class Wins(Race):
        def outcome(self):
            return None if self.played < 2 else abprune.WIN

        def ending(self):
            return None

    with pytest.raises(ValueError, match=r"outcome\(\) said WIN or LOSS.*Margin"):
        abprune.chance_search(Wins(1))


def test_bad_arguments_raise():
    tree = abprune.Tree("{1/2 1 1/2 3}")
    with pytest.raises(ValueError, match="unknown algorithm 'star3'"):
        abprune.chance_search(tree, "star3")
    with pytest.raises(ValueError, match="a window applies to star1 and star2"):
        abprune.chance_search(tree, "expectiminimax", window=(0, 1))
    with pytest.raises(ValueError, match="alpha must be below beta"):
        abprune.chance_search(tree, "star1", window=(2, 1))
    with pytest.raises(TypeError, match="is a float, which is not exact"):
        abprune.chance_search(tree, "star1", window=(0.5, 1))
    with pytest.raises(ValueError, match="bounds apply to an abprune.Tree"):
        abprune.chance_search(Race(1), "star1", bounds=(0, 1))
    assert abprune.chance_search(tree, "star1", window=(-INF, None)).value == 2
    with pytest.raises(ValueError, match="abprune.chance_search"):
        tree.search()
