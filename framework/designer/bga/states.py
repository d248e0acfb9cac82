"""One BGA State class per state (`modules/php/States/<Name>.php`), BGA's current layout.

Each class carries over exactly what the plugin declares: id, name, type, descriptions (marked for
translation), progression, every exit the graph knows (as named `transitions`, and per action in
its doc comment as the classes it may return), the actions with typed parameters, `getArgs()`,
`onEnteringState()` and `zombie()`. The rules inside are Python: those bodies say what to port and
throw until they are.
"""
from __future__ import annotations

import inspect

from framework.engine import GAME, GAME_END_ID, MULTIPLE_ACTIVE, Game, State
from framework.engine.states import ActionSpec

from .params import ATTRIBUTES, parameters
from .php import camel, comment, php_string, php_value, translated
from .project import Project

STATE_TYPES = {"active_player": "ACTIVE_PLAYER", "multiple_active": "MULTIPLE_ACTIVE_PLAYER", "game": "GAME"}
TAKEN = {"Game", "GameState", "StateType", "PossibleAction", "CheckAction"}  # names the files import


def class_names(game: type[Game]) -> dict[int, str]:
    """Each state's PHP class name: its name in CamelCase, apart from the names the files import."""
    names = {}
    for state in game.states:
        name = camel(state.name)
        names[state.id] = name + "State" if name in TAKEN else name
    return names


def where(function) -> str:
    """`Class.method (path)` of a Python function, for the port comments."""
    module = inspect.getmodule(function)
    shown = module.__name__.replace(".", "/") + ".py" if module is not None else "?"
    return f"{function.__qualname__} ({shown})"


def not_ported(what: str) -> str:
    return f"        throw new \\Bga\\GameFramework\\SystemException({php_string('Not ported yet: ' + what)});\n"


def transitions(project: Project, state_id: int) -> dict[str, int]:
    """Every exit of a state the graph knows, by name: the declared transition's, else to<State>."""
    graph, names = project.graph, class_names(project.game)
    out: dict[str, int] = {}
    for target, edges in graph.exits(state_id).items():
        labels = [e.label for e in edges if e.label] or ["to" + (names.get(target) or camel(graph.states[target].name))]
        for label in dict.fromkeys(labels):
            out[label] = target
    return out


def _returned(project: Project, state: type[State], via: str) -> str:
    """What an action or enter() returns, as PHP: the classes of the states it may lead to."""
    names = class_names(project.game)
    targets = [t for t, edges in project.graph.exits(state.id).items() if any(e.via == via for e in edges)]
    shown = [f"{names[t]}::class" if t in names else str(t) + (" (gameEnd)" if t == GAME_END_ID else "")
             for t in targets]
    unknown = [f"`{u.text}` ({u.where})" for u in project.graph.unproven if u.source == state.id and u.via == via]
    parts = []
    if shown:
        parts.append("Returns " + " or ".join(shown) + " (where the Python goes)")
    if unknown:
        parts.append("the source computes where to go: " + "; ".join(unknown))
    return comment(". ".join(parts) + ".") if parts else "Stays in this state (returns nothing)."


def magic_player(state: type[State], spec: ActionSpec) -> str:
    """BGA's magic parameter for the player sending an action."""
    if spec.out_of_turn or state.type is MULTIPLE_ACTIVE:
        return "currentPlayerId"
    return "activePlayerId"


def action_method(project: Project, state: type[State], name: str, spec: ActionSpec, function,
                  imports: set[str]) -> str:
    params = parameters(spec.schema, magic_player(state, spec))
    imports.update(f"{ATTRIBUTES}\\{attribute}" for attribute in params.attributes)
    notes = "".join(f"     * {comment(note)}\n" for note in params.notes)
    attributes = "    #[PossibleAction]\n"
    if spec.out_of_turn:
        imports.add("Bga\\GameFramework\\Actions\\CheckAction")
        attributes += "    #[CheckAction(false)]  // out of turn: the rules say who may send it\n"
    return (f"    /**\n     * Port {comment(where(function))}: its rule checks throw\n"
            f"     * \\Bga\\GameFramework\\UserException with the same sentences.\n{notes}"
            f"     * {_returned(project, state, name)}\n     */\n{attributes}"
            f"    public function act{camel(name)}({', '.join(params.declarations)})\n    {{\n"
            + not_ported(where(function)) + "    }\n")


def state_class(project: Project, state: type[State]) -> str:
    game, names = project.game, class_names(project.game)
    imports = {"Bga\\GameFramework\\StateType", "Bga\\GameFramework\\States\\GameState",
               f"{project.namespace}\\Game"}
    arguments = [f"id: {state.id}", f"type: StateType::{STATE_TYPES[state.type.value]}",
                 f"name: {php_string(state.name)}"]
    if state.description:
        arguments.append(f"description: {translated(state.description)}")
    if state.description_my_turn:
        arguments.append(f"descriptionMyTurn: {translated(state.description_my_turn)}")
    arguments.append(f"transitions: {php_value(transitions(project, state.id))}")
    if state.update_progression:
        arguments.append("updateGameProgression: true")
    methods = []
    if state.args is not State.args:
        methods.append(f"    /** The args sent with the state: port {comment(where(state.args))}, "
                       "'_private' as it is. */\n"
                       "    public function getArgs(): array\n    {\n" + not_ported(where(state.args)) + "    }\n")
    if state.enter is not State.enter:
        magic = "int $activePlayerId" if state.type.value == "active_player" else ""
        methods.append(f"    /**\n     * Port {comment(where(state.enter))}.\n"
                       f"     * {_returned(project, state, 'enter')}\n"
                       f"     */\n    public function onEnteringState({magic})\n    {{\n"
                       + not_ported(where(state.enter)) + "    }\n")
    elif state.type is MULTIPLE_ACTIVE:
        methods.append("    /** Every player answers, as the Python's default enter(). */\n"
                       "    public function onEnteringState()\n    {\n"
                       "        $this->game->gamestate->setAllPlayersMultiactive();\n    }\n")
    actions = [(name, spec, getattr(state, spec.method)) for name, spec in state.actions.items()]
    if state.is_player_state:  # game-wide actions sent in turn are possible in every player state
        actions += [(name, spec, getattr(game, spec.method)) for name, spec in game.registry().global_actions.items()
                    if not spec.out_of_turn and name not in state.actions]
    if actions:
        imports.add("Bga\\GameFramework\\States\\PossibleAction")
    methods += [action_method(project, state, name, spec, function, imports) for name, spec, function in actions]
    if state.type is not GAME:
        methods.append(_zombie(game, state))
    uses = "".join(f"use {name};\n" for name in sorted(imports))
    shown_arguments = "".join(f"            {argument},\n" for argument in arguments)
    return (f"<?php\ndeclare(strict_types=1);\n\nnamespace {project.namespace}\\States;\n\n{uses}\n"
            f"/** State {state.id} {state.name} ({state.type.value}), from {comment(state.__qualname__)} in "
            f"{comment(state.__module__)}. */\n"
            f"class {names[state.id]} extends GameState\n{{\n"
            "    public function __construct(protected Game $game)\n    {\n"
            f"        parent::__construct(\n            $game,\n{shown_arguments}        );\n    }}\n\n"
            + "\n".join(methods) + "}\n")


def _zombie(game: type[Game], state: type[State]) -> str:
    if "zombie" in vars(state):
        what = f"port {where(state.zombie)}"
    elif game.heuristic_move is not Game.heuristic_move:
        what = f"port {where(game.heuristic_move)} (zombie level 2, BGA's getBestZombieChoice)"
    else:
        what = (f"a random move among {where(state.legal_actions)} "
                "(zombie level 1: BGA's getRandomZombieChoice)")
    return (f"    /** A player who left: {comment(what)}. */\n"
            "    public function zombie(int $playerId)\n    {\n" + not_ported(f"zombie of {state.name}") + "    }\n")


def state_files(project: Project) -> dict[str, str]:
    """`modules/php/States/<Name>.php` by path."""
    names = class_names(project.game)
    return {f"modules/php/States/{names[state.id]}.php": state_class(project, state)
            for state in sorted(project.game.states, key=lambda s: s.id)}
