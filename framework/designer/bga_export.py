"""`flask export-bga`: the files a BGA Studio project starts from, made from a plugin.

The state machine, options, statistics and player counts carry over exactly; game logic does not
(it is Python): Game.php gets one method per action, state argument and game state, each with a
comment naming the Python it comes from, and the README says what to port by hand.
"""
from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

from marshmallow import fields

from framework.engine import GAME, GAME_END_ID, GAME_SETUP_ID, Game
from framework.engine.graph import build_graph

BGA_TYPES = {"active_player": "activeplayer", "multiple_active": "multipleactiveplayer", "game": "game"}


def php_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def php_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return php_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(php_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "[" + ", ".join(f"{php_value(k)} => {php_value(v)}" for k, v in value.items()) + "]"
    return "null"


def camel(name: str) -> str:
    return name[:1].upper() + name[1:]


def transitions_of(game: type[Game]) -> dict[int, dict[str, int]]:
    """Named transitions per state; exits the code returns without a name get `to<State>`."""
    graph = build_graph(game)
    out: dict[int, dict[str, int]] = {state_id: {} for state_id in graph.states}
    for edge in graph.edges:
        if edge.target is None:
            continue
        label = edge.label or "to" + camel(graph.states[edge.target].name)
        out[edge.source][label] = edge.target
    return out


def states_inc_php(game: type[Game]) -> str:
    transitions = transitions_of(game)
    entries = [f"    {GAME_SETUP_ID} => [\n        'name' => 'gameSetup',\n        'description' => '',\n"
               f"        'type' => 'manager',\n        'action' => 'stGameSetup',\n"
               f"        'transitions' => {php_value({'': transitions[GAME_SETUP_ID].popitem()[1]})},\n    ],"]
    for state in sorted(game.states, key=lambda s: s.id):
        lines = [f"        'name' => {php_string(state.name)},",
                 f"        'description' => clienttranslate({php_string(state.description)}),",
                 f"        'descriptionmyturn' => clienttranslate({php_string(state.description_my_turn)}),",
                 f"        'type' => {php_string(BGA_TYPES[state.type.value])},"]
        if "args" in vars(state):
            lines.append(f"        'args' => 'arg{camel(state.name)}',")
        if state.type is GAME or "enter" in vars(state):
            lines.append(f"        'action' => 'st{camel(state.name)}',")
        if state.update_progression:
            lines.append("        'updateGameProgression' => true,")
        if state.actions:
            lines.append(f"        'possibleactions' => {php_value(['act' + camel(a) for a in state.actions])},")
        lines.append(f"        'transitions' => {php_value(transitions[state.id])},")
        entries.append(f"    {state.id} => [\n" + "\n".join(lines) + "\n    ],")
    entries.append(f"    {GAME_END_ID} => [\n        'name' => 'gameEnd',\n"
                   "        'description' => clienttranslate('End of game'),\n        'type' => 'manager',\n"
                   "        'action' => 'stGameEnd',\n        'args' => 'argGameEnd',\n    ],")
    return ("<?php\n/**\n * State machine of " + game.title.replace("*/", "") + ", exported from the Python plugin "
            f"'{game.name}' (version {game.version}).\n */\n\n$machinestates = [\n" + "\n".join(entries) + "\n];\n")


def game_options(game: type[Game]) -> dict:
    """BGA options are lists of values: choices carry over, ranges list their values (up to 20)."""
    if game.option_schema is None:
        return {}
    options, number = {}, 100
    for name, field in game.option_schema().fields.items():
        if name == "deal":
            continue
        values = _option_values(field)
        if values is None:
            continue
        options[str(number)] = {"name": name, "default": _bga_value(field.load_default),
                                "values": {str(_bga_value(v)): {"name": str(v)} for v in values}}
        number += 1
    return options


def _bga_value(value):
    return int(value) if isinstance(value, bool) else value


def _option_values(field):
    if isinstance(field, fields.Boolean):
        return [False, True]
    for validator in field.validators:
        if getattr(validator, "choices", None):
            return list(validator.choices)
        low, high = getattr(validator, "min", None), getattr(validator, "max", None)
        if isinstance(field, fields.Integer) and low is not None and high is not None and high - low < 20:
            return list(range(low, high + 1))
    return [field.load_default] if isinstance(field.load_default, (int, str)) else None


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
            "    'player_colors' => ['ff0000', '008000', '0000ff', 'ffa500'],\n"
            "    'game_interface_width' => ['min' => 740, 'max' => null],\n];\n")


PHP_PARAM = {fields.Integer: "int", fields.Boolean: "bool", fields.Float: "float", fields.String: "string"}


def _php_params(schema) -> list[str]:
    params = []
    for name, field in schema.fields.items():
        kind = next((t for cls, t in PHP_PARAM.items() if isinstance(field, cls)), None)
        if kind is None:  # lists, dicts: JSON on BGA
            params.append(f"#[\\Bga\\GameFramework\\Actions\\Types\\JsonParam] array ${name}")
        else:
            params.append(f"{'' if field.required else '?'}{kind} ${name}{'' if field.required else ' = null'}")
    return params


def notifications_of(game: type[Game]) -> list[tuple[str, str]]:
    """(type, log template) of every notify_all / notify_player call with constant arguments."""
    package = inspect.getmodule(game).__name__.rsplit(".", 1)[0]
    folder = Path(inspect.getfile(game)).parent
    found = []
    for path in sorted(folder.glob("*.py")) if package.startswith("games") else [Path(inspect.getfile(game))]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "notify_all", "notify_player"):
                consts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                if consts:
                    found.append((consts[0], consts[1] if len(consts) > 1 else ""))
    return sorted(set(found))


def game_php(game: type[Game]) -> str:
    cls = camel(game.name.replace("_", " ").title().replace(" ", ""))
    body = []
    for state in sorted(game.states, key=lambda s: s.id):
        if "args" in vars(state):
            body.append(f"    /** State {state.name}: port {state.__name__}.args() */\n"
                        f"    public function arg{camel(state.name)}(): array\n    {{\n        return [];\n    }}\n")
        if state.type is GAME or "enter" in vars(state):
            exits = list(transitions_of(game)[state.id])
            move_on = f"        $this->gamestate->nextState({php_string(exits[0])});\n" \
                if state.type is GAME and exits else ""
            body.append(f"    /** State {state.name}: port {state.__name__}.enter(); exits: {', '.join(exits)} */\n"
                        f"    public function st{camel(state.name)}(): void\n    {{\n{move_on}    }}\n")
    states_of: dict[str, list] = {}  # one PHP method per action, however many states offer it
    for state in sorted(game.states, key=lambda s: s.id):
        for name in state.actions:
            states_of.setdefault(name, []).append(state)
    for name, states in states_of.items():
        spec = states[0].actions[name]
        params = ", ".join(_php_params(spec.schema))
        sender = "getCurrentPlayerId" if spec.out_of_turn or any(
            s.type.value == "multiple_active" for s in states) else "getActivePlayerId"
        where = ", ".join(f"{s.name} ({s.__name__}.{s.actions[name].method})" for s in states)
        body.append(f"    /** States {where}: port the Python action */\n"
                    + ("    #[\\Bga\\GameFramework\\Actions\\CheckAction(false)]\n" if spec.out_of_turn else "")
                    + f"    public function act{camel(name)}({params}): void\n    {{\n"
                    f"        $playerId = (int)$this->{sender}();\n    }}\n")
    for name, spec in game.registry().global_actions.items():
        if name in states_of:
            continue
        params = ", ".join(_php_params(spec.schema))
        where = "Any state, out of turn" if spec.out_of_turn else "Any state"
        body.append(f"    /** {where}: port {game.__name__}.{spec.method}() */\n"
                    + ("    #[\\Bga\\GameFramework\\Actions\\CheckAction(false)]\n" if spec.out_of_turn else "")
                    + f"    public function act{camel(name)}({params}): void\n    {{\n"
                    "        $playerId = (int)$this->getCurrentPlayerId();\n    }\n")
    notes = "\n".join(f" *   {t}: {log}" for t, log in notifications_of(game)) or " *   (none found)"
    return (f"<?php\ndeclare(strict_types=1);\n\nnamespace Bga\\Games\\{cls};\n\n"
            f"/**\n * {game.title.replace('*/', '')}: skeleton exported from the Python plugin '{game.name}'.\n"
            f" * Notifications and their log templates:\n{notes}\n */\n"
            f"class Game extends \\Table\n{{\n"
            "    public function __construct()\n    {\n        parent::__construct();\n    }\n\n"
            "    protected function setupNewGame($players, $options = [])\n    {\n"
            "        // port the plugin's setup(): deal, globals, first active player\n    }\n\n"
            "    protected function getAllDatas(): array\n    {\n"
            "        // port view(player_id): only what the current player may see\n        return [];\n    }\n\n"
            "    public function getGameProgression()\n    {\n        return 0;\n    }\n\n"
            + "\n".join(body) +
            "\n    public function zombieTurn(array $state, int $active_player): void\n    {\n"
            "        // port each state's zombie() / legal_actions()\n    }\n}\n")


README = """# {title}: BGA Studio export

Made by `flask export-bga {name}` from the Python plugin `{module}` (version {version}).

Carried over exactly: `states.inc.php` (ids, names, types, descriptions, args and action names,
transitions), `gameoptions.json` (option ids from 100), `stats.json` (ids from 10),
`gameinfos.inc.php` (player counts).

To port by hand, in `modules/php/Game.php`:
- `setupNewGame`: the plugin's `setup()` (deal with BGA's Deck, set the first active player).
- `getAllDatas`: the plugin's `view(player_id)`.
- each `act*` method: the Python action of the same name (its rule checks become
  `throw new \\BgaUserException(...)` with the same sentences), then `nextState` with the
  transition the Python returns.
- each `arg*` / `st*` method: the state's `args()` / `enter()`.
- `zombieTurn`: each state's `zombie()` or its `legal_actions()`.
- the client (`{name}.js`): the plugin's `client.js` if it has one.
The notification types and their log templates are listed at the top of `Game.php`.
"""


def export_bga(game: type[Game], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    (out / "modules" / "php").mkdir(parents=True, exist_ok=True)
    files = {
        out / "states.inc.php": states_inc_php(game),
        out / "gameoptions.json": json.dumps(game_options(game), indent=4) + "\n",
        out / "stats.json": json.dumps(stats_json(game), indent=4) + "\n",
        out / "gameinfos.inc.php": gameinfos_php(game),
        out / "modules" / "php" / "Game.php": game_php(game),
        out / "README.md": README.format(title=game.title, name=game.name, module=game.__module__,
                                         version=game.version),
    }
    for path, text in files.items():
        path.write_text(text)
    return list(files)


