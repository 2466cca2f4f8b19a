"""Regression tests of issue 23: hostile games, threads, re-entry and arguments.

Whatever a game or a caller does, a search ends with a right answer or a clear
Python exception, the game is left as it was, and the process goes on. Cases
that once hung or killed the process run in a child process with a timeout, so
that a regression fails the test instead of hanging or killing the suite.
"""

import gc
import itertools
import os
import random
import subprocess
import sys
import textwrap
import threading

import pytest

import abprune
from nim import Nim, xor

CHILD_TIMEOUT = 120


def run_child(code, timeout=CHILD_TIMEOUT):
    """Runs `code` in a fresh Python; fails on a signal, a hang, or a nonzero exit. Returns stdout."""
    try:
        child = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the child did not finish in {timeout} s (a hang)")
    assert child.returncode >= 0, f"the child died of signal {-child.returncode}: {child.stderr[-2000:]}"
    assert child.returncode == 0, child.stderr[-2000:]
    return child.stdout




# --- 1. Threads on one engine: they take turns, none deadlocks ---------------------------------


def test_threads_sharing_an_engine_take_turns():
    out = run_child(
        """
        import threading, abprune
        class Nim(abprune.Game):
            def __init__(self, heaps): self.heaps = list(heaps)
            def moves(self): return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)]
            def play(self, m): self.heaps[m[0]] -= m[1]
            def undo(self, m): self.heaps[m[0]] += m[1]
            def outcome(self): return None if any(self.heaps) else abprune.LOSS
            def evaluate(self): return 0
            def key(self): return tuple(sorted(self.heaps))
        engine = abprune.Engine(table_mib=4)
        answers, errors = [], []
        def connect_four():
            try:
                for _ in range(20):
                    answers.append(engine.solve(abprune.ConnectFour("5472325524434522")).value)
            except Exception as error:
                errors.append(repr(error))
        def nim(heaps):
            try:
                for _ in range(5):
                    game = Nim(heaps)
                    result = engine.solve(game)
                    assert result.is_win and game.heaps == heaps, (heaps, result)
                    engine.clear()
            except Exception as error:
                errors.append(repr(error))
        threads = [threading.Thread(target=connect_four) for _ in range(3)]
        threads += [threading.Thread(target=nim, args=([3, 4, 6],)) for _ in range(2)]
        for thread in threads: thread.start()
        for thread in threads: thread.join()
        assert not errors, errors
        assert answers == [4] * 60, answers
        print("ok", answers[0])
        """
    )
    assert out.startswith("ok")


# --- 2. Re-entry from a game's methods: a RuntimeError, not a hang -----------------------------


def test_a_game_calling_the_engine_that_searches_it_gets_an_error():
    out = run_child(
        """
        import abprune
        class Nim(abprune.Game):
            def __init__(self, heaps, call): self.heaps, self.call = list(heaps), call
            def moves(self): return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)]
            def play(self, m): self.heaps[m[0]] -= m[1]
            def undo(self, m): self.heaps[m[0]] += m[1]
            def outcome(self):
                if sum(self.heaps) == 3: self.call()
                return None if any(self.heaps) else abprune.LOSS
            def evaluate(self):
                self.call()
                return 0
        engine = abprune.Engine(table_mib=1)
        other = abprune.Engine(table_mib=1)
        calls = {
            "solve": lambda: engine.solve(abprune.ConnectFour("5472325524434522")),
            "search": lambda: engine.search(abprune.TicTacToe([0, 4])),
            "solve python": lambda: engine.solve(Nim([1, 1], lambda: None)),
            "clear": lambda: engine.clear(),
        }
        for name, call in calls.items():
            for run in (lambda g: engine.solve(g), lambda g: engine.search(g, depth=3)):
                game = Nim([2, 3], call)
                try:
                    run(game)
                except RuntimeError as error:
                    assert "in use" in str(error), error
                else:
                    raise AssertionError(name + ": no error")
                assert game.heaps == [2, 3], (name, game.heaps)
        # Another engine may be used inside a game's method, and the engine is fine afterwards.
        assert engine.solve(Nim([2, 3], lambda: other.solve(abprune.TicTacToe([0, 4])))).is_win
        assert engine.solve(abprune.ConnectFour("5472325524434522")).value == 4
        print("ok")
        """
    )
    assert out.strip() == "ok"


# --- 3, 4. Games that never end, and very long lines: a ValueError, not a crash ----------------


def test_games_that_never_end_and_lines_too_long_are_refused():
    out = run_child(
        """
        import abprune
        class Cycle(abprune.Game):
            def __init__(self): self.state, self.history = 0, []
            def moves(self): return [1, 2]
            def play(self, m): self.history.append(self.state); self.state = (self.state + 1) % 3
            def undo(self, m): self.state = self.history.pop()
            def outcome(self): return None
            def evaluate(self): return 0
        class KeyedCycle(Cycle):
            def key(self): return (self.state, len(self.history) % 2)
        class Line(abprune.Game):
            def __init__(self, length): self.length, self.ply = length, 0
            def moves(self): return [0]
            def play(self, m): self.ply += 1
            def undo(self, m): self.ply -= 1
            def outcome(self): return abprune.LOSS if self.ply >= self.length else None
            def evaluate(self): return 0
        # (Engine.search without limits deepens one ply at a time: it would get there, slowly.)
        runs = [lambda g: abprune.Engine().solve(g), lambda g: abprune.Engine().solve(g, weak=True), lambda g: abprune.search(g)]
        for make in (Cycle, KeyedCycle, lambda: Line(50_000), lambda: Line(100_000)):
            for run in runs:
                game = make()
                try:
                    run(game)
                except ValueError as error:
                    assert "10000 plies" in str(error), error
                else:
                    raise AssertionError("no error")
                assert getattr(game, "ply", 0) == 0 and getattr(game, "history", []) == []
        # Lines within the limit are searched, and the searches after a refusal are right.
        assert abprune.search(Line(10_000)).plies_to_end == 10_000
        assert abprune.Engine().solve(Line(1_000)).plies_to_end == 1_000
        assert abprune.Engine().search(Cycle(), depth=6).depth == 6
        print("ok")
        """
    )
    assert out.strip() == "ok"


# --- 5. Moves that compare by identity, or never repeat: memory bounded -----------------------


class Counted:
    """A move without __eq__: compares by identity. Counts the live instances."""

    live = 0
    most = 0

    def __init__(self, heap, take):
        self.heap, self.take = heap, take
        Counted.live += 1
        Counted.most = max(Counted.most, Counted.live)

    def __del__(self):
        Counted.live -= 1


class ObjectNim(Nim):
    """Nim whose moves are new objects at every call."""

    def moves(self):
        return [Counted(i, n) for i, n in super().moves()]

    def play(self, move):
        self.heaps[move.heap] -= move.take

    def undo(self, move):
        self.heaps[move.heap] += move.take


def test_moves_compared_by_identity_are_not_kept():
    Counted.live = Counted.most = 0
    game = ObjectNim([3, 4, 5, 6])
    result = abprune.search(game, "minimax", depth=4)
    assert result.nodes > 30_000
    # Every move object made would be ~ 17 a node; only the current line's lists are kept.
    assert Counted.most < 1_000, Counted.most
    gc.collect()
    for search in (lambda g: abprune.search(g), lambda g: abprune.Engine().solve(g), lambda g: abprune.Engine().search(g)):
        game = ObjectNim([1, 2, 4])
        result = search(game)
        assert game.heaps == [1, 2, 4]
        # The best move and the whole line are the game's own objects, found again after the search.
        assert isinstance(result.best_move, Counted) and result.pv[0] is result.best_move
        after = [1, 2, 4]
        after[result.best_move.heap] -= result.best_move.take
        assert xor(after) == 0
        for move in result.pv:
            assert isinstance(move, Counted)
            game.play(move)
        assert not any(game.heaps), "the principal variation plays to the end of the game"


class Fresh:
    """A move that compares by value, but every one made is new (a counter): never seen twice."""

    made = itertools.count()
    live = 0
    most = 0

    def __init__(self):
        self.number = next(Fresh.made)
        Fresh.live += 1
        Fresh.most = max(Fresh.most, Fresh.live)

    def __eq__(self, other):
        return isinstance(other, Fresh) and other.number == self.number

    def __hash__(self):
        return hash(self.number)

    def __del__(self):
        Fresh.live -= 1


class FreshGame(abprune.Game):
    def __init__(self):
        self.ply = 0

    def moves(self):
        return [Fresh(), Fresh(), Fresh()]

    def play(self, move):
        self.ply += 1

    def undo(self, move):
        self.ply -= 1

    def outcome(self):
        return None

    def evaluate(self):
        return self.ply % 3


def test_moves_that_never_repeat_are_kept_only_up_to_a_bound():
    Fresh.live = Fresh.most = 0
    result = abprune.search(FreshGame(), "minimax", depth=11)
    assert result.nodes > 250_000
    assert Fresh.most < 70_000, Fresh.most  # 65,536 interned, then only the current line's


# --- 6. A Gomoku search without limits -------------------------------------------------------


def test_a_gomoku_search_needs_a_limit_through_the_engine_too():
    with pytest.raises(ValueError, match="give a time, a depth or nodes"):
        abprune.Engine().search(abprune.Gomoku("h8 h9"))
    assert abprune.Engine().search(abprune.Gomoku("h8 h9"), depth=2).best_move is not None


# --- 8. Table budgets ------------------------------------------------------------------------------


def available_mib():
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    return None


@pytest.mark.skipif(not os.path.exists("/proc/meminfo"), reason="the memory available is known on Linux")
def test_a_table_larger_than_the_memory_is_refused():
    too_much = available_mib() + 1024
    with pytest.raises(ValueError, match="available"):
        abprune.Engine(table_mib=too_much)
    with pytest.raises(ValueError, match=r"Engine\(table_mib\) = 1048577 is out of range: the range is 0 to 1048576"):
        abprune.Engine(table_mib=2**20 + 1)


@pytest.mark.parametrize("value", [-1, 2**64, 10**30])
def test_table_budgets_out_of_range(value):
    with pytest.raises(ValueError, match=r"Engine\(table_mib\) = .* is out of range: the range is 0 to 1048576"):
        abprune.Engine(table_mib=value)


@pytest.mark.parametrize("value", ["16", 16.0, True, [16]])
def test_table_budgets_of_another_type(value):
    with pytest.raises(TypeError, match=r"Engine\(table_mib\) must be an int from 0 to 1048576, not "):
        abprune.Engine(table_mib=value)


# --- 9. Moves of the built-in games: by type ---------------------------------------------------


def test_connect_four_moves_by_type():
    assert abprune.ConnectFour([4, 4, 5, 3]).moves == "4453" == abprune.ConnectFour("4453").moves
    assert abprune.ConnectFour((4, 4)).moves_played == 2
    assert abprune.ConnectFour(range(1, 4)).moves == "123"
    with pytest.raises(ValueError, match=r"ConnectFour\(moves\): move 1 is 11: columns are 1 to 7"):
        abprune.ConnectFour([11])
    with pytest.raises(ValueError, match="move 1 is 44"):
        abprune.ConnectFour([44, 3])
    with pytest.raises(TypeError, match=r"ConnectFour\(moves\) takes a str of digits 1-7 or a sequence of ints 1-7, each one move, not b'4453' \(bytes\)"):
        abprune.ConnectFour(b"4453")
    for bad in (["4"], [4.0], [True], [None]):
        with pytest.raises(TypeError, match="move 1 is"):
            abprune.ConnectFour(bad)
    for bad in (4453, 4.5, bytearray(b"44")):
        with pytest.raises(TypeError, match="takes a str of digits"):
            abprune.ConnectFour(bad)
    with pytest.raises(ValueError, match="more than 42 moves"):
        abprune.ConnectFour(itertools.repeat(1))


def test_tictactoe_and_gomoku_moves_by_type():
    assert abprune.TicTacToe([0, 4]).moves == [0, 4]
    assert abprune.TicTacToe("04").moves == [0, 4]
    with pytest.raises(TypeError, match="TicTacToe"):
        abprune.TicTacToe(b"04")
    with pytest.raises(ValueError, match="move 1 is 9: cells are 0 to 8"):
        abprune.TicTacToe([9])
    with pytest.raises(ValueError, match="move 1 is -1"):
        abprune.TicTacToe([-1])
    assert abprune.Gomoku(["h8", "h9"]).moves == "h8 h9"
    with pytest.raises(TypeError, match=r"Gomoku\(moves\): move 1 is 8 \(int\)"):
        abprune.Gomoku([8, 9])
    with pytest.raises(TypeError, match="Gomoku"):
        abprune.Gomoku(b"h8")
    for size in (4, 23, -1, 2**70):
        with pytest.raises(ValueError, match=r"Gomoku\(size\) = .* is out of range: the range is 5 to 22"):
            abprune.Gomoku("", size=size)
    with pytest.raises(TypeError, match=r"Gomoku\(size\) must be an int"):
        abprune.Gomoku("", size="15")


def test_tictactoe_moves_is_a_list():
    # Was bytes (b'\x00\x04'); the stub says list[int].
    moves = abprune.TicTacToe([0, 4]).moves
    assert isinstance(moves, list) and moves == [0, 4]


# --- 10. Threads -------------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [0, -1, 1025, 2**64])
def test_thread_counts_out_of_range(threads):
    message = r"threads\)? = .* is out of range: the range is 1 to 1024"
    with pytest.raises(ValueError, match=message):
        abprune.Engine(threads=threads)
    with pytest.raises(ValueError, match=message):
        abprune.ConnectFour("4453").solve(threads=threads)
    with pytest.raises(ValueError, match=message):
        abprune.Gomoku("h8").search(depth=1, threads=threads)


def test_thread_counts_of_another_type():
    with pytest.raises(TypeError, match=r"Engine\(threads\) must be an int from 1 to 1024, not True \(bool\)"):
        abprune.Engine(threads=True)
    with pytest.raises(TypeError, match="threads must be an int"):
        abprune.ConnectFour("4453").solve(threads=2.0)


# --- 11-13, 15. What a game's methods return ----------------------------------------------------


def nim_with(**methods):
    return type("Hostile", (Nim,), methods)([2, 3])


@pytest.mark.parametrize("value", [True, False])
def test_a_bool_outcome_is_refused(value):
    game = nim_with(outcome=lambda self: value)
    with pytest.raises(TypeError, match=rf"outcome\(\) returned {value} \(bool\): expected None, abprune.WIN"):
        abprune.Engine().solve(game)
    assert game.heaps == [2, 3]


@pytest.mark.parametrize("value", [2, -2, 10**30])
def test_an_outcome_that_is_no_outcome_is_refused(value):
    with pytest.raises(ValueError, match=rf"outcome\(\) returned {value}: expected None"):
        abprune.search(nim_with(outcome=lambda self: value))


@pytest.mark.parametrize("value", [10**30, -(10**30), 2**63, abprune.MAX_EVAL + 1])
def test_an_evaluation_out_of_range_says_so(value):
    game = nim_with(evaluate=lambda self: value)
    with pytest.raises(ValueError, match=rf"evaluate\(\) returned {value}: out of range: the range is -{abprune.MAX_EVAL} to {abprune.MAX_EVAL}"):
        abprune.search(game, depth=1)
    assert game.heaps == [2, 3]


@pytest.mark.parametrize("value, shown", [("3", "'3'"), (3.0, "3.0"), (True, "True"), (None, "None"), ([1], r"\[1\]")])
def test_an_evaluation_of_another_type_is_quoted_by_repr(value, shown):
    with pytest.raises(TypeError, match=rf"evaluate\(\) returned {shown} \(\w+\): expected an int"):
        abprune.Engine().search(nim_with(evaluate=lambda self: value), depth=1)


def test_a_window_out_of_range_says_so():
    tree = abprune.Tree.textbook()
    with pytest.raises(ValueError, match=r"window bound -1000000000000000000000000000000 is out of range: the range is -999899999 to 999899999"):
        tree.search("alphabeta", (-(10**30), 10**30))
    with pytest.raises(ValueError, match=r"window bound 1000000000000000000000000000000 is out of range"):
        tree.search("alphabeta", (0, 10**30))
    with pytest.raises(ValueError, match="out of range"):
        tree.search("f1", 10**30)
    with pytest.raises(TypeError, match=r"a window bound is an int, .* not '3' \(str\)"):
        tree.search("alphabeta", ("3", 5))
    with pytest.raises(TypeError, match="not True"):
        tree.search("alphabeta", (True, 5))


@pytest.mark.parametrize("value, shown", [(3, r"3 \(int\)"), (None, r"None \(NoneType\)"), ("ab", r"'ab' \(str\)"), (b"ab", r"b'ab' \(bytes\)")])
def test_moves_that_are_no_iterable_name_the_method(value, shown):
    game = nim_with(moves=lambda self: value)
    with pytest.raises(TypeError, match=rf"moves\(\) returned {shown}: expected an iterable of moves"):
        abprune.search(game)
    with pytest.raises(TypeError, match=r"moves\(\) returned"):
        abprune.Engine().solve(game)


def test_an_endless_moves_iterator_is_refused():
    game = nim_with(moves=lambda self: itertools.count())
    with pytest.raises(ValueError, match=r"moves\(\) gave more than 1048576 moves"):
        abprune.search(game, depth=1)


def test_a_key_that_cannot_be_hashed_names_key():
    with pytest.raises(TypeError, match=r"key\(\) returned \{'a': 1\}: a key is a hashable value"):
        abprune.Engine().solve(nim_with(key=lambda self: {"a": 1}))


@pytest.mark.parametrize(
    "call",
    [
        lambda depth: abprune.search(Nim([2, 3]), depth=depth),
        lambda depth: abprune.Engine().search(Nim([2, 3]), depth=depth),
        lambda depth: abprune.Gomoku("h8").search(depth=depth),
        lambda depth: abprune.Engine().search(abprune.ConnectFour("44"), depth=depth),
    ],
)
def test_depths_out_of_range_name_the_argument_and_the_range(call):
    with pytest.raises(ValueError, match=r"depth = -1 is out of range: the range is [01] to 10000"):
        call(-1)
    with pytest.raises(ValueError, match=r"depth = 10001 is out of range"):
        call(10_001)
    with pytest.raises(TypeError, match=r"depth must be an int from [01] to 10000, not '3' \(str\)"):
        call("3")


def test_other_limits_are_checked():
    engine = abprune.Engine()
    with pytest.raises(ValueError, match=r"Engine.search\(\) nodes = 0 is out of range: the range is 1 to"):
        engine.search(Nim([2, 3]), nodes=0)
    with pytest.raises(ValueError, match=r"Engine.search\(\) time = -1 is out of range"):
        engine.search(Nim([2, 3]), time=-1)
    for time in (float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"time = .* is out of range: a number of seconds, 0 or more and finite"):
            abprune.Gomoku("h8").search(time=time)
    with pytest.raises(TypeError, match=r"time must be a number of seconds \(an int or a float\), not '1' \(str\)"):
        engine.search(Nim([2, 3]), time="1")
    assert engine.search(Nim([2, 3]), time=10**30).is_win  # longer than the clock: no limit


# --- The seeded random test of hostile games ---------------------------------------------------

# Results of every type a method could return, right and wrong.
ODD_VALUES = [
    None, True, False, 0, 1, -1, 2, 10**30, -(10**30), 2**63, 0.5, float("nan"), "1", b"1", "", (), [], {}, {1: 2},
    set(), frozenset([1]), object(), [1, 2], (1, 2), range(3), iter([1]), abprune.WIN, abprune.MAX_EVAL + 1,
    abprune.Margin(1), abprune.Margin(-3), (-1, 1), (0, 5),
]


class Oops(Exception):
    pass


class Hostile(abprune.Game):
    """Nim, except that each method may, from some call on, raise or return a random odd value. Keeps
    its own record of the moves played on it, to check that the search takes every one back."""

    def __init__(self, heaps, faults, rng):
        self.heaps = list(heaps)
        self.start = list(heaps)
        self.faults = faults  # method -> (first faulty call, "raise" or a value)
        self.calls = dict.fromkeys(["moves", "play", "undo", "outcome", "evaluate", "key", "ending", "side_to_move"], 0)
        self.rng = rng
        self.stack = []

    def fault(self, method, normal):
        self.calls[method] += 1
        fault = self.faults.get(method)
        if fault is None or self.calls[method] < fault[0]:
            return normal()
        if fault[1] == "raise":
            raise Oops(method)
        return fault[1]

    def moves(self):
        return self.fault("moves", lambda: [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)])

    def play(self, move):
        def normal():
            self.heaps[move[0]] -= move[1]
            self.stack.append(move)

        self.fault("play", normal) if "play" not in self.faults or self.faults["play"][1] == "raise" else normal()

    def undo(self, move):
        assert self.stack and self.stack[-1] == move, "undo of a move that is not the last played"
        self.heaps[move[0]] += move[1]
        self.stack.pop()
        self.calls["undo"] += 1

    def outcome(self):
        return self.fault("outcome", lambda: None if any(self.heaps) else abprune.LOSS)

    def evaluate(self):
        return self.fault("evaluate", lambda: 0)

    def key(self):
        return self.fault("key", lambda: tuple(self.heaps))

    def ending(self):
        return self.fault("ending", lambda: None)

    def side_to_move(self):
        return self.fault("side_to_move", lambda: None)


class Endless(abprune.Game):
    """A game with a random number of moves a ply that cycles for ever, or goes on for `length` plies."""

    def __init__(self, width, cycle, length):
        self.width, self.cycle, self.length = width, cycle, length
        self.ply = 0

    def moves(self):
        return list(range(self.width))

    def play(self, move):
        self.ply += 1

    def undo(self, move):
        self.ply -= 1

    def outcome(self):
        if self.length is not None and self.ply >= self.length:
            return abprune.LOSS
        return None

    def evaluate(self):
        return self.ply % self.cycle

    def key(self):
        return (self.ply % self.cycle, self.ply % 2)


SEARCHES = [
    ("search", lambda engine, game: abprune.search(game)),
    ("search depth 3", lambda engine, game: abprune.search(game, "pvs", depth=3)),
    ("engine solve", lambda engine, game: engine.solve(game)),
    ("engine weak solve", lambda engine, game: engine.solve(game, weak=True)),
    ("engine search", lambda engine, game: engine.search(game, depth=4)),
]


def check_next_search_right(engine, rng):
    heaps = [rng.randint(0, 4) for _ in range(rng.randint(1, 3))]
    game = Nim(heaps)
    result = engine.solve(game)
    assert result.exact and (result.is_win == (xor(heaps) != 0)), (heaps, result)
    assert abprune.search(Nim(heaps)).is_win == (xor(heaps) != 0)
    assert game.heaps == heaps


def test_random_hostile_games():
    rng = random.Random(2323)
    engine = abprune.Engine(table_mib=1)
    outcomes = {"right": 0, "raised": 0}
    for round_number in range(300):
        heaps = [rng.randint(0, 4) for _ in range(rng.randint(1, 3))]
        faults = {}
        for method in rng.sample(["moves", "play", "outcome", "evaluate", "key", "ending", "side_to_move"], rng.randint(0, 2)):
            faults[method] = (rng.randint(1, 40), "raise" if rng.random() < 0.3 else rng.choice(ODD_VALUES))
        game = Hostile(heaps, faults, rng)
        name, search = rng.choice(SEARCHES)
        try:
            result = search(engine, game)
        except (Oops, TypeError, ValueError) as error:
            outcomes["raised"] += 1
            assert str(error), (name, faults)
        else:
            outcomes["right"] += 1
            # A value that is a valid result (outcome() None, key() 1 everywhere) makes another game,
            # not a fault the search can see: the answer is then that game's. Raising faults either
            # raise or come too late to matter, and the answer is Nim's.
            only_raising = all(fault == "raise" for _, fault in faults.values())
            if result.exact and name != "search depth 3" and only_raising:
                assert result.is_win == (xor(heaps) != 0), (round_number, name, heaps, faults, result)
        assert game.stack == [] and game.heaps == heaps, (round_number, name, faults, game.heaps)
        if round_number % 20 == 0:
            check_next_search_right(engine, rng)
    assert outcomes["right"] > 30 and outcomes["raised"] > 30, outcomes
    check_next_search_right(engine, rng)


def test_random_endless_and_long_games():
    rng = random.Random(2324)
    engine = abprune.Engine(table_mib=1)
    for round_number in range(12):
        length = rng.choice([None, rng.randint(10_001, 40_000)])
        game = Endless(1, rng.randint(1, 5), length)
        name, search = rng.choice([s for s in SEARCHES if "depth" not in s[0] and s[0] != "engine search"])
        with pytest.raises(ValueError, match="10000 plies"):
            search(engine, game)
        assert game.ply == 0
        # Bounded by a depth, the same games are searched (though a game whose key() repeats can be
        # taken for one that ends, and its line followed through the table's cycle: refused the same way).
        game = Endless(rng.randint(1, 3), rng.randint(1, 5), length)
        for search in (lambda g: engine.search(g, depth=5), lambda g: abprune.search(g, depth=5)):
            try:
                assert search(game).depth == 5
            except ValueError as error:
                assert "10000 plies" in str(error)
            assert game.ply == 0
        check_next_search_right(engine, rng)


# --- Threads in the suite itself: the GIL is released while a thread waits for an engine ---------


def test_a_thread_waiting_for_an_engine_lets_others_run():
    engine = abprune.Engine(table_mib=4)
    started, results = threading.Event(), []

    class Slow(Nim):
        def outcome(self):
            started.set()
            return super().outcome()

    def first():
        results.append(engine.solve(Slow([4, 5, 6])).is_win)

    thread = threading.Thread(target=first)
    thread.start()
    started.wait(10)
    results.append(engine.solve(Nim([1, 2, 3])).is_win)  # waits for the first search, then runs
    thread.join(60)
    assert sorted(results) == [False, True]


def test_one_game_object_searched_by_two_threads_at_once_is_refused():
    started, release, results = threading.Event(), threading.Event(), []

    class Waits(Nim):
        def outcome(self):
            if not started.is_set():
                started.set()
                release.wait(10)
            return super().outcome()

    game = Waits([1, 2])
    thread = threading.Thread(target=lambda: results.append(abprune.Engine().solve(game).is_win))
    thread.start()
    assert started.wait(10)
    try:
        for search in (lambda: abprune.search(game), lambda: abprune.Engine().solve(game)):
            with pytest.raises(RuntimeError, match="the game object is being searched by another thread"):
                search()
    finally:
        release.set()
        thread.join(30)
    assert results == [True] and game.heaps == [1, 2]
    assert abprune.search(game).is_win  # free again


def test_a_game_may_search_itself_from_its_own_methods():
    class LooksAhead(Nim):
        def evaluate(self):
            # A look-ahead on the game itself: the same line of work as the search that called it.
            inner = abprune.search(self, depth=1)
            return 1 if inner.is_win else 0

    game = LooksAhead([2, 3, 4])
    result = abprune.Engine().search(game, depth=2)
    assert result.best_move is not None and game.heaps == [2, 3, 4]


def test_methods_called_before_the_search_cannot_wait_for_the_engine_either():
    # rules_key() and the first key() run on the calling thread, which holds the engine already.
    out = run_child(
        """
        import abprune
        engine = abprune.Engine(table_mib=1)
        class Nim(abprune.Game):
            def __init__(self, heaps): self.heaps = list(heaps)
            def moves(self): return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)]
            def play(self, m): self.heaps[m[0]] -= m[1]
            def undo(self, m): self.heaps[m[0]] += m[1]
            def outcome(self): return None if any(self.heaps) else abprune.LOSS
            def evaluate(self): return 0
        class InRulesKey(Nim):
            def rules_key(self):
                engine.clear()
        class InKey(Nim):
            def key(self):
                engine.solve(abprune.TicTacToe())
                return tuple(self.heaps)
        for game_class in (InRulesKey, InKey):
            try:
                engine.solve(game_class([1, 2]))
            except RuntimeError as error:
                assert "in use" in str(error), error
            else:
                raise AssertionError(game_class.__name__)
        assert engine.solve(Nim([1, 2])).is_win
        print("ok")
        """
    )
    assert out.strip() == "ok"


def test_searches_nested_without_end_are_stopped():
    class Nested(Nim):
        def evaluate(self):
            abprune.search(Nested([2, 2]), depth=1)
            return 0

    game = Nested([2, 2])
    with pytest.raises(RuntimeError, match="searches nested more than 32 deep"):
        abprune.search(game, depth=1)
    assert game.heaps == [2, 2]
    assert abprune.search(Nim([2, 2])).is_loss


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX")
def test_a_forked_child_searches():
    # The child inherits the parent's idle search threads' bookkeeping but not the threads.
    out = run_child(
        """
        import os, abprune
        class Nim(abprune.Game):
            def __init__(self, heaps): self.heaps = list(heaps)
            def moves(self): return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)]
            def play(self, m): self.heaps[m[0]] -= m[1]
            def undo(self, m): self.heaps[m[0]] += m[1]
            def outcome(self): return None if any(self.heaps) else abprune.LOSS
            def evaluate(self): return 0
        engine = abprune.Engine(table_mib=1)
        assert engine.solve(Nim([1, 2])).is_win and abprune.search(Nim([1, 1])).is_loss
        child = os.fork()
        if child == 0:
            try:
                ok = engine.solve(Nim([2, 3])).is_win and abprune.search(Nim([2, 2])).is_loss
                os._exit(0 if ok else 3)
            except BaseException:
                os._exit(4)
        _, status = os.waitpid(child, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
        print("ok")
        """,
        timeout=60,
    )
    assert out.strip() == "ok"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX")
def test_fork_during_a_search_raises_in_the_child():
    # The child inherits the engine and the game object marked busy by a search that is not in
    # it: using either raised nothing and waited forever. Now a RuntimeError naming the fork.
    out = run_child(
        """
        import os, signal, threading, abprune
        class Nim(abprune.Game):
            def __init__(self, heaps): self.heaps = list(heaps)
            def moves(self): return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)]
            def play(self, m): self.heaps[m[0]] -= m[1]
            def undo(self, m): self.heaps[m[0]] += m[1]
            def outcome(self): return None if any(self.heaps) else abprune.LOSS
            def evaluate(self): return 0
        started, release = threading.Event(), threading.Event()
        class Held(Nim):
            def moves(self):
                started.set()
                release.wait()
                return super().moves()
        engine = abprune.Engine(table_mib=1)
        held = Held([2, 2])
        searching = threading.Thread(target=lambda: engine.solve(held))
        searching.start()
        started.wait()
        child = os.fork()
        if child == 0:
            signal.alarm(30)  # a hang kills the child: the parent sees no clean exit
            code = 0
            for name, call in [("engine", lambda: engine.solve(Nim([1, 2]))),
                               ("game", lambda: abprune.search(held, depth=1))]:
                try:
                    call()
                    code = 3
                except RuntimeError as error:
                    if "fork" not in str(error):
                        code = 4
            if not abprune.Engine(table_mib=1).solve(Nim([1, 2])).is_win:
                code = 5
            os._exit(code)
        _, status = os.waitpid(child, 0)
        release.set()
        searching.join()
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
        assert engine.solve(Nim([2, 2])).is_loss
        print("ok")
        """,
        timeout=90,
    )
    assert out.strip() == "ok"
