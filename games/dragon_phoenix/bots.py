"""The heuristic bot and zombie: plays low, keeps its bombs, does not overtake its partner, gives
the Dragon's round to the opponent with fewer cards. It reads only what its player may see (its
hand, the table, hand sizes) and picks among `legal_actions`, so it never breaks a rule."""
from __future__ import annotations

from .cards import DRAGON, NAME_TO_RANK, PHOENIX, SORT_KEY
from .combos import from_dict
from .plays import all_bombs
from .rules import choose_reading
from .states import GiveDragon, HighFlight, PassCards, PlayerTurn


def heuristic_move(game, player_id: int) -> tuple[str, dict] | None:
    state, hands = game.gamestate.current_state(), game.per_player("hands")
    if state is PassCards and game.gamestate.is_player_active(player_id):
        # Not listed first: 1,716 passes only to see that there are some (a search asks again and again).
        return "passCards", choose_passes(hands[player_id])
    moves = game.legal_actions(player_id)
    if not moves:
        return None
    if state is HighFlight:
        return "highFlight", {"call": False}
    if state is PassCards:
        return "passCards", choose_passes(hands[player_id])
    if state is GiveDragon and game.gamestate.is_player_active(player_id):
        return min((m for m in moves if m[0] == "giveDragon"), key=lambda m: len(hands[m[1]["to"]]))
    if state is PlayerTurn and game.gamestate.is_player_active(player_id):
        return choose_play(game, player_id, moves)
    return None


def choose_passes(hand: list[str]) -> dict:
    """The best card not in a bomb to the partner, the two lowest plain cards to the opponents."""
    in_bombs = {c for cards, _ in all_bombs(tuple(hand)) for c in cards}
    ranked = sorted(hand, key=SORT_KEY.__getitem__)
    partner = next((c for c in reversed(ranked) if c not in in_bombs), ranked[-1])
    spare = [c for c in ranked if c not in in_bombs and c not in (partner, PHOENIX, DRAGON)]
    spare += [c for c in ranked if c not in spare and c != partner]
    return {"left": spare[0], "partner": partner, "right": spare[1]}


def choose_play(game, player_id: int, moves: list) -> tuple[str, dict]:
    data = game.data
    leading = not data["trick"] or data["round_won"]
    top = None if leading else from_dict(data["top"])
    plays = []
    for move in moves:
        if move[0] != "playCards" or "wish" in move[1]:
            continue
        args = move[1]
        phoenix = args.get("phoenix")
        combo = choose_reading(args["cards"], top, None if phoenix is None else NAME_TO_RANK[phoenix])
        # low first, the Phoenix and the Dragon kept as high singles; more cards first; bombs last
        rank = 14.6 if args["cards"] == [PHOENIX] else combo.rank
        plays.append(((combo.is_bomb, rank, -combo.size), move))
    can_pass = any(m[0] == "pass" for m in moves)
    partner_on_top = not leading and data["last_player"] == game.partner(player_id)
    plain = [p for p in plays if not p[0][0]]
    if can_pass and (partner_on_top or not plain):
        return "pass", {}
    if plays:
        return min(plays, key=lambda p: p[0])[1]
    return moves[0]
