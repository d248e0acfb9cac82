"""What the caller may send now, summed up per action: `GET /api/tables/<id>/legal-actions`.

The generic renderer builds its forms from it: a form only for an action the player has a legal move
for, and, as quick picks for each field, only the values that field takes in those moves (the cards
that may be discarded, not every card the state's args name). The moves come from the game's own
`legal_actions(player_id)`, which bots, zombies and the simulations share; a game whose states list
none (`listed: false`, a game being written) leaves the page to offer every possible action.
A word is listed only when the player's view shows it: the answer tells them nothing the view does
not (Climb's bots pick their secret charm from four words, which are other players' secrets too).

A long list (Summon's discard: 6,188 moves, some 40 ms to list and sum up) is worked out once per
(table, move, state, player) and kept (`legal_cache`): a page that reads it again, or pages through the
moves themselves (`?moves=true&limit=&offset=`), pays a lookup.
"""
from __future__ import annotations

from flask import Blueprint
from marshmallow import Schema, fields, validate

from framework.engine import Game, State
from framework.engine.views import leaves

from . import answers
from .access import loaded, viewer_of, visible_table
from .answering import answered
from .auth import login_required
from .legal_cache import LegalCache, Worked
from .openapi import documented
from .schemas import NUMBER, load_query

bp = Blueprint("legal", __name__, url_prefix="/api")

MAX_VALUES = 60  # values listed per field: more than a row of quick picks shows (Summon's discard has 6,188 moves)
MAX_PAGE = 200   # moves in one page of `?moves=true`


class LegalQuery(Schema):
    moves = fields.Boolean(load_default=False, metadata={"description": "also list the moves themselves, a page"})
    limit = fields.Integer(load_default=50, validate=validate.Range(1, MAX_PAGE))
    offset = fields.Integer(load_default=0, validate=NUMBER)




def words_in(value) -> list[str]:
    """Every string in a move's arguments, however nested."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [w for item in value.values() for w in words_in(item)]
    if isinstance(value, list | tuple):
        return [w for item in value for w in words_in(item)]
    return []


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


cache = LegalCache()


def worked_out(record, viewer: int) -> Worked:
    """The viewer's legal moves at the table's state, from the cache or worked out (and kept)."""
    key = (record.id, record.move, record.state_hash, viewer)
    found = cache.get(key)
    if found is None:
        table = loaded(record)
        shown = leaves(table.view(viewer))
        moves = table.legal_actions(viewer)
        found = Worked(lists_moves(table.game), summarise(moves, shown),
                       tuple(m for m in moves if all(w in shown for w in words_in(m[1]))))
        cache.put(key, found)
    return found


@bp.get("/tables/<id:table_id>/legal-actions")
@documented("The actions I may send now, each with the values its fields take", answer=(200, answers.LegalActions),
            errors=(400, 401, 403, 404), hotseat=True, query=LegalQuery)
@login_required
def legal_actions(table_id: int):
    """A spectator, or anyone at a table that is not being played, may send nothing. With `moves=true`, a page
    of the moves themselves (those naming only words the caller's view shows) and how many there are."""
    query = load_query(LegalQuery())
    record = visible_table(table_id)
    viewer = viewer_of(record)
    if viewer is None or record.snapshot is None or record.status != "playing":
        worked = Worked(True, {}, ())
    else:
        worked = worked_out(record, viewer)
    answer = {"move": record.move, "listed": worked.listed, "actions": worked.actions,
              "count": sum(entry["count"] for entry in worked.actions.values())}
    if query["moves"]:
        page = worked.moves[query["offset"]:query["offset"] + query["limit"]]
        answer.update(moves=[{"action": name, "args": args} for name, args in page], listable=len(worked.moves))
    return answered(answers.LegalActions, answer)
