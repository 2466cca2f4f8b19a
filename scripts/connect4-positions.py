#!/usr/bin/env python3
"""Random Connect Four positions for measurements, deterministic by seed.

    scripts/connect4-positions.py PLIES COUNT [SEED]
    scripts/connect4-positions.py --all PLIES

Prints COUNT distinct positions of PLIES stones (1-based columns played from
the empty board, the public sets' format): random games in which nobody has
four yet and, as in the public sets, the side to move cannot win with its
next stone. Positions that are mirror images of one already printed are
skipped, so each costs a solver something new. With --all: every
position of up to PLIES stones in which nobody has four, mirror images
included, one line each (one move order per position). Python 3, no packages.
"""
import random
import sys

WIDTH, HEIGHT = 7, 6


def wins(board, col, row, player):
    """True if `player`'s stone at (col, row) makes four."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < WIDTH and 0 <= r < len(board[c]) and board[c][r] == player:
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def can_win_next(board, player):
    for col in range(WIDTH):
        row = len(board[col])
        if row < HEIGHT:
            board[col].append(player)
            won = wins(board, col, row, player)
            board[col].pop()
            if won:
                return True
    return False


def random_position(plies, rng):
    """A random position of `plies` stones, or None if the game ended first."""
    board = [[] for _ in range(WIDTH)]
    moves = []
    for ply in range(plies):
        player = ply % 2
        col = rng.choice([c for c in range(WIDTH) if len(board[c]) < HEIGHT])
        row = len(board[col])
        board[col].append(player)
        if wins(board, col, row, player):
            return None
        moves.append(col + 1)
    if can_win_next(board, plies % 2):
        return None
    return "".join(map(str, moves))


def mirror(moves):
    return "".join(str(WIDTH + 1 - int(c)) for c in moves)


def every_position(plies):
    """Every position of up to `plies` stones, nobody with four, once each."""
    layer = {canonical(""): ""}
    print("")
    for _ in range(plies):
        following = {}
        for moves in layer.values():
            board = [[] for _ in range(WIDTH)]
            for i, c in enumerate(moves):
                board[int(c) - 1].append(i % 2)
            player = len(moves) % 2
            for col in range(WIDTH):
                row = len(board[col])
                if row == HEIGHT:
                    continue
                board[col].append(player)
                won = wins(board, col, row, player)
                board[col].pop()
                child = moves + str(col + 1)
                if not won:
                    following.setdefault(canonical(child), child)
        for moves in following.values():
            print(moves)
        layer = following


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--all":
        every_position(int(sys.argv[2]))
        return
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: connect4-positions.py PLIES COUNT [SEED]")
    plies, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) == 4 else 1)
    seen = set()
    printed = 0
    for _ in range(1000 * count + 1000):
        if printed == count:
            break
        moves = random_position(plies, rng)
        if moves is None:
            continue
        # The same stones reached in another order are the same position.
        position = canonical(moves)
        if position in seen:
            continue
        seen.add(position)
        seen.add(canonical(mirror(moves)))
        print(moves)
        printed += 1


def canonical(moves):
    """The board the moves make, as a string, to recognise transpositions."""
    board = [[] for _ in range(WIDTH)]
    for i, c in enumerate(moves):
        board[int(c) - 1].append(str(i % 2))
    return "|".join("".join(col) for col in board)


if __name__ == "__main__":
    main()
