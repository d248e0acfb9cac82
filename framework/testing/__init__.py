"""Test helpers for game plugins, imported by each game's tests and by the designer's tools: the shared
random-play test and its checks (`random_play`), the hidden-information audit (`hidden_information`),
the exact check of a game's own `random_action` weights (`action_weights`) and the check of a game's
`determinize` (`determinization`).

Not needed to serve a game: the engine never imports this package.
"""
from .action_weights import drawn_weights, listed_weights, move_key
from .determinization import (
    DeterminizationFailure,
    DeterminizationReport,
    PositionReport,
    check_determinize,
    check_position,
    determinizations,
)
from .hidden_information import AuditReport, audit_hidden_information
from .no_peek import peeked_moves
from .random_play import (
    Checks,
    Played,
    RandomPlayFailure,
    ReplayMismatch,
    default_players,
    play_game,
    play_random_game,
)

__all__ = ["AuditReport", "Checks", "DeterminizationFailure", "DeterminizationReport", "Played", "PositionReport",
           "RandomPlayFailure", "ReplayMismatch", "audit_hidden_information", "check_determinize", "check_position",
           "default_players", "determinizations", "drawn_weights", "listed_weights", "move_key", "peeked_moves",
           "play_game", "play_random_game"]
