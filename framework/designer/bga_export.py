"""`bga export-bga`: the files a BGA Studio project starts from, made from a plugin.

BGA's current layout: `modules/php/Game.php`, one State class per state in `modules/php/States/`,
`modules/php/Notifications.php`, `gameoptions.json`, `stats.json`, `gameinfos.inc.php`,
`dbmodel.sql`, and a README of what to port; `legacy=True` writes the older `states.inc.php` layout
instead. The state machine (every exit the source shows, and those seen in play when games were
played), options, statistics, notifications and Decks carry over exactly; the rules do not (they are
Python): each method names the Python it comes from and throws until it is ported.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from framework.designer.proof.observed_play import Observed
from framework.designer.proof.state_graph import build_graph
from framework.engine import Game

from .bga.database import dbmodel_sql, decks_of
from .bga.game_php import game_php
from .bga.legacy import legacy_game_php, states_inc_php
from .bga.notifications import notifications_php, read_notifications, with_played
from .bga.options import game_options, options_of
from .bga.php import php_string, php_value
from .bga.project import Project, ProjectNameError, project_name
from .bga.states import state_files
from .bga_client_export import client_files

__all__ = ["Exported", "ProjectNameError", "export_bga", "game_options", "make_project", "states_inc_php",
           "stats_json"]

PLAYER_COLORS = ["ff0000", "008000", "0000ff", "ffa500", "773300", "982fff", "72c3b1", "f07f16"]


@dataclass
class Exported:
    files: list[Path]
    notes: list[str]
    project: Project


def make_project(game: type[Game], name: str | None = None, observed: Observed | None = None) -> Project:
    """What the export reads of a game: its project name (checked), its state graph, notifications
    and Decks, with what `observed` play showed merged in."""
    checked = project_name(game, name)
    graph = build_graph(game, observed.transitions if observed else ())
    notifications, notes = read_notifications(game)
    if observed:
        notifications = with_played(notifications, observed.notifications)
    decks, deck_notes = decks_of(game)
    notes = options_of(game)[1] + notes + deck_notes
    for exit_ in graph.unproven:
        state = graph.states[exit_.source].name
        notes.append(f"state {state}: where {exit_.via} leads is computed (`{exit_.text}`, {exit_.where}); "
                     "--simulate N adds the states play reaches from there")
    return Project(game, checked, graph, notifications, decks, notes)


def stats_json(game: type[Game]) -> dict:
    out = {}
    for kind in ("table", "player"):
        out[kind] = {name: {"id": 10 + index, "name": spec.get("name", name), "type": spec.get("type", "int"),
                            **({"display": spec["display"]} if "display" in spec else {})}
                     for index, (name, spec) in enumerate(game.statistics.get(kind, {}).items())}
    return out


def gameinfos_php(game: type[Game]) -> str:
    players = list(range(game.min_players, game.max_players + 1))
    tie_breaker = f"totranslate({php_string(game.tie_breaker)})" if game.tie_breaker else "''"
    return ("<?php\n$gameinfos = [\n"
            f"    'game_name' => {php_string(game.title)},\n"
            "    'publisher' => '',\n    'designer' => '',\n"
            f"    'players' => {php_value(players)},\n"
            f"    'suggest_player_number' => {game.max_players},\n"
            "    'not_recommend_player_number' => null,\n"
            "    'estimated_duration' => 30,\n"
            "    'fast_additional_time' => 30,\n    'medium_additional_time' => 40,\n"
            "    'slow_additional_time' => 50,\n"
            f"    'tie_breaker_description' => {tie_breaker},\n    'losers_not_ranked' => false,\n"
            "    'is_beta' => 1,\n    'is_coop' => 0,\n    'language_dependency' => false,\n"
            f"    'player_colors' => {php_value(PLAYER_COLORS[:max(4, game.max_players)])},\n"
            "    'game_interface_width' => ['min' => 740, 'max' => null],\n];\n")


README = """# {title}: BGA Studio project `{project}`

Made by `bga export-bga {name}` from the Python plugin `{module}` (version {version}), in BGA's
{layout}.

Carried over exactly: {exact}, `gameoptions.json` (option ids from 100; their ids are constants in
`Game.php`), `stats.json` (ids from 10), `gameinfos.inc.php` (player counts), `dbmodel.sql` (a
Deck table for each Deck the game uses), and `modules/php/Notifications.php`: every notification
type, who receives it, its log template (marked for translation) and its args.

To port by hand, each method names the Python it comes from and throws "Not ported yet" until it is:
- `Game::setupNewGame`: the plugin's `setup()` (players, statistics, the deal); it returns the first state.
- `Game::getAllDatas`: the plugin's `get_all_datas(player_id)`; `Game::getGameProgression`: `progression()`.
{port_states}
- rule checks become `throw new \\Bga\\GameFramework\\UserException(...)` with the same sentences;
  notifications are sent as `Notifications.php` lists them.
- the client: `modules/js/Game.js` is the plugin's `client.js` with a bridge to BGA's `bga` (a skeleton
  when it has none); what it cannot carry over is listed at its top.
{notes}"""

STATE_CLASSES = """- each State class in `modules/php/States/`: `getArgs()` is the state's `args()`,
  `onEnteringState()` its `enter()`, each `#[PossibleAction] act*` method the Python action of that
  name (it returns the class of the next state: its doc comment lists them, the constructor's
  `transitions` every exit), `zombie()` the state's zombie move."""
LEGACY_METHODS = """- each `act*` method: the Python action of the same name, then `nextState()` with the transition it
  takes; each `arg*` / `st*` method: the state's `args()` / `enter()`; `zombieTurn`: the states' zombie moves."""


def export_bga(game: type[Game], out: Path, *, name: str | None = None, legacy: bool = False,
               observed: Observed | None = None) -> Exported:
    """Write the project's files into `out` (refused, before anything is written, for a name BGA
    would not accept: `ProjectNameError`)."""
    project = make_project(game, name, observed)
    php = "modules/php/"
    files = {
        "gameinfos.inc.php": gameinfos_php(game),
        "gameoptions.json": json.dumps(game_options(game), indent=4) + "\n",
        "stats.json": json.dumps(stats_json(game), indent=4) + "\n",
        "dbmodel.sql": dbmodel_sql(game.title, game.name, project.decks),
        php + "Notifications.php": notifications_php(project.namespace, game.title, project.notifications),
    }
    if legacy:
        files["states.inc.php"] = states_inc_php(project)
        files[php + "Game.php"] = legacy_game_php(project)
    else:
        files[php + "Game.php"] = game_php(project)
        files.update(state_files(project))
    files.update(client_files(game, project.name))  # modules/js/Game.js and <project>.css
    notes = "".join(f"- {note}\n" for note in project.notes)
    files["README.md"] = README.format(
        title=game.title, project=project.name, name=game.name, module=game.__module__, version=game.version,
        layout="older layout (`states.inc.php`)" if legacy else "current layout (State classes)",
        exact=("`states.inc.php` (ids, names, types, descriptions, args, actions and every transition)" if legacy
               else "the State classes (ids, names, types, descriptions, every exit, actions with typed "
                    "parameters)"),
        port_states=LEGACY_METHODS if legacy else STATE_CLASSES,
        notes=f"\nWhat the export could not carry over as it is:\n{notes}" if notes else "")
    written = []
    for relative, text in files.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        written.append(path)
    return Exported(written, project.notes, project)
