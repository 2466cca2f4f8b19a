"""scripts/gauntlet's checks (issue 23): arguments refused before anything runs, engines that are no
brains, and the match manager's own error shown with a nonzero status. A fake manager and fake brains
stand in for c-gomoku-cli and real engines: no test depends on the sparring kit."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

GAUNTLET = Path(__file__).resolve().parent.parent / "gauntlet"
TIMEOUT = 60

FAKE_BRAIN = """#!{python}
import sys
for line in sys.stdin:
    if line.upper().startswith(("START", "RECTSTART")):
        print("OK", flush=True)
    elif line.upper().startswith("END"):
        break
"""

# A manager that plays two games (one win each way) into the SGF it is given, or, with
# FAKE_MANAGER_FAILS set, prints an option dump and an error and exits 1, as c-gomoku-cli does.
FAKE_MANAGER = """#!{python}
import os, sys
args = sys.argv[1:]
print("---------------------------")
print("Global Options:")
print("---------------------------")
if os.environ.get("FAKE_MANAGER_FAILS"):
    print("[1] engine abprune exited before answering ABOUT")
    sys.exit(1)
names = [args[i + 1].split("=", 1)[1] for i, arg in enumerate(args) if arg == "-engine"]
print("engine commands: " + " | ".join(arg for arg in args if arg.startswith("cmd=")))
print("time controls: " + " | ".join(arg for arg in args if arg.startswith("tc=")))
sgf = args[args.index("-sgf") + 1]
with open(sgf, "w") as out:
    out.write("(;FF[4]GN[1]PB[%s]PW[%s]RE[B+]TE[win by five connection];B[hh])\\n" % (names[0], names[1]))
    out.write("(;FF[4]GN[2]PB[%s]PW[%s]RE[B+]TE[win by five connection];B[hh])\\n" % (names[1], names[0]))
print("Score of %s vs %s: 1 - 1 - 0  [0.500] 2" % (names[0], names[1]))
"""


def executable(path, text):
    path.write_text(text.format(python=sys.executable))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def kit(tmp_path):
    """Fake brains, a fake manager and an openings file."""
    openings = tmp_path / "openings.txt"
    openings.write_text("0,0, 1,0, 1,3\n0,0, 1,1, 0,3\n")
    return {
        "abprune": executable(tmp_path / "fake-abprune", FAKE_BRAIN),
        "brain": executable(tmp_path / "pbrain-fake", FAKE_BRAIN),
        "cli": executable(tmp_path / "fake-manager", FAKE_MANAGER),
        "openings": openings,
        "tmp": tmp_path,
    }


def gauntlet(*args, env=None):
    child = subprocess.run(
        [sys.executable, str(GAUNTLET), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=dict(os.environ, **(env or {})),
    )
    assert "Traceback" not in child.stderr, child.stderr
    return child


def vs(kit, *args, opponent=None, env=None):
    return gauntlet(
        "vs", opponent or kit["brain"], "--abprune", kit["abprune"], "--cli", kit["cli"],
        "--openings", kit["openings"], "--out", kit["tmp"] / "out", *args, env=env,
    )


def ab(kit, *args):
    return gauntlet(
        "ab", kit["abprune"], kit["abprune"], "--cli", kit["cli"], "--openings", kit["openings"],
        "--out", kit["tmp"] / "out", *args,
    )


def assert_refused(child, expected):
    assert child.returncode == 2, (child.returncode, child.stdout, child.stderr)
    lines = child.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), child.stderr
    assert expected in lines[0], (expected, lines[0])
    assert "games and log in" not in child.stdout, "refused before the manager started"


def test_a_fake_match_is_reported(kit):
    child = vs(kit, "--games", "2")
    assert child.returncode == 0, child.stderr
    assert "abprune vs fake: 2 games, +1 -1 =0" in child.stdout
    child = ab(kit, "--games", "2")
    assert child.returncode == 0, child.stderr
    assert "new vs old: 2 games" in child.stdout


def test_a_node_budget_reaches_both_builds(kit):
    child = ab(kit, "--games", "2", "--nodes", "5000", "--tc", "600+5")
    assert child.returncode == 0, child.stderr
    console = (kit["tmp"] / "out" / "console.txt").read_text()
    assert console.count("--set nodes=5000") == 2, console
    assert_refused(ab(kit, "--games", "2", "--nodes", "0"), "--nodes 0")


@pytest.mark.parametrize("games", ["0", "-4"])
def test_games_below_one_are_refused(kit, games):
    assert_refused(vs(kit, "--games", games), f"--games {games}: at least 1")
    assert_refused(ab(kit, "--games", games), f"--games {games}: at least 1")


def test_max_games_below_one_is_refused(kit):
    assert_refused(ab(kit, "--max-games", "0"), "--max-games 0: at least 1")


def test_sprt_bounds_in_the_wrong_order_are_refused(kit):
    assert_refused(ab(kit, "--elo0", "20", "--elo1", "0"), "--elo0 20 must be below --elo1 0")
    assert_refused(ab(kit, "--elo0", "5", "--elo1", "5"), "must be below")
    assert_refused(ab(kit, "--elo1", "nan"), "the bounds are numbers")


def test_time_odds_reach_abprune_alone(kit):
    child = vs(kit, "--games", "2", "--abprune-tc", "20+0.2")
    assert child.returncode == 0, child.stderr
    console = (kit["tmp"] / "out" / "console.txt").read_text()
    assert "time controls: tc=20+0.2 | tc=10+0.1" in console, console
    child = vs(kit, "--games", "2")
    console = (kit["tmp"] / "out" / "console.txt").read_text()
    assert "time controls: tc=10+0.1 | tc=10+0.1" in console, console
    assert_refused(vs(kit, "--abprune-tc", "bogus"), "--abprune-tc")


@pytest.mark.parametrize("tc", ["bogus", "", "10+", "+0.1", "0+0", "-1+0.1", "10+0.1+1", "0/10+0.1"])
def test_a_time_control_that_is_none_is_refused(kit, tc):
    assert_refused(vs(kit, f"--tc={tc}"), "--tc")


def test_time_controls_of_the_manager_are_taken(kit):
    for tc in ["10+0.1", "5", "0+0.5", "40/60+1"]:
        assert vs(kit, "--games", "2", "--tc", tc).returncode == 0, tc


def test_openings_that_are_not_openings_are_refused(kit):
    assert_refused(vs(kit, "--openings", "/etc/passwd"), "/etc/passwd:1: not an opening in the offset format")
    empty = kit["tmp"] / "empty.txt"
    empty.write_text("\n\n")
    assert_refused(vs(kit, "--openings", empty), "no openings in it")
    far = kit["tmp"] / "far.txt"
    far.write_text("0,0, 1,0\n0,0, 9,0\n")
    assert_refused(vs(kit, "--openings", far, "--board", "15"), "far.txt:2: a stone off the 15x15 board")
    binary = kit["tmp"] / "binary.txt"
    binary.write_bytes(b"0,0\n\xff\xfe\n")
    assert_refused(vs(kit, "--openings", binary), "not text")
    assert_refused(vs(kit, "--openings", kit["tmp"]), "is a folder")
    assert_refused(vs(kit, "--openings", kit["tmp"] / "missing.txt"), "no openings at")


def test_an_engine_that_is_no_brain_is_refused(kit):
    assert_refused(vs(kit, opponent="/bin/true"), "true is not a pbrain engine: to START 15 it exited with status 0 and no answer")
    chatty = executable(kit["tmp"] / "pbrain-chatty", "#!/bin/sh\necho hello\n")
    assert_refused(vs(kit, opponent=chatty), "is not a pbrain engine: to START 15 it answered 'hello'")
    assert_refused(vs(kit, opponent=kit["tmp"] / "nothing"), "no engine at")
    not_executable = kit["tmp"] / "pbrain-text"
    not_executable.write_text("just text\n")
    assert_refused(vs(kit, opponent=not_executable), "cannot run it")


def test_out_onto_a_file_is_refused(kit):
    target = kit["tmp"] / "a-file"
    target.write_text("keep me\n")
    child = gauntlet("vs", kit["brain"], "--abprune", kit["abprune"], "--cli", kit["cli"],
                     "--openings", kit["openings"], "--out", target)
    assert_refused(child, f"--out {target} is a file, not a folder")
    assert target.read_text() == "keep me\n"


def test_other_arguments_are_checked(kit):
    assert_refused(vs(kit, "--board", "4"), "--board 4: the range is 5 to 22")
    assert_refused(vs(kit, "--concurrency", "0"), "--concurrency 0")
    assert_refused(gauntlet("vs", kit["brain"], "--abprune", kit["abprune"], "--cli", kit["tmp"] / "no-manager",
                            "--openings", kit["openings"]), "no match manager at")


def test_the_managers_own_error_is_shown_with_a_nonzero_status(kit):
    child = vs(kit, env={"FAKE_MANAGER_FAILS": "1"})
    assert child.returncode == 1, (child.stdout, child.stderr)
    assert "error: c-gomoku-cli: exit status 1: [1] engine abprune exited before answering ABOUT" in child.stderr
    assert "console.txt" in child.stderr


def test_a_node_budget_refuses_more_games_than_the_openings_make(kit):
    # Two openings, both colours: four distinct games at most when every move has a node budget.
    assert ab(kit, "--games", "4", "--nodes", "5000", "--tc", "600+5").returncode == 0
    child = ab(kit, "--games", "6", "--nodes", "5000", "--tc", "600+5")
    assert_refused(child, "--nodes makes every game of an opening and colour the same: 6 games over 2 openings")
    assert "at least 3 openings" in child.stderr
    assert_refused(ab(kit, "--max-games", "400", "--nodes", "5000"), "(4 distinct at most)")
    # Under a clock the games differ: no such limit.
    assert ab(kit, "--games", "6").returncode == 0


# A stand-in for `abprune solve gomoku ... --json`: a value that depends on the moves only, so that
# the tests know which openings the balance keeps.
FAKE_SOLVER = """#!{python}
import json, sys, zlib
moves = [arg for arg in sys.argv[1:] if arg[:1].isalpha() and arg[1:].isdigit()]
value = zlib.crc32(" ".join(moves).encode()) % 4001 - 2000
print(json.dumps({{"move": "h8", "score": value, "outcome": None, "depth": 8}}))
"""


def fake_value(stones):
    """FAKE_SOLVER's value of an opening given as offsets from the centre of 15x15."""
    import zlib
    moves = " ".join(f"{chr(ord('a') + 7 + x)}{8 + y}" for x, y in stones)
    return zlib.crc32(moves.encode()) % 4001 - 2000


def mirror_images(stones):
    """The opening under the eight symmetries of the square, each as (black set, white set): written
    out as matrices, independently of the script's own list."""
    images = []
    for a, b, c, d in [(1, 0, 0, 1), (-1, 0, 0, 1), (1, 0, 0, -1), (-1, 0, 0, -1),
                       (0, 1, 1, 0), (0, -1, 1, 0), (0, 1, -1, 0), (0, -1, -1, 0)]:
        moved = [(a * x + b * y, c * x + d * y) for x, y in stones]
        images.append((frozenset(moved[0::2]), frozenset(moved[1::2])))
    return images


def read_openings(path):
    openings = []
    for line in path.read_text().splitlines():
        numbers = [int(part) for part in line.split(",")]
        openings.append(list(zip(numbers[0::2], numbers[1::2])))
    return openings


def test_openings_are_distinct_balanced_and_reproducible(kit):
    solver = executable(kit["tmp"] / "fake-abprune-solver", FAKE_SOLVER)
    first, second, other = (kit["tmp"] / name for name in ("first.txt", "second.txt", "other.txt"))
    arguments = ["openings", "--count", "60", "--abprune", solver, "--max-value", "1000"]
    child = gauntlet(*arguments, "--out", first)
    assert child.returncode == 0, child.stderr
    assert "first.txt: 60 openings" in child.stdout
    openings = read_openings(first)
    assert len(openings) == 60
    images = set()
    for stones in openings:
        assert len(stones) == 3 and len(set(stones)) == 3
        assert all(max(abs(x), abs(y)) <= 3 for x, y in stones)
        assert abs(fake_value(stones)) <= 1000, stones
        mine = mirror_images(stones)
        assert not images.intersection(mine), f"{stones} is another opening seen in a mirror"
        images.update(mine)
    # The file is one the matches take, and the same arguments write it again.
    assert ab(kit, "--games", "2", "--openings", first).returncode == 0
    assert gauntlet(*arguments, "--out", second).returncode == 0
    assert second.read_text() == first.read_text()
    assert gauntlet(*arguments, "--seed", "2", "--out", other).returncode == 0
    assert other.read_text() != first.read_text()


def test_openings_arguments_are_checked(kit):
    solver = executable(kit["tmp"] / "fake-abprune-solver", FAKE_SOLVER)
    out = kit["tmp"] / "openings-out.txt"

    def openings(*args):
        return gauntlet("openings", "--abprune", solver, "--out", out, *args)

    assert_refused(openings("--count", "0"), "--count 0: at least 1")
    assert_refused(openings("--count", "5", "--spread", "8"), "--spread 8: the range is 0 to 7 on 15x15")
    assert_refused(openings("--count", "5", "--spread", "0", "--stones", "2"), "fewer than 2 points")
    assert_refused(openings("--count", "5", "--depth", "0"), "--depth 0")
    assert_refused(gauntlet("openings", "--count", "5", "--out", out, "--abprune", kit["tmp"] / "none"),
                   "no abprune binary at")
    assert_refused(gauntlet("openings", "--count", "5", "--out", kit["tmp"], "--abprune", solver), "is a folder")
    # More openings than the space holds: the tries run out, with a nonzero status and nothing written.
    child = openings("--count", "50", "--spread", "1")
    assert child.returncode == 1 and "widen --spread or --max-value" in child.stderr, child.stderr
    assert not out.exists()
