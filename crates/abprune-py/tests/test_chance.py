"""Chance nodes from Python: ``abprune.Tree`` with ``{ p child ... }`` nodes, and ``abprune.Game``
subclasses with ``chance_to_move()`` / ``chance_outcomes()``, as the searches will see them
(``abprune.chance_view``). The searches for chance come with the library's; until then the
deterministic ones refuse chance."""

from fractions import Fraction

import pytest

import abprune

DICE_TREE = "( 2  c:{ 1/2 3  1/3 (4 5)  0.125 -2  1/24 7 } )"


# --- Trees --------------------------------------------------------------------------------------


def test_a_chance_tree_exposes_its_nodes_and_fractions():
    tree = abprune.Tree(DICE_TREE)
    assert tree.has_chance_nodes
    assert str(tree) == "(2 c:{1/2 3 1/3 (4 5) 1/8 -2 1/24 7})"
    root_children = tree.children()
    assert len(root_children) == 2
    chance = root_children[1]
    assert tree.label(chance) == "c" and tree.is_chance(chance) and not tree.is_chance()
    assert tree.probabilities(chance) == [Fraction(1, 2), Fraction(1, 3), Fraction(1, 8), Fraction(1, 24)]
    assert all(isinstance(p, Fraction) for p in tree.probabilities(chance))
    assert tree.probabilities() is None
    assert tree.value(root_children[0]) == 2 and tree.value(chance) is None
    assert tree.leaf_bounds == (-2, 7)
    assert abprune.Tree(str(tree)).probabilities(chance) == tree.probabilities(chance)


def test_chance_nodes_do_not_pass_the_move():
    tree = abprune.Tree(DICE_TREE)
    chance = tree.children()[1]
    decision = tree.children(chance)[1]  # (4 5), below the chance node
    assert tree.max_to_move(0)
    assert not tree.max_to_move(chance)  # MIN's: the root's move was made
    assert not tree.max_to_move(decision)  # still MIN's: chance did not pass the move
    assert all(tree.max_to_move(leaf) for leaf in tree.children(decision))


def test_deterministic_trees_are_unchanged():
    tree = abprune.Tree("(3 (1 5))")
    assert not tree.has_chance_nodes and tree.minimax == 3
    assert tree.probabilities(1) is None and tree.search().value == 3


def test_a_chance_tree_is_refused_by_the_deterministic_searches():
    tree = abprune.Tree(DICE_TREE)
    with pytest.raises(ValueError, match="chance nodes, which alphabeta cannot search.*expectiminimax, star1 or star2"):
        tree.search()
    with pytest.raises(ValueError, match="chance nodes, which minimax cannot"):
        tree.svg("minimax")
    with pytest.raises(ValueError, match="expectation"):
        tree.minimax
    figure = tree._repr_svg_()  # the structure: circles with probabilities on the edges
    assert figure.count('class="node chance"') == 1 and figure.count('class="probability"') == 4


@pytest.mark.parametrize(
    "text, where, message",
    [
        ("(1\n {1/2 2 1/3 3})", "line 2, column 2", "sum to 5/6, not 1"),
        ("{1/2 2 3}", "line 1, column 8", "missing probability before '3'"),
        ("{0 2 1 3}", "line 1, column 2", "zero probability '0'"),
        ("{1/x 2}", "line 1, column 2", "malformed fraction '1/x'"),
        ("{1/2 1 1/2}", "line 1, column 11", "no outcome after it"),
    ],
)
def test_bad_chance_trees_raise_with_line_and_column(text, where, message):
    with pytest.raises(ValueError, match=f"{where}: .*{message}"):
        abprune.Tree(text)


def test_node_numbers_are_checked():
    tree = abprune.Tree(DICE_TREE)
    with pytest.raises(ValueError, match=r"Tree.children\(node\) = 99 is out of range"):
        tree.children(99)
    with pytest.raises(TypeError, match=r"Tree.probabilities\(node\) must be an int"):
        tree.probabilities("c")


# --- Python games with chance ----------------------------------------------------------------------


class Die(abprune.Game):
    """One throw of a die with the given probabilities, then the thrower picks 0 or 1 and the game ends
    with the throw (plus the pick) as the margin."""

    def __init__(self, probabilities=None):
        self.probabilities = [Fraction(1, 6)] * 6 if probabilities is None else probabilities
        self.line = []

    def chance_to_move(self):
        return not self.line

    def chance_outcomes(self):
        return [(face + 1, p) for face, p in enumerate(self.probabilities)]

    def moves(self):
        return [] if len(self.line) != 1 else [0, 1]

    def play(self, move):
        self.line.append(move)

    def undo(self, move):
        assert self.line.pop() == move

    def evaluate(self):
        return sum(self.line)

    def value_bounds(self):
        return (1, 7)


def test_a_game_with_chance_shows_its_outcomes_exactly():
    view = abprune.chance_view(Die())
    assert view["chance"] is True
    assert view["outcomes"] == [(face, Fraction(1, 6), True) for face in range(1, 7)]
    assert view["value_bounds"] == (1, 7)
    game = Die()
    game.play(3)
    assert abprune.chance_view(game) == {"chance": False, "outcomes": [], "value_bounds": (1, 7)}


@pytest.mark.parametrize(
    "probabilities",
    [
        [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)],
        [(1, 2), (2, 6), (1, 6)],
        ["1/2", "1/3", "1/6"],
        ["0.5", "0.25", "0.25"],
        [1],
    ],
)
def test_every_exact_form_of_a_probability_is_read(probabilities):
    outcomes = abprune.chance_view(Die(probabilities))["outcomes"]
    total = sum(p for _, p, _ in outcomes)
    assert total == 1 and all(isinstance(p, Fraction) for _, p, _ in outcomes)


@pytest.mark.parametrize(
    "probabilities, error, message",
    [
        ([0.5, 0.5], TypeError, r"probability 0.5 of outcome 0 \(1\) is a float, which is not exact"),
        ([Fraction(1, 2), Fraction(1, 3)], ValueError, "sum to 5/6, not 1"),
        ([Fraction(3, 2), Fraction(-1, 2)], ValueError, "at most 1"),
        ([Fraction(1), Fraction(0)], ValueError, "above 0"),
        (["1/2", "1/0"], ValueError, "divides by zero"),
        (["1/2", "half"], ValueError, "outcome 1 .*'half'"),
        ([(1, 2), (1, 2, 3)], TypeError, r"\(1, 2, 3\) of outcome 1"),
        ([(1, 2), (True, 2)], TypeError, "outcome 1"),
        ([(2**70, 2**71), (1, 2)], ValueError, "fit in 64 bits"),
        ([None], TypeError, "NoneType"),
        ([], ValueError, "no outcome"),
    ],
)
def test_bad_probabilities_raise_naming_the_outcome(probabilities, error, message):
    with pytest.raises(error, match=message):
        abprune.chance_view(Die(probabilities))


def test_bad_shapes_of_chance_outcomes_raise():
    class NotPairs(Die):
        def chance_outcomes(self):
            return [(1, "1/2", "extra"), (2, "1/2")]

    with pytest.raises(TypeError, match=r"\(1, '1/2', 'extra'\) at index 0: expected a \(move, probability\) pair"):
        abprune.chance_view(NotPairs())

    class NotAList(Die):
        def chance_outcomes(self):
            return "1/6"

    with pytest.raises(TypeError, match="expected a list of"):
        abprune.chance_view(NotAList())

    class NotABool(Die):
        def chance_to_move(self):
            return 1

    with pytest.raises(TypeError, match=r"chance_to_move\(\) returned 1 \(int\): expected True or False"):
        abprune.chance_view(NotABool())

    class EqualOutcomes(Die):
        def chance_outcomes(self):
            return [(1, "1/2"), (1, "1/2")]

    with pytest.raises(ValueError, match=r"chance_outcomes\(\) returned two moves that compare equal"):
        abprune.chance_view(EqualOutcomes())


def test_half_a_chance_interface_is_refused():
    class OnlyToMove(abprune.Game):
        def chance_to_move(self):
            return False

    with pytest.raises(TypeError, match=r"defines chance_to_move\(\) but not chance_outcomes\(\)"):
        abprune.chance_view(OnlyToMove())


@pytest.mark.parametrize(
    "bounds, error, message",
    [((3, 1), ValueError, "lowest comes first"), ((0, 1.5), TypeError, "two ints"), ((0, 10**12), ValueError, "within")],
)
def test_bad_value_bounds_raise(bounds, error, message):
    class Bounded(Die):
        def value_bounds(self):
            return bounds

    with pytest.raises(error, match=message):
        abprune.chance_view(Bounded())


def test_a_chance_outcome_may_pass_the_turn():
    # Dice that end the turn (Pig's 1): the outcome hands the move to the other side.
    class Sided(Die):
        def side_to_move(self):
            return len(self.line) % 2

    assert not any(same for _, _, same in abprune.chance_view(Sided())["outcomes"])

    class SameSide(Die):
        def side_to_move(self):
            return "thrower"

    assert all(same for _, _, same in abprune.chance_view(SameSide())["outcomes"])


def test_the_deterministic_searches_refuse_a_game_with_chance():
    with pytest.raises(ValueError, match="the game has chance.*expectiminimax, star1 or star2"):
        abprune.search(Die())
    with pytest.raises(ValueError, match="the game has chance"):
        abprune.Engine().search(Die(), depth=2)
