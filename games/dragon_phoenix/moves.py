"""Plays as actions, for the states' `legal_actions` and `random_action`: what a turn allows, bombs out
of turn, a play listed once per wish it may add, and a draw among them with the odds of the full list."""
from __future__ import annotations

from . import rounds as rnd
from .cards import HERALD, PHOENIX, RANK_NAMES, WISH_RANKS
from .combos import Combo
from .plays import Play, bombs, plays
from .rules import contains_rank, wish_obliges

WISH_CHOICES = (None, *WISH_RANKS)


def table_bombs(game, player_id: int) -> list[Play]:
    """The bombs this player may throw out of turn on the combination lying on the table."""
    data = game.data
    if not data["trick"] or data["hand_over"] or player_id in data["out"]:
        return []
    return bombs(game.of_player("hands", player_id), rnd.top(data))


def turn_options(game, player_id: int) -> tuple[list[Play], list[tuple[str, dict]]]:
    """The plays this player may make in a turn (bombs alone out of turn), and their other moves
    (pass, autoPass)."""
    data = game.data
    if player_id in data["out"]:
        return [], []
    active = game.gamestate.is_player_active(player_id)
    leading = rnd.leading(data)
    hand = game.of_player("hands", player_id)
    top = None if leading else rnd.top(data)
    found = plays(hand, top) if active else table_bombs(game, player_id)  # out of turn: bombs, even on a won round
    obliged = wish_obliges(hand, top, data["wish"], found if active else None)
    others: list[tuple[str, dict]] = []
    if active:
        if obliged:
            found = [p for p in found if contains_rank(p[0], data["wish"])]
        elif not leading:
            others.append(("pass", {}))
    if not leading:
        on = player_id in data["auto_pass"]
        if on or not obliged:
            others.append(("autoPass", {"on": not on}))
    return found, others


def wish_choices(game) -> tuple[int | None, ...]:
    """A Herald play may add any wish, or none; the "No wish" variant only none."""
    return WISH_CHOICES if game.options["wish"] else (None,)


def play_moves(game, found: list[Play]) -> list[tuple[str, dict]]:
    wishes = wish_choices(game)
    return [play_move(cards, combo, wish)
            for cards, combo in found for wish in (wishes if HERALD in cards else (None,))]


def play_move(cards: tuple[str, ...], combo: Combo, wish: int | None = None) -> tuple[str, dict]:
    args = {"cards": list(cards)}
    if combo.phoenix is not None and PHOENIX in cards:
        args["phoenix"] = RANK_NAMES[combo.phoenix]
    if wish is not None:
        args["wish"] = RANK_NAMES[wish]
    return "playCards", args


def random_move(game, found: list[Play], others: list[tuple[str, dict]], rng,
                herald_held: bool = True) -> tuple[str, dict] | None:
    """Draw among `others` and the plays `found` as `rng.choice` draws among the listed moves,
    where a Herald play is listed once per wish choice. `herald_held` False: no play has the Herald
    (its holder's caller says so, sparing a look at every play of a long lead)."""
    wishes = wish_choices(game)
    heralds = [play for play in found if HERALD in play[0]] if herald_held else None
    if heralds:
        found = [play for play in found if HERALD not in play[0]]
    count = len(others) + len(found) + (len(heralds) * len(wishes) if heralds else 0)
    if not count:
        return None
    pick = rng.randrange(count)
    if pick < len(others):
        return others[pick]
    pick -= len(others)
    if pick < len(found):
        return play_move(*found[pick])
    pick -= len(found)
    cards, combo = heralds[pick // len(wishes)]
    return play_move(cards, combo, wishes[pick % len(wishes)])
