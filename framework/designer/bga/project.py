"""The BGA project a game is exported as: its name (BGA's rules for it), namespace and what the
export has read of the game: the state graph, its notifications and the Decks it uses."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from framework.designer.proof.state_graph import StateGraph
from framework.engine import Game

from .notifications import NotificationSpec

# BGA Studio project names are lower-case letters only: the name is the game's folder, its files'
# prefix (`<name>.js`) and, capitalised, its PHP namespace (Bga\Games\<Name>). The project-rename
# tool BGA developers share with their framework code refuses anything else (no digits, no `_`).
PROJECT_NAME = re.compile(r"[a-z]+")


class ProjectNameError(ValueError):
    pass


def suggested_name(name: str) -> str:
    """The name BGA would accept nearest to `name`: its letters, in lower case."""
    return re.sub(r"[^a-z]", "", name.lower())


def project_name(game: type[Game], wanted: str | None = None) -> str:
    """`wanted`, or the game's name made acceptable; refused with a suggestion when not acceptable."""
    name = wanted if wanted is not None else suggested_name(game.name)
    if PROJECT_NAME.fullmatch(name):
        return name
    suggestion = suggested_name(name) or suggested_name(game.title) or "mygame"
    raise ProjectNameError(f"BGA project names are lower-case letters a-z only, with no digits, "
                           f"underscores or spaces: {name!r} is not one; try --name {suggestion}")


@dataclass
class Project:
    game: type[Game]
    name: str
    graph: StateGraph
    notifications: list[NotificationSpec]
    decks: list[str]
    notes: list[str] = field(default_factory=list)  # what the designer should know, printed by the CLI

    @property
    def namespace(self) -> str:
        return "Bga\\Games\\" + self.name.capitalize()
