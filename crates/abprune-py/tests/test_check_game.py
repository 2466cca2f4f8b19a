"""abprune.check_game on Dots and Boxes written right and with the two mistakes a new user made
(a key without the boxes already won; no side_to_move in a game with extra turns), both of
which every search answered wrongly, marked exact; an evaluation that reads what the key leaves
out. Also: two equal moves in one list, and a search that reaches every end is exact whatever its
depth."""

import pytest

import abprune

# 2 x 2 boxes: lines 0-5 across (3 rows of 2), 6-11 down (2 rows of 3); each box's four lines.
BOX_LINES = [(0, 2, 6, 7), (1, 3, 7, 8), (2, 4, 9, 10), (3, 5, 10, 11)]
LINES = 12


class DotsAndBoxes(abprune.Game):
    """Dots and Boxes, 2 x 2: completing a box wins it and moves again; the margin of boxes decides."""

    def __init__(self, key_omits_score=False):
        self.drawn = set()
        self.won = [0, 0]
        self.turn = 0
        self.history = []
        self.key_omits_score = key_omits_score

    def completed_by(self, line):
        return sum(1 for box in BOX_LINES if line in box and all(l in self.drawn for l in box))

    def moves(self):
        return [line for line in range(LINES) if line not in self.drawn]

    def play(self, line):
        self.drawn.add(line)
        completed = self.completed_by(line)
        self.won[self.turn] += completed
        self.history.append((completed, self.turn))
        if not completed:
            self.turn = 1 - self.turn

    def undo(self, line):
        completed, mover = self.history.pop()
        self.drawn.discard(line)
        self.won[mover] -= completed
        self.turn = mover

    def margin(self):
        return self.won[self.turn] - self.won[1 - self.turn]

    def outcome(self):
        return abprune.Margin(self.margin()) if len(self.drawn) == LINES else None

    def evaluate(self):
        return self.margin()

    def ending(self):
        return (-4, 4)

    def side_to_move(self):
        return self.turn

    def key(self):
        lines = frozenset(self.drawn)
        return (lines, self.turn) if self.key_omits_score else (lines, self.turn, tuple(self.won))


@pytest.fixture
def forgotten_side_class():
    """A DotsAndBoxes class with no side_to_move at all (the mistake), the base restored after."""
    skip = ("side_to_move", "__dict__", "__weakref__")
    namespace = {name: value for name, value in vars(DotsAndBoxes).items() if name not in skip}
    return type("NoSideDotsAndBoxes", (abprune.Game,), namespace)


def test_check_game_passes_right_dots_and_boxes():
    for seed in range(2):
        game = DotsAndBoxes()
        report = abprune.check_game(game, seed=seed, lines=30, solve_depth=4, side_check=True)
        assert report["keys_compared"] > 0 and report["values_compared"] > 0 and report["moves_undone"] > 0
        assert (game.drawn, game.history) == (set(), []), "the game is left as it was"


def test_check_game_finds_key_omitting_score_dots_and_boxes():
    # The report's case: Engine().solve answered +4 where the truth is +2.
    game = DotsAndBoxes(key_omits_score=True)
    with pytest.raises(ValueError, match=r"check_game\(\): the (key leaves out part of the position|table changes the value).* after the moves \["):
        abprune.check_game(game, lines=60, solve_depth=4)
    assert game.drawn == set()


def test_check_game_finds_side_forgotten_dots_and_boxes(forgotten_side_class):
    game = forgotten_side_class()
    with pytest.raises(ValueError, match=r"check_game\(\): the side to move does not match the values.* after the moves \["):
        abprune.check_game(game, lines=60, solve_depth=0, side_check=True)


def test_check_game_finds_undo_that_does_not_restore():
    class LeakyUndo(DotsAndBoxes):
        def undo(self, line):
            completed, mover = self.history.pop()
            self.drawn.discard(line)
            self.turn = mover  # forgets to take back the boxes won

    with pytest.raises(ValueError, match=r"undo does not restore the position"):
        abprune.check_game(LeakyUndo(), lines=30, solve_depth=2)


def test_check_game_arguments_are_checked():
    with pytest.raises(ValueError, match="lines"):
        abprune.check_game(DotsAndBoxes(), lines=0)
    with pytest.raises(TypeError, match="solve_depth"):
        abprune.check_game(DotsAndBoxes(), solve_depth="6")


def test_equal_moves_in_one_list_are_an_error():
    # [1, True]: 1 == True in Python, so the two were one move and play(True) was never called.
    class Pair(abprune.Game):
        def __init__(self):
            self.line = []

        def moves(self):
            return [1, True] if not self.line else []

        def play(self, move):
            self.line.append(move)

        def undo(self, move):
            self.line.pop()

        def outcome(self):
            return None if not self.line else (abprune.LOSS if self.line[0] is True else abprune.WIN)

    for run in (lambda g: abprune.search(g), lambda g: abprune.Engine(table_mib=1).solve(g)):
        with pytest.raises(ValueError, match=r"moves\(\) returned two moves that compare equal, 1 \(index 0\) and True \(index 1\)"):
            run(Pair())

    class Point:
        def __init__(self, x):
            self.x = x

        def __eq__(self, other):
            return isinstance(other, Point) and self.x == other.x

        def __hash__(self):
            return hash(self.x)

        def __repr__(self):
            return f"Point({self.x})"

    class Points(Pair):
        def moves(self):
            return iter([Point(0), Point(1), Point(0)]) if not self.line else []

    with pytest.raises(ValueError, match=r"Point\(0\) \(index 0\) and Point\(0\) \(index 2\)"):
        abprune.search(Points())


def test_search_reaching_every_end_is_exact_tictactoe():
    # The report's case: "win in 5 (not exact, depth 7)" after two moves, though depth 7 reaches every end.
    class TicTacToe(abprune.Game):
        LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

        def __init__(self, cells):
            self.board = [None] * 9
            self.player = 0
            for cell in cells:
                self.play(cell)

        def moves(self):
            return [i for i in range(9) if self.board[i] is None]

        def play(self, cell):
            self.board[cell] = self.player
            self.player = 1 - self.player

        def undo(self, cell):
            self.board[cell] = None
            self.player = 1 - self.player

        def outcome(self):
            if any(self.board[a] is not None and self.board[a] == self.board[b] == self.board[c] for a, b, c in self.LINES):
                return abprune.LOSS
            return abprune.DRAW if None not in self.board else None

        def evaluate(self):
            return 0

    for algorithm in abprune.ALGORITHMS:
        deep = abprune.search(TicTacToe([0, 1]), algorithm, depth=7)
        assert deep.exact and str(deep) == "win in 5", (algorithm, str(deep))
        shallow = abprune.search(TicTacToe([0, 1]), algorithm, depth=2)
        assert not shallow.exact and "not exact, depth 2" in str(shallow), (algorithm, str(shallow))


def test_check_game_finds_evaluation_reading_what_the_key_leaves_out():
    # An evaluation that reads the last line drawn, which key() leaves out: two orders of the same
    # lines evaluate differently under one key, and a table entry stood on one would answer the other.
    class LastLineEvaluation(DotsAndBoxes):
        def __init__(self):
            super().__init__()
            self.lines_played = []

        def play(self, line):
            super().play(line)
            self.lines_played.append(line)

        def undo(self, line):
            super().undo(line)
            self.lines_played.pop()

        def evaluate(self):
            return 100 * self.margin() + (self.lines_played[-1] if self.lines_played else 0)

    with pytest.raises(ValueError, match=r"check_game\(\): the evaluation key leaves out what the evaluation reads.* after the moves \["):
        abprune.check_game(LastLineEvaluation(), lines=30, solve_depth=0)
    report = abprune.check_game(DotsAndBoxes(), lines=30, solve_depth=0)
    assert report["evaluation_keys_compared"] > 0
