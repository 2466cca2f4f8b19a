"""The Python dice game of docs/chance.md, run exactly as the page prints it (the code block is read
from the page, so the two cannot drift apart), and its value checked against a brute force of this
file's own: what a new user copies gives the value the page calls exact."""

import pathlib
import re
from fractions import Fraction

import pytest

import abprune

GUIDE = pathlib.Path(__file__).resolve().parents[3] / "docs" / "chance.md"


def python_block():
    if not GUIDE.exists():
        pytest.skip("docs/chance.md is not beside this checkout")
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)
    assert len(blocks) == 1, "the page has one Python program"
    return blocks[0]


def greedy_value(mine=0, theirs=0, turns=2):
    """Greedy's value for the player to move, enumerating the 6 + 36 throws of each turn."""
    if turns == 0:
        return Fraction((mine > theirs) - (mine < theirs))
    options = []
    for throws in ([(face,) for face in range(1, 7)], [(a, b) for a in range(1, 7) for b in range(1, 7)]):
        total = Fraction(0)
        for throw in throws:
            gain = sum(throw) if len(throw) == 1 or 1 not in throw else 0
            total += -greedy_value(theirs, mine + gain, turns - 1)
        options.append(total / len(throws))
    return max(options)


def test_the_guides_dice_game_runs_and_has_the_exact_value(capsys):
    namespace = {"__name__": "chance_guide"}
    exec(compile(python_block(), str(GUIDE), "exec"), namespace)
    printed = capsys.readouterr().out.splitlines()
    assert printed == [
        "expectiminimax: value -121/1296, 1764 leaves, 0 chance cut-offs",
        "star1: value -121/1296, 1318 leaves, 2 chance cut-offs",
        "star2: value -121/1296, 1318 leaves, 2 chance cut-offs",
    ]
    assert greedy_value() == Fraction(-121, 1296)
    for algorithm in abprune.CHANCE_ALGORITHMS:
        assert abprune.chance_search(namespace["Greedy"](), algorithm).value == greedy_value()
    assert "-121/1296" in GUIDE.read_text()
