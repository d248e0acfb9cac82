"""The active-player API of a table (BGA `$this->gamestate`)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .table import Table


class GameStateMachine:
    def __init__(self, table: Table):
        self._table = table

    @property
    def _state(self) -> dict:
        return self._table.state

    # single active player
    def active_player(self) -> int | None:
        return self._state["active"]

    def change_active_player(self, player_id: int) -> None:
        self._state["active"] = player_id

    def active_next_player(self, skip: Callable[[int], bool] | None = None) -> int:
        """Make the player after the active one active (seat + 1), skipping those `skip` names."""
        current = self._state["active"]
        game = self._table.game
        nxt = game.player_after(current if current is not None else game.player_ids[-1], skip)
        self._state["active"] = nxt
        return nxt

    def active_prev_player(self, skip: Callable[[int], bool] | None = None) -> int:
        current = self._state["active"]
        game = self._table.game
        prev = game.player_before(current if current is not None else game.player_ids[0], skip)
        self._state["active"] = prev
        return prev

    # several active players
    def active_players(self) -> list[int]:
        return self._table.active_players()

    def is_player_active(self, player_id: int) -> bool:
        return self._table.is_active(player_id)

    def set_all_players_multiactive(self) -> None:
        self._state["multiactive"] = list(self._table.game.player_ids)

    def set_players_multiactive(self, player_ids: list[int], next_state: Any = None,
                                exclusive: bool = False) -> bool:
        """Make these players active too (only these with `exclusive`); none at all moves on."""
        current = [] if exclusive else self._state["multiactive"]
        order = self._table.game.player_ids
        wanted = set(current) | set(player_ids)
        self._state["multiactive"] = [p for p in order if p in wanted]
        if not self._state["multiactive"]:
            self._table.next_state(next_state)
            return True
        return False

    def set_player_non_multiactive(self, player_id: int, next_state: Any = None) -> bool:
        """This player is done; when the last one is, go to `next_state`. True when it moved on."""
        active = self._state["multiactive"]
        if player_id in active:
            active.remove(player_id)
        if not active:
            self._table.next_state(next_state)
            return True
        return False

    def set_all_players_non_multiactive(self, next_state: Any = None) -> None:
        self._state["multiactive"] = []
        self._table.next_state(next_state)

    def next_state(self, transition: Any) -> None:
        """Move on after this action or step (BGA nextState); an action may instead return it."""
        self._table.next_state(transition)
