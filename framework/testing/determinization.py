"""The check of a game's `determinize` (the expert bot's only window on hidden cards): over positions
from seeded random play, a determinized table must look the same to its viewer as the real one, hold
the game's invariants, play on, and move every hidden card that could be elsewhere.

`check_position` checks one position for one viewer; `check_determinize` plays seeded random games
and checks a viewer at every move, `tests/test_every_game.py` runs it for each game that writes
`determinize`.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from framework.engine import PLAYING, Game, Table

from .random_play import default_players, play_random_game, raised

MIN_TRIES = 3       # determinizations of every position, however soon its hidden cards have moved
MAX_TRIES = 24      # ... and up to this many while some place has kept all its hidden cards
PLAYOUT_MOVES = 4   # random moves played on one determinized table of each position
SWAP_TRIES = 4      # pairs of hidden cards swapped to see whether an unmoved place's cards could move

Path = tuple[str, ...]


class DeterminizationFailure(AssertionError):
    """A determinized table its viewer could tell from the real one, or one that fixes hidden cards."""


@dataclass
class PositionReport:
    """One position checked: how many determinizations it took, where the hidden cards lay (each place a
    path of keys into the game's data, list positions left out: `("hands", "22")`), and the places whose
    hidden cards no determinization moved while there were others they could have gone to."""

    tries: int
    places: list[Path]
    pinned: list[Path] = field(default_factory=list)


@dataclass
class DeterminizationReport:
    """What `check_determinize` looked at: positions, determinizations, and those with pinned places."""

    game: str
    games: int = 0
    positions: int = 0
    determinizations: int = 0
    pinned: list[str] = field(default_factory=list)


def check_position(table: Table, viewer: int, rng: random.Random, *, min_tries: int = MIN_TRIES,
                   max_tries: int = MAX_TRIES, playout_moves: int = PLAYOUT_MOVES,
                   allow_pinned: bool = False) -> PositionReport:
    """Determinize `table` for `viewer` several times and check each result: the viewer's view and
    legal actions are those of the real table (without its undo savepoint, which a determinized table
    drops), the game's invariants hold, the same `rng` state gives the same table, the real table is
    untouched, the table plays on (`playout_moves` random moves, invariants after each), and the game's
    `search_candidates` for the viewer are legal moves, the same in every determinization. Then no
    hidden card is fixed: with hidden cards (`hidden_from(viewer)`) in two places or more, every such
    place must change in some determinization, unless none of its hidden cards could be elsewhere
    (swapped with a hidden card of another place, the real table would look different to the viewer
    or break an invariant). A place that could change and never does is pinned: a failure unless
    `allow_pinned` (then it is only reported). Raises `DeterminizationFailure`."""
    before = table.state_hash()
    reference = table.copy()
    reference.state.savepoint = None
    expected_view, expected_moves = reference.view(viewer), reference.legal_actions(viewer)
    expected_candidates = _candidates(reference, viewer, expected_moves, "the real table")
    hidden = table.game.hidden_from(viewer)
    real = strings_by_place(table.state.data, hidden)
    places = sorted(real)
    unmoved = set(places) if len(places) > 1 else set()
    tries = 0
    while tries < max_tries and (tries < min_tries or unmoved):
        state = rng.getstate()
        twin = _determinized(table, viewer, rng, f"determinization {tries + 1}")
        if tries == 0:
            rng.setstate(state)
            again = _determinized(table, viewer, rng, "the same determinization again")
            if again.snapshot() != twin.snapshot():
                raise DeterminizationFailure("the same rng gave two different tables: determinize draws from "
                                             "something besides the rng it is given")
        tries += 1
        _compare(twin, viewer, expected_view, expected_moves, f"determinization {tries}")
        if _candidates(twin, viewer, expected_moves, f"determinization {tries}") != expected_candidates:
            raise DeterminizationFailure(f"determinization {tries}: search_candidates change with cards the "
                                         "viewer cannot see")
        if unmoved:
            now = strings_by_place(twin.state.data, places=unmoved)
            unmoved = {place for place in unmoved if now.get(place, Counter()) == real[place]}
        if tries == 1 and playout_moves:
            _play_on(twin, playout_moves, rng)
    if table.state_hash() != before:
        raise DeterminizationFailure("determinize changed the real table")
    pinned = [place for place in sorted(unmoved)
              if _could_move(reference, viewer, place, real, hidden, expected_view, expected_moves, rng)]
    report = PositionReport(tries, places, pinned)
    if report.pinned and not allow_pinned:
        raise DeterminizationFailure(f"hidden cards never moved in {tries} determinizations: "
                                     + "; ".join(_describe(place, real[place]) for place in report.pinned))
    return report


def determinizations(table: Table, viewer: int, count: int, seed: object = 1) -> list[Table]:
    """`count` guesses of `table` as `viewer` sees it, from one seeded rng: what a game's own tests of a
    rule its `determinize` honours look through (every guess must keep the card where the rule puts it)."""
    rng = random.Random(seed)
    return [table.determinized(viewer, rng) for _ in range(count)]


def check_determinize(game_cls: type[Game], positions: int, *, seed_prefix: str = "determinize",
                      options: dict | None = None, players: list[dict] | None = None,
                      moves_per_game: int = 200, pinned_share: float = 0.0,
                      progress: Callable[[int], None] | None = None, **position_args: Any) -> DeterminizationReport:
    """Seeded random games of `game_cls`, a viewer drawn after the deal and after every move and the
    position checked for them (`check_position`), until `positions` have been; each game stops after
    `moves_per_game` moves so that the positions span several games. `pinned_share`: the share of
    positions that may pin a place, for a game whose rules can pin every unknown card of a place (voids
    late in a hand); 0, the default, allows none. Raises `DeterminizationFailure`, naming the seed, move and viewer."""
    if not game_cls.can_determinize():
        raise DeterminizationFailure(f"{game_cls.name} does not write determinize()")
    report = DeterminizationReport(game_cls.name)
    position_args.setdefault("allow_pinned", pinned_share > 0)

    def check(table: Table, seed: str) -> None:
        if table.status != PLAYING or report.positions >= positions:
            return
        chooser = random.Random(f"{seed}:{table.move}")
        viewer = chooser.choice(table.game.player_ids)
        where = f"seed {seed!r}, after move {table.move}, viewer {viewer}"
        try:
            checked = check_position(table, viewer, chooser, **position_args)
        except DeterminizationFailure as failure:
            raise DeterminizationFailure(f"{game_cls.name}, {where}: {failure}") from None
        report.positions += 1
        report.determinizations += checked.tries
        if checked.pinned:
            report.pinned.append(f"{where}: {', '.join('/'.join(p) for p in checked.pinned)}")
        if progress:
            progress(report.positions)

    while report.positions < positions:
        seed = f"{seed_prefix}-{game_cls.name}-{report.games:05d}"
        count = (players and len(players)) or (game_cls.min_players if report.games % 2 else game_cls.max_players)
        seated, before = players or default_players(count), report.positions
        check(Table.create(game_cls, seated, options, seed), seed)  # the deal itself, before any move
        play_random_game(game_cls, seed, options=options, players=seated,
                         check_leaks=False, check_json=False, check_replay=False,
                         stop=lambda table: table.move >= moves_per_game or report.positions >= positions,
                         after_move=lambda table, seed=seed: check(table, seed))
        report.games += 1
        if report.positions == before:
            raise DeterminizationFailure(f"{game_cls.name}, seed {seed!r}: the game gave no position to check")
    allowed = int(pinned_share * report.positions)
    if len(report.pinned) > allowed:
        raise DeterminizationFailure(f"{game_cls.name}: {len(report.pinned)} of {report.positions} positions "
                                     f"kept hidden cards in place (at most {allowed} allowed), e.g. {report.pinned[0]}")
    return report


def strings_by_place(data: Any, hidden: set[str] | None = None, places: set[Path] | None = None) -> dict:
    """The strings in the game's data by where they lie: a path of dict keys (a list's items share
    the list's path). Only the places holding a `hidden` string, or only the `places` asked for."""
    found: dict[Path, Counter] = {}
    stack: list[tuple[Path, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(((*path, str(key)), child) for key, child in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((path, child) for child in value)
        elif isinstance(value, str) and (places is None or path in places):
            found.setdefault(path, Counter())[value] += 1
    if hidden is not None:
        found = {path: strings for path, strings in found.items() if not hidden.isdisjoint(strings)}
    return found


def _could_move(reference: Table, viewer: int, place: Path, real: dict[Path, Counter], hidden: set[str],
                view: dict, moves: list, rng: random.Random) -> bool:
    """Whether a hidden card of `place` could be elsewhere: swapped with a hidden card of another place
    (a few pairs tried), the viewer sees the same, the same moves are legal and the invariants hold.
    A place of another kind (a stock beside secret words, a pile only one player can reach) fails this."""
    mine = sorted(c for c in real[place] if c in hidden)
    for other in sorted(real):
        theirs = sorted(c for c in real[other] if c in hidden)
        if other == place or not theirs:
            continue
        for _ in range(SWAP_TRIES):
            card, partner = rng.choice(mine), rng.choice(theirs)
            if card == partner:
                continue
            swapped = reference.copy()
            data = swapped.state.data
            if not (_replace_one(data, place, card, partner) and _replace_one(data, other, partner, card)):
                continue
            try:
                if (swapped.view(viewer) == view and swapped.legal_actions(viewer) == moves
                        and not swapped.game.broken_invariants()):
                    return True
            except Exception:  # noqa: BLE001 (a swap the game cannot even show is no possible state)
                continue
    return False


def _replace_one(value: Any, path: Path, old: str, new: str, here: Path = ()) -> bool:
    """Replace one `old` string lying at `path` (as `strings_by_place` names places) by `new`, in place."""
    if isinstance(value, dict):
        for key, child in value.items():
            where = (*here, str(key))
            if child == old and where == path:
                value[key] = new
                return True
            if isinstance(child, (dict, list)) and path[:len(where)] == where \
                    and _replace_one(child, path, old, new, where):
                return True
    elif isinstance(value, list):
        for index, child in enumerate(value):
            if child == old and here == path:
                value[index] = new
                return True
            if isinstance(child, (dict, list)) and _replace_one(child, path, old, new, here):
                return True
    return False


def _candidates(table: Table, viewer: int, moves: list, where: str) -> list | None:
    """The game's `search_candidates` for the viewer, each one a legal action (None: no narrowing)."""
    if table.status != PLAYING:
        return None
    candidates = table.game.search_candidates(viewer)
    if candidates is not None and (illegal := [m for m in candidates if m not in moves]):
        raise DeterminizationFailure(f"{where}: search_candidates lists moves that are not legal: {illegal[:3]}")
    return candidates


def _determinized(table: Table, viewer: int, rng: random.Random, where: str) -> Table:
    try:
        return table.determinized(viewer, rng)
    except Exception as err:
        raise DeterminizationFailure(f"{where}: determinize {raised(err)}") from err


def _compare(twin: Table, viewer: int, view: dict, moves: list, where: str) -> None:
    if (seen := twin.view(viewer)) != view:
        raise DeterminizationFailure(f"{where}: the viewer's view changes: {_first_difference(view, seen)}")
    if (listed := twin.legal_actions(viewer)) != moves:
        lost = [m for m in moves if m not in listed][:3]
        gained = [m for m in listed if m not in moves][:3]
        raise DeterminizationFailure(f"{where}: the viewer's legal actions change (lost {lost}, gained {gained})")
    if broken := twin.game.broken_invariants():
        raise DeterminizationFailure(f"{where}: invariant broken: {'; '.join(broken)}")


def _play_on(twin: Table, moves: int, rng: random.Random) -> None:
    """A search plays on from a determinized table: random moves by the active players must be accepted."""
    for number in range(1, moves + 1):
        if twin.status != PLAYING:
            return
        chosen = next(((p, m) for p in twin.active_players() if (m := twin.random_action(p, rng))), None)
        if chosen is None:
            raise DeterminizationFailure(f"playing on, move {number}: nobody has a legal action")
        player, (name, args) = chosen
        try:
            twin.apply(player, name, args, rollback=False)
        except Exception as err:
            raise DeterminizationFailure(f"playing on, move {number} ({name} by {player}) {raised(err)}") from err
        if broken := twin.game.broken_invariants():
            raise DeterminizationFailure(f"playing on, move {number}: invariant broken: {'; '.join(broken)}")


def _first_difference(expected: Any, seen: Any, path: str = "view") -> str:
    if isinstance(expected, dict) and isinstance(seen, dict):
        for key in expected.keys() | seen.keys():
            if expected.get(key) != seen.get(key):
                return _first_difference(expected.get(key), seen.get(key), f"{path}.{key}")
    if isinstance(expected, list) and isinstance(seen, list) and len(expected) == len(seen):
        for index, (one, other) in enumerate(zip(expected, seen, strict=True)):
            if one != other:
                return _first_difference(one, other, f"{path}[{index}]")
    return f"{path} is {_short(seen)}, not {_short(expected)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def _describe(place: Path, strings: Counter) -> str:
    return f"{'/'.join(place) or 'data'} keeps {sorted(strings.elements())[:8]}"
