"""`bga new-game NAME`: a complete small game to start from, with its RULES.md and tests, either
inside this repository (games/NAME, registered in its pyproject.toml) or as a package of its own
(`--standalone DIR`: its own pyproject.toml declaring the entry point, its tests, a README)."""
from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import sys
import tomllib
from pathlib import Path

from framework.engine.plugins import GROUP

GAME_PY = '''"""__TITLE__: a starting point made by `bga new-game`. Each player is dealt a hand of numbered
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
        """Bots, zombies, `bga simulate` and the random-play test choose among these."""
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

    def get_all_datas(self, player_id):
        hands = self.per_player("hands")
        return {"hand": hands.get(player_id, []), "table": self.data["table"], "round": self.data["round"],
                "hand_sizes": {pid: len(hand) for pid, hand in hands.items()}}

    def progression(self):
        return 100 * (self.data["round"] - 1) // self.options["rounds"]

    def hidden_from(self, viewer):
        """Other players' cards: the random-play test checks no view or notification shows them."""
        return {card for pid, hand in self.per_player("hands").items() if pid != viewer for card in hand}

    def determinize(self, viewer, rng):
        """For the expert bot: the cards `viewer` cannot see (the others' hands) dealt again at random,
        from `rng`, each hand keeping its size (every view shows it). Keep fixed what they have seen;
        `check_determinize` in the tests checks it (docs/writing-a-game.md, "Writing determinize")."""
        hands = self.per_player("hands")
        others = [pid for pid in self.player_ids if pid != viewer]
        # Sorted before the shuffle: gathered hand by hand, the guess would tell where the cards were.
        unseen = sorted(card for pid in others for card in hands[pid])
        rng.shuffle(unseen)
        for pid in others:
            size = len(hands[pid])
            hands[pid], unseen = sorted(unseen[:size], key=value), unseen[size:]
'''

INIT_PY = '''from .game import __CLASS__

GAME = __CLASS__
'''

RULES_MD = '''# __TITLE__: rules as implemented

Made by `bga new-game __NAME__`: replace these rules with your game's.

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

from framework.designer.proof.validation import validate
from framework.engine import Table, UserError
from framework.engine.plugins import discover_games
from framework.testing import check_determinize, play_random_game
from __PACKAGE__ import GAME

PLAYERS = [{"id": 1, "name": "Anna"}, {"id": 2, "name": "Ben"}]


def test_the_plugin_is_sound():
    """The full review `validate` gives: every state reached and able to end, proven from the source."""
    assert validate(GAME) == []


def test_the_game_is_registered():
    """The server finds a game by its entry point; when this fails, the message says how to install it."""
    # __REGISTRATION__
    assert discover_games(only=["__NAME__"]) == {"__NAME__": GAME}


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


def test_determinize_keeps_what_each_player_sees_and_moves_the_rest():
    """The expert bot's guesses: the same view and moves for the player, the hidden cards dealt anew."""
    report = check_determinize(GAME, 300)
    assert report.positions == 300 and not report.pinned
'''


PYPROJECT_TOML = '''[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "__NAME__"
version = "0.1.0"
description = "__TITLE__: a game plugin for __FRAMEWORK__"
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["__REQUIREMENT__"]

[project.optional-dependencies]
test = ["pytest>=8.0"]

# How the framework finds the game: the name is the game's Game.name, the value its Game class.
[project.entry-points."__GROUP__"]
__NAME__ = "__NAME__:GAME"

[tool.setuptools.packages.find]
include = ["__NAME__*"]

[tool.setuptools.package-data]
"*" = ["*.md", "*.js", "*.css"]

[tool.pytest.ini_options]
testpaths = ["tests"]
pythonpath = ["."]
'''

README_MD = '''# __TITLE__

A game plugin for __FRAMEWORK__, made by `bga new-game __NAME__ --standalone`: the game is the package
`__NAME__/` (`GAME` in `__NAME__/__init__.py`, the rules in `__NAME__/game.py` and `__NAME__/RULES.md`),
its tests are in `tests/`.

## Serve it
Install it next to the framework, in the framework's virtual environment (from the framework's folder):

```sh
.venv/bin/pip install -e __DIR__
```

The framework finds games through the `__GROUP__` entry points: once installed, `__NAME__` is
served by `make run` and every designer command takes it (`.venv/bin/bga validate __NAME__`,
`simulate`, `diagram`, `export-bga`), and the framework's own tests (the hidden-information audit,
the random play of every registered game) play it too. `__NAME__/client.js` (and `client.css`), next to
`game.py`, is served as the game's renderer; without it the generic renderer plays it.

## Test it
```sh
cd __DIR__ && <framework folder>/.venv/bin/python -m pytest
```
'''


def class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def framework_requirement(root: Path) -> tuple[str, str]:
    """This framework's distribution name, and the requirement a standalone game declares on it: from
    the checkout's pyproject.toml, else from the installed distribution that holds `framework`."""
    try:
        project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
        name, version = project["name"], project["version"]
    except FileNotFoundError:
        name = importlib.metadata.packages_distributions()["framework"][0]
        version = importlib.metadata.version(name)
    return name, f"{name}>={version}"


def with_entry_point(text: str, name: str, value: str) -> str:
    """pyproject.toml's text with `name = "value"` added to the game plugins' entry point table."""
    points = tomllib.loads(text).get("project", {}).get("entry-points", {}).get(GROUP, {})
    if name in points:
        raise FileExistsError(f"pyproject.toml registers a game {name!r} already")
    header, line = f'[project.entry-points."{GROUP}"]', f'{name} = "{value}"'
    lines = text.splitlines()
    if header in lines:
        end = lines.index(header) + 1
        while end < len(lines) and lines[end].strip() and not lines[end].lstrip().startswith("["):
            end += 1
        lines.insert(end, line)
        new = "\n".join(lines) + "\n"
    elif points:
        raise ValueError(f"pyproject.toml's {GROUP} table is not written as {header}: add {line} to it yourself")
    else:
        new = text.rstrip("\n") + f"\n\n{header}\n{line}\n"
    if tomllib.loads(new).get("project", {}).get("entry-points", {}).get(GROUP, {}).get(name) != value:
        raise ValueError(f"could not add {line} to pyproject.toml's {GROUP} table: add it yourself")
    return new


def _write(files: dict[Path, str], values: dict[str, str]) -> list[Path]:
    written = []
    for path, template in files.items():
        for key, value in values.items():
            template = template.replace(key, value)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(template)
        written.append(path)
    return written


def new_game(name: str, root: Path, title: str | None = None, standalone: Path | None = None) -> list[Path]:
    """Write a new game; refuse to overwrite anything. Without `standalone`: games/NAME and
    tests/games/NAME under the repository `root`, and its entry point added to root/pyproject.toml.
    With it: a package of its own in that folder (pyproject.toml, NAME/, tests/, README.md)."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{1,38}", name):
        raise ValueError("a game name is 2-39 lower-case letters, digits or _, starting with a letter")
    values = {"__NAME__": name, "__CLASS__": class_name(name), "__TITLE__": title or name.replace("_", " ").title(),
              "__GROUP__": GROUP}
    if standalone is not None:
        return _new_standalone_game(name, root, standalone, values)
    game_dir, test_dir = root / "games" / name, root / "tests" / "games" / name
    for folder in (game_dir, test_dir):
        if folder.exists():
            raise FileExistsError(f"{folder} exists already")
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file():
        raise ValueError(f"no pyproject.toml in {root} to register the game in: use --standalone for a game of its own")
    registered = with_entry_point(pyproject.read_text(), name, f"games.{name}:GAME")
    values |= {"__PACKAGE__": f"games.{name}",
               "__REGISTRATION__": "new-game added it to pyproject.toml; `make install` (make test) installs it."}
    written = _write({game_dir / "__init__.py": INIT_PY, game_dir / "game.py": GAME_PY, game_dir / "RULES.md": RULES_MD,
                      test_dir / "__init__.py": "", test_dir / "test_game.py": TEST_PY}, values)
    tests_games_init = root / "tests" / "games" / "__init__.py"
    if not tests_games_init.exists():
        tests_games_init.write_text("")
    pyproject.write_text(registered)
    return [*written, pyproject]


def _new_standalone_game(name: str, root: Path, folder: Path, values: dict[str, str]) -> list[Path]:
    if folder.exists() and any(folder.iterdir()):
        raise FileExistsError(f"{folder} exists already and is not empty")
    if name in sys.stdlib_module_names or importlib.util.find_spec(name) is not None:
        raise ValueError(f"a module named {name!r} exists already: a game of its own is a top-level package, "
                         "pick another name")
    distribution, requirement = framework_requirement(root)
    values |= {"__PACKAGE__": name, "__FRAMEWORK__": distribution, "__REQUIREMENT__": requirement,
               "__DIR__": str(folder),
               "__REGISTRATION__": f"pyproject.toml declares it; `pip install -e .` by {distribution} installs it."}
    package = folder / name
    return _write({folder / "pyproject.toml": PYPROJECT_TOML, folder / "README.md": README_MD,
                   package / "__init__.py": INIT_PY, package / "game.py": GAME_PY, package / "RULES.md": RULES_MD,
                   folder / "tests" / "test_game.py": TEST_PY}, values)
