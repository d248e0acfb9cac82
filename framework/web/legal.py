"""What the caller may send now, summed up per action: `GET /api/tables/<id>/legal-actions`.

The generic renderer builds its forms from it: a form only for an action the player has a legal move
for, and, as quick picks for each field, only the values that field takes in those moves (the cards
that may be discarded, not every card the state's args name). The moves come from the game's own
`legal_actions(player_id)`, which bots, zombies and the simulations share; a game whose states list
none (`listed: false`, a game being written) leaves the page to offer every possible action.
A word is listed only when the player's view shows it: the answer tells them nothing the view does
not (Climb's bots pick their secret charm from four words, which are other players' secrets too).
"""
from __future__ import annotations

from flask import Blueprint

from framework.engine import Game, State
from framework.engine.views import leaves

from . import answers
from .access import loaded, viewer_of, visible_table
from .answering import answered
from .auth import login_required
from .openapi import documented

bp = Blueprint("legal", __name__, url_prefix="/api")

MAX_VALUES = 60  # values listed per field: more than a row of quick picks shows (Summon's discard has 6,188 moves)


def summarise(moves: list[tuple[str, dict]], shown: set[str]) -> dict:
    """{action: {count, arguments: {field: [values]}, truncated}} over the (action, args) moves: each
    field's distinct plain values in the order first met (a list field's items), at most MAX_VALUES;
    a string only when it is one of the `shown` words (what the player's view holds)."""
    actions: dict[str, dict] = {}
    for name, args in moves:
        entry = actions.setdefault(name, {"count": 0, "arguments": {}, "truncated": False})
        entry["count"] += 1
        for field, value in args.items():
            values = entry["arguments"].setdefault(field, [])
            for item in value if isinstance(value, list) else [value]:
                if not isinstance(item, (str, int, float, bool)) or item in values:
                    continue  # an object (Zhubu's wilds) is no quick pick
                if isinstance(item, str) and item not in shown:
                    continue
                if len(values) < MAX_VALUES:
                    values.append(item)
                else:
                    entry["truncated"] = True
    return actions


def lists_moves(game: Game) -> bool:
    """Whether the current state (or the game, for its game-wide actions) lists legal moves at all."""
    state = game.state_object()
    return type(state).legal_actions is not State.legal_actions or \
        type(game).global_legal_actions is not Game.global_legal_actions


@bp.get("/tables/<id:table_id>/legal-actions")
@documented("The actions I may send now, each with the values its fields take", answer=(200, answers.LegalActions),
            errors=(401, 403, 404), hotseat=True)
@login_required
def legal_actions(table_id: int):
    """A spectator, or anyone at a table that is not being played, may send nothing."""
    record = visible_table(table_id)
    viewer = viewer_of(record)
    table = loaded(record)
    if viewer is None or table is None or record.status != "playing":
        return answered(answers.LegalActions, {"move": record.move, "listed": True, "actions": {}})
    actions = summarise(table.legal_actions(viewer), leaves(table.view(viewer)))
    return answered(answers.LegalActions, {"move": record.move, "listed": lists_moves(table.game), "actions": actions})
