"""The cards a player selects, described as they select them: what combination they make, the
readings to choose from when the Phoenix allows several (D4), and why they cannot be played now.
The Play button shows it; the rules are the ones a play is checked with (`rounds.checked_play`), so the
page never judges a play itself. Only the player's hand and the table are read: nothing hidden."""
from __future__ import annotations

from . import rounds as rnd
from .cards import PHOENIX, RANK_NAMES, not_held
from .combos import combo_label, readings
from .rules import Illegal


def describe_play(game, player_id: int, cards: list[str], phoenix: int | None, wish: int | None, *,
                  in_turn: bool) -> dict:
    """{"label", "reason", "variants"}: the label of the reading played ('Full house, 3s over Ks'),
    None when the cards make no combination; the refusal a play of them would get now, None when it
    would be accepted; each reading's label and the `phoenix` argument choosing it, when there are several."""
    data = game.data
    top = None if in_turn and rnd.leading(data) else rnd.top(data)
    label, variants = None, []
    if cards and not_held(game.per_player("hands")[player_id], cards) is None:
        found = readings(cards, top)
        chosen = next((c for c in found if c.phoenix == phoenix), None) if phoenix is not None else None
        chosen = chosen or (found[0] if found else None)
        label = combo_label(chosen, cards) if chosen else None
        if len(found) > 1 and PHOENIX in cards:
            variants = [{"label": combo_label(c, cards), "args": {"phoenix": RANK_NAMES[c.phoenix]}} for c in found]
    try:
        rnd.checked_play(game, player_id, cards, phoenix, wish, in_turn=in_turn)
        reason = None
    except Illegal as err:
        reason = str(err)
    return {"label": label, "reason": reason, "variants": variants}
