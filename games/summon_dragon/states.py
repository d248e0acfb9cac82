"""The states of a hand: deal, auction, option, discards, tricks, scoring. Thin: the rules are in
rules.py, the bookkeeping in game.py. Each player state lists its legal moves (`legal_actions`) and
draws a random one (`random_action`) beside its actions; nobody acts out of turn in this game, so a
player who is not active has none."""
from __future__ import annotations

from itertools import combinations

from marshmallow import fields, validate

from framework.engine import ACTIVE_PLAYER, GAME, GAME_END_ID, MULTIPLE_ACTIVE, State, UserError, action

from . import rules
from .cards import DRAGON, SUITS

DESIGNATION = fields.String(required=True, validate=validate.OneOf(rules.DESIGNATIONS))


class NewHand(State):
    id = 2
    type = GAME
    update_progression = True

    def enter(self):
        first = self.game.deal_hand()
        self.game.gamestate.change_active_player(first)
        return Bidding


class Bidding(State):
    """Open bidding from the dealer's left (text "The Bid", D5, D6)."""

    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must bid at least ${min_bid} or pass"
    description_my_turn = "${you} must bid at least ${min_bid} or pass"
    transitions = {"next": 11}

    def args(self):
        high = self.game.data["high"]
        return {"high": high, "min_bid": rules.lowest_bid(high),
                "can_pass": not self.game.dealer_is_stuck()}

    @action({"tricks": fields.Integer(required=True, strict=True), "designation": DESIGNATION})
    def bid(self, player_id, tricks, designation):
        high = self.game.data["high"]
        error = rules.bid_error(tricks, designation, high["tricks"] if high else None)
        if error:
            raise UserError(error)
        self.game.record_bid(player_id, tricks, designation)
        return "next"

    @action("pass", {})
    def pass_(self, player_id):
        if self.game.dealer_is_stuck():
            raise UserError("The other three passed: the dealer must bid at least 3.")
        self.game.record_pass(player_id)
        return "next"

    def legal_actions(self, player_id):
        """A pass (unless the dealer is stuck), then every bid by number, then designation."""
        if not self.game.gamestate.is_player_active(player_id):
            return []
        moves = [] if self.game.dealer_is_stuck() else [("pass", {})]
        moves += [("bid", {"tricks": n, "designation": d})
                  for n in range(rules.lowest_bid(self.game.data["high"]), rules.MAX_BID + 1)
                  for d in rules.DESIGNATIONS]
        return moves


class NextBidder(State):
    id = 11
    type = GAME

    def enter(self):
        data = self.game.data
        high = data["high"]
        if rules.auction_over(high and high["tricks"], len(data["passed"])):
            self.game.settle_contract()
            self.game.gamestate.change_active_player(high["player_id"])
            return ChooseOption
        self.game.gamestate.active_next_player(skip=lambda pid: pid in data["passed"])
        return Bidding


class ChooseOption(State):
    """Summon the Dragon, take the kitty or go no-help (text "Taking the option", D7-D9)."""

    id = 20
    type = ACTIVE_PLAYER
    description = "${actplayer} must summon the Dragon, take the kitty or go no-help"
    description_my_turn = "${you} must summon the Dragon, take the kitty or go no-help"
    transitions = {"discard": 21, "play": 25}

    def args(self):
        # Private: whether Summon is offered tells whether the bidder holds the Dragon.
        bidder = self.game.gamestate.active_player()
        return {"_private": {bidder: {"options": self.game.options_for(bidder)}}}

    @action({"option": fields.String(required=True, validate=validate.OneOf(rules.OPTIONS))})
    def chooseOption(self, player_id, option):
        if option not in self.game.options_for(player_id):
            raise UserError("You hold the Dragon, so there is nothing to summon: take the kitty or go no-help.")
        self.game.take_option(player_id, option)
        return "play" if option == rules.NO_HELP else "discard"

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        return [("chooseOption", {"option": o}) for o in self.game.options_for(player_id)]


class Discard(State):
    """Back to 12 cards, both discarding at the same time after a summon (D8-D10)."""

    id = 21
    type = MULTIPLE_ACTIVE
    description = "${actplayer} must discard down to 12 cards"
    description_my_turn = "${you} must discard ${count} of your cards"
    transitions = {"done": 25}

    def enter(self):
        owing = [pid for pid, n in self.game.per_player("to_discard").items() if n]
        self.game.gamestate.set_players_multiactive(owing, "done", exclusive=True)

    def args(self):
        # "counts" keyed as stored and as clients have always received it: player ids as JSON strings.
        return {"counts": dict(self.game.data["to_discard"]),
                "_private": {pid: {"count": n} for pid, n in self.game.per_player("to_discard").items()}}

    @action({"cards": fields.List(fields.String(), required=True)})
    def discard(self, player_id, cards):
        self.game.discard(player_id, cards)
        self.game.gamestate.set_player_non_multiactive(player_id, "done")

    def legal_actions(self, player_id):
        """Every set of cards the player may discard, in hand order (up to 6,188: 5 of 17)."""
        if not self.game.gamestate.is_player_active(player_id):
            return []
        owing = self.game.owed(player_id)
        return [("discard", {"cards": list(c)}) for c in combinations(self.game.hand(player_id), owing)]

    def random_action(self, player_id, rng):
        """A discard drawn by sampling the hand, as likely as each of the listed sets."""
        if not self.game.gamestate.is_player_active(player_id):
            return None
        hand, owing = self.game.hand(player_id), self.game.owed(player_id)
        if owing > len(hand):
            return None
        chosen = set(rng.sample(hand, owing))
        return "discard", {"cards": [card for card in hand if card in chosen]}


class StartPlay(State):
    id = 25
    type = GAME

    def enter(self):
        self.game.gamestate.change_active_player(self.game.data["contract"]["player_id"])   # D11
        return PlayerTurn


class PlayerTurn(State):
    """Follow suit, else trump, else anything (text "The Play", D12-D15)."""

    id = 30
    type = ACTIVE_PLAYER
    description = "${actplayer} must play a card"
    description_my_turn = "${you} must play a card"
    transitions = {"next": 31}

    def args(self):
        # Private: the player's own cards, those they may play and why the others may not (the client
        # says it without knowing the rules).
        active = self.game.gamestate.active_player()
        playable = self.game.playable(active)
        return {"led": self.game.led_suit(), "trick_number": self.game.data["tricks_played"] + 1,
                "_private": {active: {"playable": playable, "unplayable": self.game.unplayable(active, playable)}}}

    @action({"card": fields.String(required=True),
             "suit": fields.String(load_default=None, allow_none=True, validate=validate.OneOf(SUITS)),
             "declare": fields.String(load_default=None, allow_none=True,
                                      validate=validate.OneOf(rules.DECLARATIONS))})
    def playCard(self, player_id, card, suit, declare):
        game = self.game
        led = game.led_suit()
        error = rules.play_error(game.hand(player_id), card, led, game.trump())
        if error:
            raise UserError(error)
        if card == DRAGON:
            try:
                suit, declare = rules.declare_dragon(game.data["contract"]["designation"], led, suit, declare)
            except ValueError as err:
                raise UserError(str(err)) from None
        game.play_card(player_id, card, suit, declare)
        return "next"

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        return [("playCard", args) for args in self.game.card_moves(player_id)]

    def random_action(self, player_id, rng):
        """A card drawn among the playCard arguments alone: the same odds, without the list of moves."""
        if not self.game.gamestate.is_player_active(player_id):
            return None
        return "playCard", rng.choice(self.game.card_moves(player_id))


class NextPlayer(State):
    id = 31
    type = GAME

    def enter(self):
        game = self.game
        if len(game.data["trick"]) < len(game.player_ids):
            game.gamestate.active_next_player()
            return PlayerTurn
        winner = game.close_trick()
        if game.data["tricks_played"] == rules.TRICKS:
            return EndHand
        game.gamestate.change_active_player(winner)                          # the winner leads (D11)
        return PlayerTurn


class EndHand(State):
    id = 40
    type = GAME
    update_progression = True

    def enter(self):
        return GAME_END_ID if self.game.score_hand() else NewHand


STATES = [NewHand, Bidding, NextBidder, ChooseOption, Discard, StartPlay, PlayerTurn, NextPlayer, EndHand]
