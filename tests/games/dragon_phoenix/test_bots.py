"""The heuristic bot and zombie: a full game to 1000 by four bots,
and the bot's choices: plays low, keeps bombs, gives the Dragon to the opponent with fewer cards."""
from framework.engine import Table
from games.dragon_phoenix import GAME
from games.dragon_phoenix.bots import choose_passes
from games.dragon_phoenix.cards import RANK

from .helpers import ANNA, BEN, CARLA, DAN, PLAYERS, complete, data, new_table, pass_, play


def test_a_full_game_to_1000_by_four_bots():
    table = Table.create(GAME, PLAYERS, {}, "bots")
    while table.status == "playing":
        player = table.active_players()[0]
        action, args = table.zombie_move(player)
        table.apply(player, action, args)
    totals = data(table)["totals"]
    assert max(totals) >= 1000 and totals[0] != totals[1]
    assert table.scores()[ANNA][0] == totals[0] and table.scores()[BEN][0] == totals[1]


def test_bot_passes_keep_bombs_and_give_the_partner_the_best():
    hand = ["herald", "3C", "4D", "9C", "9D", "9H", "9S", "QH", "AC", "dragon", "phoenix", "5S", "6S"]
    passes = choose_passes(hand)
    assert passes["partner"] == "dragon"
    assert {passes["left"], passes["right"]} == {"herald", "3C"}


def lowest_above(table, pid, rank):
    return min(RANK[c] for c in data(table)["hands"][str(pid)] if c in RANK and RANK[c] > rank)


def test_bot_plays_low_keeps_bombs_and_does_not_overtake_its_partner():
    table = new_table(complete(["herald", "5C", "8C", "8D", "8H", "8S"], ["7C", "KD"], ["9D", "AH"], ["JC"]))
    play(table, ANNA, "5C")
    action, args = table.zombie_move(BEN)
    assert action == "playCards" and len(args["cards"]) == 1
    assert RANK[args["cards"][0]] == lowest_above(table, BEN, 5), "the lowest single that beats the 5"
    play(table, BEN, "KD")
    action, args = table.zombie_move(CARLA)
    assert action == "playCards" and RANK[args["cards"][0]] == lowest_above(table, CARLA, 13)
    play(table, CARLA, "AH")
    pass_(table, DAN)
    assert table.zombie_move(ANNA) == ("pass", {}), "Anna keeps her bomb and lets her partner's Ace stand"


def test_bot_gives_the_dragon_to_the_opponent_with_fewer_cards():
    table = new_table(complete(["herald", "3C", "4C"], ["dragon"], ["5D"], ["6D"]))
    play(table, ANNA, "3C")
    play(table, BEN, "dragon")
    for pid in (CARLA, DAN, ANNA):
        pass_(table, pid)
    data(table)["hands"][str(CARLA)] = data(table)["hands"][str(CARLA)][:5]  # Carla is nearly out
    assert table.zombie_move(BEN) == ("giveDragon", {"to": CARLA})


def choice_from_the_listing(table, pid):
    """The heuristic's play as it was first written: every legal action listed (a Herald play once per
    wish) and each one's cards read again as a combination. The bot now ranks the plays `turn_options`
    lists, with their combinations (the search asks at every playout turn); it must choose the same."""
    from games.dragon_phoenix.cards import NAME_TO_RANK, PHOENIX
    from games.dragon_phoenix.combos import from_dict
    from games.dragon_phoenix.rules import choose_reading

    game, state = table.game, data(table)
    moves = table.legal_actions(pid)
    if not moves:
        return None
    leading = not state["trick"] or state["round_won"]
    top = None if leading else from_dict(state["top"])
    plays = []
    for move in moves:
        if move[0] != "playCards" or "wish" in move[1]:
            continue
        phoenix = move[1].get("phoenix")
        combo = choose_reading(move[1]["cards"], top, None if phoenix is None else NAME_TO_RANK[phoenix])
        rank = 14.6 if move[1]["cards"] == [PHOENIX] else combo.rank
        plays.append(((combo.is_bomb, rank, -combo.size), move))
    can_pass = any(m[0] == "pass" for m in moves)
    partner_on_top = not leading and state["last_player"] == game.partner(pid)
    plain = [p for p in plays if not p[0][0]]
    if can_pass and (partner_on_top or not plain):
        return "pass", {}
    if plays:
        return min(plays, key=lambda p: p[0])[1]
    return moves[0]


def seeded_positions(games: int, turns: int):
    """Tables in the midst of seeded games, random and heuristic play mixed (so hands of every size meet
    every kind of combination, the wish, the Phoenix, bombs and calls), one per move, each then played on."""
    import random

    for seed in range(games):
        table, rng = Table.create(GAME, PLAYERS, {}, f"bot-listing-{seed}", fast=True), random.Random(seed)
        for _ in range(turns):
            if table.status != "playing":
                break
            player = table.active_players()[0]
            yield table, player
            move = table.game.heuristic_move(player) if rng.random() < 0.5 else None
            table.apply(player, *(move or table.random_action(player, rng)))


def test_the_bot_chooses_from_the_plays_as_it_did_from_every_listed_move():
    """Over 2,400 turns, the same move every time."""
    from games.dragon_phoenix.states import PlayerTurn

    compared = 0
    for table, player in seeded_positions(12, 300):
        if table.current_state is PlayerTurn:
            assert table.game.heuristic_move(player) == choice_from_the_listing(table, player)
            compared += 1
    assert compared > 2400


def test_take_off_is_offered_exactly_when_it_would_be_accepted():
    """`may_take_off` (asked at every move drawn) agrees with the refusal a call would get, for every player."""
    offered = 0
    for table, _ in seeded_positions(6, 300):
        for pid in table.game.player_ids:
            assert table.game.may_take_off(pid) == (table.game.take_off_refusal(pid) is None)
            offered += table.game.may_take_off(pid)
    assert offered > 100
