"""`flask new-game NAME`: a complete small game to start from, with its RULES.md and tests."""
from __future__ import annotations

import re
from pathlib import Path

GAME_PY = '''"""__TITLE__: a starting point made by `flask new-game`. Each player is dealt a hand of numbered
cards (codes "c1", "c2", ...); in turn each plays one; the highest card of a round scores its value.
Change it freely."""
from marshmallow import Schema, fields, validate

from framework.engine import ACTIVE_PLAYER, GAME, Game, State, UserError, action


def value(card: str) -> int:
    return int(card[1:])


class Options(Schema):
    rounds = fields.Integer(load_default=3, validate=validate.Range(1, 10))


class PlayerTurn(State):
    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must play a card"
    description_my_turn = "${you} must play a card"
    transitions = {"played": 20}

    def args(self):
        return {"round": self.game.data["round"]}

    @action({"card": fields.String(required=True)})
    def playCard(self, player_id, card):
        hand = self.game.per_player("hands")[player_id]
        if card not in hand:
            raise UserError("You do not have that card.")
        hand.remove(card)
        self.game.per_player("table")[player_id] = card
        self.game.notify_all("cardPlayed", "${player_name} plays ${card}", player_id=player_id, card=card)
        return "played"

    def legal_actions(self, player_id):
        """Bots, zombies, `flask simulate` and the random-play test choose among these."""
        if not self.game.gamestate.is_player_active(player_id):
            return []
        return [("playCard", {"card": card}) for card in self.game.per_player("hands")[player_id]]


class NextPlayer(State):
    id = 20
    type = GAME
    update_progression = True
    transitions = {"next": 10, "end": 99}

    def enter(self):
        data, played = self.game.data, self.game.per_player("table")
        if len(played) < len(self.game.players):
            self.game.gamestate.active_next_player()
            return "next"
        winner = max(played, key=lambda pid: value(played[pid]))
        self.game.inc_score(winner, value(played[winner]))
        self.game.notify_all("roundWon", "${player_name} wins round ${round}", player_id=winner,
                             round=data["round"])
        data["table"] = {}
        if data["round"] == self.game.options["rounds"]:
            return "end"
        data["round"] += 1
        self.game.gamestate.change_active_player(winner)
        return "next"


class __CLASS__(Game):
    name = "__NAME__"
    title = "__TITLE__"
    min_players, max_players = 2, 4
    option_schema = Options
    states = [PlayerTurn, NextPlayer]

    def setup(self):
        rounds = self.options["rounds"]
        deck = [f"c{number}" for number in range(1, rounds * len(self.players) + 1)]
        self.rng.shuffle(deck)
        self.data.update(round=1, table={}, hands=self.for_each_player(list))
        hands = self.per_player("hands")
        for seat, player in enumerate(self.players):
            hands[player.id] = sorted(deck[seat * rounds:(seat + 1) * rounds], key=value)
            self.notify_player(player.id, "hand", "You are dealt ${cards}", cards=hands[player.id])
        self.gamestate.change_active_player(self.player_ids[0])
        return PlayerTurn

    def view(self, player_id):
        hands = self.per_player("hands")
        return {"hand": hands.get(player_id, []), "table": self.data["table"], "round": self.data["round"],
                "hand_sizes": {pid: len(hand) for pid, hand in hands.items()}}

    def progression(self):
        return 100 * (self.data["round"] - 1) // self.options["rounds"]

    def hidden_from(self, viewer):
        """Other players' cards: the random-play test checks no view or notification shows them."""
        return {card for pid, hand in self.per_player("hands").items() if pid != viewer for card in hand}
'''

INIT_PY = '''from .game import __CLASS__

GAME = __CLASS__
'''

RULES_MD = '''# __TITLE__: rules as implemented

Made by `flask new-game __NAME__`: replace these rules with your game's.

- 2-4 players. Each is dealt `rounds` cards, `c1` to `cN` (all different; the number is the value).
- In turn, each plays one card; when everyone has played, the highest card wins the round and
  scores its value; its player leads the next round.
- After `rounds` rounds the highest score wins.

## Options
| option | default | meaning |
|---|---|---|
| `rounds` | 3 | rounds (and cards per player), 1-10 |

## Actions
| state (type) | action | arguments |
|---|---|---|
| playerTurn (active_player) | `playCard` | `{"card": "c7"}` |
'''

TEST_PY = '''"""The generated game's tests: a rule, and the shared random-play test. Grow them with the game."""
import pytest

from framework.engine import Table, UserError
from framework.engine.testing import play_random_game
from framework.engine.validation import validate
from games.__NAME__ import GAME

PLAYERS = [{"id": 1, "name": "Anna"}, {"id": 2, "name": "Ben"}]


def test_the_plugin_is_sound():
    assert validate(GAME) == []


def test_a_card_must_come_from_your_hand():
    table = Table.create(GAME, PLAYERS, {}, "rules")
    mine = table.view(1)["data"]["hand"]
    theirs = table.view(2)["data"]["hand"][0]
    with pytest.raises(UserError, match="You do not have that card."):
        table.apply(1, "playCard", {"card": theirs})
    table.apply(1, "playCard", {"card": mine[0]})
    assert table.active_players() == [2]


@pytest.mark.parametrize("seed", range(50))
def test_random_games_end_and_replay(seed):
    played = play_random_game(GAME, f"__NAME__-{seed}", options={"rounds": 2})
    assert played.table.status == "finished"
'''


def class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def new_game(name: str, root: Path, title: str | None = None) -> list[Path]:
    """Write games/NAME and tests/games/NAME under `root`; refuse to overwrite anything."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{1,38}", name):
        raise ValueError("a game name is 2-39 lower-case letters, digits or _, starting with a letter")
    game_dir, test_dir = root / "games" / name, root / "tests" / "games" / name
    for folder in (game_dir, test_dir):
        if folder.exists():
            raise FileExistsError(f"{folder} exists already")
    values = {"__NAME__": name, "__CLASS__": class_name(name), "__TITLE__": title or name.replace("_", " ").title()}
    files = {game_dir / "__init__.py": INIT_PY, game_dir / "game.py": GAME_PY, game_dir / "RULES.md": RULES_MD,
             test_dir / "__init__.py": "", test_dir / "test_game.py": TEST_PY}
    written = []
    for path, template in files.items():
        for key, value in values.items():
            template = template.replace(key, value)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(template)
        written.append(path)
    tests_games_init = root / "tests" / "games" / "__init__.py"
    if not tests_games_init.exists():
        tests_games_init.write_text("")
    return written
