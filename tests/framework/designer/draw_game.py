"""Draw: a tiny game for the BGA export's tests. It keeps its cards in the engine's Deck (so its
export needs a Deck table), has a yes/no, a word and a range option, an action with an optional
bounded argument and one with a list of numbers, and finds its next state through a helper.

Each player in turn draws one or two cards from the deck, or gives back some of theirs; after the
agreed number of rounds each scores the stars on the cards in their hand.
"""
from marshmallow import Schema, fields, validate

from framework.engine import ACTIVE_PLAYER, GAME, GAME_END_ID, Game, State, UserError, action


class DrawOptions(Schema):
    rounds = fields.Integer(load_default=2, validate=validate.Range(1, 3))
    pace = fields.String(load_default="calm", validate=validate.OneOf(["calm", "brisk"]))
    open_hands = fields.Boolean(load_default=False)


class Turn(State):
    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must draw or give back cards"
    description_my_turn = "${you} must draw or give back cards"

    @action({"count": fields.Integer(load_default=1, validate=validate.Range(1, 2))})
    def draw(self, player_id, count):
        cards = self.game.deck().pick_cards(count, "deck", player_id)
        self.game.notify_player(player_id, "drawn", "You draw ${count} cards", count=len(cards),
                                cards=[card["id"] for card in cards])
        self.game.notify_all("drew", "${player_name} draws", player_id=player_id)
        return NextTurn

    @action({"cards": fields.List(fields.Integer(), required=True)})
    def giveBack(self, player_id, cards):
        held = {card["id"] for card in self.game.deck().get_player_hand(player_id)}
        if not set(cards) <= held:
            raise UserError("You can give back only cards you hold.")
        self.game.deck().move_cards(cards, "deck")
        return NextTurn

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        left = self.game.deck().count_cards_in_location("deck")
        return [("draw", {"count": n}) for n in (1, 2) if n <= left] + [("giveBack", {"cards": []})]


class NextTurn(State):
    id = 20
    type = GAME
    update_progression = True

    def enter(self):
        return self.game.after_turn()


class DrawGame(Game):
    name = "draw_test"
    title = "Draw (test game)"
    min_players, max_players = 2, 3
    option_schema = DrawOptions
    states = [Turn, NextTurn]

    def setup(self):
        deck = self.deck()
        deck.create_cards([{"type": "star", "type_arg": stars, "nbr": 2} for stars in range(1, 7)])
        deck.shuffle()
        self.data["turns"] = 0
        self.gamestate.change_active_player(self.player_ids[0])
        return Turn

    def after_turn(self):
        """Where play goes after a turn: the next player's turn, or the end."""
        self.data["turns"] += 1
        if self.data["turns"] >= self.options["rounds"] * len(self.players):
            for player in self.player_ids:
                self.set_score(player, sum(c["type_arg"] for c in self.deck("cards").get_player_hand(player)))
            return GAME_END_ID
        self.gamestate.active_next_player()
        return Turn

    def get_all_datas(self, player_id):
        return {"hand": self.deck().get_player_hand(player_id) if self.is_player(player_id) else []}
