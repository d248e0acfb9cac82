"""The heuristic bot and zombie: plays low, keeps its bombs, does not overtake its partner, gives
the Dragon's round to the opponent with fewer cards. It reads only what its player may see (its
hand, the table, hand sizes) and picks among the moves `legal_actions` lists, so it never breaks a rule."""
from __future__ import annotations

from .cards import DRAGON, PHOENIX, SORT_KEY
from .moves import play_move, turn_options
from .plays import Play, all_bombs
from .states import GiveDragon, HighFlight, PassCards, PlayerTurn


def heuristic_move(game, player_id: int) -> tuple[str, dict] | None:
    state, hands = game.gamestate.current_state(), game.per_player("hands")
    if state is PassCards and game.gamestate.is_player_active(player_id):
        # Not listed first: 1,716 passes only to see that there are some (a search asks again and again).
        return "passCards", choose_passes(hands[player_id])
    if state is PlayerTurn and game.gamestate.is_player_active(player_id):
        # Not listed as moves either: the search's playouts ask this at every turn, and the plays already
        # carry their combination (a Herald play would be listed once per wish, 13 times).
        found, others = turn_options(game, player_id)
        return choose_play(game, player_id, found, others + game.global_legal_actions(player_id))
    moves = game.legal_actions(player_id)
    if not moves:
        return None
    if state is HighFlight:
        return "highFlight", {"call": False}
    if state is PassCards:
        return "passCards", choose_passes(hands[player_id])
    if state is GiveDragon and game.gamestate.is_player_active(player_id):
        return min((m for m in moves if m[0] == "giveDragon"), key=lambda m: len(hands[m[1]["to"]]))
    return None


def choose_passes(hand: list[str]) -> dict:
    """The best card not in a bomb to the partner, the two lowest plain cards to the opponents."""
    in_bombs = {c for cards, _ in all_bombs(tuple(hand)) for c in cards}
    ranked = sorted(hand, key=SORT_KEY.__getitem__)
    partner = next((c for c in reversed(ranked) if c not in in_bombs), ranked[-1])
    spare = [c for c in ranked if c not in in_bombs and c not in (partner, PHOENIX, DRAGON)]
    spare += [c for c in ranked if c not in spare and c != partner]
    return {"left": spare[0], "partner": partner, "right": spare[1]}


def choose_play(game, player_id: int, found: list[Play], others: list[tuple[str, dict]]) -> tuple[str, dict] | None:
    """Among the plays this turn allows (`turn_options`) and the other moves (pass, autoPass, Take-off,
    in the order `legal_actions` lists them): pass on the partner's combination or when only bombs
    are left, else the lowest play (the first of the lowest, in the listed order). None: no move."""
    data = game.data
    leading = not data["trick"] or data["round_won"]
    best, best_play, plain = None, None, False
    for play in found:
        cards, combo = play
        bomb = combo.is_bomb
        # low first, the Phoenix and the Dragon kept as high singles; more cards first; bombs last
        key = (bomb, 14.6 if cards == (PHOENIX,) else combo.rank, -combo.size)
        if best is None or key < best:
            best, best_play = key, play
        plain = plain or not bomb
    can_pass = any(m[0] == "pass" for m in others)
    partner_on_top = not leading and data["last_player"] == game.partner(player_id)
    if can_pass and (partner_on_top or not plain):
        return "pass", {}
    if best_play is not None:
        return play_move(*best_play)
    return others[0] if others else None
