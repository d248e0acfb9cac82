"""The Summon the Dragon Game class: the hand's bookkeeping and what each player sees; each state's
legal moves are in states.py, beside its actions."""
from __future__ import annotations

from framework.engine import Game, UserError

from . import bots, candidates, invariants, rules
from .cards import DECK, DRAGON, HAND_SIZE, KITTY_SIZE, LABEL_OF, SUIT_OF, cards_label, sort_hand
from .determinize import determinize
from .options import SummonOptions
from .states import STATES, Discard, PlayerTurn


class SummonTheDragon(Game):
    name = "summon_dragon"
    title = "Summon the Dragon"
    version = 1
    min_players = max_players = 4
    option_schema = SummonOptions
    states = STATES
    statistics = {
        "table": {"hands": {"type": "int", "name": "Hands played"}},
        "player": {
            "contracts": {"type": "int", "name": "Contracts won in the auction"},
            "contracts_made": {"type": "int", "name": "Contracts made"},
            "summons": {"type": "int", "name": "Dragons summoned"},
        },
    }

    # ----- setup and the deal (text "The Deal", D3) ---------------------------------------------
    def setup(self):
        self.data.update(
            hand_number=0, dealer=self.rng.randrange(4), hands=self.for_each_player(list), kitty=[],
            discards=self.for_each_player(list), bids=[], passed=[], high=None, contract=None,
            to_discard={}, trick=[], last_trick=None, tricks_played=0, taken=[0, 0], played=[],
            team_scores=[0, 0], results=[],
        )
        return "newHand"

    def fixed_deal(self, hand_number: int) -> dict | None:
        deal = self.options.get("deal")
        if isinstance(deal, list):
            return deal[hand_number - 1] if hand_number <= len(deal) else None
        return deal if hand_number == 1 else None

    def deal_hand(self) -> int:
        """Deal 12 each and a 5-card kitty; the deal rotates to the left. Returns the first bidder."""
        data = self.data
        data["hand_number"] += 1
        if data["hand_number"] > 1:
            data["dealer"] = (data["dealer"] + 1) % 4
        fixed = self.fixed_deal(data["hand_number"])
        if fixed:
            hands, kitty = fixed["hands"], list(fixed["kitty"])
            data["dealer"] = fixed.get("dealer", 0)
        else:
            deck = list(DECK)
            self.rng.shuffle(deck)
            hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(4)]
            kitty = deck[4 * HAND_SIZE:]
        held, discarded = self.per_player("hands"), self.per_player("discards")
        for pid, cards in zip(self.player_ids, hands, strict=True):
            held[pid] = sort_hand(cards)
            discarded[pid] = []
        data.update(kitty=kitty, bids=[], passed=[], high=None, contract=None, to_discard={}, trick=[],
                    last_trick=None, tricks_played=0, taken=[0, 0], played=[], voids=self.for_each_player(list))
        self.inc_stat("hands")
        dealer = self.player_ids[data["dealer"]]
        self.notify_all("newDeal", "Hand ${hand_number}: ${player_name} deals", player_id=dealer,
                        hand_number=data["hand_number"])
        for pid in self.player_ids:
            self.notify_player(pid, "newHand", "You receive your 12 cards", cards=self.hand(pid))
        return self.player_after(dealer)

    # ----- the auction ------------------------------------------------------------------------
    def dealer_is_stuck(self) -> bool:
        high = self.data["high"]
        return rules.dealer_stuck(high and high["tricks"], len(self.data["passed"]))

    def record_bid(self, player_id: int, tricks: int, designation: str) -> None:
        bid = {"player_id": player_id, "tricks": tricks, "designation": designation}
        self.data["high"] = bid
        self.data["bids"].append(bid)
        self.notify_all("bid", "${player_name} bids ${tricks} ${designation_name}", player_id=player_id,
                        tricks=tricks, designation=designation,
                        designation_name=rules.DESIGNATION_NAMES[designation])

    def record_pass(self, player_id: int) -> None:
        self.data["passed"].append(player_id)
        self.data["bids"].append({"player_id": player_id, "pass": True})
        self.notify_all("pass", "${player_name} passes", player_id=player_id)

    def settle_contract(self) -> None:
        high = self.data["high"]
        self.data["contract"] = {**high, "option": None, "giver": None}
        self.inc_stat("contracts", 1, high["player_id"])
        self.notify_all("contract", "${player_name} wins the bid: ${tricks} ${designation_name}",
                        player_id=high["player_id"], tricks=high["tricks"], designation=high["designation"],
                        designation_name=rules.DESIGNATION_NAMES[high["designation"]])

    # ----- the option and the discards ----------------------------------------------------------
    def hand(self, player_id: int) -> list[str]:
        return self.per_player("hands")[player_id]

    def owed(self, player_id: int) -> int:
        """How many cards `player_id` has still to discard (D8, D9)."""
        return self.per_player("to_discard").get(player_id, 0)

    def options_for(self, player_id: int) -> list[str]:
        return rules.options_for(self.hand(player_id))

    def holder_of_dragon(self) -> int | None:
        for pid in self.player_ids:
            if DRAGON in self.hand(pid):
                return pid
        return None

    def take_option(self, bidder: int, option: str) -> None:
        data = self.data
        contract = data["contract"]
        contract["option"] = option
        if option == rules.NO_HELP:
            # The kitty stays face down and out of play (D9).
            self.notify_all("option", "${player_name} goes no-help", player_id=bidder, option=option)
            return
        giver = self.holder_of_dragon() if option == rules.SUMMON else None
        kitty, data["kitty"] = data["kitty"], []
        # The public line says what happened; a private one only adds what its reader alone learns (the
        # kitty's cards): the bidder handed the Dragon gets no second line saying so.
        if giver is None:
            # Take the kitty, or summon with the Dragon in the kitty (D8, D9).
            log = ("${player_name} summons the Dragon: it was in the kitty" if option == rules.SUMMON
                   else "${player_name} takes the kitty")
            self.notify_all("option", log, player_id=bidder, option=option)
            self._receive(bidder, kitty, "The kitty held ${card_names}")
            self.owe({bidder: KITTY_SIZE})
        else:
            # The holder gives the Dragon and takes the kitty; both discard at once (D8).
            contract["giver"] = giver
            self.inc_stat("summons", 1, bidder)
            self.notify_all("option", "${player_name} summons the Dragon from ${giver_name}", player_id=bidder,
                            option=option, giver_id=giver, giver_name=self.player_name(giver))
            self.hand(giver).remove(DRAGON)
            self._receive(bidder, [DRAGON], "", giver_id=giver)
            self._receive(giver, kitty, "The kitty held ${card_names}")
            self.owe({bidder: 1, giver: KITTY_SIZE - 1})

    def owe(self, counts: dict[int, int]) -> None:
        """Who must discard how many, in this order (the Discard state's `counts` keep it)."""
        self.data["to_discard"] = {}
        self.per_player("to_discard").update(counts)

    def _receive(self, player_id: int, cards: list[str], log: str, **args) -> None:
        """Cards join the hand before the private notification: the leak check reads the hand then."""
        hand = self.hand(player_id)
        hand.extend(cards)
        hand[:] = sort_hand(hand)
        self.notify_player(player_id, "cardsReceived", log, cards=list(cards), card_names=cards_label(cards), **args)

    def discard(self, player_id: int, cards: list[str]) -> None:
        """Discard face down, any cards, the Dragon too (D10)."""
        owing = self.owed(player_id)
        hand = self.hand(player_id)
        if len(cards) != owing:
            raise UserError(f"Discard exactly {owing} card{'' if owing == 1 else 's'} to return to a 12-card hand.")
        if len(set(cards)) != len(cards):
            raise UserError("Discard each card only once.")
        if any(c not in hand for c in cards):
            raise UserError("You can only discard cards from your hand.")
        hand[:] = [c for c in hand if c not in cards]
        self.per_player("discards")[player_id] = sort_hand(cards)
        self.per_player("to_discard")[player_id] = 0
        # One line: the public one. The private notification tells the discarder's page which cards left
        # the hand; the player chose them and sees them under "Your discards".
        self.notify_player(player_id, "discarded", "", cards=sort_hand(cards))
        log = ("${player_name} discards ${count} card face down" if len(cards) == 1
               else "${player_name} discards ${count} cards face down")
        self.notify_all("discard", log, player_id=player_id, count=len(cards))

    # ----- trick play -----------------------------------------------------------------------------
    def trump(self) -> str | None:
        return rules.trump_of(self.data["contract"]["designation"])

    def led_suit(self) -> str | None:
        trick = self.data["trick"]
        return trick[0]["suit"] if trick else None

    def playable(self, player_id: int) -> list[str]:
        return rules.playable(self.hand(player_id), self.led_suit(), self.trump())

    def unplayable(self, player_id: int, playable: list[str] | None = None) -> dict[str, str]:
        return rules.unplayable(self.hand(player_id), self.led_suit(), self.trump(), playable)

    def play_card(self, player_id: int, card: str, suit: str | None, declare: str | None) -> None:
        """Play a card already checked; `suit` and `declare` are the Dragon's, settled by declare_dragon."""
        data = self.data
        self.hand(player_id).remove(card)
        # Public knowledge every player gathers from the plays; a determinization deals by it.
        if "voids" not in data:  # not in snapshots stored before it
            data["voids"] = self.for_each_player(list)
        voids = self.per_player("voids")[player_id]
        voids.extend(s for s in rules.shown_voids(card, self.led_suit(), self.trump()) if s not in voids)
        if card == DRAGON:
            played_as = suit
            name = LABEL_OF[DRAGON] if self.trump() else f"the Dragon as the {declare} {played_as}"
        else:
            played_as, declare, name = SUIT_OF[card], None, LABEL_OF[card]
        data["trick"].append({"player_id": player_id, "card": card, "suit": played_as, "declare": declare})
        data["played"].append(card)
        self.notify_all("playCard", "${player_name} plays ${card_name}", player_id=player_id, card=card,
                        suit=played_as, declare=declare, card_name=name)

    def close_trick(self) -> int:
        data = self.data
        trick = data["trick"]
        winner = trick[rules.trick_winner(trick, data["contract"]["designation"])]["player_id"]
        data["tricks_played"] += 1
        units = rules.trick_units(data["tricks_played"])
        data["taken"][rules.team_of(self.seat_of(winner))] += units
        data["last_trick"] = {"plays": trick, "winner": winner, "number": data["tricks_played"]}
        data["trick"] = []
        log = ("${player_name} wins the last trick, worth two" if units == 2
               else "${player_name} wins trick ${trick_number}")
        self.notify_all("trickWin", log, player_id=winner, units=units, taken=list(data["taken"]),
                        trick_number=data["tricks_played"])
        return winner

    # ----- scoring and the end (D17, D18) -------------------------------------------------------------
    def team_players(self, team: int) -> list[int]:
        return [pid for pid in self.player_ids if rules.team_of(self.seat_of(pid)) == team]

    def teams(self) -> list[list[int]]:
        return [self.team_players(0), self.team_players(1)]

    def score_hand(self) -> bool:
        """Score the hand; True when the game is over."""
        data = self.data
        contract = data["contract"]
        bidder = contract["player_id"]
        team = rules.team_of(self.seat_of(bidder))
        taken = data["taken"][team]
        points, defence = rules.hand_score(contract["tricks"], taken, contract["option"] == rules.NO_HELP)
        delta = [0, 0]
        delta[team], delta[1 - team] = points, defence
        scores = data["team_scores"]
        for t in (0, 1):
            scores[t] += delta[t]
            for pid in self.team_players(t):
                self.set_score(pid, scores[t])
        made = taken >= contract["tricks"]
        if made:
            self.inc_stat("contracts_made", 1, bidder)
        result = {"hand_number": data["hand_number"], "bidder": bidder, "tricks": contract["tricks"],
                  "designation": contract["designation"], "option": contract["option"],
                  "taken": list(data["taken"]), "delta": delta, "scores": list(scores)}
        data["results"].append(result)
        log = ("${player_name}'s team made ${tricks} with ${taken}: ${points} points; the defenders ${defence}"
               if made else
               "${player_name}'s team is set, ${tricks} bid and ${taken} taken: ${points} points; "
               "the defenders ${defence}")
        winner = rules.game_winner(scores, self.options["target"])
        # `result` is the hand's line of `past_hands`: the page draws the hand-end summary from it, and
        # holds it before the next deal unless `game_over`.
        self.notify_all("handScore", log, player_id=bidder, tricks=contract["tricks"], taken=taken,
                        points=points, defence=defence, team_scores=list(scores), result=dict(result),
                        game_over=winner is not None)
        if winner is None:
            return False
        self.notify_all("gameWon", "${player_name} and ${partner_name} win the game, ${score} to ${other}",
                        player_id=self.team_players(winner)[0],
                        partner_name=self.player_name(self.team_players(winner)[1]),
                        score=scores[winner], other=scores[1 - winner])
        return True

    def progression(self) -> int:
        best = max(self.data["team_scores"])
        return max(0, min(99, 100 * best // self.options["target"]))

    def hands_played(self) -> int:
        return len(self.data["results"])

    def broken_invariants(self) -> list[str]:
        data = self.data
        before_first_trick = (self.gamestate.current_state() is PlayerTurn and data["tricks_played"] == 0
                              and not data["trick"])
        return invariants.broken(data, [rules.team_of(p.seat) for p in self.players],
                                 [self.get_score(pid) for pid in self.player_ids], before_first_trick)

    # ----- what players see ---------------------------------------------------------------------------
    def get_all_datas(self, player_id):
        data = self.data
        seated = self.is_player(player_id)
        return {
            "hand": self.hand(player_id) if seated else [],
            "my_discards": self.per_player("discards")[player_id] if seated else [],
            # Keyed as stored and as clients have always received it: player ids as JSON strings.
            "hand_sizes": {pid: len(cards) for pid, cards in data["hands"].items()},
            "kitty_size": len(data["kitty"]),
            "teams": [self.team_players(0), self.team_players(1)],
            "hand_number": data["hand_number"],
            "dealer": self.player_ids[data["dealer"]],
            "bids": data["bids"],
            "contract": data["contract"],
            "trick": data["trick"],
            "last_trick": data["last_trick"],
            "tricks_taken": data["taken"],
            "team_scores": data["team_scores"],
            "target": self.options["target"],
            "last_hand": data["results"][-1] if data["results"] else None,
            "past_hands": data["results"],
        }

    def hidden_from(self, viewer):
        """Other hands, the kitty (never shown, D8, D9) and other players' discards (D10)."""
        hidden = set(self.data["kitty"])
        for name in ("hands", "discards"):
            for pid, cards in self.per_player(name).items():
                if pid != viewer:
                    hidden.update(cards)
        return hidden

    # ----- moves for bots, zombies and simulations (each state lists its own: states.py) -------------
    def card_moves(self, player_id: int) -> list[dict]:
        """Every playCard argument set, the Dragon with each declaration it may take (D13, D14)."""
        return rules.play_moves(self.playable(player_id), self.led_suit(), self.trump())

    def heuristic_move(self, player_id):
        return bots.heuristic_move(self, player_id)

    def search_candidates(self, player_id):
        """A discard's few dozen sensible sets (candidates.py) rather than its thousands; every other
        decision has few enough moves to search them all (the bids: 67 at most)."""
        if self.gamestate.current_state() is not Discard or not self.owed(player_id):
            return None
        sets = candidates.discard_candidates(self.hand(player_id), self.owed(player_id),
                                             self.data["contract"]["designation"])
        return None if sets is None else [("discard", {"cards": cards}) for cards in sets]

    def determinize(self, viewer, rng):
        """The hidden cards dealt again as `viewer` could believe them (determinize.py)."""
        determinize(self, viewer, rng)
