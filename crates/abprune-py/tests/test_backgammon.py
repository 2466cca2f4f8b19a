"""abprune.backgammon_choose: the CLI's backgammon player from Python."""

import abprune
import pytest

START = "4HPwATDgc/ABMA"


def test_the_opening_31_is_made_into_the_five_point_by_the_nets():
    chosen = abprune.backgammon_choose(START, "31", depth=1)
    assert chosen["play"] == "8/5 6/5"
    assert chosen["position_id"] == "sGfwATDgc/ABMA"
    assert chosen["depth"] == 1


def test_pubeval_and_a_deeper_search_give_a_legal_play():
    assert abprune.backgammon_choose(START, "3-1", depth=1, pubeval=True)["play"] == "8/5 6/5"
    deeper = abprune.backgammon_choose(START, "62", depth=2)
    assert deeper["depth"] == 2 and deeper["nodes"] > 1


@pytest.mark.parametrize(
    "args, keywords, error, words",
    [
        ((START, "71"), {}, ValueError, "dice"),
        (("nonsense", "31"), {}, ValueError, "position_id"),
        ((START, "31"), {"depth": 0}, ValueError, "depth"),
        ((START, "31"), {"weights": "/nonexistent/nets.bin"}, ValueError, "weights"),
        ((START, "31"), {"weights": "x", "pubeval": True}, ValueError, "not both"),
    ],
)
def test_bad_arguments_raise_naming_them(args, keywords, error, words):
    with pytest.raises(error, match=words):
        abprune.backgammon_choose(*args, **keywords)
