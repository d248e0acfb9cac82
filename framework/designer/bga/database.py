"""`dbmodel.sql`: BGA's Deck table for each Deck the game uses (`self.deck(name)`), read from its source."""
from __future__ import annotations

import ast
import re

from framework.designer.proof.plugin_source import Instance, SourceReader, Values
from framework.engine import Game

DEFAULT_DECK = "cards"  # Game.deck()'s default name


def decks_of(game: type[Game]) -> tuple[list[str], list[str]]:
    """The names of the Decks the game's code opens, and a note for each name the source does not tell."""
    reader = SourceReader(game)
    names: list[str] = []
    notes: list[str] = []
    for source in reader.modules:
        for call in ast.walk(source.tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "deck"):
                continue
            scope = reader.enclosing(source, call)
            receiver = reader.values(call.func.value, scope)
            if receiver.found and not any(isinstance(v, Instance) and issubclass(v.cls, Game) for v in receiver.found):
                continue  # some other object's deck()
            argument = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "name"), None)
            found = reader.values(argument, scope) if argument is not None else Values([DEFAULT_DECK])
            names += [n for n in found.found if isinstance(n, str) and n not in names]
            notes += [f"a Deck's name is computed at {u.where} (`{u.text}`): add its table to dbmodel.sql by hand"
                      for u in found.unknown]
    return names, notes


def table_name(deck: str) -> str:
    return re.sub(r"[^a-z0-9_]", "_", deck.lower())


def dbmodel_sql(title: str, game_name: str, decks: list[str]) -> str:
    lines = [f"-- {title}: the database of the BGA project exported from the Python plugin '{game_name}'.",
             "-- BGA makes the `player` table itself (add columns with ALTER TABLE `player` ADD ...).",
             "-- The Python keeps the game's data as JSON (self.data): keep it in tables of your own here,",
             "-- or in $this->globals (any JSON value), as you port."]
    for deck in decks:
        table = table_name(deck)
        lines += ["", f"-- The Deck {deck!r} (self.deck({deck!r}) in the Python): "
                      f"$this->{property_name(deck)} in Game.php.",
                  f"CREATE TABLE IF NOT EXISTS `{table}` (",
                  "  `card_id` int(10) unsigned NOT NULL AUTO_INCREMENT,",
                  "  `card_type` varchar(16) NOT NULL,",
                  "  `card_type_arg` int(11) NOT NULL,",
                  "  `card_location` varchar(16) NOT NULL,",
                  "  `card_location_arg` int(11) NOT NULL,",
                  "  PRIMARY KEY (`card_id`)",
                  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 AUTO_INCREMENT=1;"]
    return "\n".join(lines) + "\n"


def property_name(deck: str) -> str:
    """The Game.php property holding a Deck: its name in camelCase."""
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", deck) if p] or ["deck"]
    name = parts[0].lower() + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    return name if name[0].isalpha() else "deck" + name
