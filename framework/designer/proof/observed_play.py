"""What seeded random games show of a game: the transitions the state machine takes and the
notifications sent. `validate --simulate N`, `diagram` and `export-bga` merge it with what the
source shows, for the exits the source cannot prove."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from framework.engine import Game, Table
from framework.testing import play_random_game

from .state_graph import Transition

MAX_MOVES = 300  # a game's first hands: random play seldom ends a long game, and the hands repeat


@dataclass(frozen=True)
class SentNotification:
    type: str
    to: str    # "all" or "player"
    log: str
    args: tuple[str, ...]


@dataclass
class Observed:
    games: int = 0
    moves: int = 0
    transitions: set[Transition] = field(default_factory=set)
    notifications: set[SentNotification] = field(default_factory=set)


def observe_play(game: type[Game], games: int, *, seed: str = "observe", max_moves: int = MAX_MOVES,
                 progress: Callable[[int], None] | None = None) -> Observed:
    """Play `games` seeded random games (each stops after `max_moves`) and record what they do.
    A game that breaks raises, as the random-play test does."""
    observed = Observed()
    for number in range(games):
        played = play_random_game(game, f"{seed}-{game.name}-{number}", check_leaks=False, check_json=False,
                                  check_replay=False, stop=lambda table: table.move >= max_moves,
                                  watch=lambda table: _record(table, observed))
        observed.games += 1
        observed.moves += len(played.moves)
        for note in played.notifications:
            observed.notifications.add(SentNotification(note.type, "all" if note.to is None else "player", note.log,
                                                        tuple(sorted(note.args))))
        if progress:
            progress(observed.games)
    return observed


def _record(table: Table, observed: Observed) -> None:
    """Note each move from state to state with what caused it: setup or an action for the first move
    of a step, then the entered states' enter()."""
    cause = {"via": "setup"}
    apply = table.apply

    def applied(player_id, action, args=None, **kwargs):
        cause["via"] = action
        return apply(player_id, action, args, **kwargs)

    def moved(source: int, target: int, label: str) -> None:
        observed.transitions.add(Transition(source, target, label, cause["via"]))
        cause["via"] = "enter"

    table.apply = applied
    table.gamestate.on_transition = moved
