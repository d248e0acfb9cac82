"""The Zhubu Shengji game: setup, the hand's bookkeeping, views, hidden cards."""
from __future__ import annotations

from framework.engine import GAME_END_ID, Game, PerPlayer, player_keyed

from . import invariants, scoring
from .bots import heuristic_move
from .cards import IS_WILD, NATURALS, WILDS_BY_SEAT, cards_text, cards_word, sort_cards
from .determinize import determinize
from .options import HAND_SIZE, ZhubuOptions
from .rules import name, wild_words
from .states import STATES


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
            hands=self.for_each_player(list), undealt=[],
            won=self.for_each_player(list), trick=[], last_trick=None,
            auction=None, contract=None, reveal=None, history=[],
        )
        return "newHand"

    @property
    def target(self) -> int:
        return scoring.TARGET_WITH_BIDDING if self.options["bidding"] else scoring.TARGET

    def opponent(self, player_id: int) -> int:
        return self.player_after(player_id)

    def hand(self, player_id: int) -> list[str]:
        return self.per_player("hands")[player_id]

    def scores(self) -> dict[int, int]:
        return {pid: self.get_score(pid) for pid in self.player_ids}

    def deal_hand(self) -> None:
        """D1: 14 cards each plus the three face-up wilds; 8 cards stay undealt."""
        data = self.data
        data["hand_number"] += 1
        fixed = self.options.get("deal") if data["hand_number"] == 1 else None
        if fixed:
            hands, data["undealt"] = [list(h) for h in fixed["hands"]], list(fixed["undealt"])
        else:
            if data["hand_number"] > 1:
                data["dealer"] = scoring.next_dealer(self.scores(), data["last_went_out"])
            deck = list(NATURALS)
            self.rng.shuffle(deck)
            hands, data["undealt"] = [deck[:HAND_SIZE], deck[HAND_SIZE:2 * HAND_SIZE]], deck[2 * HAND_SIZE:]
        dealt, won = self.per_player("hands"), self.per_player("won")
        for seat, pid in enumerate(self.player_ids):
            dealt[pid] = sort_cards(hands[seat] + WILDS_BY_SEAT[seat])
            won[pid] = []
        data.update(trick=[], last_trick=None, auction=None, contract=None, reveal=None)
        self.notify_all("newHand", "Hand ${hand_number}: ${player_name} deals",
                        player_id=data["dealer"], hand_number=data["hand_number"], wilds=self.public_wilds(),
                        hand_sizes={pid: len(hand) for pid, hand in data["hands"].items()})
        for pid in self.player_ids:
            self.notify_player(pid, "hand", "You are dealt ${card_list}", cards=list(dealt[pid]),
                               card_list=cards_text(dealt[pid]))

    def current_combo(self) -> dict | None:
        trick = self.data["trick"]
        return trick[-1]["combo"] if trick else None

    def play(self, player_id: int, cards: list[str], combo: dict) -> None:
        hand = self.hand(player_id)
        for card in cards:
            hand.remove(card)
        self.data["trick"].append({"player_id": player_id, "cards": cards, "combo": combo})
        if combo["kind"] == "bomb":
            self.inc_stat("bombs", 1, player_id)
        self.notify_all("playCards", "${player_name} plays ${combo_name}${reading}: ${card_list}", player_id=player_id,
                        cards=cards, combo=combo, combo_name=name(combo), reading=wild_words(combo),
                        card_list=cards_text(cards), cards_left=len(hand))

    def end_trick(self) -> int:
        """D6 and D9: the last player to play wins; a trick won by a bomb goes to the opponent."""
        trick = self.data["trick"]
        winner = trick[-1]["player_id"]
        taker = self.opponent(winner) if trick[-1]["combo"]["kind"] == "bomb" else winner
        cards = [c for play in trick for c in play["cards"]]
        self.per_player("won")[taker].extend(cards)
        self.data["last_trick"] = {"plays": trick, "winner": winner, "taker": taker}
        self.data["trick"] = []
        log = "${player_name} wins the trick" if taker == winner else \
            "${player_name} wins the trick with a bomb: its cards go to ${taker_name}"
        self.notify_all("trickWon", log, player_id=winner, taker=taker, taker_name=self.player_name(taker),
                        card_count=len(cards))
        return winner

    def score_hand(self, went_out: int) -> bool:
        """D11-D15: settle the open trick, score, reveal; True when the game is over."""
        data = self.data
        self.end_trick()
        opponent = self.opponent(went_out)
        contract = data["contract"]
        # The stored contract names its bidder by a string id, as views show it; the auction it
        # came from holds the same player as an id.
        bidder = data["auction"]["bidder"] if contract else None
        result = scoring.score_hand(went_out, opponent, self.hand(opponent), data["undealt"],
                                    self.per_player("won"), (bidder, contract["bid"]) if contract else None)
        total = PerPlayer(result["total"])
        for pid in self.player_ids:
            self.inc_score(pid, total[pid])
        self.inc_stat("hands")
        self.inc_stat("hands_won", 1, went_out)
        if result["bid"] and result["bid"]["success"]:
            self.inc_stat("bids_made", 1, bidder)
        data["last_went_out"] = went_out
        data["history"].append(result)
        # Copies: the notification and the reveal must not change when the next hand is dealt.
        remaining = list(self.hand(opponent))
        data["reveal"] = {"undealt": list(data["undealt"]), "hands": player_keyed({opponent: remaining}),
                          "won": {pid: list(cards) for pid, cards in data["won"].items()}, "result": result}
        left = result["cards_left"]
        log = ("${player_name} goes out, ${opponent_name} holding ${cards_left} " + cards_word(left)
               + ": ${going_out} points")
        self.notify_all("handScored", log, player_id=went_out,
                        opponent_id=opponent, opponent_name=self.player_name(opponent),
                        cards_left=left, going_out=result["going_out"],
                        undealt=list(data["undealt"]), remaining=remaining, result=result,
                        scores=player_keyed(self.scores()))
        if result["bid"]:
            bid = result["bid"]
            outcome = "succeeds: +${amount} points" if bid["success"] else \
                "fails: +${amount} points to ${opponent_name}"
            other = self.opponent(bidder)
            self.notify_all("bidScored", "${player_name}'s bid of ${bid} " + cards_word(bid["bid"]) + " " + outcome,
                            player_id=bidder, bid=bid["bid"], amount=bid["amount"], success=bid["success"],
                            opponent_id=other, opponent_name=self.player_name(other))
        return scoring.game_over(self.scores(), data["hand_number"], self.target)

    # ----- what players see ---------------------------------------------------------------------
    def public_wilds(self) -> dict:
        return {pid: [c for c in hand if IS_WILD[c]] for pid, hand in self.data["hands"].items()}

    def get_all_datas(self, player_id):
        data = self.data
        hands = data["hands"]
        return {
            "hand": self.per_player("hands").get(player_id, []),
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
        """D16: the opponent's dealt cards and the undealt 8, until the hand is scored."""
        if self.data["reveal"] is not None or self.gamestate.state_id() == GAME_END_ID:
            return set()
        hidden = set(self.data["undealt"])
        for pid, hand in self.per_player("hands").items():
            if pid != viewer:
                hidden.update(c for c in hand if not IS_WILD[c])
        return hidden

    def determinize(self, viewer, rng):
        """The opponent's naturals and the undealt 8 redealt from what `viewer` has not seen."""
        determinize(self, viewer, rng)

    def hands_played(self):
        return len(self.data["history"])

    def broken_invariants(self):
        return invariants.broken(self.data, self.scores())

    def progression(self):
        best = max(self.get_score(p) for p in self.player_ids)
        done = len(self.data["history"])
        return min(99, max(100 * best // self.target, 100 * done // scoring.HAND_LIMIT))

    # ----- moves: each state lists its own (states.py); the bot plays from what it may see -------
    def heuristic_move(self, player_id):
        return heuristic_move(self, player_id)
