"""Tests of the abprune Python package (run by .ci/run after a fresh install)."""

import _thread
import functools
import itertools
import signal
import threading
import time

import pytest

import abprune
from nim import Nim, xor

# --- Textbook trees: the same values and counts as `abprune tree --json` -----------------------------

TREES = {
    "builtin": None,  # abprune.Tree.textbook(), the CLI's tree without a file
    "aima": "a:( b:(3 12 8) c:(2 4 6) d:(14 5 2) )",
    "knuth": "(((3 1 4) (1 5 9) (2 6 5)) ((3 5 8) (9 7 9) (3 2 3)) ((8 4 6) (2 6 4) (3 3 8)))",
    # `abprune tree --random 3,4 --seed 7 --print-tree`
    "rand": "((((2 3 3) (3 5 14) (0 15 1)) ((12 17 7) (5 1 5) (17 7 7)) ((10 20 9) (4 15 8) (11 10 18))) (((5 7 8) (5 11 17) (6 20 1)) ((14 6 0) (4 6 9) (5 17 8)) ((0 1 1) (9 5 11) (10 4 18))) (((16 1 3) (3 11 20) (3 14 9)) ((8 20 12) (8 7 3) (10 6 10)) ((11 4 4) (0 17 12) (12 9 2))))",
}

# (tree, algorithm, window or bound as the CLI took it, `abprune tree --json` output)
# mtdf's counts are those of the textbook MTD(f) with its own memory (it ran the engine's MTD(f) before):
# the same values and lines, other nodes.
CLI = [
("builtin", "minimax", None, {"value":6,"pv":[1,0,0,0],"leaves":15,"nodes":35,"alpha_cutoffs":0,"beta_cutoffs":0}),
("builtin", "negamax", None, {"value":6,"pv":[1,0,0,0],"leaves":15,"nodes":35,"alpha_cutoffs":0,"beta_cutoffs":0}),
("builtin", "f1", None, {"value":6,"pv":None,"leaves":9,"nodes":25,"alpha_cutoffs":3,"beta_cutoffs":1}),
("builtin", "alphabeta", None, {"value":6,"pv":[1,0,0,0],"leaves":9,"nodes":25,"alpha_cutoffs":3,"beta_cutoffs":1}),
("builtin", "failsoft", None, {"value":6,"pv":[1,0,0,0],"leaves":9,"nodes":25,"alpha_cutoffs":3,"beta_cutoffs":1}),
("builtin", "pvs", None, {"value":6,"pv":[1,0,0,0],"leaves":11,"nodes":32,"alpha_cutoffs":4,"beta_cutoffs":2}),
("builtin", "mtdf", None, {"value":6,"pv":[1,0,0,0],"leaves":10,"nodes":43,"alpha_cutoffs":3,"beta_cutoffs":5}),
("aima", "minimax", None, {"value":3,"pv":[0,0],"leaves":9,"nodes":13,"alpha_cutoffs":0,"beta_cutoffs":0}),
("aima", "negamax", None, {"value":3,"pv":[0,0],"leaves":9,"nodes":13,"alpha_cutoffs":0,"beta_cutoffs":0}),
("aima", "f1", None, {"value":3,"pv":None,"leaves":7,"nodes":11,"alpha_cutoffs":1,"beta_cutoffs":0}),
("aima", "alphabeta", None, {"value":3,"pv":[0,0],"leaves":7,"nodes":11,"alpha_cutoffs":1,"beta_cutoffs":0}),
("aima", "failsoft", None, {"value":3,"pv":[0,0],"leaves":7,"nodes":11,"alpha_cutoffs":1,"beta_cutoffs":0}),
("aima", "pvs", None, {"value":3,"pv":[0,0],"leaves":7,"nodes":11,"alpha_cutoffs":1,"beta_cutoffs":0}),
("aima", "mtdf", None, {"value":3,"pv":[0,0],"leaves":11,"nodes":21,"alpha_cutoffs":2,"beta_cutoffs":1}),
("knuth", "minimax", None, {"value":6,"pv":[2,1,1],"leaves":27,"nodes":40,"alpha_cutoffs":0,"beta_cutoffs":0}),
("knuth", "negamax", None, {"value":6,"pv":[2,1,1],"leaves":27,"nodes":40,"alpha_cutoffs":0,"beta_cutoffs":0}),
("knuth", "f1", None, {"value":6,"pv":None,"leaves":23,"nodes":36,"alpha_cutoffs":0,"beta_cutoffs":3}),
("knuth", "alphabeta", None, {"value":6,"pv":[2,1,1],"leaves":23,"nodes":36,"alpha_cutoffs":0,"beta_cutoffs":3}),
("knuth", "failsoft", None, {"value":6,"pv":[2,1,1],"leaves":23,"nodes":36,"alpha_cutoffs":0,"beta_cutoffs":3}),
("knuth", "pvs", None, {"value":6,"pv":[2,1,1],"leaves":26,"nodes":42,"alpha_cutoffs":1,"beta_cutoffs":6}),
("knuth", "mtdf", None, {"value":6,"pv":[2,1,1],"leaves":31,"nodes":75,"alpha_cutoffs":2,"beta_cutoffs":13}),
("rand", "minimax", None, {"value":5,"pv":[1,0,0,0],"leaves":81,"nodes":121,"alpha_cutoffs":0,"beta_cutoffs":0}),
("rand", "negamax", None, {"value":5,"pv":[1,0,0,0],"leaves":81,"nodes":121,"alpha_cutoffs":0,"beta_cutoffs":0}),
("rand", "f1", None, {"value":5,"pv":None,"leaves":42,"nodes":69,"alpha_cutoffs":4,"beta_cutoffs":3}),
("rand", "alphabeta", None, {"value":5,"pv":[1,0,0,0],"leaves":37,"nodes":64,"alpha_cutoffs":7,"beta_cutoffs":3}),
("rand", "failsoft", None, {"value":5,"pv":[1,0,0,0],"leaves":37,"nodes":64,"alpha_cutoffs":7,"beta_cutoffs":3}),
("rand", "pvs", None, {"value":5,"pv":[1,0,0,0],"leaves":49,"nodes":86,"alpha_cutoffs":10,"beta_cutoffs":6}),
("rand", "mtdf", None, {"value":5,"pv":[1,0,0,0],"leaves":44,"nodes":105,"alpha_cutoffs":13,"beta_cutoffs":11}),
("builtin", "alphabeta", "3,6", {"value":6,"pv":[1],"leaves":7,"nodes":19,"alpha_cutoffs":1,"beta_cutoffs":3}),
("builtin", "failsoft", "3,6", {"value":6,"pv":[1,0,0,0],"leaves":7,"nodes":19,"alpha_cutoffs":1,"beta_cutoffs":3}),
("builtin", "pvs", "3,6", {"value":6,"pv":[1,0,0,0],"leaves":7,"nodes":19,"alpha_cutoffs":1,"beta_cutoffs":3}),
("builtin", "alphabeta", "-inf,4", {"value":4,"pv":[1],"leaves":5,"nodes":16,"alpha_cutoffs":0,"beta_cutoffs":4}),
("builtin", "failsoft", "-inf,4", {"value":6,"pv":[1,0,0,0],"leaves":5,"nodes":16,"alpha_cutoffs":0,"beta_cutoffs":4}),
("builtin", "pvs", "-inf,4", {"value":6,"pv":[1,0,0,0],"leaves":6,"nodes":19,"alpha_cutoffs":0,"beta_cutoffs":4}),
("builtin", "alphabeta", "7,+inf", {"value":7,"pv":[0],"leaves":5,"nodes":17,"alpha_cutoffs":6,"beta_cutoffs":0}),
("builtin", "failsoft", "7,+inf", {"value":7,"pv":[0,0,1,0],"leaves":5,"nodes":17,"alpha_cutoffs":6,"beta_cutoffs":0}),
("builtin", "pvs", "7,+inf", {"value":7,"pv":[0,0,1,0],"leaves":5,"nodes":17,"alpha_cutoffs":6,"beta_cutoffs":0}),
("knuth", "f1", "5", {"value":6,"pv":None,"leaves":23,"nodes":36,"alpha_cutoffs":0,"beta_cutoffs":3}),
("knuth", "f1", "7", {"value":6,"pv":None,"leaves":23,"nodes":36,"alpha_cutoffs":0,"beta_cutoffs":3}),
]


def tree(name):
    text = TREES[name]
    return abprune.Tree.textbook() if text is None else abprune.Tree(text)


def window_of(text):
    if text is None:
        return None
    if "," not in text:
        return int(text)
    return tuple(float(part) if "inf" in part else int(part) for part in text.split(","))


@pytest.mark.parametrize("name, algorithm, window, expected", CLI)
def test_every_algorithm_counts_as_the_cli(name, algorithm, window, expected):
    result = tree(name).search(algorithm, window_of(window))
    assert result.value == expected["value"]
    assert result.leaves == expected["leaves"]
    assert result.nodes == expected["nodes"]
    assert result.alpha_cutoffs == expected["alpha_cutoffs"]
    assert result.beta_cutoffs == expected["beta_cutoffs"]
    if expected["pv"] is not None:
        assert result.pv == expected["pv"]
        assert result.best_move == (expected["pv"][0] if expected["pv"] else None)


def test_every_cli_algorithm_is_offered():
    assert abprune.ALGORITHMS == ["minimax", "negamax", "f1", "alphabeta", "failsoft", "pvs", "mtdf"]


def test_bad_input_raises_value_error():
    with pytest.raises(ValueError, match="line 1"):
        abprune.Tree("(3 (4 5)")
    with pytest.raises(ValueError, match="unknown algorithm"):
        abprune.Tree.textbook().search("sss")
    with pytest.raises(ValueError, match="alpha must be below beta"):
        abprune.Tree.textbook().search("alphabeta", (5, 5))
    with pytest.raises(ValueError, match="window applies"):
        abprune.Tree.textbook().search("minimax", (1, 5))


def test_trace_is_a_list_of_events():
    result = abprune.Tree(TREES["aima"]).search()
    events = result.trace
    assert events[0] == {"event": "enter", "ply": 0, "node": 0, "label": "a", "alpha": float("-inf"), "beta": float("inf")}
    assert sum(e["event"] == "leaf" for e in events) == result.leaves
    assert sum(e["event"] == "enter" for e in events) == result.nodes
    assert sum(e["event"] == "cutoff" for e in events) == result.alpha_cutoffs + result.beta_cutoffs
    assert events[-1] == {"event": "exit", "ply": 0, "value": 3}
    assert result.pv_labels == ["b", "0"]


def test_svg_is_drawn():
    tree = abprune.Tree.textbook()
    picture = tree.search("alphabeta").svg()
    assert picture.startswith("<svg") or picture.startswith("<?xml")
    assert picture.endswith("</svg>")
    assert 'class="node' in picture and "pruned" in picture
    assert tree._repr_svg_() == picture
    assert tree.search()._repr_svg_() == picture
    assert tree.svg("minimax") != picture


# --- Games written in Python ---------------------------------------------------------------------




SMALL_HEAPS = [list(h) for n in (1, 2, 3) for h in itertools.product(range(4), repeat=n)]


@pytest.mark.parametrize("algorithm", ["negamax", "alphabeta", "failsoft", "pvs", "mtdf"])
def test_python_nim_matches_the_xor_rule(algorithm):
    for heaps in SMALL_HEAPS:
        game = Nim(heaps)
        result = abprune.search(game, algorithm)
        assert game.heaps == heaps, "the search must leave the game as it found it"
        if xor(heaps):
            assert result.is_win, heaps
            i, n = result.best_move
            after = list(heaps)
            after[i] -= n
            assert xor(after) == 0, (heaps, result.best_move)
        else:
            assert result.is_loss or result.value == 0 and not any(heaps), heaps


def test_python_nim_solved_by_the_engine_for_many_heap_sets():
    engine = abprune.Engine(table_mib=4)
    for heaps in itertools.combinations_with_replacement(range(1, 7), 3):
        game = Nim(heaps)
        result = engine.solve(game)
        assert result.exact
        assert result.is_win == (xor(heaps) != 0), heaps
        if result.is_win:
            i, n = result.best_move
            after = list(heaps)
            after[i] -= n
            assert xor(after) == 0
        assert game.heaps == list(heaps)


def test_engine_search_with_limits():
    engine = abprune.Engine()
    result = engine.search(Nim([3, 4, 5]), depth=2)
    assert result.depth <= 2 and result.best_move is not None
    assert engine.search(Nim([2, 3]), nodes=1_000_000).is_win
    assert engine.search(Nim([5, 6, 7]), time=0.05).best_move is not None
    assert engine.search(Nim([1, 1])).is_loss


# --- One engine, several games: the table never answers one game from another's entries --------------


class MisereNim(Nim):
    """Misère Nim: whoever takes the last counter loses. Its key() is Nim's: the same heaps, the
    same key, another value, so an engine that kept Nim's table would answer it wrongly."""

    def outcome(self):
        # The previous player took the last counter and lost.
        return None if any(self.heaps) else abprune.WIN


class EitherNim(Nim):
    """Normal or misère Nim, chosen by an attribute: one class, two sets of rules, told apart by
    the optional rules_key()."""

    def __init__(self, heaps, misere):
        super().__init__(heaps)
        self.misere = misere

    def outcome(self):
        if any(self.heaps):
            return None
        return abprune.WIN if self.misere else abprune.LOSS

    def rules_key(self):
        return self.misere


def misere_wins(heaps):
    """Bouton's rule for misère Nim: play as in normal Nim unless every heap is 0 or 1, where the
    side to move wins with an even number of 1-heaps (an empty board: the other side took the
    last counter)."""
    if all(heap <= 1 for heap in heaps):
        return sum(heaps) % 2 == 0
    return xor(heaps) != 0


@functools.lru_cache(maxsize=None)
def brute_force_wins(heaps, misere):
    """Whether the side to move wins, by trying every move (heaps a sorted tuple)."""
    if not any(heaps):
        return misere
    for i, heap in enumerate(heaps):
        for take in range(1, heap + 1):
            after = tuple(sorted(heaps[:i] + (heap - take,) + heaps[i + 1 :]))
            if not brute_force_wins(after, misere):
                return True
    return False


SHARED_HEAPS = [heaps for n in (1, 2, 3) for heaps in itertools.combinations_with_replacement(range(5), n)]


def test_the_rules_of_misere_nim_agree_with_brute_force():
    for heaps in SHARED_HEAPS:
        assert brute_force_wins(heaps, False) == (xor(heaps) != 0), heaps
        assert brute_force_wins(heaps, True) == misere_wins(heaps), heaps


def check_solved(result, heaps, wins, name):
    assert result.exact, (name, heaps)
    assert result.is_win == wins and result.is_loss == (not wins), (name, heaps, result)


@pytest.mark.parametrize(
    "solve",
    [lambda engine, game: engine.solve(game), lambda engine, game: engine.search(game)],
    ids=["solve", "search"],
)
def test_one_engine_keeps_two_python_game_classes_with_the_same_keys_apart(solve):
    # Regression: every Python class was one game type to the engine, whose table survived from
    # Nim to MisereNim and, with their keys alike, gave Nim's values as MisereNim's exact ones.
    engine = abprune.Engine(table_mib=4)
    for heaps in SHARED_HEAPS:
        for game_class, wins in ((Nim, xor(heaps) != 0), (MisereNim, misere_wins(heaps))):
            game = game_class(heaps)
            check_solved(solve(engine, game), heaps, wins, game_class.__name__)
            assert game.heaps == list(heaps)


def test_rules_key_keeps_the_variants_of_one_class_apart():
    engine = abprune.Engine(table_mib=4)
    for heaps in SHARED_HEAPS:
        for misere in (False, True):
            result = engine.solve(EitherNim(heaps, misere))
            check_solved(result, heaps, misere_wins(heaps) if misere else xor(heaps) != 0, f"misere={misere}")


def test_classes_made_and_dropped_one_after_another_are_other_games():
    # A class that is freed can leave its memory to the next one made: the engine must not take
    # the new class for the old (it holds the last class it searched, and compares by identity).
    import gc

    engine = abprune.Engine(table_mib=4)
    for number in range(20):
        misere = number % 2 == 1
        game_class = type("Variant", (MisereNim if misere else Nim,), {})
        check_solved(engine.solve(game_class([1, 1, 2])), (1, 1, 2), misere_wins((1, 1, 2)) if misere else True, number)
        check_solved(engine.solve(game_class([1, 1])), (1, 1), misere, number)
        del game_class
        gc.collect()


def test_an_exception_in_rules_key_propagates():
    class BadRules(Nim):
        def rules_key(self):
            raise ZeroDivisionError("rules_key failed")

    with pytest.raises(ZeroDivisionError, match="rules_key failed"):
        abprune.Engine().solve(BadRules([1, 2]))


def test_the_engine_keeps_its_table_between_searches_of_one_game():
    # Telling games apart must not cost the table between searches of the same game: positions
    # solved before are answered from it (the same class, the same rules_key(), other objects).
    for make in (lambda: Nim([3, 4, 5, 6]), lambda: EitherNim([3, 4, 5, 6], misere=True)):
        engine = abprune.Engine(table_mib=4)
        first = engine.solve(make())
        again = engine.solve(make())
        assert again.value == first.value
        assert again.nodes < first.nodes, (first.nodes, again.nodes)


class TwoDoors(abprune.Game):
    """The first player picks door "a" (a loss two plies on) or door "b" (a win): the positions
    behind the doors have the keys given, which Python's hash() may not tell apart."""

    OUTCOMES = {"a": abprune.LOSS, "b": abprune.WIN}

    def __init__(self, key_a, key_b):
        self.keys = {"a": key_a, "b": key_b}
        self.path = []

    def moves(self):
        if not self.path:
            return ["a", "b"]
        return ["step"] if len(self.path) == 1 else []

    def play(self, move):
        self.path.append(move)

    def undo(self, move):
        self.path.pop()

    def outcome(self):
        # Two plies on, the first player is to move again and learns its fate.
        return self.OUTCOMES[self.path[0]] if len(self.path) == 2 else None

    def evaluate(self):
        return 0

    def key(self):
        if not self.path:
            return "root"
        return self.keys[self.path[0]] if len(self.path) == 1 else None


# Pairs of different keys that Python's hash() maps to one number; None keeps a position out of
# the table.
COLLIDING_KEYS = [
    (-1, -2),
    ((0, -1), (0, -2)),
    (2**61 - 1, 0),
    (2**70, 512),
    (None, None),
    ("a", None),
    (frozenset([-1, 3]), frozenset([-2, 3])),
]


@pytest.mark.parametrize("key_a, key_b", COLLIDING_KEYS)
def test_keys_python_hashes_alike_are_other_positions(key_a, key_b):
    if key_a is not None and key_b is not None:
        assert hash(key_a) == hash(key_b), "the case must collide under Python's hash()"
    for search in (lambda e, g: e.solve(g), lambda e, g: e.search(g, depth=4)):
        result = search(abprune.Engine(table_mib=1), TwoDoors(key_a, key_b))
        assert result.is_win and result.best_move == "b", (key_a, key_b, result)


class Raises(Nim):
    def __init__(self, heaps, method, after):
        super().__init__(heaps)
        self.method, self.calls, self.after = method, 0, after

    def _count(self, method):
        if method == self.method:
            self.calls += 1
            if self.calls > self.after:
                raise ZeroDivisionError(f"{method} failed")

    def moves(self):
        self._count("moves")
        return super().moves()

    def play(self, move):
        self._count("play")
        super().play(move)

    def outcome(self):
        self._count("outcome")
        return super().outcome()

    def evaluate(self):
        self._count("evaluate")
        return super().evaluate()


@pytest.mark.parametrize("method", ["moves", "play", "outcome", "evaluate"])
def test_an_exception_in_a_python_game_propagates(method):
    for run in (
        lambda game: abprune.search(game, "alphabeta", depth=3),
        lambda game: abprune.Engine().search(game, depth=3),
    ):
        game = Raises([3, 4, 5], method, after=5)
        with pytest.raises(ZeroDivisionError, match=f"{method} failed"):
            run(game)
        # Every move that went through was taken back.
        assert game.heaps == [3, 4, 5]
    if method != "evaluate":  # a solve never evaluates
        with pytest.raises(ZeroDivisionError):
            abprune.Engine().solve(Raises([3, 4, 5], method, after=5))


def test_a_bad_return_value_raises():
    class BadOutcome(Nim):
        def outcome(self):
            return "lost"

    with pytest.raises(TypeError, match="outcome"):
        abprune.search(BadOutcome([1, 2]))

    class BadEval(Nim):
        def evaluate(self):
            return "high"

    with pytest.raises(TypeError, match="evaluate"):
        abprune.search(BadEval([3, 3]), depth=1)

    with pytest.raises(TypeError, match="moves"):
        abprune.search(object())


@pytest.fixture
def ctrl_c():
    """Python's own SIGINT handler for the test: a process started in the
    background by a shell inherits SIGINT ignored, and then
    `_thread.interrupt_main` does nothing at all."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_a_python_search(ctrl_c):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        abprune.search(Nim([7, 7, 7, 7, 7, 7]), "minimax")
    assert time.monotonic() - started < 10


def test_ctrl_c_stops_a_native_solve(ctrl_c):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        abprune.ConnectFour("").solve()  # the empty board: far too long to finish
    assert time.monotonic() - started < 10


def test_the_gil_is_released_during_a_native_search():
    done = threading.Event()
    ticks = 0

    def search():
        abprune.Gomoku("h8").search(time=0.5)
        done.set()

    worker = threading.Thread(target=search, daemon=True)
    worker.start()
    while not done.is_set():
        ticks += 1
    worker.join()
    assert ticks > 1000, "Python code could not run beside the search"


# --- Built-in games --------------------------------------------------------------------------------

# Positions of the public benchmark sets (Test_L3_R1, Test_L2_R1, Test_L2_R2) with their scores.
CONNECT4 = [
    ("2252576253462244111563365343671351441", -1),
    ("1313327526554131647611374372646", -1),
    ("21176223773245661677416571265444125", -1),
    ("176775532231471135515346344757463", -3),
    ("1257565225743471213561141346656", -1),
    ("5554224333234511764415115", 4),
    ("7125417577721225375266556", 7),
    ("61256717161231633364541264", -7),
    ("6746621145113653", 11),
    ("361716714137776256457612", 7),
    ("274552224131661", 0),
    ("621615716227145442", 0),
    ("762534567767326455665154", 0),
    ("65424516625755511634", 0),
    ("5472325524434522", 4),
]


@pytest.mark.parametrize("moves, score", CONNECT4)
def test_connect_four_solved_exactly(moves, score):
    position = abprune.ConnectFour(moves)
    result = position.solve()
    assert result.value == score
    assert result.exact
    weak = position.solve(weak=True)
    assert weak.value == (score > 0) - (score < 0)
    if score > 0:
        # Playing the best move leaves the opponent the negated score.
        assert isinstance(result.best_move, int) and 1 <= result.best_move <= 7
        assert abprune.ConnectFour(moves + str(result.best_move)).solve().value == -score


@pytest.mark.parametrize("moves, score", [("6746621145113653", 11), ("61256717161231633364541264", -7)])
def test_connect_four_whole_line_on_request(moves, score):
    quick = abprune.ConnectFour(moves).solve()
    whole = abprune.ConnectFour(moves).solve(pv=True)
    assert quick.value == whole.value == score
    assert quick.pv[0] == quick.best_move and whole.pv[0] == whole.best_move
    # The whole line is legal and its last move wins (a position cannot be made past the end).
    assert len(whole.pv) == quick.plies_to_end
    before_end = abprune.ConnectFour(moves + "".join(map(str, whole.pv[:-1])))
    assert before_end.solve().plies_to_end == 1
    with pytest.raises(ValueError, match="over"):
        abprune.ConnectFour(before_end.moves + str(whole.pv[-1]))


def test_a_long_connect_four_solve_goes_on_in_a_worker_thread():
    # More nodes than a solve runs on the calling thread (100,000) before it moves to a worker.
    for moves, score in [("274552224131661", 0), ("5455174361263362", -1)]:
        result = abprune.ConnectFour(moves).solve()
        assert result.nodes > 100_000
        assert result.value == score and result.exact


def test_connect_four_moves_as_a_list_and_by_the_engine():
    moves, score = CONNECT4[0]
    assert abprune.ConnectFour([int(c) for c in moves]).solve().value == score
    engine = abprune.Engine(table_mib=4, threads=2)
    assert engine.solve(abprune.ConnectFour(moves)).value == score
    searched = engine.search(abprune.ConnectFour(moves), depth=4)
    assert searched.depth <= 4 and searched.best_move in range(1, 8)
    assert engine.solve(abprune.TicTacToe()).value == 0
    assert abprune.Engine().search(abprune.Gomoku(["h8", "h9"]), depth=2).best_move is not None


@pytest.mark.parametrize("moves, score", CONNECT4)
def test_connect_four_analysis_agrees_with_each_move_solved(moves, score):
    position = abprune.ConnectFour(moves)
    scores = position.analyze(book=False)
    weak = position.analyze(weak=True)
    assert len(scores) == len(weak) == 7
    for column, value in enumerate(scores, start=1):
        child = moves + str(column)
        try:
            after = abprune.ConnectFour(child)
        except ValueError as error:
            # A full column, or a move that wins at once (a finished game cannot be made).
            if "full" in str(error):
                assert value is None and weak[column - 1] is None
                continue
            assert value > 0 and weak[column - 1] == 1
            continue
        assert value == -after.solve().value, column
        assert weak[column - 1] == (value > 0) - (value < 0)
    assert max(v for v in scores if v is not None) == score
    best = position.best_move()
    assert scores[best - 1] == score


def test_connect_four_analysis_of_a_full_column_and_the_empty_board():
    # Column 7 is full; column 5 wins with the side to move's 16th stone.
    assert abprune.ConnectFour("67152117737262713366376314254").analyze() == [-5, -5, -5, -1, 6, -5, None]
    # The empty board from the shipped book (milliseconds): the first player wins in the centre only.
    assert abprune.ConnectFour("").analyze() == [-2, -1, 0, 1, 0, -1, -2]
    assert abprune.ConnectFour("").best_move() == 4
    assert abprune.ConnectFour("4").best_move() == 4


def test_connect_four_rejects_bad_moves():
    with pytest.raises(ValueError):
        abprune.ConnectFour("4444444")
    with pytest.raises(ValueError):
        abprune.ConnectFour("48")


def test_tictactoe_is_a_draw_for_every_algorithm():
    for algorithm in abprune.ALGORITHMS:
        result = abprune.TicTacToe().solve(algorithm)
        assert result.value == 0 and result.outcome == "draw"
        assert result.best_move in range(9)
    assert abprune.TicTacToe([4, 0, 8]).solve().outcome in ("win", "draw", "loss")
    assert abprune.TicTacToe("0314").solve().outcome == "win"


def test_gomoku_search_searches_as_the_cli_player_does():
    # The player's selective search, table and move hint: node for node what
    # `abprune solve gomoku --threads 1 --depth 12 h8 i9 i8 g8 j7 h9 g9 j9 k9 i7`
    # searches (update both together when the engine or the evaluation changes).
    result = abprune.Gomoku("h8 i9 i8 g8 j7 h9 g9 j9 k9 i7").search(depth=12)
    assert (result.nodes, result.best_move, result.value) == (32423, "i10", 2198)


def test_gomoku_search_is_the_cli_player_with_its_root_analyses_switches_and_clock():
    # Black to move with a four and an open three: the root's VCF finds the win before any search,
    # as `abprune solve gomoku` does (found_by "vcf", no nodes counted).
    won = abprune.Gomoku("h8 a1 i8 a3 j8 a5 k8 a7").search(depth=3)
    assert won.exact and won.outcome == "win" and won.depth == 0 and won.nodes == 0
    # The CLI's switches: without the root's VCF the engine's search finds it.
    searched = abprune.Gomoku("h8 a1 i8 a3 j8 a5 k8 a7").search(depth=3, switches="vcf=off,vct=off")
    assert searched.best_move in ("g8", "l8") and searched.nodes > 0
    # Under a match clock, as the Gomocup brain plays: a move within the turn's budget.
    timed = abprune.Gomoku("h8 i9 i8 g8").search(turn_time=0.3, match_time=60, time_left=30)
    assert isinstance(timed.best_move, str) and timed.seconds < 0.3
    with pytest.raises(ValueError, match="switches"):
        abprune.Gomoku("h8").search(depth=2, switches="vcf=maybe")
    with pytest.raises(ValueError, match="not both"):
        abprune.Gomoku("h8").search(depth=2, turn_time=1.0)
    with pytest.raises(TypeError, match="turn_time"):
        abprune.Gomoku("h8").search(turn_time="soon")


def test_gomoku_search_finds_the_five():
    # Black has an open four: the winning move is at either end.
    result = abprune.Gomoku("h8 a1 i8 a3 j8 a5 k8", size=15).search(depth=2)
    assert result.best_move is None or isinstance(result.best_move, str)
    result = abprune.Gomoku("h8 a1 i8 a3 j8 a5 k8 a7").search(depth=3)
    assert result.best_move in ("g8", "l8")
    assert result.pv[0] == result.best_move
    assert result.value > 0
    with pytest.raises(ValueError):
        abprune.Gomoku("h8 h8")
    with pytest.raises(ValueError):
        abprune.Gomoku("", rule="renju-ish")
    with pytest.raises(ValueError):
        abprune.Gomoku("h8").search()


# --- The package itself ----------------------------------------------------------------------------


def test_the_type_stubs_name_what_the_module_has():
    import ast
    import pathlib

    stub = pathlib.Path(abprune.__file__).with_name("__init__.pyi")
    assert stub.exists(), "the stubs are installed beside the package"
    aliases = {"Algorithm", "Bound", "Value", "ChanceAlgorithm", "ExactBound"}
    tree = ast.parse(stub.read_text())
    for node in tree.body:
        names = []
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names = [node.name]
        elif isinstance(node, ast.AnnAssign):
            names = [node.target.id]
        elif isinstance(node, ast.Assign):
            names = [target.id for target in node.targets]
        for name in names:
            if name not in aliases:
                assert hasattr(abprune, name), name
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and not member.name.startswith("__"):
                    assert hasattr(getattr(abprune, node.name), member.name), f"{node.name}.{member.name}"


def test_everything_has_a_docstring():
    for name in abprune.__all__:
        item = getattr(abprune, name)
        if callable(item):
            assert item.__doc__, name
    assert abprune.Tree.search.__doc__ and abprune.ConnectFour.solve.__doc__ and abprune.Engine.solve.__doc__


def test_gomoku_renju_refuses_a_forbidden_point_and_never_plays_one():
    # h8 would make two threes for black (f8 g8 h8 and h8 h9 h10).
    with pytest.raises(ValueError, match="h8 is forbidden for black under renju: it makes a double three"):
        abprune.Gomoku("f8 a1 g8 a3 h9 a5 h10 a7 h8", rule="renju")
    assert abprune.Gomoku("f8 a1 g8 a3 h9 a5 h10 a7 h8", rule="freestyle") is not None
    result = abprune.Gomoku("f8 a1 g8 a3 h9 a5 h10 a7", rule="renju").search(depth=3)
    assert result.best_move not in (None, "h8")
