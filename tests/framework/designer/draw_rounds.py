"""Draw Rounds: a 3-round, 2-player test game whose rounds deal again from the whole deck, for
`bga simulate`'s tests. The last draw of a round ("You draw R4") and the next round's deal (R4 to
the other player) come in one move: a leak check must judge that notification by what was hidden
when it was sent, not after the move."""
from framework.engine import ACTIVE_PLAYER, GAME, Game, State, action, cards_not_conserved

DECK = [f"R{rank}" for rank in range(1, 7)]
ROUNDS = 3


class Draw(State):
    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must draw a card"
    description_my_turn = "${you} must draw a card"
    transitions = {"next": 10, "roundOver": 20}

    @action()
    def draw(self, player_id):
        game = self.game
        card = game.data["stock"].pop()
        game.per_player("hands")[player_id].append(card)
        game.data["drawn"] += 1
        game.notify_player(player_id, "drawn", "You draw ${card}", card=card)
        game.reveal_draw(player_id, card)
        if game.data["drawn"] == len(game.players):
            return "roundOver"
        game.gamestate.active_next_player()
        return "next"

    def legal_actions(self, player_id):
        return [("draw", {})] if self.game.gamestate.is_player_active(player_id) else []


class EndRound(State):
    id = 20
    type = GAME
    transitions = {"next": 10, "end": 99}

    def enter(self):
        game = self.game
        hands = game.per_player("hands")
        best = max(game.player_ids, key=lambda pid: sorted(hands[pid], reverse=True))
        game.inc_score(best, 1)
        game.data["rounds_done"] += 1
        game.notify_all("roundWon", "${player_name} wins round ${round}", player_id=best,
                        round=game.data["rounds_done"])
        if game.data["rounds_done"] == ROUNDS:
            return "end"
        game.deal()
        game.gamestate.change_active_player(game.player_ids[0])
        return "next"


class DrawRounds(Game):
    name = "draw_rounds"
    title = "Draw Rounds (test game)"
    min_players = max_players = 2
    states = [Draw, EndRound]

    def setup(self):
        self.data.update(rounds_done=0)
        self.deal()
        self.gamestate.change_active_player(self.player_ids[0])
        return Draw

    def deal(self):
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.data.update(hands=self.for_each_player(list), stock=deck[4:], drawn=0)
        hands = self.per_player("hands")
        for seat, pid in enumerate(self.player_ids):
            hands[pid] = deck[2 * seat:2 * seat + 2]
            self.notify_player(pid, "hand", "You receive ${cards}", cards=list(hands[pid]))

    def reveal_draw(self, player_id, card):
        """A well-behaved game tells no one else what was drawn."""

    def get_all_datas(self, player_id):
        hands = self.per_player("hands")
        return {"hand": hands.get(player_id, []), "round": self.data["rounds_done"] + 1}

    def hidden_from(self, viewer):
        hidden = set(self.data["stock"])
        hidden.update(c for pid, cards in self.per_player("hands").items() if pid != viewer for c in cards)
        return hidden

    def hands_played(self):
        return self.data["rounds_done"]

    def broken_invariants(self):
        cards = [c for hand in self.data["hands"].values() for c in hand] + self.data["stock"]
        lost = cards_not_conserved(cards, DECK)
        return [lost] if lost else []


class ShownDraws(DrawRounds):
    """The same game with a leak: the drawn card is shown to everyone."""

    name = "shown_draws"

    def reveal_draw(self, player_id, card):
        self.notify_all("drew", "${player_name} draws ${card}", player_id=player_id, card=card)
