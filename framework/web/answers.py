"""The answers of the HTTP API as marshmallow schemas: what the OpenAPI description promises, and what
every route answers with (`answering.answered`: only the fields stated here go out)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate


class UtcTime(fields.String):
    """A time kept as naive UTC, answered as ISO 8601 with its Z (a string in the description)."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else value.isoformat() + "Z"


class ErrorBody(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    field_messages = fields.Dict(data_key="fields", attribute="fields",
                                 metadata={"description": "invalid arguments: the messages for each field"})
    move = fields.Integer(metadata={"description": "stale move: the table's move number now"})


class Error(Schema):
    error = fields.Nested(ErrorBody, required=True)


class Token(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True)


class Me(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    email = fields.String(allow_none=True)
    email_confirmed = fields.Boolean(metadata={
        "description": "the address has been confirmed (the link sent to it followed): only then is it mailed"})
    webhook_url = fields.String(allow_none=True)
    notify_email = fields.Boolean()
    notify_webhook = fields.Boolean()


class Ok(Schema):
    ok = fields.Boolean(required=True)


class Revoked(Schema):
    ok = fields.Boolean(required=True)
    revoked = fields.Integer(required=True, metadata={"description": "how many sessions were logged out"})


class Session(Schema):
    id = fields.Integer(required=True)
    created_at = UtcTime(required=True)
    last_used_at = UtcTime(required=True, allow_none=True, metadata={
        "description": "to the minute; null for a session made before this was recorded"})
    label = fields.String(required=True, allow_none=True, metadata={"description": "the User-Agent it was made with"})
    current = fields.Boolean(required=True, metadata={"description": "the session this request is made with"})


class SessionList(Schema):
    sessions = fields.List(fields.Nested(Session), required=True)


class MutedAccount(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    since = UtcTime(required=True)


class MuteList(Schema):
    mutes = fields.List(fields.Nested(MutedAccount), required=True)


class Player(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    seat = fields.Integer(required=True)
    score = fields.Integer(required=True)
    score_aux = fields.Integer(required=True, metadata={"description": "the tie-breaker (BGA player_score_aux)"})
    rank = fields.Integer(required=True, allow_none=True, metadata={
        "description": "place, 1 the best: by score, then score_aux; equal on both share it. Null before the start"})
    is_bot = fields.Boolean(required=True)
    zombie = fields.Boolean(required=True)
    thinking = fields.Boolean(required=True, metadata={
        "description": "a bot runner is searching for this seat's move (an expert bot, or an expert zombie)"})
    deadline = UtcTime(allow_none=True)
    out_of_time = fields.Boolean()


class TableInfo(Schema):
    id = fields.Integer(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["open", "playing", "finished", "abandoned"]),
                           metadata={"description": "abandoned: ended unfinished (nobody left to play, or past "
                                     "the site's moves per game); its log is kept and replays"})
    options = fields.Dict(required=True)
    move = fields.Integer(required=True)
    seats = fields.Integer(required=True)
    creator = fields.Integer()
    turn_hours = fields.Integer()
    private = fields.Boolean()
    spectator_chat = fields.Boolean(metadata={"description": "whether those not seated may post in its chat"})
    reserved = fields.List(fields.String())
    players = fields.List(fields.Nested(Player), required=True)
    invite_code = fields.String()
    your_turn = fields.Boolean()
    last_event = fields.String(allow_none=True)


class TableList(Schema):
    tables = fields.List(fields.Nested(TableInfo), required=True)


class StateInfo(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    type = fields.String(required=True)
    description = fields.String(required=True)
    active_players = fields.List(fields.Integer(), required=True)
    args = fields.Dict(required=True)
    possible_actions = fields.List(fields.String(), required=True)


class TableStatistic(Schema):
    name = fields.String(required=True)
    label = fields.String(required=True)
    type = fields.String(required=True, metadata={"description": "int, float or bool"})
    value = fields.Raw(required=True)


class PlayerStatistic(Schema):
    name = fields.String(required=True)
    label = fields.String(required=True)
    type = fields.String(required=True, metadata={"description": "int, float or bool"})
    values = fields.Dict(keys=fields.String(), values=fields.Raw(), required=True,
                         metadata={"description": "by player id"})


class Statistics(Schema):
    table = fields.List(fields.Nested(TableStatistic), required=True)
    player = fields.List(fields.Nested(PlayerStatistic), required=True)


class View(Schema):
    table = fields.Nested(TableInfo, required=True)
    state = fields.Nested(StateInfo, allow_none=True, required=True)
    data = fields.Raw(allow_none=True, required=True)
    last_notification = fields.Integer()
    progression = fields.Integer(metadata={"description": "0-100, how far the game has gone"})
    statistics = fields.Nested(Statistics, allow_none=True, metadata={
        "description": "the game's statistics, null until the game is over (in a replay: as they stood at that move)"})
    you = fields.Integer()
    you_are_zombie = fields.Boolean()
    hotseat = fields.Boolean()
    move = fields.Integer()
    seat = fields.Integer(allow_none=True)
    automatic_pending = fields.Boolean(metadata={"description": "bot or zombie turns wait: POST .../continue "
                                                              "(not the expert's: the bot runner plays them)"})


class NotificationOut(Schema):
    seq = fields.Integer(required=True)
    move = fields.Integer(required=True)
    type = fields.String(required=True)
    log = fields.String(required=True)
    args = fields.Dict(required=True)
    private = fields.Boolean(required=True)


class CatchUp(Schema):
    after = fields.Integer(required=True, metadata={"description": "the caller's last seq before the move"})
    notifications = fields.List(fields.Nested(NotificationOut), required=True,
                                metadata={"description": "what the caller may see after `after`, up to the view"})


class ActionResult(Schema):
    move = fields.Integer(required=True)
    notifications = fields.List(fields.Nested(NotificationOut), required=True,
                                metadata={"description": "what the caller may see of this move"})
    automatic_pending = fields.Boolean(required=True,
                                       metadata={"description": "bot or zombie turns wait: POST .../continue"})
    view = fields.Nested(View, metadata={"description": "with ?view=true: the caller's view after the move"})
    catch_up = fields.Nested(CatchUp, metadata={"description": "with ?view=true"})


class AutomaticResult(Schema):
    played = fields.Integer(required=True, metadata={"description": "bot and zombie moves this request played"})
    automatic_pending = fields.Boolean(required=True, metadata={
        "description": "quick bot or zombie turns still wait (the request's time ran out): POST .../continue again"})
    runner_pending = fields.Boolean(required=True, metadata={
        "description": "an expert's turn is due or being searched for (the seat shows `thinking`): the bot "
                       "runner plays it, no request does; watch the table (its push stream, or its view)"})


class NotificationList(Schema):
    notifications = fields.List(fields.Nested(NotificationOut), required=True)


class LoggedMove(Schema):
    move = fields.Integer(required=True)
    player = fields.Integer(allow_none=True, required=True,
                            metadata={"description": "None: the move told others nothing (the game still runs)"})
    action = fields.String(allow_none=True, required=True)
    args = fields.Dict(allow_none=True, required=True)
    time = UtcTime(required=True)


class MoveLog(Schema):
    moves = fields.List(fields.Nested(LoggedMove), required=True)
    next = fields.Integer(required=True, allow_none=True, metadata={
        "description": "pass as `after` for the next page; null on the last page"})


class Ranked(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    rank = fields.Integer(required=True)
    score = fields.Integer(required=True)
    score_aux = fields.Integer(required=True)


class Export(Schema):
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    options = fields.Dict(required=True)
    seed = fields.String(required=True)
    players = fields.List(fields.Dict(), required=True)
    moves = fields.List(fields.Dict(), required=True)
    move = fields.Integer(required=True)
    state_hash = fields.String(allow_none=True, required=True)
    ranking = fields.List(fields.Nested(Ranked), required=True, metadata={
        "description": "the players best first, by score then score_aux; empty before the start"})


class ChatMessageOut(Schema):
    id = fields.Integer(required=True)
    player = fields.Integer(required=True)
    name = fields.String(required=True)
    text = fields.String(required=True)
    time = fields.String(required=True)


class ChatList(Schema):
    messages = fields.List(fields.Nested(ChatMessageOut), required=True)


class Created(Schema):
    id = fields.Integer(required=True)


class GameList(Schema):
    games = fields.List(fields.Dict(), required=True, metadata={
        "description": "each game: name, title, players, options, actions, states, and `bot_levels`, the "
                       "levels POST /api/tables/{id}/bots takes for it (expert only where the game has it)"})
    development = fields.Boolean(metadata={"description": "development mode: hotseat tables, seeds, fixed deals"})


class LegalAction(Schema):
    count = fields.Integer(required=True)
    arguments = fields.Dict(keys=fields.String(), values=fields.List(fields.Raw()), required=True)
    truncated = fields.Boolean(required=True)


class Variant(Schema):
    label = fields.String(required=True)
    args = fields.Dict(required=True, metadata={"description": "the arguments that choose this reading"})


class Description(Schema):
    action = fields.String(required=True)
    label = fields.String(required=True, allow_none=True, metadata={"description": "the move in the game's words"})
    legal = fields.Boolean(required=True, allow_none=True,
                           metadata={"description": "whether it would be accepted now (null: the game does not say)"})
    reason = fields.String(required=True, allow_none=True, metadata={"description": "why it would be refused now"})
    variants = fields.List(fields.Nested(Variant), required=True)


class LegalMove(Schema):
    action = fields.String(required=True)
    args = fields.Dict(required=True)


class LegalActions(Schema):
    move = fields.Integer(required=True)
    listed = fields.Boolean(required=True, metadata={"description": "false: the game lists no legal moves here"})
    actions = fields.Dict(keys=fields.String(), values=fields.Nested(LegalAction), required=True)
    count = fields.Integer(required=True, metadata={"description": "how many legal moves there are in all"})
    moves = fields.List(fields.Nested(LegalMove), metadata={
        "description": "with ?moves=true: the page (limit, offset) of the moves, those naming only what my view shows"})
    listable = fields.Integer(metadata={"description": "with ?moves=true: how many moves that list holds in all"})
