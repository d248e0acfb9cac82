"""The states of a hand: deal 8, High Flight, deal 5, passing, rounds, the Dragon gift, scoring.

States stay thin: the rules are in rules.py/plays.py/scoring.py, the round bookkeeping and the
checked play in rounds.py (on the game's data), the moves a turn allows in moves.py.
"""
from __future__ import annotations

from itertools import permutations

from marshmallow import ValidationError, fields

from framework.engine import ACTIVE_PLAYER, GAME, GAME_END_ID, MULTIPLE_ACTIVE, PlayerId, State, UserError, action

from . import rounds as rnd
from .cards import DECK, HERALD, card_name, not_held, parse_rank, sort_cards, word_list
from .moves import play_moves, random_move, table_bombs, turn_options
from .rules import wish_obliges
from .scoring import hand_score, past_hand, winner


class RankField(fields.Field):
    """A rank 3..A, given as "J", "10" or 11."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return parse_rank(value)
        except ValueError:
            raise ValidationError("Not a rank: give 3 to 10, J, Q, K or A.") from None


PLAY_SCHEMA = {"cards": fields.List(fields.String(), required=True),
               "phoenix": RankField(load_default=None, allow_none=True),
               "wish": RankField(load_default=None, allow_none=True)}


class NewHand(State):
    id = 10
    type = GAME
    update_progression = True

    def enter(self):
        game, data = self.game, self.game.data
        data["hand_number"] += 1
        fixed = game.options.get("deal") if data["hand_number"] == 1 else None
        if fixed:
            dealt = [list(hand) for hand in fixed["hands"]]
        else:
            deck = list(DECK)
            game.rng.shuffle(deck)
            dealt = [deck[13 * seat:13 * seat + 13] for seat in range(4)]
        data.update(rnd.fresh_hand(game))
        game.notify_all("newHand", "Hand ${hand_number} begins: 8 cards each", hand_number=data["hand_number"])
        hands, stock = game.per_player("hands"), game.per_player("stock")
        for pid, cards in zip(game.player_ids, dealt, strict=True):
            hands[pid] = sort_cards(cards[:8])
            stock[pid] = cards[8:]
            game.notify_player(pid, "dealCards", "You receive ${count} cards", cards=hands[pid], count=8)
        return HighFlight


class HighFlight(State):
    id = 20
    type = MULTIPLE_ACTIVE
    description = "Waiting for ${actplayer} to decide on High Flight"
    description_my_turn = "${you} may call High Flight (a bet of 200 that you go out first)"
    transitions = {"done": 30}

    @action({"call": fields.Boolean(required=True)})
    def highFlight(self, player_id, call):
        data, calls = self.game.data, self.game.per_player("calls")
        if call and calls[player_id]:
            raise UserError("You have already called Take-off: each player makes at most one call per hand.")
        data["answered"].append(player_id)
        if call:
            calls[player_id] = "highFlight"
            self.game.inc_stat("calls", 1, player_id)
            self.game.notify_all("call", "${player_name} calls High Flight!", player_id=player_id,
                                 call="highFlight")
        else:
            self.game.notify_all("noHighFlight", "${player_name} does not call High Flight",
                                 player_id=player_id)
        self.game.gamestate.set_player_non_multiactive(player_id, "done")

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        if self.game.per_player("calls")[player_id]:
            return [("highFlight", {"call": False})]
        return [("highFlight", {"call": False}), ("highFlight", {"call": True})]

    def zombie(self, player_id):
        return "highFlight", {"call": False}


class DealRest(State):
    id = 30
    type = GAME

    def enter(self):
        hands, stock = self.game.per_player("hands"), self.game.per_player("stock")
        for pid in self.game.player_ids:
            more = stock[pid]
            hands[pid] = sort_cards(hands[pid] + more)
            stock[pid] = []
            self.game.notify_player(pid, "dealCards", "You receive ${count} more cards", cards=sort_cards(more),
                                    count=len(more))
        self.game.notify_all("handSizes", "Everyone has 13 cards", hand_sizes=self.game.hand_sizes())
        return PassCards


class PassCards(State):
    id = 40
    type = MULTIPLE_ACTIVE
    description = "Waiting for ${actplayer} to choose cards to pass"
    description_my_turn = "${you} must choose one card for each other player"
    transitions = {"done": 45}
    draws_game_wide = True  # Take-off is drawn in one draw with this state's moves (random_action)

    @action({"left": fields.String(required=True), "partner": fields.String(required=True),
             "right": fields.String(required=True)})
    def passCards(self, player_id, left, partner, right):
        hand = self.game.of_player("hands", player_id)
        chosen = [left, partner, right]
        if len(set(chosen)) != 3:
            raise UserError("Pass three different cards: one to each other player.")
        refusal = not_held(hand, chosen)
        if refusal:
            raise UserError(refusal)
        game = self.game
        game.per_player("passing")[player_id] = {"left": left, "partner": partner, "right": right}
        to = {where: game.player_ids[(game.seat_of(player_id) + offset) % 4]
              for offset, where in ((1, "left"), (2, "partner"), (3, "right"))}
        passes = word_list([f"{card_name(card)} to {game.player_name(to[where])}"
                            for where, card in (("left", left), ("partner", partner), ("right", right))])
        game.notify_player(player_id, "cardsChosen", "You pass ${passes}", passes=passes,
                           left=left, partner=partner, right=right, to=to)
        game.notify_all("passReady", "${player_name} has chosen the cards to pass", player_id=player_id)
        game.gamestate.set_player_non_multiactive(player_id, "done")

    @action({}, out_of_turn=True)
    def undoPassCards(self, player_id):
        """Take back the chosen cards while someone is still choosing (once all four have chosen, the
        cards are handed over and this state is left: nothing to take back)."""
        passing = self.game.per_player("passing")
        if player_id not in passing:
            raise UserError("You have not chosen the cards to pass yet.")
        del passing[player_id]
        self.game.notify_all("passUndone", "${player_name} chooses the cards to pass again", player_id=player_id)
        self.game.gamestate.set_players_multiactive([player_id])

    def possible_actions(self, player_id, names):
        """Taking back is offered only to who has chosen."""
        names = super().possible_actions(player_id, names)
        if player_id not in self.game.per_player("passing"):
            return [n for n in names if n != "undoPassCards"]
        return names

    def legal_actions(self, player_id):
        """Every (left, partner, right) choice: 1,716 of them (`random_action` draws one directly);
        once chosen, taking them back."""
        if not self.game.gamestate.is_player_active(player_id):
            return [("undoPassCards", {})] if player_id in self.game.per_player("passing") else []
        hand = self.game.of_player("hands", player_id)
        return [("passCards", {"left": a, "partner": b, "right": c}) for a, b, c in permutations(hand, 3)]

    def random_action(self, player_id, rng):
        if not self.game.gamestate.is_player_active(player_id):  # taking back, Take-off: a short list
            moves = self.game.legal_actions(player_id)
            return rng.choice(moves) if moves else None
        # A pass is three distinct cards in order: drawn directly, with the odds of the full list.
        hand = self.game.of_player("hands", player_id)
        others = self.game.global_legal_actions(player_id)
        ways = len(hand) * (len(hand) - 1) * (len(hand) - 2)
        pick = rng.randrange(ways + len(others))
        if pick >= ways:
            return others[pick - ways]
        left, partner, right = rng.sample(hand, 3)
        return "passCards", {"left": left, "partner": partner, "right": right}


class DeliverCards(State):
    id = 45
    type = GAME

    def enter(self):
        game, data = self.game, self.game.data
        ids = game.player_ids
        data["received"] = game.for_each_player(list)
        hands, passing, received = game.per_player("hands"), game.per_player("passing"), game.per_player("received")
        for seat, giver in enumerate(ids):
            for offset, where in ((1, "left"), (2, "partner"), (3, "right")):
                taker = ids[(seat + offset) % 4]
                card = passing[giver][where]
                hands[giver].remove(card)
                hands[taker].append(card)
                received[taker].append({"from": giver, "card": card})
        for pid in ids:
            hands[pid] = sort_cards(hands[pid])
            names = word_list([f"{card_name(r['card'])} from {game.player_name(r['from'])}" for r in received[pid]])
            game.notify_player(pid, "cardsReceived", "You receive ${card_names}", card_names=names,
                               cards=[r["card"] for r in received[pid]], received=received[pid])
        data["delivered"] = True
        game.notify_all("cardsPassed", "Everyone has passed their cards")
        leader = next(pid for pid in ids if "herald" in hands[pid])
        game.gamestate.change_active_player(leader)
        game.notify_all("firstLead", "${player_name} holds the Herald and leads", player_id=leader)
        return PlayerTurn


class PlayerTurn(State):
    id = 50
    type = ACTIVE_PLAYER
    description = "${actplayer} ${what}"
    description_my_turn = "${you} ${what}"
    draws_game_wide = True  # Take-off is drawn in one draw with this state's moves (random_action)

    def args(self):
        game, data = self.game, self.game.data
        active = game.gamestate.active_player()
        leading = rnd.leading(data)
        what = "must lead a combination" if leading else "must play a higher combination or pass"
        args = {"what": what, "lead": leading, "round_won": data["round_won"], "top": data["top"],
                "wish": rnd.wish_name(data)}
        if active is not None:
            hand = game.of_player("hands", active)
            top = None if leading else rnd.top(data)
            found, _ = turn_options(self.game, active)
            # the cards of the hand that are in some play allowed now: the page marks them
            playable = sort_cards(list({card for cards, _ in found for card in cards}))
            args["_private"] = {active: {"wish_obliges": wish_obliges(hand, top, data["wish"]),
                                         "playable": playable}}
        return args

    @action(PLAY_SCHEMA, out_of_turn=True)
    def playCards(self, player_id, cards, phoenix=None, wish=None):
        in_turn = self.game.gamestate.active_player() == player_id
        return rnd.play_cards(self.game, player_id, cards, phoenix, wish, in_turn=in_turn)

    @action("pass")
    def pass_(self, player_id):
        data = self.game.data
        if rnd.leading(data):
            raise UserError("You lead this round: you must play a combination.")
        wish, top = data["wish"], rnd.top(data)
        if wish_obliges(self.game.of_player("hands", player_id), top, wish):
            raise UserError(f"You cannot pass: you must play {rnd.a_rank(wish)}, the wish obliges you.")
        return rnd.record_pass(self.game, player_id, top)

    @action({"on": fields.Boolean(required=True)}, out_of_turn=True)
    def autoPass(self, player_id, on):
        game, data = self.game, self.game.data
        if player_id in data["out"]:
            raise UserError("You are out of this hand.")
        if not on:
            if player_id in data["auto_pass"]:
                data["auto_pass"].remove(player_id)
            game.notify_player(player_id, "autoPass", "You will play this round yourself", on=False)
            return None
        active = game.gamestate.active_player() == player_id
        if rnd.leading(data):
            raise UserError("No round is open to pass in: wait for the next lead.")
        top = rnd.top(data)
        if wish_obliges(game.of_player("hands", player_id), top, data["wish"]):
            raise UserError(f"You cannot pass this round: you must play {rnd.a_rank(data['wish'])} "
                            "when you can, the wish obliges you.")
        if player_id not in data["auto_pass"]:
            data["auto_pass"].append(player_id)
        game.notify_player(player_id, "autoPass", "You pass until this round ends", on=True)
        return rnd.record_pass(game, player_id, top) if active else None

    def legal_actions(self, player_id):
        found, others = turn_options(self.game, player_id)
        return others + play_moves(self.game, found)

    def random_action(self, player_id, rng):
        """One of the listed moves, each as likely as there, a play drawn by its place among the plays."""
        found, others = turn_options(self.game, player_id)
        return random_move(self.game, found, others + self.game.global_legal_actions(player_id), rng,
                           HERALD in self.game.of_player("hands", player_id))

    def possible_actions(self, player_id, names):
        """Hide passing while leading or out; out of turn, playing unless a bomb beats the table."""
        names = super().possible_actions(player_id, names)
        game, data = self.game, self.game.data
        in_turn = game.gamestate.is_player_active(player_id)
        drop = set()
        if rnd.leading(data) or player_id in data["out"]:
            drop.update(("pass", "autoPass"))
        if "playCards" in names and not in_turn and not table_bombs(game, player_id):
            drop.add("playCards")
        return [n for n in names if n not in drop]


class GiveDragon(State):
    id = 60
    type = ACTIVE_PLAYER
    description = "${actplayer} must give the Dragon's round to an opponent"
    description_my_turn = "${you} must give the Dragon's round to an opponent"
    draws_game_wide = True  # Take-off is drawn in one draw with this state's moves (random_action)

    def args(self):
        active = self.game.gamestate.active_player()
        return {"opponents": self.game.opponents(active) if active is not None else []}

    @action({"to": PlayerId(required=True)})
    def giveDragon(self, player_id, to):
        game, data = self.game, self.game.data
        if to not in game.opponents(player_id):
            names = " or ".join(game.player_name(p) for p in game.opponents(player_id))
            raise UserError(f"The Dragon's round goes to an opponent: {names}.")
        game.notify_all("dragonGiven", "${player_name} gives the Dragon's round to ${to_name}",
                        player_id=player_id, to=to, to_name=game.player_name(to))
        rnd.collect(game, to)
        if data["hand_over"]:
            return EndHand
        game.gamestate.change_active_player(rnd.next_in(game, player_id, include_self=True))
        return PlayerTurn

    @action(PLAY_SCHEMA, out_of_turn=True)
    def playCards(self, player_id, cards, phoenix=None, wish=None):
        return rnd.play_cards(self.game, player_id, cards, phoenix, wish, in_turn=False)

    def legal_actions(self, player_id):
        return self.gifts(player_id) + play_moves(self.game, table_bombs(self.game, player_id))

    def random_action(self, player_id, rng):
        found = table_bombs(self.game, player_id)
        return random_move(self.game, found, self.gifts(player_id) + self.game.global_legal_actions(player_id), rng)

    def possible_actions(self, player_id, names):
        """Only a bomb that beats the table may be played here."""
        names = super().possible_actions(player_id, names)
        if "playCards" in names and not table_bombs(self.game, player_id):
            return [n for n in names if n != "playCards"]
        return names

    def gifts(self, player_id: int) -> list[tuple[str, dict]]:
        """The active player's choices of opponent to give the round to."""
        if not self.game.gamestate.is_player_active(player_id):
            return []
        return [("giveDragon", {"to": p}) for p in self.game.opponents(player_id)]


class EndHand(State):
    id = 70
    type = GAME
    update_progression = True

    def enter(self):
        game, data = self.game, self.game.data
        ids = game.player_ids
        seats = {p: game.seat_of(p) for p in ids}
        last = [p for p in ids if p not in data["out"]]
        last_hand = game.per_player("hands")[last[0]] if len(last) == 1 else []
        result = hand_score(seats, data["out"], game.per_player("won"), last_hand, game.per_player("calls"))
        for team in (0, 1):
            data["totals"][team] += result["total"][team]
        for pid in ids:
            game.set_score(pid, data["totals"][game.seat_of(pid) % 2])
        first = data["out"][0] if data["out"] else None
        for pid, call in game.per_player("calls").items():
            if call:
                game.inc_stat("calls_won" if pid == first else "calls_lost", 1, pid)
        if first is not None:
            game.inc_stat("first_out", 1, first)
        game.inc_stat("hands")
        data["last_hand"] = {"hand_number": data["hand_number"], **result, "totals": list(data["totals"]),
                             "out": list(data["out"]), "calls_made": dict(data["calls"])}
        data.setdefault("past_hands", []).append(past_hand(data["last_hand"]))  # a snapshot may predate it
        teams = game.team_names()
        won = winner(data["totals"], game.options["target"])
        game.notify_all("handScore", "${team_a} score ${points_a}, ${team_b} score ${points_b}",
                        team_a=teams[0], team_b=teams[1], points_a=result["total"][0], points_b=result["total"][1],
                        result=data["last_hand"], last_hand_points=rnd.points(last_hand), game_over=won is not None)
        if won is not None:
            game.notify_all("gameWon", "${team} win the game, ${total_a} to ${total_b}", team=teams[won],
                            total_a=data["totals"][won], total_b=data["totals"][1 - won])
            return GAME_END_ID
        return NewHand

