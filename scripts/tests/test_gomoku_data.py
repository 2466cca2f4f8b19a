"""scripts/gomoku-data losses: how a player's games were lost, read from games and their labels
(no engine runs: the labels are written here by hand)."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "gomoku-data"

# Two games of 6 plies: abprune black wins the first; abprune white loses the second.
GAMES = (
    "(;FF[4]SZ[15]RU[0]PB[abprune]PW[rapfi]RE[B+1];B[hh];W[ii];B[hi];W[ij];B[hj];W[ik])\n"
    "(;FF[4]SZ[15]RU[0]PB[rapfi]PW[abprune]RE[B+1];B[hh];W[ii];B[hi];W[ij];B[hj];W[ik])\n"
)


def labels(values):
    """Label lines for plies 4 and 5 of each game (--first-move 4), values for the side to move."""
    lines = []
    for four, five in values:
        lines.append(f"15,Freestyle,H8I9H9I10,2,H10({four})")
        lines.append(f"15,Freestyle,H8I9H9I10H10,0,K6({five})")
    return "\n".join(lines) + "\n"


def run(tmp_path, label_text, *extra):
    games = tmp_path / "games.sgf"
    games.write_text(GAMES)
    label_file = tmp_path / "labels.txt"
    label_file.write_text(label_text)
    return subprocess.run([sys.executable, str(SCRIPT), "losses", str(games), "--labels", str(label_file),
                           "--first-move", "4", *extra], capture_output=True, text=True, timeout=60)


def test_losses_counts_collapses_agreement_and_thrown_wins(tmp_path):
    # Both games' fifth move is H10 (SGF hj), the labels' move at ply 4; the sixth is I11, not K6.
    # Game 1: abprune (black) has a forced win at ply 4 and keeps it (ply 5 lost for white).
    # Game 2: rapfi (black) is level at ply 4 and plays the labels' move; abprune (white) at ply 5 does not.
    child = run(tmp_path, labels([(29000, -29000), (0, 50)]))
    assert child.returncode == 0, child.stderr
    out = child.stdout
    assert "abprune as black: 1 games, 0 lost" in out, out
    assert "abprune as white: 1 games, 1 lost" in out, out
    assert "abprune played the labels' move in 0 of 1 undecided positions" in out, out
    assert "opponent played the labels' move in 1 of 1 undecided positions" in out, out
    assert "abprune let 0 of 1 forced wins go" in out, out


def test_a_won_position_not_won_is_counted(tmp_path):
    # The same games, but the first game's forced win is let go: the next position is level.
    games = GAMES.replace("RE[B+1]", "RE[W+1]", 1)
    games_path = tmp_path / "games.sgf"
    child = run(tmp_path, labels([(29000, 0), (0, 0)]))
    assert child.returncode == 0, child.stderr
    assert "abprune let 1 of 1 forced wins go" in child.stdout, child.stdout
    games_path.write_text(games)
    label_file = tmp_path / "labels.txt"
    child = subprocess.run([sys.executable, str(SCRIPT), "losses", str(games_path), "--labels", str(label_file),
                            "--first-move", "4"], capture_output=True, text=True, timeout=60)
    assert "abprune as black: 1 games, 1 lost" in child.stdout, child.stdout
    assert "games it did not win after the labels saw a forced win for it: 1" in child.stdout, child.stdout


def test_labels_of_other_games_are_refused(tmp_path):
    child = run(tmp_path, "15,Freestyle,H8I9H9I10,2,H10(0)\n")
    assert child.returncode == 2
    assert child.stderr.startswith("error: ") and "has 1 positions, the games from move 4 on 4" in child.stderr
