"""The open round on the game's data: plays, passes, who wins it, collecting it, going out
(rule text "Playing a round", "End of a hand"; D8-D12, D18, D19, D22).

Functions here return the next state by name, so the states stay thin.
"""
from __future__ import annotations

from framework.engine import UserError

from .cards import FOX, PHOENIX, RANK_WORDS, card_points
from .combos import (
    DRAGON_RANK,
    FOUR,
    FOX_LEAD,
    SINGLE,
    STRAIGHT_FLUSH,
    Combo,
    combo_name,
    from_dict,
    phoenix_value_name,
    plural,
    single_reading,
)
from .rules import Illegal, a_rank, check_play, contains_rank, shows_wish_lacking, wish_obliges

__all__ = ["a_rank", "checked_play", "collect", "fresh_hand", "leading", "next_in", "play", "play_cards",
           "record_pass", "top"]


def fresh_hand(game) -> dict:
    """The per-hand part of the game's data."""
    return {
        "hands": game.for_each_player(list), "stock": game.for_each_player(list),
        "calls": game.for_each_player(lambda: None), "answered": [], "played": [],
        "passing": {}, "received": {}, "delivered": False,
        "trick": [], "top": None, "last_player": None, "passed": [], "round_won": False,
        "last_round": None, "won": game.for_each_player(list), "discard": [],
        "out": [], "wish": None, "auto_pass": [], "hand_over": False,
        "rounds_won": game.for_each_player(int),
        "wish_lacks": [],
    }


# ----- reading the round --------------------------------------------------------------------
def leading(data: dict) -> bool:
    """The active player leads: no combination yet, or the round is won and waits to be collected."""
    return not data["trick"] or data["round_won"]


def top(data: dict) -> Combo | None:
    stored = data["top"]
    if stored is _last_top[0]:
        return _last_top[1]
    combo = from_dict(stored)
    _last_top[:] = stored, combo
    return combo


# The top's combination is read several times a move, from the same stored dict: the last one read is
# kept with its dict (held here, so it cannot be another dict at the same address). A play stores a new
# dict, never changes one in place.
_last_top: list = [None, None]


def top_name(data: dict) -> str:
    return data["trick"][-1]["name"] if data["trick"] else "nothing"


def wish_name(data: dict) -> str | None:
    return None if data["wish"] is None else RANK_WORDS[data["wish"]]


def wisher(data: dict) -> int | None:
    """Who made the wish in force: the player of the Herald, who is the Herald's holder after passing,
    so the hand's first leader (D6), the first in `played` (no bomb comes before the lead, D8)."""
    return data["played"][0] if data["wish"] is not None and data["played"] else None


def shown_plays(plays: list[dict]) -> list[dict]:
    """A round's plays as players are shown them: a Phoenix single named with the value it took,
    half above the single it was played on, 2 1/2 when it led (D5). A play follows the one before it."""
    shown, before = [], None
    for entry in plays:
        if entry["cards"] == [PHOENIX]:
            value = single_reading(PHOENIX, None if before is None else single_reading(before["cards"][0], None))
            entry = {**entry, "name": phoenix_value_name(entry["name"], value.rank)}
        shown.append(entry)
        before = entry
    return shown


def points(cards: list[str]) -> int:
    return card_points(cards)


def needed(combo: Combo | None) -> int:
    """The fewest cards that can beat `combo`, from public information only (D22)."""
    if combo is None:
        return 0
    if combo.kind == STRAIGHT_FLUSH:
        return combo.size
    if combo.kind == FOUR or (combo.kind == SINGLE and combo.rank == DRAGON_RANK):
        return 4
    return min(combo.size, 4)


def next_in(game, player_id: int, include_self: bool = False) -> int:
    """`player_id` if still in (and `include_self`), else the next player still in on their left."""
    out = game.data["out"]
    if include_self and player_id not in out:
        return player_id
    # nobody out yet, most of a hand: the next seat, without a test for each
    return game.player_after(player_id, skip=out.__contains__ if out else None)


def checked_play(game, player_id: int, cards: list[str], phoenix: int | None, wish: int | None, *,
                 in_turn: bool) -> Combo:
    """The combination of a play this player may make now (a lead, a reply in turn, or a bomb any
    time a combination lies), or Illegal saying why not."""
    data = game.data
    a_lead = in_turn and leading(data)
    if not in_turn:
        if player_id in data["out"]:
            raise Illegal("You are out of this hand.")
        if data["hand_over"]:
            raise Illegal("The hand is over: no more bombs.")
        if not data["trick"]:
            raise Illegal("A bomb out of turn needs a combination on the table: wait for the lead.")
    table_top = None if a_lead else top(data)
    return check_play(game.of_player("hands", player_id), cards, table_top, top_name(data), in_turn=in_turn,
                      wish=data["wish"], phoenix=phoenix, new_wish=wish, wish_allowed=game.options["wish"])


# ----- changing the round -------------------------------------------------------------------
def play_cards(game, player_id: int, cards: list[str], phoenix: int | None, wish: int | None, *,
               in_turn: bool) -> str:
    """Check and make a play (the playCards action, in turn or a bomb out of turn); return the next state."""
    data = game.data
    try:
        combo = checked_play(game, player_id, cards, phoenix, wish, in_turn=in_turn)
    except Illegal as err:
        raise UserError(str(err)) from None
    lead = in_turn and leading(data)
    if (lead or not combo.is_bomb) and not contains_rank(cards, data["wish"] or 0):
        # A lead, or a play in turn (only bombs come out of turn); a bomb in turn is left out, since the
        # notifications cannot tell it from one out of turn (migration 0016 reads them).
        note_wish_lacking(data, player_id, None if lead else top(data))
    if in_turn and leading(data) and data["round_won"]:
        collect(game, data["last_player"])
    return play(game, player_id, cards, combo, wish)


def play(game, player_id: int, cards: list[str], combo: Combo, new_wish: int | None) -> str:
    """Put a checked play on the table; return the next state."""
    data = game.data
    hand = game.of_player("hands", player_id)
    for card in cards:
        hand.remove(card)
    if player_id not in data["played"]:
        data["played"].append(player_id)
    if not data["trick"]:
        data["auto_pass"] = []  # "pass until this round ends" ends with the round
    name = combo_name(combo, cards)
    # only the top combination matters to the rules; each play keeps its name for the view
    data["trick"].append({"player": player_id, "cards": list(cards), "name": name})
    data.update(top=combo.as_dict(), last_player=player_id, passed=[], round_won=False)
    if combo.is_bomb:
        game.inc_stat("bombs", 1, player_id)
    shown = phoenix_value_name(name, combo.rank) if cards == [PHOENIX] else name
    game.notify_all("playCards", "${player_name} plays ${combo_name}", player_id=player_id, cards=list(cards),
                    combo_name=shown, combo=combo.as_dict(), hand_size=len(hand))
    if data["wish"] is not None and contains_rank(cards, data["wish"]):
        game.notify_all("wishFulfilled", "The wish for ${rank_name} is fulfilled",
                        rank_name=plural(data["wish"]), rank=RANK_WORDS[data["wish"]])
        data["wish"], data["wish_lacks"] = None, []
    if new_wish is not None:
        data["wish"], data["wish_lacks"] = new_wish, []
        game.notify_all("wish", "${player_name} wishes for ${rank_name}", player_id=player_id,
                        rank_name=plural(new_wish), rank=RANK_WORDS[new_wish])
    if not hand:
        ended = go_out(game, player_id, combo)
        if ended:
            return ended
    if combo.kind == FOX_LEAD:
        return fox(game, player_id)
    return next_turn(game, player_id, combo)


def go_out(game, player_id: int, combo: Combo) -> str | None:
    """The player played their last card. Returns the next state if that ends the hand."""
    data = game.data
    out = data["out"]
    out.append(player_id)
    game.notify_all("playerOut", "${player_name} is out (${place})", player_id=player_id,
                    place=("first", "second", "third")[len(out) - 1])
    if len(out) == 2 and game.seat_of(out[0]) % 2 == game.seat_of(out[1]) % 2:
        data["hand_over"] = True
        team = game.team_names()[game.seat_of(out[0]) % 2]
        game.notify_all("doubleVictory", "Double victory for ${team}!", team=team)
        return "endHand"
    if len(out) < 3:
        return None
    data["hand_over"] = True  # the third player out ends the hand at once (D19)
    if combo.kind == FOX_LEAD:
        data["discard"].extend(data["trick"][-1]["cards"])
        data["trick"], data["top"], data["last_player"] = [], None, None
        return "endHand"
    if combo.kind == SINGLE and combo.rank == DRAGON_RANK:
        game.gamestate.change_active_player(player_id)
        return "giveDragon"
    collect(game, player_id, announce=True)  # nobody passed: no "wins the round" said it
    return "endHand"


def fox(game, player_id: int) -> str:
    """The Fox ends its round at once; the partner leads, or the next player still in after them."""
    data = game.data
    data["discard"].append(FOX)
    data["last_round"] = {"winner": None, "to": None, "plays": data["trick"]}
    data.update(trick=[], top=None, last_player=None, passed=[], round_won=False, auto_pass=[])
    leader = next_in(game, game.partner(player_id), include_self=True)
    game.gamestate.change_active_player(leader)
    game.notify_all("foxLead", "The Fox gives the lead to ${player_name}", player_id=leader)
    return "playerTurn"


def record_pass(game, player_id: int, table_top: Combo) -> str:
    """The player in turn passes; `table_top` is the combination on the table, as the caller read it."""
    game.data["passed"].append(player_id)
    note_wish_lacking(game.data, player_id, table_top)
    game.notify_all("pass", "${player_name} passes", player_id=player_id, auto=False)
    return next_turn(game, player_id, table_top)


def note_wish_lacking(data: dict, player_id: int, table_top: Combo | None) -> None:
    """A turn taken without the wished rank where holding one would have obliged it: everyone now
    knows this player holds none, so a determinization deals them none (`determinize.py`)."""
    if shows_wish_lacking(table_top, data["wish"]):
        lacks = data.setdefault("wish_lacks", [])  # not in snapshots stored before it
        if player_id not in lacks:
            lacks.append(player_id)


def next_turn(game, after: int, table_top: Combo) -> str:
    """Give the turn to the next player still in, passing for those who pass automatically.
    `table_top` is the combination on the table (every caller has it at hand).

    The round is won when every other player still in has passed since the last play. Passes
    are made in turn order from the last play (a bomb starts a new play), so that is when the
    turn comes back to the last player, or, when they went out, to one who has passed."""
    data = game.data
    passed, last = data["passed"], data["last_player"]
    need = needed(table_top)
    hands = game.per_player("hands")
    current = next_in(game, after)
    while current != last and current not in passed:
        hand = hands[current]
        if len(hand) >= need and (current not in data["auto_pass"] or wish_obliges(hand, table_top, data["wish"])):
            game.gamestate.change_active_player(current)
            return "playerTurn"
        passed.append(current)
        note_wish_lacking(data, current, table_top)  # passed for: not obliged, or too few cards for any play
        game.notify_all("pass", "${player_name} passes", player_id=current, auto=True)
        current = next_in(game, current)
    return round_won(game, table_top)


def round_won(game, table_top: Combo) -> str:
    """The round is won but stays on the table (bombs still allowed) until the next lead or the
    Dragon gift collects it (D9)."""
    data = game.data
    data["round_won"] = True
    winner = data["last_player"]
    points = card_points([card for entry in data["trick"] for card in entry["cards"]])
    game.notify_all("roundWon", "${player_name} wins the round (${points} points)", player_id=winner, points=points)
    if table_top.kind == SINGLE and table_top.rank == DRAGON_RANK:
        game.gamestate.change_active_player(winner)
        return "giveDragon"
    game.gamestate.change_active_player(next_in(game, winner, include_self=True))
    return "playerTurn"


def collect(game, to: int, announce: bool = False) -> None:
    """The round's cards go to `to`'s won cards; the table is cleared for the next lead. The log
    says so only when `announce`: "wins the round" or the Dragon's gift has already said it."""
    data = game.data
    cards = [card for entry in data["trick"] for card in entry["cards"]]
    game.per_player("won")[to].extend(cards)
    data.setdefault("rounds_won", game.for_each_player(int))  # not in snapshots stored before it
    game.per_player("rounds_won")[to] += 1
    data["last_round"] = {"winner": data["last_player"], "to": to, "plays": data["trick"]}
    data.update(trick=[], top=None, last_player=None, passed=[], round_won=False, auto_pass=[])
    game.notify_all("collect", "${player_name} takes the round" if announce else "", player_id=to,
                    points=card_points(cards))
