"""The heuristic bot (and zombie): shed low cards, keep wilds and bombs for when they matter."""
from __future__ import annotations

from .cards import IS_WILD, POINTS
from .plays import legal_plays, play_args
from .states import Auction, HandEnd, LeadChoice, PlayerTurn


def play_cost(cards: list[str], combo: dict) -> tuple:
    """Lower is better: no bombs, few wilds, low top, and as many cards as possible."""
    wilds = sum(1 for c in cards if IS_WILD[c])
    return (combo["kind"] == "bomb", wilds, combo["top"], -len(cards))


def heuristic_move(game, player_id: int) -> tuple[str, dict] | None:
    state = game.gamestate.current_state()
    if not game.gamestate.is_player_active(player_id):
        return None
    if state is HandEnd:
        return ("nextHand", {})
    if state is Auction:
        # The dealer's bid of 1 is "almost a no brainer" (designer); otherwise pass.
        auction = game.data["auction"]
        if auction["bid"] is None and player_id == game.data["dealer"] and not auction["dealer_passed"]:
            return ("bid", {"cards": 1})
        return ("passBid", {})
    if state not in (LeadChoice, PlayerTurn):
        return None
    hand = game.hand(player_id)
    current = game.current_combo()
    plays = legal_plays(hand, current)
    if current is None:
        cards, combo = min(plays, key=lambda p: play_cost(*p))
        return ("playCards", play_args(cards, combo))
    trick_points = sum(POINTS[c] for play in game.data["trick"] for c in play["cards"])
    opponent_left = len(game.hand(game.opponent(player_id)))
    worth_a_bomb = opponent_left <= 3 or trick_points >= 20
    choices = [p for p in plays if p[1]["kind"] != "bomb" or worth_a_bomb]
    going_out = [p for p in plays if len(p[0]) == len(hand)]
    if going_out:
        return ("playCards", play_args(*going_out[0]))
    if not choices:
        return ("pass", {})
    cards, combo = min(choices, key=lambda p: play_cost(*p))
    if sum(1 for c in cards if IS_WILD[c]) >= 2 and combo["kind"] != "bomb" and not worth_a_bomb:
        return ("pass", {})
    return ("playCards", play_args(cards, combo))
