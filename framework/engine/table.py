"""One table in memory: create, load, apply an action, build a view, snapshot and hash.

The table's whole situation is `self.state`, a JSON-able dict; the store saves it as the snapshot.
Players, options and the seed are given by whoever owns the table (the store, a replay, a test).
"""
from __future__ import annotations

import hashlib
import json
import marshal
import random
from typing import Any

from marshmallow import ValidationError

from .errors import (
    ActionNotPossible,
    GameDefinitionError,
    InvalidArguments,
    NotActive,
    NotAPlayer,
    NotPlaying,
    UnknownAction,
)
from .game import Game, action_spec
from .gamestate import GameStateMachine
from .states import ACTIVE_PLAYER, GAME, GAME_END_ID, GAME_SETUP_ID, MULTIPLE_ACTIVE, State, substitute

PLAYING, FINISHED = "playing", "finished"
MAX_AUTOMATIC_STEPS = 10_000
_UNSET = object()


def deep_copy(value: Any) -> Any:
    """A fast deep copy of JSON-like data (marshal is several times faster than copy.deepcopy)."""
    return marshal.loads(marshal.dumps(value))


class Table:
    def __init__(self, game_cls: type[Game], players: list[dict], options: dict, seed: Any,
                 state: dict | None = None):
        self.game_cls = game_cls
        self.players = [{"id": p["id"], "name": p["name"]} for p in players]
        self.options = options
        self.seed = seed
        self.state = state if state is not None else self._blank_state()
        self.gamestate = GameStateMachine(self)
        self.game = game_cls(self)
        self._registry = game_cls.registry()
        self._rng: random.Random | None = None
        self._pending: Any = _UNSET
        self._new_notifications: list[dict] = []
        # The move notifications belong to: the one being applied, else the last one (0 = setup).
        self._move_in_progress = self.state["move"]

    # ----- life cycle ------------------------------------------------------------------------
    @classmethod
    def create(cls, game_cls: type[Game], players: list[dict], options: dict | None, seed: Any) -> Table:
        """A new table: options validated with their defaults, setup run, play brought to a player."""
        if not game_cls.min_players <= len(players) <= game_cls.max_players:
            raise GameDefinitionError(
                f"{game_cls.name} is for {game_cls.min_players}-{game_cls.max_players} players, not {len(players)}")
        return cls.start(game_cls, players, game_cls.load_options(options), seed)

    @classmethod
    def start(cls, game_cls: type[Game], players: list[dict], options: dict, seed: Any) -> Table:
        """Run setup with options already validated (a replay takes them as stored)."""
        table = cls(game_cls, players, options, seed)
        table.run_setup()
        return table

    def run_setup(self) -> None:
        """The game's setup, then its automatic states until play reaches a player."""
        first = self.game.setup()
        self._go(self._resolve(first if first is not None else 2, None))

    @classmethod
    def load(cls, game_cls: type[Game], players: list[dict], options: dict, seed: Any, snapshot: dict) -> Table:
        return cls(game_cls, players, options, seed, snapshot)

    def _blank_state(self) -> dict:
        ids = [str(p["id"]) for p in self.players]
        return {
            "state": GAME_SETUP_ID, "active": None, "multiactive": [], "data": {},
            "scores": {pid: [0, 0] for pid in ids},
            "stats": {"table": {}, "player": {pid: {} for pid in ids}},
            "seq": 0, "rng": 0, "move": 0, "progression": 0, "savepoint": None,
        }

    def snapshot(self) -> dict:
        return self.state

    def state_hash(self) -> str:
        """Equal hashes mean equal tables: data, state, active players, scores, stats, move, rng.

        The notification counter is left out: the server adds messages of its own ("Anna left
        the table") that a replay of the moves does not make.
        """
        text = json.dumps({k: v for k, v in self.state.items() if k != "seq"}, sort_keys=True,
                          separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # ----- reading ---------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return FINISHED if self.state["state"] == GAME_END_ID else PLAYING

    @property
    def move(self) -> int:
        return self.state["move"]

    @property
    def current_state(self) -> type[State]:
        return self._registry["by_id"][self.state["state"]]

    def active_players(self) -> list[int]:
        kind = self.current_state.type
        if kind is ACTIVE_PLAYER:
            return [self.state["active"]] if self.state["active"] is not None else []
        if kind is MULTIPLE_ACTIVE:
            return list(self.state["multiactive"])
        return []

    def is_active(self, player_id: int, state_cls: type[State] | None = None) -> bool:
        """`player_id in self.active_players()` without building the list (asked at every action)."""
        kind = (state_cls or self.current_state).type
        if kind is ACTIVE_PLAYER:
            return self.state["active"] == player_id
        return kind is MULTIPLE_ACTIVE and player_id in self.state["multiactive"]

    def scores(self) -> dict[int, tuple[int, int]]:
        return {int(pid): (s[0], s[1]) for pid, s in self.state["scores"].items()}

    @property
    def rng(self) -> random.Random:
        # A fresh stream per action that draws, seeded by (seed, counter): nothing but a counter to store.
        if self._rng is None:
            self.state["rng"] += 1
            self._rng = random.Random(f"{self.seed}:{self.state['rng']}")
        return self._rng

    # ----- acting ----------------------------------------------------------------------------
    def apply(self, player_id: int, action: str, args: dict | None = None, *, rollback: bool = True) -> list[dict]:
        """Check and apply one action; return the notifications it made.

        Checks run in BGA's order: table playing, action possible in this state, caller active
        (unless out of turn), arguments valid; then the game's rules. A refused action changes
        nothing. `rollback=False` skips the safety copy when the caller will drop the table on
        error anyway (replays).
        """
        state = self.state
        if state["state"] == GAME_END_ID:
            raise NotPlaying("The game is over.")
        state_cls = self._registry["by_id"][state["state"]]
        spec = state_cls.actions.get(action)
        owner = None  # the state's own action, called on a state object made below
        if spec is None:  # else a game-wide one, where this state allows it
            spec = action_spec(self.game_cls, state_cls, action)
            if spec is None:
                if action in self._registry["all"]:
                    raise ActionNotPossible(f"{action} is not possible now (the game is at {state_cls.name}).")
                raise UnknownAction(f"{self.game_cls.name} has no action {action!r}.")
            owner = self.game
        if player_id not in self.game._seat_of:
            raise NotAPlayer("You are not a player at this table.")
        if not spec.out_of_turn and not self.is_active(player_id, state_cls):
            raise NotActive("It is not your turn.")
        try:
            kwargs = spec.load(args or {})
        except ValidationError as err:
            raise InvalidArguments(_first_message(err.messages), fields=err.messages) from None

        backup = marshal.dumps(self.state) if rollback else None
        self._begin()
        try:
            result = getattr(owner or state_cls(self.game), spec.method)(player_id, **kwargs)
            self._follow(state_cls, result)
        except BaseException:
            if backup is not None:
                self.state = marshal.loads(backup)
            self._new_notifications = []
            raise
        self.state["move"] += 1
        made, self._new_notifications = self._new_notifications, []
        return made

    def _begin(self) -> None:
        self._move_in_progress = self.state["move"] + 1
        self._rng = None
        self._pending = _UNSET
        self._new_notifications = []

    def next_state(self, target: Any) -> None:
        self._pending = target

    def _follow(self, from_state: type[State], result: Any) -> None:
        target = result if result is not None else self._pending
        self._pending = _UNSET
        if target is _UNSET or target is None:
            return
        self._go(self._resolve(target, from_state))

    def _resolve(self, target: Any, from_state: type[State] | None) -> type[State]:
        """The state `target` names from `from_state`: remembered per game class, as the answer
        depends on the class's states alone (and is asked at almost every action)."""
        key = (from_state.id if from_state is not None else None, type(target), target)
        resolved = self._registry["resolved"]
        try:
            return resolved[key]
        except KeyError:
            found = resolved[key] = self._find_state(target, from_state)
        except TypeError:  # an unhashable target: not remembered, and refused by _find_state
            found = self._find_state(target, from_state)
        return found

    def _find_state(self, target: Any, from_state: type[State] | None) -> type[State]:
        by_id, by_name = self._registry["by_id"], self._registry["by_name"]
        if isinstance(target, str) and from_state is not None and target in from_state.transitions:
            target = from_state.transitions[target]
        if isinstance(target, type) and issubclass(target, State):
            target = target.id
        if isinstance(target, int) and target in by_id:
            return by_id[target]
        if isinstance(target, str) and target in by_name:
            return by_name[target]
        where = from_state.name if from_state else "setup"
        raise GameDefinitionError(f"{self.game_cls.name}: {where} leads to unknown state {target!r}")

    def _go(self, state_cls: type[State]) -> None:
        """Enter a state, then keep running `game` states until play reaches a player or ends."""
        state = self.state
        for _ in range(MAX_AUTOMATIC_STEPS):
            state["state"] = state_cls.id
            if state_cls.id == GAME_END_ID:
                state["progression"] = 100
                state["active"] = None
                return
            if state_cls.type is MULTIPLE_ACTIVE:
                state["multiactive"] = []
            if state_cls.update_progression:
                state["progression"] = int(self.game.progression())
            if state_cls.type is ACTIVE_PLAYER and state_cls.enter is State.enter:
                return  # a player's turn with nothing to run on entering it: the usual stop
            self._pending = _UNSET
            target = state_cls(self.game).enter()
            if target is None:
                target = self._pending
            self._pending = _UNSET
            if target is _UNSET or target is None:
                if state_cls.type is GAME:
                    raise GameDefinitionError(f"{self.game_cls.name}: game state {state_cls.name} did not move on")
                return
            state_cls = self._resolve(target, state_cls)
        raise GameDefinitionError(f"{self.game_cls.name}: more than {MAX_AUTOMATIC_STEPS} automatic steps")

    # ----- notifications ---------------------------------------------------------------------
    def notify(self, to: int | None, type: str, log: str, args: dict) -> None:
        if "player_id" in args and "player_name" not in args:
            args["player_name"] = self.game.player_name(args["player_id"])
        self.state["seq"] += 1
        self._new_notifications.append({"seq": self.state["seq"], "move": self._move_in_progress, "to": to,
                                        "type": type, "log": log, "args": args})

    def take_notifications(self) -> list[dict]:
        """Notifications made outside `apply`: by `create` (setup), or by the server's own `notify`."""
        made, self._new_notifications = self._new_notifications, []
        return made

    take_setup_notifications = take_notifications

    # ----- undo ------------------------------------------------------------------------------
    def undo_savepoint(self) -> None:
        saved = {k: v for k, v in self.state.items() if k not in ("savepoint", "seq", "move")}
        self.state["savepoint"] = deep_copy(saved)

    def undo_restore_point(self) -> None:
        """Bring the table back to the savepoint; move and notification counters go on."""
        saved = self.state["savepoint"]
        if saved is None:
            raise GameDefinitionError(f"{self.game_cls.name}: undo without a savepoint")
        self.state.update(deep_copy(saved))
        self._pending = _UNSET

    # ----- views -----------------------------------------------------------------------------
    def view(self, viewer: int | None) -> dict:
        """What `viewer` sees: the state with its description and args for them, players, game data."""
        state_cls = self.current_state
        state = state_cls(self.game)
        active = self.active_players()
        args = state.args() if self.status == PLAYING else {}
        args = merge_private(args, viewer, active)
        mine = viewer is not None and viewer in active
        template = (state_cls.description_my_turn if mine and state_cls.description_my_turn
                    else state_cls.description)
        names = {"you": "You", "actplayer": ", ".join(self.game.player_name(p) for p in active)}
        description = substitute(template, {**_flat(args), **names})
        return {
            "status": self.status,
            "move": self.state["move"],
            "progression": self.state["progression"],
            "players": [{"id": p.id, "name": p.name, "seat": p.seat,
                         "score": self.state["scores"][str(p.id)][0],
                         "score_aux": self.state["scores"][str(p.id)][1]} for p in self.game.players],
            "state": {"id": state_cls.id, "name": state_cls.name, "type": state_cls.type.value,
                      "description": description, "active_players": active, "args": args,
                      "possible_actions": self.possible_actions(viewer)},
            "data": self.game.view(viewer),
        }

    def possible_actions(self, viewer: int | None) -> list[str]:
        """The actions `viewer` may send now: the state's if active, out-of-turn ones always."""
        if viewer is None or viewer not in self.game._seat_of or self.status != PLAYING:
            return []
        state_cls = self.current_state
        active = viewer in self.active_players()
        names = [n for n, s in state_cls.actions.items() if active or s.out_of_turn]
        if state_cls.type.value in ("active_player", "multiple_active"):
            names += [n for n, s in self._registry["global"].items()
                      if n not in state_cls.actions and (active or s.out_of_turn)]
        return self.game.available_actions(viewer, names)

    def legal_actions(self, player_id: int) -> list[tuple[str, dict]]:
        return self.game.legal_actions(player_id) if self.status == PLAYING else []

    def random_action(self, player_id: int, rng: random.Random) -> tuple[str, dict] | None:
        return self.game.random_action(player_id, rng) if self.status == PLAYING else None

    def zombie_move(self, player_id: int) -> tuple[str, dict]:
        return self.current_state(self.game).zombie(player_id)


def merge_private(args: dict, viewer: int | None, active: list[int]) -> dict:
    """Public args with only the viewer's `_private` part merged in (BGA `_merge_private`)."""
    private = args.get("_private")
    if private is None:
        return args
    public = {k: v for k, v in args.items() if k != "_private"}
    if viewer is None:
        return public
    mine = private.get(viewer, private.get(str(viewer)))
    if mine is None and viewer in active:
        mine = private.get("active")
    return {**public, **mine} if mine else public


def _flat(args: dict) -> dict:
    return {k: v for k, v in args.items() if isinstance(v, (str, int, float))}


def _first_message(messages: Any, path: str = "") -> str:
    """`cards: Not a valid list.` from marshmallow's nested messages, naming the field."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = f"{path}.{key}" if path else str(key)
            return _first_message(value, name)
    if isinstance(messages, list) and messages:
        first = messages[0]
        if isinstance(first, (dict, list)):
            return _first_message(first, path)
        return f"{path}: {first}" if path else str(first)
    return f"{path}: invalid" if path else "Invalid arguments."
