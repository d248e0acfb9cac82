"""Rebuild a table from its seed, options, players and move log: the one replay loop, with hooks."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .errors import ActionError, GameDefinitionError
from .game import Game
from .player_args import renamed
from .records import Move, Notification
from .table import Table


class ReplayRefused(ActionError):
    """A logged move the current rules refuse: the log no longer replays against this code.

    `table` is the table after the `replayed` moves before it (with the refused one half applied
    unless the replay was asked to roll refusals back).
    """

    code = "replay_refused"

    def __init__(self, number: int, move: Move, error: Exception, table: Table):
        reason = error.message if isinstance(error, ActionError) else str(error)
        super().__init__(f"move {number} ({move.action} by {move.player}) is refused: {reason}")
        self.number, self.move, self.error, self.table = number, move, error, table
        self.replayed = number - 1


def replay(game_cls: type[Game], players: list[dict], options: dict, seed: Any,
           moves: Iterable[Move | dict], until: int | None = None, *,
           before_setup: Callable[[Table], None] | None = None,
           on_setup: Callable[[Table, list[Notification]], None] | None = None,
           on_move: Callable[[Table, int, Move, list[Notification]], None] | None = None,
           rollback: bool = False, renames: Mapping[int, int] | None = None) -> Table:
    """The table after `until` moves (all when None). Moves are `Move`s or their JSON form.

    Options are taken as stored (already validated). `before_setup(table)` sees the new table before
    its setup runs (to watch what it sends); `on_setup(table, notifications)` sees what the
    setup told; `on_move(table, number, move, notifications)` each move as it is applied. Raises
    `ReplayRefused` at the first move the rules refuse; with `rollback` its table is left as it was
    before that move (a copy per move, so only where the table is used after a refusal).
    `renames` replays moves logged under other player ids (old id -> new id; `players` has the new
    ones): each move's player and its `PlayerId` arguments are renamed before it is applied, and
    `on_move` sees the renamed move.
    """
    table = Table(game_cls, players, options, seed)
    if before_setup is not None:
        before_setup(table)
    table.run_setup()
    made = table.take_notifications()
    if on_setup is not None:
        on_setup(table, made)
    for number, move in enumerate(moves, start=1):
        if until is not None and number > until:
            break
        if not isinstance(move, Move):
            move = Move.from_json(move)
        if renames:
            move = renamed(move, table.registry.action_spec(table.current_state, move.action), renames)
        try:
            made = table.apply(move.player, move.action, move.args, rollback=rollback)
        except (ActionError, GameDefinitionError) as err:
            raise ReplayRefused(number, move, err, table) from err
        if on_move is not None:
            on_move(table, number, move, made)
    return table
