"""The body of `POST /api/tables` for each game served: its options, its player counts, how many names
may be reserved. One schema per game and table size, so the OpenAPI description says exactly what is
accepted (`anyOf` these) and the server loads the body with the very schema it describes.
"""
from __future__ import annotations

import functools

from marshmallow import Schema, ValidationError, fields, validate

from framework.engine import BOTS, Game

# A fixed deal (testing and development) is kept out of the description: a random one is always refused.
TESTING_OPTIONS = ("deal",)


def options_schema(game: type[Game], *, described: bool) -> Schema:
    if game.option_schema is None:
        return Schema.from_dict({}, name=f"{game.name}_options")()
    hidden = tuple(name for name in TESTING_OPTIONS if name in game.option_schema().fields)
    return game.option_schema(exclude=hidden if described else ())


@functools.cache
def new_table_bots(seats: int) -> type[Schema]:
    return Schema.from_dict({
        "count": fields.Integer(load_default=1, validate=validate.Range(1, seats - 1)),
        "level": fields.String(load_default="heuristic", validate=validate.OneOf(list(BOTS))),
    }, name=f"NewTableBots_{seats}")


@functools.cache
def table_schema(game: type[Game], seats: int, *, described: bool = False) -> type[Schema]:
    """The body for a table of `game` with `seats` seats; without `players`, a table of the most seats."""
    most = seats == game.max_players
    return Schema.from_dict({
        "game": fields.String(required=True, validate=validate.OneOf([game.name])),
        "players": fields.Integer(load_default=None, allow_none=True, validate=validate.OneOf([seats]))
        if most else fields.Integer(required=True, validate=validate.OneOf([seats])),
        "options": fields.Nested(options_schema(game, described=described)),
        "seed": fields.String(load_default=None, validate=validate.Length(1, 64)),
        # The time per move, a setting of every table whatever its game (0: no limit).
        "turn_hours": fields.Integer(load_default=0, validate=validate.Range(0, 24 * 30)),
        "private": fields.Boolean(load_default=False),
        "hotseat": fields.Boolean(load_default=False),
        "bots": fields.Nested(new_table_bots(seats), metadata={  # no default: null would describe any object
            "description": "the last `count` seats are bots of `level` (the game's `bot_levels`); on a hotseat table "
                           "the creator acts for the others, else they wait for players (409 where reserved names "
                           "and bots are more than the free seats)"}),
        "spectator_chat": fields.Boolean(load_default=False, metadata={
            "description": "whether those not seated may post in the table's chat (they may always read it)"}),
        "reserved": fields.List(fields.String(validate=validate.Length(1, 40)), load_default=list,
                                validate=validate.Length(max=seats - 1, error="More seats are reserved than "
                                                         "the table has free ({max}).")),  # the creator sits
    }, name=f"NewTable_{game.name}_{seats}{'' if described else '_loaded'}")


def described_bodies(games: dict[str, type[Game]]) -> dict:
    """What the description says `POST /api/tables` takes: one of the tables the games served allow."""
    return {"anyOf": [table_schema(game, seats, described=True) for game in games.values()
                      for seats in range(game.min_players, game.max_players + 1)]}


def schema_for(game: type[Game], players: object) -> Schema:
    """The schema to load a body naming `game` with; a player count the game has not is refused here."""
    if players is None:
        return table_schema(game, game.max_players)()
    if isinstance(players, int) and not isinstance(players, bool) and \
            game.min_players <= players <= game.max_players:
        return table_schema(game, players)()
    raise ValidationError({"players": [f"{game.title} is played by {game.min_players} to "
                                       f"{game.max_players} players."]})
