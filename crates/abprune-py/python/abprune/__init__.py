"""abprune: alpha-beta game-tree search from Python.

- ``Tree``: explicit textbook trees, every algorithm with its exact counts,
  the trace, and the figure (Jupyter draws a ``Tree`` or a search result).
- ``ConnectFour``, ``TicTacToe``, ``Gomoku``: the built-in games, searched
  natively with the GIL released.
- ``Game``: subclass it to write your own game in Python; search it with
  ``search`` (the plain algorithms) or an ``Engine`` (iterative deepening,
  transposition table, exact solver). A game ends in wins, losses and
  draws, or by a ``Margin`` in the range its ``ending()`` declares; a
  ``Result`` reads as either (``margin``, ``outcome``, ``plies``, ``str``).
- Games with chance (dice, cards): a ``Game`` with ``chance_to_move()`` and
  ``chance_outcomes()``, or a ``Tree`` with chance nodes ``{ 1/2 3 1/2 5 }``,
  searched by ``chance_search`` (expectiminimax, Star1, Star2); the value is
  exact, a ``fractions.Fraction`` (see docs/chance.md).
- ``backgammon_choose``: the play of abprune's backgammon player (the
  CLI's ``backgammon choose``) at a gnubg position ID and roll.
"""

from ._abprune import (
    ALGORITHMS,
    CHANCE_ALGORITHMS,
    DRAW,
    LOSS,
    MAX_EVAL,
    MAX_LINE_PLIES,
    SCORE_WIN,
    WIN,
    ConnectFour,
    Engine,
    Gomoku,
    Margin,
    ChanceResult,
    Result,
    SolveResult,
    TicTacToe,
    Tree,
    TreeResult,
    backgammon_choose,
    chance_deepening,
    chance_search,
    chance_view,
    check_game,
    search,
)

__all__ = [
    "ALGORITHMS",
    "CHANCE_ALGORITHMS",
    "DRAW",
    "LOSS",
    "MAX_EVAL",
    "MAX_LINE_PLIES",
    "SCORE_WIN",
    "WIN",
    "ConnectFour",
    "Engine",
    "Game",
    "Gomoku",
    "Margin",
    "ChanceResult",
    "Result",
    "SolveResult",
    "TicTacToe",
    "Tree",
    "TreeResult",
    "backgammon_choose",
    "chance_deepening",
    "chance_search",
    "chance_view",
    "check_game",
    "search",
]


class Game:
    """A two-player game for abprune to search: subclass it.

    The search plays moves on the object itself and takes them back
    (make/unmake), so ``undo(move)`` must restore exactly the position
    before ``play(move)``. The players alternate, unless ``side_to_move()``
    says otherwise.

    - ``moves()``: the legal moves (a list, a tuple or another iterable, not a
      string), best first if you know it, in the same order each time the
      position is met. Any value is a move; moves that compare by value
      (ints, strings, tuples, a class with ``__eq__`` and ``__hash__``) are
      recognised across positions, which helps move ordering.
    - ``play(move)`` / ``undo(move)``.
    - ``outcome()``: ``None`` while the game goes on, else ``WIN``, ``LOSS``
      or ``DRAW`` for the side to move (after the winner's move, that side
      has usually lost); a ``bool`` is refused. In a game that ends in
      margins (see ``ending()``), ``Margin(n)`` instead: the final margin for
      the side to move (its seeds minus the opponent's in Kalah), with
      ``DRAW`` read as ``Margin(0)``. A position with no moves that
      is not over is a leaf, valued by ``evaluate()``. Every line must end
      within ``MAX_LINE_PLIES`` (10,000) plies: a game that can repeat
      positions needs a rule that ends it.
    - ``ending()``: optional, how finished games are valued: ``None`` (the
      default) for wins, losses and draws, or ``(lowest, highest)``, two
      ints: the lowest and highest margin a finished game can have *for its
      side to move* (within ``±MAX_EVAL``). ``Engine.solve`` then finds the
      margin under best play (``result.margin``) by bisecting on it, as the
      Rust engine does. Asked once, at the start of each search. Every
      ``outcome()`` is checked against it, in every search: a margin
      outside the range, a ``Margin`` in a game of wins, losses and draws,
      or ``WIN``/``LOSS`` in a margin game is a ``ValueError`` naming the
      outcome and the declared ending, never a value.
    - ``side_to_move()``: optional, for a game where a side may move twice
      in a row (Kalah: a last seed in one's own store moves again; ``play``
      then leaves the same side to move): any two values that compare with
      ``==`` (``0`` and ``1``, ``"X"`` and ``"O"``), called after each
      ``play``; a third value is a ``ValueError``. ``None`` (the default)
      at the start of a search means the sides alternate, and it is not
      called again. The ``key()`` of such a game must say whose turn it is.
      A game with extra turns that leaves it out is searched as another
      game, silently (``check_game(game, side_check=True)`` finds it).
    - ``evaluate()``: an int, the heuristic value for the side to move
      (within ``±MAX_EVAL``), used at the depth limit.
    - ``key()``: optional, a hashable value identifying the position (a
      tuple of the board, say), so that the engine's transposition table can
      recognise it. The key is hashed by its structure (ints by value,
      strings and bytes by content, tuples, lists and frozensets element by
      element; other objects by their ``hash()``), not by Python's
      ``hash()``, which maps ``-1`` and ``-2`` alike. ``None`` (the default)
      turns the table off; ``None`` for some positions only keeps those out
      of it. The key must cover everything that decides the rest of the
      game, not only the board: the score so far (boxes already won, seeds
      in the stores) and whose turn it is. Positions with one key are
      answered from each other's values, marked exact.
    - ``moves()`` must not list two moves that compare equal (``1`` and
      ``True``): that is a ``ValueError`` naming both.

    Before trusting a new game's values, run ``abprune.check_game(game)``:
    it plays random lines and names the line that shows a key that leaves
    out part of the position, or an ``undo`` that does not restore it.
    - ``rules_key()``: optional, for a class that plays several sets of rules
      chosen at run time (misère or normal Nim by an attribute, say): a
      value naming the rules of this game (``True`` for misère, say),
      compared with ``==``. An ``Engine`` keeps its table only between
      searches of the same game, the same class with equal ``rules_key()``
      values, and starts afresh for another, whose positions can have the same
      keys but other values. ``None`` (the default) means the class has one
      set of rules; a game of another class is always another game.

    Games with chance (dice thrown, a card drawn) define two more methods,
    both or neither:

    - ``chance_to_move()``: ``True`` where chance moves next (the dice are
      to be thrown), else ``False``.
    - ``chance_outcomes()``: where chance is to move, the outcomes as a list
      of ``(move, probability)`` pairs; each move is then played with
      ``play`` and taken back with ``undo`` like any other. A probability is
      exact: a ``fractions.Fraction``, a ``(numerator, denominator)`` pair of
      ints or a string such as ``"1/6"`` or ``"0.25"`` (a float is refused:
      ``0.1`` is not one tenth). They must be above 0 and sum to exactly 1,
      else a ``ValueError`` names the outcome and the sum.
    - ``value_bounds()``: optional, ``None`` or ``(lowest, highest)``: two
      ints bounding every value a leaf can have, *from the first player's
      view* (Ballard's L and U, which let Star1 and Star2 cut off at chance
      nodes); asked once, at the start of each search.

    Chance never passes the turn: the side to move before the throw moves
    after it (a game with ``side_to_move()`` that says otherwise gets a
    ``ValueError``). At a chance node the moves are the outcomes, whatever
    ``moves()`` says. ``abprune.chance_view(game)`` shows what a search
    sees of the current position (the outcomes with their probabilities as
    ``Fraction``s). ``search`` and ``Engine`` are deterministic searches and
    refuse a game with chance with a ``ValueError``; ``chance_search(game,
    algorithm="star2", depth=...)`` searches it (expectiminimax, Star1,
    Star2) and returns its value exactly, a ``fractions.Fraction``. Its
    leaves must be margins or evaluations, not ``WIN``/``LOSS`` (an average
    of distances to a win means nothing): end the game with ``Margin(n)``
    and declare the range with ``ending()``.

    An exception raised by any of them stops the search and propagates; a
    result of the wrong type or out of range is a ``TypeError`` or
    ``ValueError`` naming the method. A search plays on the object itself:
    one thread at a time (another thread's search of the same object is a
    ``RuntimeError``); an ``Engine`` runs one search at a time, and a
    method of the game cannot use the engine that is searching it.
    """

    def moves(self):
        """The legal moves of the side to move."""
        raise NotImplementedError("moves() is not defined")

    def play(self, move):
        """Plays ``move`` for the side to move."""
        raise NotImplementedError("play() is not defined")

    def undo(self, move):
        """Takes back ``move``, the last move played."""
        raise NotImplementedError("undo() is not defined")

    def outcome(self):
        """``None`` while the game goes on, else ``WIN``, ``LOSS`` or ``DRAW`` for the side to move."""
        return None

    def evaluate(self):
        """The heuristic value of the position for the side to move (an int)."""
        return 0

    def key(self):
        """A hashable value identifying the position, or ``None`` for no transposition table."""
        return None

    def rules_key(self):
        """A value naming the rules this game is played under, for a class with several; ``None`` for one."""
        return None

    def ending(self):
        """``None`` (wins, losses and draws), or ``(lowest, highest)``: the margins a finished game can have for its side to move."""
        return None

    def side_to_move(self):
        """Who is to move (two values that compare with ``==``), for a game where a side may move twice in a row; ``None``: the sides alternate."""
        return None
