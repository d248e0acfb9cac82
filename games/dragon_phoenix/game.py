"""The Dragon and Phoenix game: setup, what each player sees, legal actions, Take-off."""
from __future__ import annotations

from itertools import permutations

from framework.engine import Game, UserError, action

from . import rounds as rnd
from .bots import heuristic_move
from .cards import HERALD, PHOENIX, RANK_NAMES, WISH_RANKS
from .combos import Combo
from .options import DragonPhoenixOptions
from .plays import Play, bombs, plays
from .rules import contains_rank, wish_obliges
from .states import DealRest, DeliverCards, EndHand, GiveDragon, HighFlight, NewHand, PassCards, PlayerTurn

CALL_STATES = frozenset(("highFlight", "passCards", "playerTurn", "giveDragon"))
WISH_CHOICES = (None, *WISH_RANKS)


class DragonPhoenix(Game):
    name = "dragon_phoenix"
    title = "Dragon and Phoenix"
    version = 1
    min_players = max_players = 4
    option_schema = DragonPhoenixOptions
    states = [NewHand, HighFlight, DealRest, PassCards, DeliverCards, PlayerTurn, GiveDragon, EndHand]
    statistics = {
        "table": {"hands": {"type": "int", "name": "Hands played"}},
        "player": {"first_out": {"type": "int", "name": "Hands gone out first"},
                   "bombs": {"type": "int", "name": "Bombs played"},
                   "calls": {"type": "int", "name": "Calls made"},
                   "calls_won": {"type": "int", "name": "Calls won"},
                   "calls_lost": {"type": "int", "name": "Calls lost"}},
    }

    def setup(self):
        self.data.update(hand_number=0, totals=[0, 0], last_hand=None)
        return NewHand

    # ----- seats and teams: seats 0+2 and 1+3 are partners ---------------------------------
    def partner(self, player_id: int) -> int:
        return self.player_ids[(self.seat_of(player_id) + 2) % 4]

    def opponents(self, player_id: int) -> list[int]:
        seat = self.seat_of(player_id)
        return [self.player_ids[(seat + 1) % 4], self.player_ids[(seat + 3) % 4]]

    def team_names(self) -> list[str]:
        ids = self.player_ids
        return [f"{self.player_name(ids[t])} and {self.player_name(ids[t + 2])}" for t in (0, 1)]

    def hand_sizes(self) -> dict[str, int]:
        return {pid: len(cards) for pid, cards in self.data["hands"].items()}

    # ----- Take-off: out of turn, until your first card leaves your hand ----------------------
    @action({}, out_of_turn=True)
    def takeOff(self, player_id):
        reason = self.take_off_refusal(player_id)
        if reason:
            raise UserError(reason)
        self.data["calls"][str(player_id)] = "takeOff"
        self.inc_stat("calls", 1, player_id)
        self.notify_all("call", "${player_name} calls Take-off!", player_id=player_id, call="takeOff")

    def take_off_refusal(self, player_id: int) -> str | None:
        data = self.data
        if "calls" not in data or data["hand_over"] or self.table.current_state.name not in CALL_STATES:
            return "Take-off can only be called during a hand."
        if data["calls"][str(player_id)]:
            return "You have already made a call: each player makes at most one call per hand."
        if player_id in data["played"]:
            return "Take-off must be called before your first card leaves your hand."
        return None

    # ----- what players see -------------------------------------------------------------------
    def view(self, player_id):
        data = self.data
        me = str(player_id)
        mine = player_id in self._seat_of
        view = {
            "hand_number": data["hand_number"], "target": self.options["target"], "wish_option": self.options["wish"],
            "teams": [[self.player_ids[0], self.player_ids[2]], [self.player_ids[1], self.player_ids[3]]],
            "totals": data["totals"], "last_hand": data["last_hand"],
        }
        if "hands" not in data:
            return view
        view.update(
            hand=data["hands"][me] if mine else [],
            hand_sizes=self.hand_sizes(),
            calls=data["calls"], high_flight_answered=data["answered"], first_card_played=data["played"],
            my_passes=data["passing"].get(me) if mine else None,
            received=data["received"].get(me, []) if mine else [],
            trick=data["trick"], round_won=data["round_won"], last_player=data["last_player"],
            passed=data["passed"], last_round=data["last_round"], wish=rnd.wish_name(data),
            out=data["out"], won_counts={pid: len(cards) for pid, cards in data["won"].items()},
            auto_pass=player_id in data["auto_pass"],
        )
        return view

    def hidden_from(self, viewer):
        data = self.data
        if "hands" not in data:
            return set()
        me = str(viewer)
        hidden = {c for pid, cards in data["hands"].items() if pid != me for c in cards}
        hidden.update(c for cards in data["stock"].values() for c in cards)
        if data["delivered"] and me in data["passing"]:
            hidden.difference_update(data["passing"][me].values())  # the viewer passed these
        return hidden

    def progression(self):
        return min(100, max(0, 100 * max(self.data["totals"]) // self.options["target"]))

    def possible_actions(self, player_id, names):
        """Hide what this viewer cannot use now: a spent call, passing while leading or out."""
        drop = set()
        if player_id is not None and "takeOff" in names and self.take_off_refusal(player_id):
            drop.add("takeOff")
        state = self.table.current_state.name
        if state == "playerTurn" and (rnd.leading(self.data) or player_id in self.data["out"]):
            drop.update(("pass", "autoPass"))
        in_turn = state == "playerTurn" and self.gamestate.is_player_active(player_id)
        if "playCards" in names and not in_turn and not self._table_bombs(player_id):
            drop.add("playCards")  # out of turn only a bomb that beats the table may be played
        return [n for n in names if n not in drop]

    # ----- legal actions: bots, zombies and tests share them ---------------------------------
    def legal_actions(self, player_id):
        state = self.table.current_state.name
        active = self.gamestate.is_player_active(player_id)
        data = self.data
        moves: list[tuple[str, dict]] = []
        if state == "highFlight" and active:
            moves.append(("highFlight", {"call": False}))
            if not data["calls"][str(player_id)]:
                moves.append(("highFlight", {"call": True}))
        elif state == "passCards" and active:
            moves.extend(self._pass_moves(data["hands"][str(player_id)]))
        elif state == "playerTurn":
            found, others = self._turn_options(player_id, active)
            moves.extend(others)
            moves.extend(self._play_moves(found))
        elif state == "giveDragon":
            if active:
                moves.extend(self._give_dragon_moves(player_id))
            moves.extend(self._play_moves(self._table_bombs(player_id)))
        moves.extend(self._take_off_moves(player_id, state))
        return moves

    def _take_off_moves(self, player_id: int, state: str) -> list[tuple[str, dict]]:
        if state in CALL_STATES and player_id not in self.data["played"] and not self.take_off_refusal(player_id):
            return [("takeOff", {})]
        return []

    def random_action(self, player_id, rng):
        """One of `legal_actions`, each as likely as there, without building them all: a pass of
        three cards is drawn directly, a play by its place among the plays."""
        state = self.table.current_state.name
        active = self.gamestate.is_player_active(player_id)
        if state == "passCards" and active:
            return self._random_pass(self.data["hands"][str(player_id)], self._take_off_moves(player_id, state), rng)
        if state == "playerTurn":
            found, others = self._turn_options(player_id, active)
        elif state == "giveDragon":
            found = self._table_bombs(player_id)
            others = self._give_dragon_moves(player_id) if active else []
        else:
            return super().random_action(player_id, rng)
        return self._random_move(found, others + self._take_off_moves(player_id, state), rng)

    @staticmethod
    def _random_pass(hand: list[str], others: list[tuple[str, dict]], rng) -> tuple[str, dict]:
        # A pass is three distinct cards in order: drawn directly, with the odds of the full list.
        ways = len(hand) * (len(hand) - 1) * (len(hand) - 2)
        pick = rng.randrange(ways + len(others))
        if pick >= ways:
            return others[pick - ways]
        left, partner, right = rng.sample(hand, 3)
        return "passCards", {"left": left, "partner": partner, "right": right}

    def _random_move(self, found: list[Play], others: list[tuple[str, dict]], rng) -> tuple[str, dict] | None:
        """Draw among `others` and the plays `found` as `rng.choice` draws among the listed moves,
        where a Herald play is listed once per wish choice."""
        wishes = self._wish_choices()
        heralds = [play for play in found if HERALD in play[0]]
        if heralds:
            found = [play for play in found if HERALD not in play[0]]
        count = len(others) + len(found) + len(heralds) * len(wishes)
        if not count:
            return None
        pick = rng.randrange(count)
        if pick < len(others):
            return others[pick]
        pick -= len(others)
        if pick < len(found):
            return self._play_move(*found[pick])
        pick -= len(found)
        cards, combo = heralds[pick // len(wishes)]
        return self._play_move(cards, combo, wishes[pick % len(wishes)])

    def _pass_moves(self, hand: list[str]) -> list[tuple[str, dict]]:
        """Every (left, partner, right) choice: 1,716 of them (random play draws one directly instead)."""
        return [("passCards", {"left": a, "partner": b, "right": c}) for a, b, c in permutations(hand, 3)]

    def _give_dragon_moves(self, player_id: int) -> list[tuple[str, dict]]:
        return [("giveDragon", {"to": p}) for p in self.opponents(player_id)]

    def _turn_options(self, player_id: int, active: bool) -> tuple[list[Play], list[tuple[str, dict]]]:
        """In playerTurn: the plays this player may make, and their other moves (pass, autoPass)."""
        data = self.data
        if player_id in data["out"]:
            return [], []
        leading = rnd.leading(data)
        hand = data["hands"][str(player_id)]
        top = None if leading else rnd.top(data)
        found = plays(hand, top) if active else self._table_bombs(player_id)  # out of turn: bombs, even on a won round
        obliged = wish_obliges(hand, top, data["wish"], found if active else None)
        others: list[tuple[str, dict]] = []
        if active:
            if obliged:
                found = [p for p in found if contains_rank(p[0], data["wish"])]
            elif not leading:
                others.append(("pass", {}))
        if not leading:
            on = player_id in data["auto_pass"]
            if on or not obliged:
                others.append(("autoPass", {"on": not on}))
        return found, others

    def _table_bombs(self, player_id: int) -> list[Play]:
        """The bombs this player may throw out of turn on the combination lying on the table."""
        data = self.data
        if not data["trick"] or data["hand_over"] or player_id in data["out"]:
            return []
        return bombs(data["hands"][str(player_id)], rnd.top(data))

    def _wish_choices(self) -> tuple[int | None, ...]:
        """A Herald play may add any wish, or none; the "No wish" variant only none."""
        return WISH_CHOICES if self.options["wish"] else (None,)

    def _play_moves(self, found: list[Play]) -> list[tuple[str, dict]]:
        wishes = self._wish_choices()
        return [self._play_move(cards, combo, wish)
                for cards, combo in found for wish in (wishes if HERALD in cards else (None,))]

    @staticmethod
    def _play_move(cards: tuple[str, ...], combo: Combo, wish: int | None = None) -> tuple[str, dict]:
        args = {"cards": list(cards)}
        if combo.phoenix is not None and PHOENIX in cards:
            args["phoenix"] = RANK_NAMES[combo.phoenix]
        if wish is not None:
            args["wish"] = RANK_NAMES[wish]
        return "playCards", args

    def heuristic_move(self, player_id):
        return heuristic_move(self, player_id)
