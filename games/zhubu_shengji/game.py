"""The Zhubu Shengji game: setup, the hand's bookkeeping, views, legal actions, hidden cards."""
from __future__ import annotations

from framework.engine import Game

from . import scoring
from .bots import heuristic_move
from .cards import IS_WILD, NATURALS, WILDS_BY_SEAT, sort_cards
from .options import HAND_SIZE, ZhubuOptions
from .plays import legal_plays, nth_play, play_args, play_count, play_groups
from .rules import name, wild_words
from .states import STATES, Auction, HandEnd, LeadChoice, PlayerTurn


class ZhubuShengji(Game):
    name = "zhubu_shengji"
    title = "Zhubu Shengji (Escalation)"
    version = 1
    min_players, max_players = 2, 2
    option_schema = ZhubuOptions
    states = STATES
    statistics = {
        "table": {"hands": {"type": "int", "name": "Hands played"}},
        "player": {"hands_won": {"type": "int", "name": "Hands won (went out first)"},
                   "bombs": {"type": "int", "name": "Bombs played"},
                   "bids_made": {"type": "int", "name": "Bids made good"}},
    }

    # ----- setup and the hand's bookkeeping ---------------------------------------------------
    def setup(self):
        deal = self.options.get("deal")
        first_dealer = deal.get("dealer", 0) if deal else self.rng.randrange(2)
        self.data.update(
            hand_number=0, dealer=self.player_ids[first_dealer], last_went_out=None,
            hands={str(p): [] for p in self.player_ids}, undealt=[],
            won={str(p): [] for p in self.player_ids}, trick=[], last_trick=None,
            auction=None, contract=None, reveal=None, history=[],
        )
        return "newHand"

    @property
    def target(self) -> int:
        return scoring.TARGET_WITH_BIDDING if self.options["bidding"] else scoring.TARGET

    def opponent(self, player_id: int) -> int:
        return self.player_after(player_id)

    def deal_hand(self) -> None:
        """DECISIONS item 1: 14 cards each plus the three face-up wilds; 8 cards stay undealt."""
        data = self.data
        data["hand_number"] += 1
        fixed = self.options.get("deal") if data["hand_number"] == 1 else None
        if fixed:
            hands, data["undealt"] = [list(h) for h in fixed["hands"]], list(fixed["undealt"])
        else:
            if data["hand_number"] > 1:
                scores = {str(p): self.get_score(p) for p in self.player_ids}
                data["dealer"] = int(scoring.next_dealer(scores, str(data["last_went_out"])))
            deck = list(NATURALS)
            self.rng.shuffle(deck)
            hands, data["undealt"] = [deck[:HAND_SIZE], deck[HAND_SIZE:2 * HAND_SIZE]], deck[2 * HAND_SIZE:]
        for seat, pid in enumerate(self.player_ids):
            data["hands"][str(pid)] = sort_cards(hands[seat] + WILDS_BY_SEAT[seat])
            data["won"][str(pid)] = []
        data.update(trick=[], last_trick=None, auction=None, contract=None, reveal=None)
        self.notify_all("newHand", "Hand ${hand_number}: ${player_name} deals",
                        player_id=data["dealer"], hand_number=data["hand_number"], wilds=self.public_wilds())
        for pid in self.player_ids:
            self.notify_player(pid, "hand", "You receive ${cards}", cards=list(data["hands"][str(pid)]))

    def current_combo(self) -> dict | None:
        trick = self.data["trick"]
        return trick[-1]["combo"] if trick else None

    def play(self, player_id: int, cards: list[str], combo: dict) -> None:
        hand = self.data["hands"][str(player_id)]
        for card in cards:
            hand.remove(card)
        self.data["trick"].append({"player_id": player_id, "cards": cards, "combo": combo})
        if combo["kind"] == "bomb":
            self.inc_stat("bombs", 1, player_id)
        self.notify_all("playCards", "${player_name} plays ${combo_name}${reading}", player_id=player_id,
                        cards=cards, combo=combo, combo_name=name(combo), reading=wild_words(combo),
                        cards_left=len(hand))

    def end_trick(self) -> int:
        """DECISIONS items 6 and 9: the last player to play wins; a trick won by a bomb goes to the opponent."""
        trick = self.data["trick"]
        winner = trick[-1]["player_id"]
        taker = self.opponent(winner) if trick[-1]["combo"]["kind"] == "bomb" else winner
        cards = [c for play in trick for c in play["cards"]]
        self.data["won"][str(taker)].extend(cards)
        self.data["last_trick"] = {"plays": trick, "winner": winner, "taker": taker}
        self.data["trick"] = []
        log = "${player_name} wins the trick" if taker == winner else \
            "${player_name} wins the trick with a bomb: its cards go to ${taker_name}"
        self.notify_all("trickWon", log, player_id=winner, taker=taker, taker_name=self.player_name(taker),
                        card_count=len(cards))
        return winner

    def score_hand(self, went_out: int) -> bool:
        """DECISIONS items 11-15: settle the open trick, score, reveal; True when the game is over."""
        data = self.data
        self.end_trick()
        opponent = self.opponent(went_out)
        result = scoring.score_hand(str(went_out), str(opponent), data["hands"][str(opponent)],
                                    data["undealt"], data["won"], data["contract"])
        for pid in self.player_ids:
            self.inc_score(pid, result["total"][str(pid)])
        self.inc_stat("hands")
        self.inc_stat("hands_won", 1, went_out)
        if result["bid"] and result["bid"]["success"]:
            self.inc_stat("bids_made", 1, int(result["bid"]["bidder"]))
        data["last_went_out"] = went_out
        data["history"].append(result)
        # Copies: the notification and the reveal must not change when the next hand is dealt.
        remaining = list(data["hands"][str(opponent)])
        data["reveal"] = {"undealt": list(data["undealt"]), "hands": {str(opponent): remaining},
                          "won": {pid: list(cards) for pid, cards in data["won"].items()}, "result": result}
        self.notify_all("handScored", "${player_name} goes out; ${cards_left} cards left score ${going_out}",
                        player_id=went_out, cards_left=result["cards_left"], going_out=result["going_out"],
                        undealt=list(data["undealt"]), remaining=remaining, result=result,
                        scores={str(p): self.get_score(p) for p in self.player_ids})
        if result["bid"]:
            bid = result["bid"]
            log = "${player_name}'s bid of ${bid} succeeds: +${amount}" if bid["success"] else \
                "${player_name}'s bid of ${bid} fails: ${amount} to the opponent"
            self.notify_all("bidScored", log, player_id=int(bid["bidder"]), bid=bid["bid"], amount=bid["amount"],
                            success=bid["success"])
        scores = {str(p): self.get_score(p) for p in self.player_ids}
        return scoring.game_over(scores, data["hand_number"], self.target)

    # ----- what players see ---------------------------------------------------------------------
    def public_wilds(self) -> dict:
        return {pid: [c for c in hand if IS_WILD[c]] for pid, hand in self.data["hands"].items()}

    def view(self, player_id):
        data = self.data
        hands = data["hands"]
        return {
            "hand": hands.get(str(player_id), []),
            "wilds": self.public_wilds(),
            "hand_sizes": {pid: len(hand) for pid, hand in hands.items()},
            "dealer": data["dealer"],
            "hand_number": data["hand_number"], "hand_limit": scoring.HAND_LIMIT, "target": self.target,
            "bidding": self.options["bidding"], "auction": data["auction"], "contract": data["contract"],
            "trick": [{**play, "combo_name": name(play["combo"])} for play in data["trick"]],
            "last_trick": data["last_trick"],
            "won_counts": {pid: len(cards) for pid, cards in data["won"].items()},
            "reveal": data["reveal"],
            "history": [{"went_out": r["went_out"], "cards_left": r["cards_left"], "total": r["total"],
                         "bid": r["bid"]} for r in data["history"]],
        }

    def hidden_from(self, viewer):
        """DECISIONS item 16: the opponent's dealt cards and the undealt 8, until the hand is scored."""
        if self.data["reveal"] is not None or self.table.status != "playing":
            return set()
        hidden = set(self.data["undealt"])
        for pid, hand in self.data["hands"].items():
            if pid != str(viewer):
                hidden.update(c for c in hand if not IS_WILD[c])
        return hidden

    def progression(self):
        best = max(self.get_score(p) for p in self.player_ids)
        done = len(self.data["history"])
        return min(99, max(100 * best // self.target, 100 * done // scoring.HAND_LIMIT))

    # ----- moves -------------------------------------------------------------------------------
    def legal_actions(self, player_id):
        state = self.table.current_state
        if not self.gamestate.is_player_active(player_id):
            return []
        if state is Auction:
            low = Auction.lowest_bid(self, player_id)
            moves = [("bid", {"cards": n}) for n in range(low, scoring.MAX_CARDS + 1)]
            return [*moves, ("passBid", {})]
        if state is HandEnd:
            return [("nextHand", {})]
        if state in (LeadChoice, PlayerTurn):
            hand = self.data["hands"][str(player_id)]
            moves = [("playCards", play_args(*play)) for play in legal_plays(hand, self.current_combo())]
            return moves + self.moves_besides_plays(state)
        return []

    def moves_besides_plays(self, state) -> list[tuple[str, dict]]:
        """Letting the dealer lead, or passing (not for the leader of a trick)."""
        if state is LeadChoice:
            return [("letDealerLead", {})]
        return [("pass", {})] if self.data["trick"] else []

    def random_action(self, player_id, rng):
        """One of `legal_actions`, each as likely as any other, as `rng.choice` would draw it; but a
        play is found by counting the groups of plays and building only the one it falls in, since
        listing every play of a lead (hundreds) costs much more than the move itself."""
        state = self.table.current_state
        if state not in (LeadChoice, PlayerTurn) or not self.gamestate.is_player_active(player_id):
            return super().random_action(player_id, rng)
        groups = play_groups(self.data["hands"][str(player_id)], self.current_combo())
        plays = play_count(groups)
        others = self.moves_besides_plays(state)
        if not plays + len(others):
            return None
        n = rng.randrange(plays + len(others))
        if n >= plays:
            return others[n - plays]
        return ("playCards", play_args(*nth_play(groups, n)))

    def possible_actions(self, player_id, names):
        # The leader of a trick cannot pass (DECISIONS item 9).
        if not self.data["trick"] and self.table.current_state is PlayerTurn:
            return [n for n in names if n != "pass"]
        return names

    def heuristic_move(self, player_id):
        return heuristic_move(self, player_id)

