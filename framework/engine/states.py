"""State declarations and the `@action` marker, in the shape of BGA's 2025 state classes."""
from __future__ import annotations

import marshal
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from marshmallow import Schema

if TYPE_CHECKING:
    from .game import Game

GAME_SETUP_ID = 1
GAME_END_ID = 99


class StateType(StrEnum):
    ACTIVE_PLAYER = "active_player"
    MULTIPLE_ACTIVE = "multiple_active"
    GAME = "game"
    MANAGER = "manager"


ACTIVE_PLAYER = StateType.ACTIVE_PLAYER
MULTIPLE_ACTIVE = StateType.MULTIPLE_ACTIVE
GAME = StateType.GAME
MANAGER = StateType.MANAGER


@dataclass(frozen=True)
class ActionSpec:
    """What the framework knows of one action before calling it."""

    name: str
    method: str
    schema: Schema
    out_of_turn: bool
    # Arguments already loaded, as marshal bytes: the same ones come again and again (a pass, one
    # card), and marshmallow takes tens of microseconds per load. Action schemas check the shape of
    # the arguments only (the rules belong in the action), so a load depends on its input alone.
    _loaded: dict = field(default_factory=dict, compare=False, repr=False)

    def load(self, args: dict) -> dict:
        """The schema's `load(args)`, remembered; raises marshmallow's ValidationError as it does."""
        try:
            key = marshal.dumps(args)
        except ValueError:  # not plain JSON data: load it every time
            return self.schema.load(args)
        known = self._loaded.get(key)
        if known is not None:  # a fresh copy: actions may change what they receive
            return known.copy() if type(known) is dict else marshal.loads(known)
        loaded = self.schema.load(args)
        try:
            if len(self._loaded) >= MAX_REMEMBERED_ARGUMENTS:
                self._loaded.clear()
            # Plain values only (a card, a number): a shallow copy is a fresh one, and cheaper.
            flat = all(type(value) in _PLAIN for value in loaded.values())
            self._loaded[key] = dict(loaded) if flat else marshal.dumps(loaded)
        except ValueError:  # a field loads to something marshal cannot copy (a date, say)
            pass
        return loaded


_PLAIN = (str, int, float, bool, type(None))


MAX_REMEMBERED_ARGUMENTS = 4096


def _as_schema(schema: Any) -> Schema:
    if schema is None:
        return Schema()
    if isinstance(schema, Schema):
        return schema
    if isinstance(schema, type) and issubclass(schema, Schema):
        return schema()
    if isinstance(schema, dict):
        return Schema.from_dict(schema)()
    raise TypeError(f"an action schema must be a marshmallow Schema or a dict of fields, not {schema!r}")


def action(name_or_schema: Any = None, schema: Any = None, *, out_of_turn: bool = False) -> Callable:
    """Mark a method as a player action (BGA `#[PossibleAction]`).

    `@action(schema)`, `@action("playCards", schema)` or `@action()`. The schema is a marshmallow
    Schema (class or instance) or a dict of fields; the method receives `player_id` and the loaded
    arguments as keywords. `out_of_turn=True` skips the active-player check (BGA `#[CheckAction(false)]`).
    """
    if isinstance(name_or_schema, str):
        name = name_or_schema
    else:
        name, schema = None, name_or_schema if schema is None else schema

    def mark(fn: Callable) -> Callable:
        fn.__action__ = ActionSpec(name or fn.__name__, fn.__name__, _as_schema(schema), out_of_turn)
        return fn

    return mark


def collect_actions(cls: type) -> dict[str, ActionSpec]:
    """The actions a class declares (its own and inherited), by action name."""
    found: dict[str, ActionSpec] = {}
    for klass in reversed(cls.__mro__):
        for value in vars(klass).values():
            spec = getattr(value, "__action__", None)
            if spec is not None:
                found[spec.name] = spec
    return found


def _default_name(cls_name: str) -> str:
    return cls_name[:1].lower() + cls_name[1:]


class State:
    """One state of a game. Subclass it, set `id` and `type`, add `args()`, actions and `zombie()`.

    `transitions` maps a transition name to a State class, a state id or a state name. Actions and
    `enter()` return where to go next: a transition name, a state name, a State class, an id, or
    None to stay.
    """

    id: int = 0
    name: str = ""
    type: StateType = ACTIVE_PLAYER
    description: str = ""
    description_my_turn: str = ""
    transitions: dict[str, Any] = {}
    update_progression: bool = False

    actions: dict[str, ActionSpec] = {}
    is_player_state: bool = True  # active_player or multiple_active: players act here

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "name" not in vars(cls):
            cls.name = _default_name(cls.__name__)
        cls.type = StateType(cls.type)
        cls.is_player_state = cls.type in (ACTIVE_PLAYER, MULTIPLE_ACTIVE)
        cls.actions = collect_actions(cls)

    def __init__(self, game: Game):
        self.game = game

    def args(self) -> dict:
        """Arguments sent with the state (BGA getArgs); `_private` maps player ids to their own part."""
        return {}

    def enter(self) -> Any:
        """Run on entering the state (BGA onEnteringState). `game` states must return the next state.

        A `multiple_active` state makes every player active unless it overrides this.
        """
        if self.type is MULTIPLE_ACTIVE:
            self.game.gamestate.set_all_players_multiactive()
        return None

    # True: this state's `random_action` draws the game-wide actions too, in one draw with its own
    # (it asks `self.game.global_legal_actions`), so `Game.random_action` adds none.
    draws_game_wide: bool = False

    def legal_actions(self, player_id: int) -> list[tuple[str, dict]]:
        """Every (action, arguments) of this state `player_id` may send now; bots, zombies, tests and
        simulations share it. `Game.legal_actions` adds the game-wide actions after these."""
        return []

    def random_action(self, player_id: int, rng: random.Random) -> tuple[str, dict] | None:
        """One of this state's legal actions, each as likely as in `rng.choice(self.legal_actions(player_id))`
        (None: none). Override it where listing every action costs much (1,716 ways to pass three
        cards) and a choice can be drawn directly, keeping the odds the same; `Game.random_action`
        adds the game-wide actions, weighed by `legal_action_count`."""
        moves = self.legal_actions(player_id)
        return rng.choice(moves) if moves else None

    def legal_action_count(self, player_id: int) -> int:
        """How many actions `legal_actions` lists: `Game.random_action` weighs this state's draw
        against the game-wide actions with it. Override it beside a `random_action` of your own when
        the game has game-wide actions, so that the moves are counted without being listed."""
        return len(self.legal_actions(player_id))

    def possible_actions(self, player_id: int, names: list[str]) -> list[str]:
        """Narrow the action names offered to a player here (BGA possibleactions); by default the
        game narrows its game-wide ones (`Game.possible_actions`)."""
        return self.game.possible_actions(player_id, names)

    def zombie(self, player_id: int) -> tuple[str, dict]:
        """The move a zombie makes here (BGA's zombie): (action, arguments). Default: the game's
        `default_zombie_move` (`Table.zombie_move` tells the whole chain)."""
        return self.game.default_zombie_move(player_id)


class GameSetup(State):
    id = GAME_SETUP_ID
    name = "gameSetup"
    type = MANAGER


class GameEnd(State):
    id = GAME_END_ID
    name = "gameEnd"
    type = MANAGER
    description = "End of game"
    description_my_turn = "End of game"


PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def substitute(template: str, values: dict) -> str:
    """Fill `${name}` placeholders; an unknown name stays as it is so the mistake shows."""

    def fill(match: re.Match) -> str:
        key = match.group(1)
        return str(values[key]) if key in values else match.group(0)

    return PLACEHOLDER.sub(fill, template)
