"""Issue 22, item 5: Python games that end by a margin (``ending()``, ``Margin``), games where a side moves
again (``side_to_move()``), and results that read as a margin or as "win in N" (``margin``, ``outcome``,
``plies``, ``str``).

Exact values are checked against a brute-force negamax written here, on thousands of random small game
trees with strict alternation and declared ranges of every shape (asymmetric ones such as 1 to 7, where
the root's value can be -7). Games where a side moves twice in a row (Kalah among them) are checked
against brute force by every search, the engine's solves included (issue 22, item 1).
"""

import functools
import importlib.util
import pathlib
import random
import re

import pytest

import abprune

# --- Random game trees --------------------------------------------------------------------------------
#
# A node is a leaf, the int margin for the side to move there, or a list of (again, child): `again` when
# the side that moved moves again in the child (always False for strictly alternating games).


def negamax(node):
    """The exact value of `node` for its side to move, by brute force."""
    if isinstance(node, int):
        return node
    return max(negamax(child) if again else -negamax(child) for again, child in node)


def random_tree(rng, lowest, highest, extra_turns=False, broken=0.0, depth=0):
    """A random tree with margins from `lowest` to `highest` but for a share `broken` of its leaves, out
    of the range by 1 to 3."""
    if depth > 0 and rng.random() < 0.1 + 0.12 * depth:
        if rng.random() < broken:
            return rng.choice([lowest - rng.randint(1, 3), highest + rng.randint(1, 3)])
        return rng.randint(lowest, highest)
    return [
        (extra_turns and rng.random() < 0.3, random_tree(rng, lowest, highest, extra_turns, broken, depth + 1))
        for _ in range(rng.randint(1, 3))
    ]


def random_range(rng):
    fixed = [(1, 7), (-7, -1), (-3, 2), (0, 0), (5, 5), (-2, 9), (0, 3), (-1, 1), (2, 3)]
    if rng.random() < 0.5:
        return rng.choice(fixed)
    lowest = rng.randint(-9, 9)
    return (lowest, lowest + rng.randint(0, 9))


class TreeGame(abprune.Game):
    """A game tree as a game: the moves are child indices; `ending()` is the range given."""

    def __init__(self, tree, ending, ident=None, names_sides=False):
        self.tree, self.declared, self.ident, self.names_sides = tree, ending, ident, names_sides
        self.path = []  # (index, node, side) of each move played
        self.node, self.side = tree, "X"

    def moves(self):
        return list(range(len(self.node)))

    def play(self, move):
        again, child = self.node[move]
        self.path.append((move, self.node, self.side))
        self.node = child
        if not again:
            self.side = "O" if self.side == "X" else "X"

    def undo(self, move):
        index, self.node, self.side = self.path.pop()
        assert index == move, "undo of a move that is not the last played"

    def outcome(self):
        return abprune.Margin(self.node) if isinstance(self.node, int) else None

    def evaluate(self):
        return 0

    def ending(self):
        return self.declared

    def side_to_move(self):
        return self.side if self.names_sides else None

    def key(self):
        # Every game of a run has its own ident, so one engine's table can serve them all.
        return None if self.ident is None else (self.ident, tuple(index for index, _, _ in self.path))


SEARCHES = [name for name in abprune.ALGORITHMS if name != "f1"]  # f1 finds a bound, not the value


def check_exact(result, expected, what):
    assert result.exact, what
    assert result.margin == expected and result.value == expected, (what, result, expected)
    assert result.outcome == ("win" if expected > 0 else "loss" if expected < 0 else "draw"), (what, result)
    assert result.plies is None and result.plies_to_end is None, what
    assert str(result) == (f"margin {expected:+}" if expected else "margin 0"), (what, str(result))


def test_random_margin_games_agree_with_brute_force():
    rng = random.Random(2205)
    engine = abprune.Engine(table_mib=1)
    outside = 0  # roots whose value lies outside the declared range (the other side's view)
    for ident in range(3000):
        lowest, highest = random_range(rng)
        tree = random_tree(rng, lowest, highest)
        expected = negamax(tree)
        outside += not lowest <= expected <= highest
        game = TreeGame(tree, (lowest, highest), ident if ident % 3 else None, names_sides=ident % 5 == 0)
        what = (ident, (lowest, highest), tree)

        solved = engine.solve(game)
        check_exact(solved, expected, what)
        if isinstance(tree, list):
            again, child = tree[solved.best_move]
            assert (negamax(child) if again else -negamax(child)) == expected, what
        else:
            assert solved.best_move is None and solved.pv == [], what
        weak = engine.solve(game, weak=True)
        assert weak.exact and weak.margin is None and weak.plies is None, what
        assert weak.outcome == solved.outcome and str(weak) == solved.outcome, what
        if ident % 4 == 0:
            check_exact(engine.search(game), expected, what)
            for name in SEARCHES:
                check_exact(abprune.search(game, name), expected, (name,) + what)
        assert game.path == [] and game.node is tree, what
    assert outside > 300, outside


def test_every_search_sees_the_outcomes_of_a_tree_with_transpositions():
    """Coins in a row, each side taking one from either end; the margin is the side to move's coins
    minus the other's. Positions repeat by many move orders, so the table answers many of them."""

    class Coins(abprune.Game):
        def __init__(self, coins):
            self.coins, self.low, self.high, self.lead = coins, 0, len(coins), 0

        def moves(self):
            return ["left", "right"] if self.high - self.low > 1 else ["left"]

        def play(self, move):
            coin = self.coins[self.low] if move == "left" else self.coins[self.high - 1]
            self.low, self.high = (self.low + 1, self.high) if move == "left" else (self.low, self.high - 1)
            self.lead = -(self.lead + coin)  # the mover's lead, seen by the next side

        def undo(self, move):
            if move == "left":
                self.low -= 1
                coin = self.coins[self.low]
            else:
                coin = self.coins[self.high]
                self.high += 1
            self.lead = -self.lead - coin

        def outcome(self):
            return abprune.Margin(self.lead) if self.low == self.high else None

        def ending(self):
            total = sum(self.coins)
            return (-total, total)

        def key(self):
            return (self.coins, self.low, self.high, self.lead)  # one engine serves every row of coins

    @functools.lru_cache(maxsize=None)
    def best(coins):
        if not coins:
            return 0
        return max(coins[0] - best(coins[1:]), coins[-1] - best(coins[:-1]))

    rng = random.Random(22)
    engine = abprune.Engine(table_mib=1)
    for _ in range(40):
        coins = tuple(rng.randint(0, 9) for _ in range(rng.randint(1, 9)))
        check_exact(engine.solve(Coins(coins)), best(coins), coins)
        check_exact(engine.search(Coins(coins)), best(coins), coins)
        check_exact(abprune.search(Coins(coins), "pvs"), best(coins), coins)


# --- Outcomes and endings that break the rules --------------------------------------------------------


def every_search():
    return [
        ("engine solve", lambda game: abprune.Engine(table_mib=1).solve(game)),
        ("engine weak solve", lambda game: abprune.Engine(table_mib=1).solve(game, weak=True)),
        ("engine search", lambda game: abprune.Engine(table_mib=1).search(game)),
    ] + [(name, functools.partial(lambda name, game: abprune.search(game, name), name)) for name in abprune.ALGORITHMS]


def test_random_broken_ranges_are_refused_or_agree_with_brute_force():
    """Leaves beyond the declared range: a search that meets one raises (naming it and the range); one
    that never meets it (a cut-off) answers the tree's value. Minimax meets every leaf."""
    rng = random.Random(2206)
    refused = answered = 0
    for ident in range(400):
        lowest, highest = random_range(rng)
        tree = random_tree(rng, lowest, highest, broken=0.1)
        leaves = re.findall(r"-?\d+", repr(tree).replace("False", "").replace("True", ""))
        broken = [int(leaf) for leaf in leaves if not lowest <= int(leaf) <= highest]
        for name, search in every_search():
            game = TreeGame(tree, (lowest, highest), ident)
            try:
                result = search(game)
            except ValueError as error:
                refused += 1
                message = str(error)
                shown = int(re.match(r"outcome\(\) returned Margin\((-?\d+)\), outside the margins declared", message).group(1))
                assert shown in broken, (name, message, broken)
                assert f"margins from {lowest} to {highest} for the side to move" in message, message
            else:
                answered += 1
                assert not broken or name != "minimax", (name, tree, (lowest, highest))
                expected = negamax(tree)
                if "weak" in name:
                    assert result.outcome == ("win" if expected > 0 else "loss" if expected < 0 else "draw"), (tree, result)
                elif result.exact:
                    assert result.margin == expected, (name, tree, result)
            assert game.path == [], name
    assert refused > 300 and answered > 300, (refused, answered)


@pytest.mark.parametrize(
    "ending, outcome, error, message",
    [
        ((1, 7), abprune.Margin(9), ValueError, r"outcome\(\) returned Margin\(9\), outside the margins declared: the game ends in margins from 1 to 7 for the side to move \(its ending\(\) returned \(1, 7\)\)"),
        ((1, 7), abprune.Margin(0), ValueError, r"outcome\(\) returned Margin\(0\), outside the margins declared: .* from 1 to 7"),
        ((1, 7), abprune.DRAW, ValueError, r"outcome\(\) returned 0 \(abprune.DRAW, a margin of 0\), outside the margins declared: .* from 1 to 7"),
        ((-5, 5), abprune.WIN, ValueError, r"outcome\(\) returned 1 \(abprune.WIN, a win\), but the game ends in margins from -5 to 5 .*: a finished margin game returns abprune.Margin\(n\)"),
        ((-5, 5), abprune.LOSS, ValueError, r"outcome\(\) returned -1 \(abprune.LOSS, a loss\), but the game ends in margins from -5 to 5"),
        ((-5, 5), 3, ValueError, r"outcome\(\) returned 3: expected None or abprune.Margin\(n\) with n from -5 to 5"),
        ((-5, 5), True, TypeError, r"outcome\(\) returned True \(bool\): expected None or abprune.Margin\(n\) with n from -5 to 5"),
        ((-5, 5), "3", TypeError, r"outcome\(\) returned '3' \(str\): expected None or abprune.Margin"),
        (None, abprune.Margin(2), ValueError, r"outcome\(\) returned Margin\(2\), a margin, but the game ends in wins, losses and draws \(its ending\(\) returned None\)"),
        (None, abprune.Margin(0), ValueError, r"outcome\(\) returned Margin\(0\), a margin, but the game ends in wins, losses and draws"),
    ],
)
def test_an_outcome_of_the_wrong_kind_or_out_of_range_is_refused(ending, outcome, error, message):
    class Broken(TreeGame):
        def outcome(self):
            return outcome if self.path else None

    for name, search in every_search():
        game = Broken([(False, 1), (False, 2)], ending)
        with pytest.raises(error, match=message):
            search(game)
        assert game.path == [], name


@pytest.mark.parametrize("ending", [None, (-3, 3)])
def test_a_solve_that_meets_an_evaluation_names_evaluate(ending):
    class Unfinished(TreeGame):
        def outcome(self):
            if self.node == []:
                return None  # not over, and no moves: valued by evaluate()
            if isinstance(self.node, int):
                return abprune.Margin(self.node) if self.declared else abprune.LOSS
            return None

    game = Unfinished([(False, []), (False, 2)], ending)
    with pytest.raises(ValueError, match=r"Engine.solve\(\): the search met positions valued by evaluate\(\) \(not over, as outcome\(\) said, and without moves\)"):
        abprune.Engine().solve(game)
    assert game.path == []


def test_a_margin_game_may_end_in_a_draw():
    class Drawn(TreeGame):
        def outcome(self):
            return abprune.DRAW if self.path else None

    result = abprune.Engine().solve(Drawn([(False, 0)], (-1, 1)))
    assert (result.margin, result.outcome, str(result)) == (0, "draw", "margin 0")


@pytest.mark.parametrize(
    "ending, error, message",
    [
        ((7, 1), ValueError, r"ending\(\) returned \(7, 1\): the lowest margin 7 is above the highest 1"),
        ((0, abprune.MAX_EVAL + 1), ValueError, rf"ending\(\) returned \(0, {abprune.MAX_EVAL + 1}\): out of range: margins range from -{abprune.MAX_EVAL} to {abprune.MAX_EVAL}"),
        ((-(10**30), 0), ValueError, r"ending\(\) returned \(-1000000000000000000000000000000, 0\): out of range"),
        ([1, 7], TypeError, r"ending\(\) returned \[1, 7\] \(list\): expected None .* or a tuple \(lowest, highest\) of two ints"),
        ((1, 7, 9), TypeError, r"ending\(\) returned \(1, 7, 9\) \(tuple\): expected None"),
        ((1.0, 7), TypeError, r"ending\(\) returned \(1.0, 7\) \(a tuple of float and int\)"),
        ((True, 7), TypeError, r"ending\(\) returned \(True, 7\) \(a tuple of bool and int\)"),
        ("margins", TypeError, r"ending\(\) returned 'margins' \(str\)"),
        (abprune.WIN, TypeError, r"ending\(\) returned 1 \(int\)"),
    ],
)
def test_an_ending_that_is_no_ending_is_refused(ending, error, message):
    for name, search in every_search():
        game = TreeGame([(False, 1)], ending)
        with pytest.raises(error, match=message):
            search(game)
        assert game.path == [], name


def test_ending_and_side_to_move_that_are_no_methods_or_raise():
    game = TreeGame([(False, 1)], (1, 1))
    game.ending = 5
    with pytest.raises(TypeError, match=r"the game's ending is 5, not a method"):
        abprune.search(game)
    game = TreeGame([(False, 1)], (1, 1))
    game.side_to_move = "X"
    with pytest.raises(TypeError, match=r"the game's side_to_move is 'X', not a method"):
        abprune.Engine().solve(game)

    class Oops(Exception):
        pass

    def oops():
        raise Oops("ending")

    game = TreeGame([(False, 1)], (1, 1))
    game.ending = oops
    with pytest.raises(Oops):
        abprune.Engine().solve(game)


def test_the_margin_type():
    assert abprune.Margin(6) == abprune.Margin(6) and abprune.Margin(6) != abprune.Margin(-6)
    assert hash(abprune.Margin(6)) == hash(abprune.Margin(6)) and len({abprune.Margin(3), abprune.Margin(3)}) == 1
    assert (abprune.Margin(-4).value, int(abprune.Margin(-4)), repr(abprune.Margin(-4))) == (-4, -4, "Margin(-4)")
    assert abprune.Margin(abprune.MAX_EVAL).value == abprune.MAX_EVAL
    with pytest.raises(ValueError, match=rf"Margin\(value\) = {abprune.MAX_EVAL + 1} is out of range: the range is -{abprune.MAX_EVAL} to {abprune.MAX_EVAL}"):
        abprune.Margin(abprune.MAX_EVAL + 1)
    for value, shown in [(1.5, "1.5"), (True, "True"), ("3", "'3'"), (None, "None")]:
        with pytest.raises(TypeError, match=rf"Margin\(value\) must be an int from .*, not {shown} \(\w+\)"):
            abprune.Margin(value)


# --- Who is to move -----------------------------------------------------------------------------------


def test_side_to_move_with_a_third_side_or_none_is_refused():
    class Three(TreeGame):
        def side_to_move(self):
            return len(self.path)  # 0, 1, 2: a third side two plies down

    game = Three([(False, [(False, 1)])], (-1, 1))
    with pytest.raises(ValueError, match=r"side_to_move\(\) returned 2, a third side: the game's sides are 0 \(to move at the start of the search\) and 1"):
        abprune.search(game, "minimax")
    assert game.path == []

    class Vanishing(TreeGame):
        def side_to_move(self):
            return None if self.path else "X"

    with pytest.raises(TypeError, match=r"side_to_move\(\) returned None, but it returned 'X' at the start of the search"):
        abprune.Engine().solve(Vanishing([(False, 1)], (-1, 1)))


def test_random_games_with_extra_turns_agree_with_brute_force_by_minimax():
    """Minimax reads whose turn it is from the game, so `side_to_move()` makes it right where a side
    moves several times in a row."""
    rng = random.Random(2207)
    for ident in range(1500):
        lowest, highest = random_range(rng)
        tree = random_tree(rng, lowest, highest, extra_turns=True)
        game = TreeGame(tree, (lowest, highest), ident, names_sides=True)
        result = abprune.search(game, "minimax")
        check_exact(result, negamax(tree), (ident, tree))
        assert game.path == []


@pytest.mark.parametrize("search", ["engine solve", "engine search", "negamax", "alphabeta", "failsoft", "pvs", "mtdf"])
def test_random_games_with_extra_turns_agree_with_brute_force(search):
    run = dict(every_search())[search]
    rng = random.Random(2208)
    for ident in range(300):
        lowest, highest = random_range(rng)
        tree = random_tree(rng, lowest, highest, extra_turns=True)
        check_exact(run(TreeGame(tree, (lowest, highest), ident, names_sides=True)), negamax(tree), (ident, tree))


# --- Kalah: the example of the Python docs ----------------------------------------------------------


def load_kalah():
    path = pathlib.Path(__file__).resolve().parents[1] / "examples" / "kalah.py"
    spec = importlib.util.spec_from_file_location("kalah_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Kalah


def kalah_brute_force(pits, board, side):
    """Kalah's value for `side` to move, by memoised negamax on the rules written out again here (a last
    seed in one's own store moves again; one in an empty house of one's own captures the seeds opposite,
    if any; the game ends when a side's houses are empty, each side keeping what is left on its side)."""

    @functools.lru_cache(maxsize=None)
    def value(board, side):
        mine = range(side * (pits + 1), side * (pits + 1) + pits)
        theirs = range((1 - side) * (pits + 1), (1 - side) * (pits + 1) + pits)
        store, their_store = side * (pits + 1) + pits, (1 - side) * (pits + 1) + pits
        if not any(board[i] for i in mine) or not any(board[i] for i in theirs):
            return board[store] + sum(board[i] for i in mine) - board[their_store] - sum(board[i] for i in theirs)
        best = None
        for house in mine:
            if not board[house]:
                continue
            after, seeds, at = list(board), board[house], house
            after[house] = 0
            while seeds:
                at = (at + 1) % len(after)
                if at != their_store:
                    after[at] += 1
                    seeds -= 1
            if at == store:
                found = value(tuple(after), side)
            else:
                if at in mine and after[at] == 1 and after[2 * pits - at]:
                    after[store] += after[2 * pits - at] + 1
                    after[at] = after[2 * pits - at] = 0
                found = -value(tuple(after), 1 - side)
            best = found if best is None else max(best, found)
        return best

    return value(tuple(board), side)


SMALL_KALAHS = [(1, 1), (1, 4), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1)]


@pytest.mark.parametrize("pits, seeds", SMALL_KALAHS)
def test_small_kalahs_by_minimax_agree_with_brute_force(pits, seeds):
    game = load_kalah()(pits, seeds)
    start = list(game.board)
    result = abprune.search(game, "minimax")
    check_exact(result, kalah_brute_force(pits, start, 0), (pits, seeds))
    assert (game.board, game.side, game.history) == (start, 0, [])


def test_random_kalah_positions_by_minimax_agree_with_brute_force():
    Kalah = load_kalah()
    rng = random.Random(2209)
    for _ in range(60):
        pits = rng.randint(2, 3)
        game = Kalah(pits, 0)
        for _ in range(rng.randint(1, 7)):
            game.board[rng.randrange(len(game.board))] += 1
        game.side = rng.randint(0, 1)
        start = list(game.board)
        result = abprune.search(game, "minimax")
        check_exact(result, kalah_brute_force(pits, start, game.side), (start, game.side))


def test_the_documented_kalah_agrees_with_brute_force_by_minimax():
    # The Kalah class of the Python documentation (docs/python.md; the README links to it).
    page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
    text = page.read_text()
    start = text.index("class Kalah(abprune.Game):")
    namespace = {"abprune": abprune}
    exec(text[start : text.index("\n\n", start)], namespace)
    for pits, seeds in SMALL_KALAHS:
        game = namespace["Kalah"](pits, seeds)
        check_exact(abprune.search(game, "minimax"), kalah_brute_force(pits, list(game.board), 0), (pits, seeds))


def test_kalah_searches_return_well_formed_results():
    """What does not depend on extra turns being valued right: the searches run, leave the game as it
    was, and say what they found in the game's terms."""
    Kalah = load_kalah()
    game = Kalah(4, 3)
    result = abprune.Engine(table_mib=1).search(game, depth=3)
    assert (game.board, game.side, game.history) == ([3, 3, 3, 3, 0] * 2, 0, [])
    assert not result.exact and result.margin is None and result.outcome is None and result.plies is None
    assert result.best_move in game.moves() and result.pv[0] == result.best_move and result.depth == 3
    assert re.fullmatch(r"value -?\d+ \(not exact, depth 3\)", str(result)), str(result)
    assert repr(result) == f"Result({result}, best_move={result.best_move}, exact=False, nodes={result.nodes})"
    for pits, seeds in SMALL_KALAHS:
        game = Kalah(pits, seeds)
        solved = abprune.Engine(table_mib=1).solve(game)
        total = 2 * pits * seeds
        assert solved.exact and -total <= solved.margin <= total and solved.best_move in game.moves()
        assert solved.outcome == ("win" if solved.margin > 0 else "loss" if solved.margin < 0 else "draw")
        assert str(solved) == (f"margin {solved.margin:+}" if solved.margin else "margin 0")
        assert game.history == []


def test_kalah_4_3_from_the_start_is_a_margin_of_6():
    # The expectation of issue 22: brute force (kalah_brute_force(4, [3, 3, 3, 3, 0] * 2, 0)) and minimax
    # give +6 for the first player (the engine answered 0, exact, before the library valued extra turns).
    result = abprune.Engine(table_mib=16).solve(load_kalah()(4, 3))
    assert (result.margin, result.exact, str(result)) == (6, True, "margin +6")


def test_small_kalahs_solved_by_the_engine_agree_with_brute_force():
    for pits, seeds in SMALL_KALAHS:
        game = load_kalah()(pits, seeds)
        expected = kalah_brute_force(pits, list(game.board), 0)
        check_exact(abprune.Engine(table_mib=1).solve(game), expected, (pits, seeds))


# --- Results of games of wins, losses and draws ------------------------------------------------------


class Line(abprune.Game):
    """A line of `length` plies with one move each; it ends in `end` for the side to move."""

    def __init__(self, length, end):
        self.length, self.end, self.ply = length, end, 0

    def moves(self):
        return ["on"]

    def play(self, move):
        self.ply += 1

    def undo(self, move):
        self.ply -= 1

    def outcome(self):
        return self.end if self.ply == self.length else None

    def evaluate(self):
        return 7


def test_results_read_as_win_loss_or_draw_in_n():
    engine = abprune.Engine(table_mib=1)
    won = engine.solve(Line(5, abprune.LOSS))  # the side to move at the end has lost: the root's side won
    assert (won.outcome, won.plies, won.plies_to_end, won.margin, str(won)) == ("win", 5, 5, None, "win in 5")
    assert repr(won) == "Result(win in 5, best_move='on', exact=True, nodes=%d)" % won.nodes
    assert won.value == abprune.SCORE_WIN - 5 and won.is_win and not won.is_loss
    lost = engine.solve(Line(4, abprune.LOSS))
    assert (lost.outcome, lost.plies, str(lost), lost.is_loss) == ("loss", 4, "loss in 4", True)
    drawn = engine.solve(Line(3, abprune.DRAW))
    assert (drawn.outcome, drawn.plies, drawn.margin, str(drawn)) == ("draw", None, None, "draw")
    weak = engine.solve(Line(5, abprune.LOSS), weak=True)
    assert (weak.outcome, weak.plies, weak.plies_to_end, str(weak), weak.is_win) == ("win", None, None, "win", True)
    over = engine.solve(Line(0, abprune.LOSS))
    assert (over.outcome, over.plies, str(over), over.best_move) == ("loss", 0, "loss in 0", None)
    shallow = engine.search(Line(5, abprune.LOSS), depth=2)
    assert (shallow.outcome, shallow.plies, str(shallow)) == (None, None, "value 7 (not exact, depth 2)")
    plain = abprune.search(Line(2, abprune.LOSS), "alphabeta")
    assert (plain.outcome, plain.plies, str(plain)) == ("loss", 2, "loss in 2")
    bound = abprune.search(Line(2, abprune.LOSS), "f1")
    # F1 with its bound +inf, searched to the end, is exact (it was once reported "not exact").
    assert str(bound) == "loss in 2" and bound.outcome == "loss" and bound.exact


def test_margin_results_read_as_margins():
    engine = abprune.Engine(table_mib=1)
    for tree, expected in [([(False, [(False, 6)])], "margin +6"), ([(False, 1), (False, 4)], "margin -1")]:
        result = engine.solve(TreeGame(tree, (1, 7)))
        assert str(result) == expected and repr(result).startswith(f"Result({expected}, best_move=")
    over = engine.solve(TreeGame(5, (1, 7)))
    assert (over.margin, over.outcome, str(over), over.best_move, over.is_win) == (5, "win", "margin +5", None, True)
    shallow = engine.search(TreeGame([(False, [(False, [(False, 2)])])], (1, 7)), depth=1)
    assert (shallow.margin, shallow.outcome, shallow.is_win, str(shallow)) == (None, None, False, "value 0 (not exact, depth 1)")
