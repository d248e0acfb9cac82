"""What one viewer sees of a table (BGA getAllDatas plus the state's args): the players, the state
with its description and args for them, the actions they may send, the game's own data (`get_all_datas`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import GameDefinitionError
from .results import ranks
from .states import substitute

if TYPE_CHECKING:
    from .table import Table


def table_view(table: Table, viewer: int | None) -> dict:
    game, state = table.game, table.state
    state_cls = table.current_state
    active = table.active_players()
    playing = table.status == "playing"
    args = merge_private(state_cls(game).args() if playing else {}, viewer, active)
    mine = viewer is not None and viewer in active
    template = state_cls.description_my_turn if mine and state_cls.description_my_turn else state_cls.description
    names = {"you": "You", "actplayer": ", ".join(game.player_name(p) for p in active)}
    description = substitute(template, {**_flat(args), **names})
    return {
        "status": table.status,
        "move": state.move,
        "progression": state.progression,
        "players": scored_players(table),
        # Shown once the game is over, as BGA does: until then a count may tell what a hand holds.
        "statistics": None if playing else table.statistics(),
        "state": {"id": state_cls.id, "name": state_cls.name, "type": state_cls.type.value,
                  "description": description, "active_players": active, "args": args,
                  "possible_actions": possible_actions(table, viewer)},
        "data": game.get_all_datas(viewer),
    }


def scored_players(table: Table) -> list[dict]:
    """The players in seat order, each with score, score_aux (the tie-breaker, BGA player_score_aux) and
    rank (1 the best: by score, then score_aux; equal on both share it). Every answer that lists players
    with their scores takes them from here."""
    scores = table.scores()
    places = ranks(scores)
    return [{"id": p.id, "name": p.name, "seat": p.seat, "score": scores[p.id][0], "score_aux": scores[p.id][1],
             "rank": places[p.id]} for p in table.game.players]


def possible_actions(table: Table, viewer: int | None) -> list[str]:
    """The action names `viewer` may send now (BGA possibleactions): the state's and the game-wide
    ones when they are active, out-of-turn ones always; then what the state narrows away."""
    game = table.game
    if viewer is None or not game.is_player(viewer) or table.status != "playing":
        return []
    state_cls = table.current_state
    active = table.gamestate.is_player_active(viewer)
    names = [n for n, s in state_cls.actions.items() if active or s.out_of_turn]
    if state_cls.is_player_state:
        names += [n for n, s in table.registry.global_actions.items()
                  if n not in state_cls.actions and (active or s.out_of_turn)]
    return state_cls(game).possible_actions(viewer, names)


def merge_private(args: dict, viewer: int | None, active: list[int]) -> dict:
    """Public args with only the viewer's `_private` part merged in (BGA `_merge_private`).

    `_private` is keyed by player id, the int the engine gives each player (args are made afresh for
    every view, never read back from JSON), or by "active" for the part of whoever is active. A part
    keyed by the id's string would never be shown: that is refused, by name."""
    private = args.get("_private")
    if private is None:
        return args
    public = {k: v for k, v in args.items() if k != "_private"}
    if viewer is None:
        return public
    mine = private.get(viewer)
    if mine is None and str(viewer) in private:
        raise GameDefinitionError(f"args' _private is keyed by player id, the int {viewer}, not the string "
                                  f"{str(viewer)!r}")
    if mine is None and viewer in active:
        mine = private.get("active")
    return {**public, **mine} if mine else public


def _flat(args: dict) -> dict:
    return {k: v for k, v in args.items() if isinstance(v, (str, int, float))}


def leaves(value: Any) -> set[str]:
    """Every string in a JSON value, keys included: the words a view shows (the legal-actions answer lists
    only those; the random-play test looks for hidden ones). A loop, not recursion: it runs after every move."""
    found, stack = set(), [value]
    add, push = found.add, stack.append
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            found.update(map(str, item))  # keys: JSON makes them strings
            item = item.values()
        elif kind is not list and kind is not tuple:
            if kind is str:
                add(item)
            continue
        for child in item:
            if type(child) is str:
                add(child)
            else:
                push(child)
    return found
