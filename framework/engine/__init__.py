"""The pure engine: states, actions, notifications, views, seeded randomness, Deck, replay.

No Flask, no database. Games import only from here.
"""
from .bots import BOTS, HeuristicBot, RandomBot
from .deck import Deck
from .errors import (
    ActionError,
    ActionNotPossible,
    GameDefinitionError,
    InvalidArguments,
    NotActive,
    NotAPlayer,
    NotPlaying,
    UnknownAction,
    UserError,
)
from .game import Game, Player
from .replay import replay
from .states import (
    ACTIVE_PLAYER,
    GAME,
    GAME_END_ID,
    GAME_SETUP_ID,
    MANAGER,
    MULTIPLE_ACTIVE,
    State,
    StateType,
    action,
)
from .table import FINISHED, PLAYING, Table

__all__ = [
    "ACTIVE_PLAYER", "BOTS", "FINISHED", "GAME", "GAME_END_ID", "GAME_SETUP_ID", "MANAGER", "MULTIPLE_ACTIVE",
    "PLAYING", "ActionError", "ActionNotPossible", "Deck", "Game", "GameDefinitionError", "HeuristicBot",
    "InvalidArguments", "NotAPlayer", "NotActive", "NotPlaying", "Player", "RandomBot", "State",
    "StateType", "Table", "UnknownAction", "UserError", "action", "replay",
]
