"""The states of a hand: deal, the auction (bidding variant), the first lead, play, scoring."""
from __future__ import annotations

from marshmallow import fields, validate

from framework.engine import ACTIVE_PLAYER, GAME, MULTIPLE_ACTIVE, State, UserError, action, player_key

from .cards import cards_text, cards_word
from .plays import legal_plays, nth_play, play_args, play_count, play_groups, playable_cards
from .rules import IllegalPlay, choose_reading, name
from .scoring import MAX_CARDS

PLAY_SCHEMA = {
    "cards": fields.List(fields.String(), required=True, validate=validate.Length(min=1)),
    "wilds": fields.Dict(keys=fields.String(), values=fields.String(), load_default=None, allow_none=True),
}


class NewHand(State):
    id = 10
    type = GAME
    update_progression = True

    def enter(self):
        game = self.game
        game.deal_hand()
        dealer = game.data["dealer"]
        if game.options["bidding"]:
            game.data["auction"] = {"bid": None, "bidder": None, "dealer_passed": False}
            game.gamestate.change_active_player(dealer)
            return Auction
        game.gamestate.change_active_player(game.opponent(dealer))
        return LeadChoice


class Auction(State):
    """D15: the dealer bids or passes; then the non-dealer matches, raises or passes and the dealer
    raises or passes, in turn. If the dealer passes first, the non-dealer may make one bid."""

    id = 20
    type = ACTIVE_PLAYER
    description = "${actplayer} may bid"
    description_my_turn = "${you} may bid ${lowest} or more cards, or pass"

    def args(self):
        active = self.game.gamestate.active_player()
        auction = self.game.data["auction"]
        return {"bid": auction["bid"], "bidder": auction["bidder"], "lowest": self.lowest_bid(active)}

    def lowest_bid(self, player_id: int) -> int:
        """The non-dealer may match the bid; the dealer must raise it."""
        data = self.game.data
        auction = data["auction"]
        if auction["bid"] is None:
            return 1
        return auction["bid"] + (1 if player_id == data["dealer"] else 0)

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        bids = [("bid", {"cards": n}) for n in range(self.lowest_bid(player_id), MAX_CARDS + 1)]
        return [*bids, ("passBid", {})]

    @action({"cards": fields.Integer(required=True, strict=True, validate=validate.Range(1, MAX_CARDS))})
    def bid(self, player_id, cards):
        game, auction = self.game, self.game.data["auction"]
        lowest = self.lowest_bid(player_id)
        if cards < lowest:
            rule = "match or raise" if lowest == auction["bid"] else "raise"
            raise UserError(f"You must {rule} the bid of {auction['bid']}: bid at least {lowest}.")
        auction.update(bid=cards, bidder=player_id)
        # A bid after the dealer passed wins at once: the contract's line says it, so this one has none.
        log = "" if auction["dealer_passed"] else "${player_name} bids ${bid} " + cards_word(cards)
        game.notify_all("bid", log, player_id=player_id, bid=cards)
        if auction["dealer_passed"]:
            return self.won_by(player_id)
        game.gamestate.change_active_player(game.opponent(player_id))
        return None

    @action()
    def passBid(self, player_id):
        game, auction = self.game, self.game.data["auction"]
        game.notify_all("passBid", "${player_name} passes in the bidding", player_id=player_id)
        if auction["bid"] is not None:
            return self.won_by(auction["bidder"])
        if not auction["dealer_passed"]:
            auction["dealer_passed"] = True
            game.gamestate.change_active_player(game.opponent(player_id))
            return None
        return LeadChoice  # nobody bid: the non-dealer chooses who leads

    def won_by(self, bidder: int):
        game = self.game
        bid = game.data["auction"]["bid"]
        # The contract keeps its bidder as JSON keys a player: the snapshot and the views have always
        # had it so. The game scores the contract with the auction's bidder, the same player as an id.
        game.data["contract"] = {"bidder": player_key(bidder), "bid": bid}
        game.notify_all("contract", "${player_name} wins the bidding at ${bid} " + cards_word(bid) + " and leads",
                        player_id=bidder, bid=bid)
        game.gamestate.change_active_player(bidder)
        return PlayerTurn


class PlaysCards:
    """playCards, shared by the first lead and the ordinary turn; each adds `moves_besides_plays`."""

    def moves_besides_plays(self) -> list[tuple[str, dict]]:
        """This state's other moves, listed after the plays (a pass, letting the dealer lead); none here."""
        return []

    def args(self):
        """The trick to beat, and for the active player alone the cards of their hand that some play uses."""
        game = self.game
        combo = game.current_combo()
        active = game.gamestate.active_player()
        return {"to_beat": combo, "to_beat_name": name(combo) if combo else "", "leading": combo is None,
                "_private": {active: {"playable": playable_cards(game.hand(active), combo)}}}

    def legal_actions(self, player_id):
        game = self.game
        if not game.gamestate.is_player_active(player_id):
            return []
        plays = [("playCards", play_args(*play)) for play in legal_plays(game.hand(player_id), game.current_combo())]
        return plays + self.moves_besides_plays()

    def random_action(self, player_id, rng):
        """One of this state's `legal_actions`, each as likely as any other, as `rng.choice` would draw
        it; but a play is found by counting the groups of plays and building only the one it falls
        in, since listing every play of a lead (hundreds) costs much more than the move itself."""
        game = self.game
        if not game.gamestate.is_player_active(player_id):
            return super().random_action(player_id, rng)
        groups = play_groups(game.hand(player_id), game.current_combo())
        plays = play_count(groups)
        others = self.moves_besides_plays()
        if not plays + len(others):
            return None
        n = rng.randrange(plays + len(others))
        if n >= plays:
            return others[n - plays]
        return ("playCards", play_args(*nth_play(groups, n)))

    @action(PLAY_SCHEMA)
    def playCards(self, player_id, cards, wilds):
        game = self.game
        hand = game.hand(player_id)
        if len(set(cards)) != len(cards):
            raise UserError("A card may be played only once.")
        missing = [c for c in cards if c not in hand]
        if missing:
            raise UserError(f"You do not hold {cards_text(missing)}.")
        try:
            combo = choose_reading(cards, wilds, game.current_combo())
        except IllegalPlay as refused:
            raise UserError(str(refused)) from None
        game.play(player_id, cards, combo)
        if not hand:
            return ScoreHand
        game.gamestate.change_active_player(game.opponent(player_id))
        return PlayerTurn


class LeadChoice(PlaysCards, State):
    """D10: the non-dealer leads, or lets the dealer lead."""

    id = 30
    type = ACTIVE_PLAYER
    description = "${actplayer} may lead or let the dealer lead"
    description_my_turn = "${you} may lead or let the dealer lead"

    def moves_besides_plays(self):
        return [("letDealerLead", {})]

    @action()
    def letDealerLead(self, player_id):
        game = self.game
        game.notify_all("letDealerLead", "${player_name} lets the dealer lead", player_id=player_id)
        game.gamestate.change_active_player(game.data["dealer"])
        return PlayerTurn


class PlayerTurn(PlaysCards, State):
    id = 40
    type = ACTIVE_PLAYER
    description = "${actplayer} ${doing}"
    description_my_turn = "${you} ${to_do}"

    def args(self):
        """The status line's words: whoever leads may play anything (D9); an answer beats the trick or passes."""
        args = super().args()
        beat = args["to_beat_name"]
        return {**args, "doing": f"must beat {beat} or pass" if beat else "leads",
                "to_do": f"must beat {beat} or pass" if beat else "lead: play any set, run or bomb"}

    def moves_besides_plays(self):
        """Passing, but not for the leader of a trick."""
        return [("pass", {})] if self.game.data["trick"] else []

    def possible_actions(self, player_id, names):
        names = super().possible_actions(player_id, names)
        if not self.game.data["trick"]:  # the leader of a trick cannot pass (D9)
            return [n for n in names if n != "pass"]
        return names

    @action("pass")
    def pass_(self, player_id):
        """D9: one pass ends the trick; the leader cannot pass."""
        game = self.game
        if not game.data["trick"]:
            raise UserError("You lead this trick: play a combination; the leader cannot pass.")
        game.notify_all("pass", "${player_name} passes", player_id=player_id)
        game.gamestate.change_active_player(game.end_trick())
        return PlayerTurn


class ScoreHand(State):
    id = 45
    type = GAME
    update_progression = True

    def enter(self):
        game = self.game
        went_out = game.data["trick"][-1]["player_id"]
        if game.score_hand(went_out):
            return 99
        return HandEnd


class HandEnd(State):
    """The hand's cards are shown; each player says when to deal the next hand."""

    id = 50
    type = MULTIPLE_ACTIVE
    description = "Hand over: waiting for ${actplayer} to go on"
    description_my_turn = "${you} may look at the hand's cards, then go on"

    def legal_actions(self, player_id):
        return [("nextHand", {})] if self.game.gamestate.is_player_active(player_id) else []

    @action()
    def nextHand(self, player_id):
        self.game.gamestate.set_player_non_multiactive(player_id, NewHand)


STATES = [NewHand, Auction, LeadChoice, PlayerTurn, ScoreHand, HandEnd]
