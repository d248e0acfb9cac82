"""Climb: a tiny game used only by the tests. It exercises every state type, a private
notification, an out-of-turn action (`cheer`) and an undo savepoint (refused once another player
has cheered since the turn began: an undo never erases another player's move), and declares an
invariant.

Each player gets a hand of numbered cards and secretly picks a charm word. In turn, each plays
one card, which may not be lower than the card on top of the pile unless they hold nothing
higher, then confirms it or undoes it. Cards score their rank, a cheer one point; equal scores are
ranked by the highest card played (score_aux). The charms are revealed at the end.
"""
from marshmallow import Schema, fields, validate

from framework.engine import (
    ACTIVE_PLAYER,
    GAME,
    MULTIPLE_ACTIVE,
    Game,
    State,
    UserError,
    action,
    cards_not_conserved,
)

# Bots pick from these; players may name any word of 3-12 letters, so no list of them is public.
CHARMS = ("amber", "cobalt", "jade", "ruby")
RANKS = range(1, 10)
DECK = [f"{rank}{copy}" for rank in RANKS for copy in "ab"]


def card_rank(code: str) -> int:
    return int(code[0])


class ClimbOptions(Schema):
    hand_size = fields.Integer(load_default=3, validate=validate.Range(1, 4))


class PickCharm(State):
    id = 2
    type = MULTIPLE_ACTIVE
    description = "Waiting for ${actplayer} to pick a charm"
    description_my_turn = "${you} must pick a charm"
    transitions = {"done": 10}

    def args(self):
        return {"letters": "3-12"}

    @action({"charm": fields.String(required=True, validate=validate.Regexp(r"^[a-z]{3,12}$"))})
    def pickCharm(self, player_id, charm):
        self.game.per_player("charms")[player_id] = charm
        self.game.notify_player(player_id, "charmPicked", "You picked ${charm}", charm=charm)
        self.game.notify_all("playerReady", "${player_name} is ready", player_id=player_id)
        self.game.gamestate.set_player_non_multiactive(player_id, "done")

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        return [("pickCharm", {"charm": c}) for c in CHARMS]


class PlayerTurn(State):
    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must play a card of ${floor} or more"
    description_my_turn = "${you} must play a card of ${floor} or more"
    transitions = {"played": 11}

    def enter(self):
        self.game.undo_savepoint()

    def args(self):
        active = self.game.gamestate.active_player()
        return {"floor": self.game.floor(),
                "_private": {active: {"playable": self.game.playable(active)}}}

    @action({"card": fields.String(required=True)})
    def playCard(self, player_id, card):
        hand = self.game.per_player("hands")[player_id]
        if card not in hand:
            raise UserError("You do not have that card.")
        if card not in self.game.playable(player_id):
            raise UserError(f"You must play a card of {self.game.floor()} or more while you hold one.")
        hand.remove(card)
        self.game.data["pile"].append(card)
        self.game.inc_score(player_id, card_rank(card))
        self.game.set_score_aux(player_id, max(self.game.get_score_aux(player_id), card_rank(card)))
        self.game.notify_all("cardPlayed", "${player_name} plays ${card}", player_id=player_id, card=card)
        return "played"

    def legal_actions(self, player_id):
        moves = []
        if self.game.gamestate.is_player_active(player_id):
            moves = [("playCard", {"card": c}) for c in self.game.playable(player_id)]
        return moves + self.game.cheer_moves(player_id)


class ConfirmTurn(State):
    id = 11
    type = ACTIVE_PLAYER
    description = "${actplayer} may undo their card"
    description_my_turn = "${you} may confirm your card or undo it"
    transitions = {"confirmed": 20}

    @action()
    def confirm(self, player_id):
        return "confirmed"

    @action()
    def undo(self, player_id):
        self.game.undo_restore_point()
        self.game.notify_all("undone", "${player_name} takes back a card", player_id=player_id)

    def legal_actions(self, player_id):
        moves = []
        if self.game.gamestate.is_player_active(player_id):
            moves = [("confirm", {}), ("undo", {})] if self.game.can_undo(player_id) else [("confirm", {})]
        return moves + self.game.cheer_moves(player_id)

    def possible_actions(self, player_id, names):
        """Undo is offered only while nobody else has moved since the turn began (a cheer)."""
        names = super().possible_actions(player_id, names)
        return names if self.game.can_undo(player_id) else [n for n in names if n != "undo"]


class NextPlayer(State):
    id = 20
    type = GAME
    update_progression = True

    def enter(self):
        self.game.inc_stat("turns")
        if not any(self.game.data["hands"].values()):
            self.game.data["revealed"] = True
            self.game.notify_all("charmsRevealed", "Charms: ${charms}", charms=self.game.data["charms"])
            return 99
        self.game.gamestate.active_next_player()
        return PlayerTurn


class Climb(Game):
    name = "climb"
    title = "Climb (test game)"
    min_players, max_players = 2, 4
    option_schema = ClimbOptions
    states = [PickCharm, PlayerTurn, ConfirmTurn, NextPlayer]
    statistics = {"table": {"turns": {"type": "int", "name": "Turns"}},
                  "player": {"cheers": {"type": "int", "name": "Cheers"},
                             # What each was dealt: for balancing the deal, never shown to the players.
                             "points_dealt": {"type": "int", "name": "Points dealt", "display": "limited"}}}
    tie_breaker = "The highest card played"

    def setup(self):
        deck = list(DECK)
        self.rng.shuffle(deck)
        size = self.options["hand_size"]
        self.data.update(hands=self.for_each_player(list), charms={}, pile=[], cheers=self.for_each_player(int))
        hands = self.per_player("hands")
        for seat, player in enumerate(self.players):
            hands[player.id] = sorted(deck[seat * size:(seat + 1) * size])
            self.set_stat("points_dealt", sum(map(card_rank, hands[player.id])), player.id)
            self.notify_player(player.id, "hand", "You receive ${cards}", cards=hands[player.id])
        self.data["stock"] = deck[len(self.players) * size:]
        self.gamestate.change_active_player(self.player_ids[0])
        return PickCharm

    # ----- rules --------------------------------------------------------------------------
    def floor(self) -> int:
        pile = self.data["pile"]
        return card_rank(pile[-1]) if pile else 1

    def playable(self, player_id) -> list[str]:
        hand = self.per_player("hands")[player_id]
        higher = [c for c in hand if card_rank(c) >= self.floor()]
        return higher or list(hand)

    @action({}, out_of_turn=True)
    def cheer(self, player_id):
        cheers = self.per_player("cheers")
        if cheers[player_id] >= 2:
            raise UserError("You have cheered twice already.")
        cheers[player_id] += 1
        self.inc_stat("cheers", 1, player_id)
        self.inc_score(player_id, 1)
        self.notify_all("cheer", "${player_name} cheers", player_id=player_id)

    # ----- what players see ------------------------------------------------------------------
    def get_all_datas(self, player_id):
        hands, charms = self.per_player("hands"), self.per_player("charms")
        finished = self.data.get("revealed", False)
        return {
            "hand": hands.get(player_id, []),
            "hand_sizes": {pid: len(cards) for pid, cards in hands.items()},
            "pile": self.data["pile"],
            "my_charm": charms.get(player_id),
            "charms": self.data["charms"] if finished else None,
        }

    def hidden_from(self, viewer):
        hands, charms = self.per_player("hands"), self.per_player("charms")
        mine = set(hands.get(viewer, []))
        hidden = {c for pid, cards in hands.items() if pid != viewer for c in cards}
        hidden |= set(self.data["stock"])
        if not self.data.get("revealed"):
            hidden |= {c for pid, c in charms.items() if pid != viewer}
            hidden -= {charms.get(viewer)}
        return hidden - mine

    def determinize(self, viewer, rng):
        """The hands of the others and the stock, redealt from the cards `viewer` has not seen, each hand
        keeping its size (the view shows it); charms not yet revealed, picked again from the bots' list."""
        hands = self.per_player("hands")
        others = [pid for pid in self.player_ids if pid != viewer]
        unseen = sorted([c for pid in others for c in hands[pid]] + self.data["stock"])  # sorted: see Duel
        rng.shuffle(unseen)
        for pid in others:
            size = len(hands[pid])
            hands[pid], unseen = sorted(unseen[:size]), unseen[size:]
        self.data["stock"] = unseen
        if not self.data.get("revealed"):
            charms = self.per_player("charms")
            for pid in others:
                if pid in charms:
                    charms[pid] = rng.choice(CHARMS)

    def broken_invariants(self):
        """Checked after every move by the random-play test and `bga simulate`: each card in one place."""
        cards = [c for hand in self.data["hands"].values() for c in hand] + self.data["pile"] + self.data["stock"]
        lost = cards_not_conserved(cards, DECK)
        return [lost] if lost else []

    def progression(self):
        total = len(self.data["pile"]) + sum(len(h) for h in self.data["hands"].values())
        return 100 * len(self.data["pile"]) // total

    def cheer_moves(self, player_id) -> list[tuple[str, dict]]:
        """Cheering is listed once the cards are out, up to twice a player (the game-wide action is
        sent in any player state, but offered to bots while cards are played)."""
        return [("cheer", {})] if self.per_player("cheers")[player_id] < 2 else []
