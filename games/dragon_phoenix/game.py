"""The Dragon and Phoenix game: setup, what each player sees, Take-off (the one game-wide action)."""
from __future__ import annotations

from framework.engine import Game, UserError, action

from . import invariants
from . import rounds as rnd
from .bots import heuristic_move
from .cards import card_points
from .determinize import determinize
from .options import DragonPhoenixOptions
from .selection import describe_play
from .states import DealRest, DeliverCards, EndHand, GiveDragon, HighFlight, NewHand, PassCards, PlayerTurn

CALL_STATES = frozenset((HighFlight, PassCards, PlayerTurn, GiveDragon))


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

    def teams(self) -> list[list[int]]:
        ids = self.player_ids
        return [[ids[0], ids[2]], [ids[1], ids[3]]]

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
        self.per_player("calls")[player_id] = "takeOff"
        self.inc_stat("calls", 1, player_id)
        self.notify_all("call", "${player_name} calls Take-off!", player_id=player_id, call="takeOff")

    def may_take_off(self, player_id: int) -> bool:
        """Whether Take-off may be called now: `take_off_refusal` without its sentence, the cheapest
        test first (asked at every move a bot or a search draws)."""
        data = self.data
        return (player_id not in data.get("played", ()) and "calls" in data and not data["hand_over"]
                and not self.of_player("calls", player_id) and self.gamestate.current_state() in CALL_STATES)

    def take_off_refusal(self, player_id: int) -> str | None:
        data = self.data
        if "calls" not in data or data["hand_over"] or self.gamestate.current_state() not in CALL_STATES:
            return "Take-off can only be called during a hand."
        if self.per_player("calls")[player_id]:
            return "You have already made a call: each player makes at most one call per hand."
        if player_id in data["played"]:
            return "Take-off must be called before your first card leaves your hand."
        return None

    # ----- what players see -------------------------------------------------------------------
    def get_all_datas(self, player_id):
        data = self.data
        mine = self.is_player(player_id)
        view = {
            "hand_number": data["hand_number"], "target": self.options["target"], "wish_option": self.options["wish"],
            "teams": [[self.player_ids[0], self.player_ids[2]], [self.player_ids[1], self.player_ids[3]]],
            "totals": data["totals"], "last_hand": data["last_hand"], "past_hands": data.get("past_hands", []),
        }
        if "hands" not in data:
            return view
        last_round = data["last_round"]
        view.update(
            hand=self.per_player("hands")[player_id] if mine else [],
            hand_sizes=self.hand_sizes(),
            calls=data["calls"], high_flight_answered=data["answered"], first_card_played=data["played"],
            my_passes=self.per_player("passing").get(player_id) if mine else None,
            received=self.per_player("received").get(player_id, []) if mine else [],
            trick=rnd.shown_plays(data["trick"]), round_won=data["round_won"], last_player=data["last_player"],
            passed=data["passed"], wish=rnd.wish_name(data), wish_by=rnd.wisher(data),
            last_round=last_round and {**last_round, "plays": rnd.shown_plays(last_round["plays"])},
            out=data["out"], won_counts={pid: len(cards) for pid, cards in data["won"].items()},
            won_points={pid: card_points(cards) for pid, cards in data["won"].items()},
            rounds_won=data.get("rounds_won") or dict.fromkeys(data["won"], 0),
            auto_pass=player_id in data["auto_pass"],
        )
        return view

    def describe_move(self, player_id, action, args):
        """The selected cards in words, and why they cannot be played now (`selection.py`)."""
        if action != "playCards":
            return None
        in_turn = self.gamestate.current_state() is PlayerTurn and self.gamestate.is_player_active(player_id)
        return describe_play(self, player_id, args["cards"], args["phoenix"], args["wish"], in_turn=in_turn)

    def hidden_from(self, viewer):
        data = self.data
        if "hands" not in data:
            return set()
        hidden = {c for pid, cards in self.per_player("hands").items() if pid != viewer for c in cards}
        hidden.update(c for cards in data["stock"].values() for c in cards)
        passing = self.per_player("passing")
        if data["delivered"] and viewer in passing:
            hidden.difference_update(passing[viewer].values())  # the viewer passed these
        return hidden

    def progression(self):
        return min(100, max(0, 100 * max(self.data["totals"]) // self.options["target"]))

    def hands_played(self):
        last = self.data["last_hand"]
        return last["hand_number"] if last else 0

    def broken_invariants(self):
        return invariants.broken(self.data, [self.get_score(pid) for pid in self.player_ids])

    def possible_actions(self, player_id, names):
        """Hide a spent Take-off; the states hide what else this viewer cannot use now."""
        if player_id is not None and "takeOff" in names and self.take_off_refusal(player_id):
            return [n for n in names if n != "takeOff"]
        return names

    # ----- legal actions: bots, zombies and tests share them (the states list their own) ------
    def global_legal_actions(self, player_id):
        return [("takeOff", {})] if self.may_take_off(player_id) else []

    def heuristic_move(self, player_id):
        return heuristic_move(self, player_id)

    def determinize(self, viewer, rng):
        """The hidden cards dealt again as `viewer` could believe them (determinize.py)."""
        determinize(self, viewer, rng)
