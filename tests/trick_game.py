"""Duel: a tiny trick-taking game with hidden hands, used only by the expert bot's tests.

2 or 4 players (seats 0+2 and 1+3 are partners at four). Sixteen cards, ranks 1-8 in suits S and H;
each player is dealt `hand_size` cards, the rest stay face down. The leader plays any card, the
others must follow the led suit while they can (not following shows a void); the highest card of
the led suit wins the trick and leads the next. A trick is worth a point to the winner's side,
and partners share their side's score. After `hands` hands the higher score wins.

It writes `determinize` the way a game must: the cards its viewer has not seen are pooled in a
fixed order (sorted) before they are shuffled, then dealt back keeping each hand's size and every
void shown, so the result depends on what the viewer knows and the draw, never on where the hidden
cards really are.
"""
from marshmallow import Schema, fields, validate

from framework.engine import ACTIVE_PLAYER, GAME, Game, State, UserError, action

SUITS, RANKS = "SH", range(1, 9)
DECK = [f"{suit}{rank}" for suit in SUITS for rank in RANKS]


def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> int:
    return int(card[1:])


class DuelOptions(Schema):
    hand_size = fields.Integer(load_default=3, validate=validate.Range(1, 4))
    hands = fields.Integer(load_default=2, validate=validate.Range(1, 20))


class Deal(State):
    id = 2
    type = GAME
    transitions = {"play": 10}

    def enter(self):
        self.game.deal()
        return "play"


class PlayCard(State):
    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must play a card"
    description_my_turn = "${you} must play a card"
    transitions = {"played": 20}

    @action({"card": fields.String(required=True)})
    def playCard(self, player_id, card):
        game = self.game
        if card not in game.playable(player_id):
            raise UserError("You must follow suit with a card you hold.")
        trick = game.data["trick"]
        if trick and suit(card) != suit(trick[0][1]):
            game.data["voids"][str(player_id)].append(suit(trick[0][1]))
        game.per_player("hands")[player_id].remove(card)
        trick.append([player_id, card])
        game.notify_all("cardPlayed", "${player_name} plays ${card}", player_id=player_id, card=card)
        return "played"

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        return [("playCard", {"card": c}) for c in self.game.playable(player_id)]


class NextPlayer(State):
    id = 20
    type = GAME
    transitions = {"play": 10, "deal": 2}

    def enter(self):
        game, data = self.game, self.game.data
        if len(data["trick"]) < len(game.player_ids):
            game.gamestate.active_next_player()
            return "play"
        led = suit(data["trick"][0][1])
        winner = max((p for p in data["trick"] if suit(p[1]) == led), key=lambda p: rank(p[1]))[0]
        data["trick"] = []
        for pid in game.side_of(winner):
            game.inc_score(pid, 1)
        game.notify_all("trickWon", "${player_name} wins the trick", player_id=winner)
        if any(game.data["hands"].values()):
            game.gamestate.change_active_player(winner)
            return "play"
        data["hands_done"] += 1
        if data["hands_done"] >= game.options["hands"]:
            return 99
        return "deal"


class Duel(Game):
    name = "duel"
    title = "Duel (test game)"
    min_players, max_players = 2, 4
    option_schema = DuelOptions
    states = [Deal, PlayCard, NextPlayer]

    def setup(self):
        self.data.update(hands=self.for_each_player(list), stock=[], trick=[], hands_done=0,
                         voids=self.for_each_player(list))
        return Deal

    def deal(self):
        deck = list(DECK)
        self.rng.shuffle(deck)
        size = self.options["hand_size"]
        hands = self.per_player("hands")
        for seat, pid in enumerate(self.player_ids):
            hands[pid] = sorted(deck[seat * size:(seat + 1) * size])
            self.notify_player(pid, "hand", "You receive ${cards}", cards=hands[pid])
        self.data["stock"] = deck[len(self.player_ids) * size:]
        self.data["voids"] = self.for_each_player(list)
        leader = self.player_ids[self.data["hands_done"] % len(self.player_ids)]
        self.gamestate.change_active_player(leader)

    def side_of(self, player_id) -> list[int]:
        return next(team for team in self.teams() if player_id in team)

    def teams(self):
        ids = self.player_ids
        return [[ids[0], ids[2]], [ids[1], ids[3]]] if len(ids) == 4 else [[pid] for pid in ids]

    def playable(self, player_id) -> list[str]:
        hand, trick = self.per_player("hands")[player_id], self.data["trick"]
        following = [c for c in hand if trick and suit(c) == suit(trick[0][1])]
        return following or list(hand)

    def hands_played(self):
        return self.data["hands_done"]

    def heuristic_move(self, player_id):
        """The lowest card it may play: easy to read, and to beat."""
        return "playCard", {"card": min(self.playable(player_id), key=lambda c: (rank(c), c))}

    def get_all_datas(self, player_id):
        hands = self.per_player("hands")
        return {"hand": hands.get(player_id, []), "hand_sizes": {pid: len(h) for pid, h in hands.items()},
                "trick": self.data["trick"], "voids": self.data["voids"]}

    def hidden_from(self, viewer):
        hands = self.per_player("hands")
        return {c for pid, cards in hands.items() if pid != viewer for c in cards} | set(self.data["stock"])

    def determinize(self, viewer, rng):
        hands, voids = self.per_player("hands"), self.per_player("voids")
        others = [pid for pid in self.player_ids if pid != viewer]
        unseen = sorted([c for pid in others for c in hands[pid]] + self.data["stock"])  # sorted: no peeking
        sizes = {pid: len(hands[pid]) for pid in others}
        for _ in range(1000):  # rejection: redraw until every void shown is kept (small hands: quick)
            rng.shuffle(unseen)
            dealt, rest = {}, list(unseen)
            for pid in others:
                dealt[pid] = sorted(rest[:sizes[pid]])
                rest = rest[sizes[pid]:]
            if all(suit(c) not in voids[pid] for pid in others for c in dealt[pid]):
                break
        else:
            raise RuntimeError("no deal keeps the voids shown")
        for pid in others:
            hands[pid] = dealt[pid]
        self.data["stock"] = rest

    def broken_invariants(self):
        cards = [c for h in self.data["hands"].values() for c in h] + self.data["stock"]
        cards += [c for _pid, c in self.data["trick"]]
        return [] if len(cards) == len(set(cards)) else ["a card is in two places"]
