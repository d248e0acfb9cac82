"""The pure engine: states, actions, notifications, views, seeded randomness, Deck, replay.

No Flask, no database. Games import only from here.
"""
from .bots import BOTS, ExpertBot, HeuristicBot, RandomBot, bot_levels, no_expert
from .constrained_deal import deal_constrained
from .deck import Deck, cards_not_conserved
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
    WrongPlayerCount,
    first_message,
)
from .fixed_deal import FixedDeal, deal_refusal
from .game import Game, Player
from .per_player import PerPlayer, player_key, player_keyed
from .player_args import PlayerId
from .records import Move, Notification
from .registry import Registry
from .replay import ReplayRefused, replay
from .results import ranks
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
from .table_state import TableState

__all__ = [
    "ACTIVE_PLAYER", "BOTS", "FINISHED", "GAME", "GAME_END_ID", "GAME_SETUP_ID", "MANAGER", "MULTIPLE_ACTIVE",
    "PLAYING", "ActionError", "ActionNotPossible", "Deck", "ExpertBot", "FixedDeal", "Game", "GameDefinitionError",
    "HeuristicBot",
    "InvalidArguments", "Move", "NotAPlayer", "NotActive", "NotPlaying", "Notification", "PerPlayer", "Player",
    "PlayerId", "RandomBot", "Registry", "ReplayRefused", "State", "StateType", "Table", "TableState", "UnknownAction",
    "UserError", "WrongPlayerCount", "action", "bot_levels", "cards_not_conserved", "deal_constrained", "deal_refusal",
    "first_message", "no_expert", "player_key", "player_keyed", "ranks", "replay",
]
