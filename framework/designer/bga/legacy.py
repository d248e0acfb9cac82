"""The older layout, for projects that keep it (`export-bga --legacy-states`): the state machine as
`states.inc.php` arrays, and Game.php holding one `act*` method per action and the `arg*`/`st*`
methods the states name."""
from __future__ import annotations

from framework.engine import GAME, GAME_END_ID, GAME_SETUP_ID, State

from .game_php import game_php
from .params import ATTRIBUTES, parameters
from .php import camel, comment, php_string, php_value, translated
from .project import Project
from .states import not_ported, transitions, where

BGA_TYPES = {"active_player": "activeplayer", "multiple_active": "multipleactiveplayer", "game": "game"}


def possible_actions(project: Project, state: type[State]) -> list[str]:
    """The state's actions and the game-wide ones sent in turn."""
    names = list(state.actions)
    if state.is_player_state:
        names += [n for n, spec in project.game.registry().global_actions.items()
                  if not spec.out_of_turn and n not in names]
    return names


def _text(text: str) -> str:
    return translated(text) if text else "''"


def states_inc_php(project: Project) -> str:
    game = project.game
    first = project.graph.first if project.graph.first is not None else min(s.id for s in game.states)
    entries = [f"    {GAME_SETUP_ID} => [\n        'name' => 'gameSetup',\n        'description' => '',\n"
               f"        'type' => 'manager',\n        'action' => 'stGameSetup',\n"
               f"        'transitions' => {php_value({'': first})},\n    ],"]
    for state in sorted(game.states, key=lambda s: s.id):
        lines = [f"        'name' => {php_string(state.name)},",
                 f"        'description' => {_text(state.description)},",
                 f"        'descriptionmyturn' => {_text(state.description_my_turn)},",
                 f"        'type' => {php_string(BGA_TYPES[state.type.value])},"]
        if state.args is not State.args:
            lines.append(f"        'args' => 'arg{camel(state.name)}',")
        if state.type is GAME or state.enter is not State.enter:
            lines.append(f"        'action' => 'st{camel(state.name)}',")
        if state.update_progression:
            lines.append("        'updateGameProgression' => true,")
        actions = possible_actions(project, state)
        if actions:
            lines.append(f"        'possibleactions' => {php_value(['act' + camel(a) for a in actions])},")
        lines.append(f"        'transitions' => {php_value(transitions(project, state.id))},")
        entries.append(f"    {state.id} => [\n" + "\n".join(lines) + "\n    ],")
    entries.append(f"    {GAME_END_ID} => [\n        'name' => 'gameEnd',\n"
                   "        'description' => clienttranslate('End of game'),\n        'type' => 'manager',\n"
                   "        'action' => 'stGameEnd',\n        'args' => 'argGameEnd',\n    ],")
    return (f"<?php\n/**\n * State machine of {comment(game.title)}, exported from the Python plugin "
            f"'{game.name}' (version {game.version}).\n */\n\n$machinestates = [\n" + "\n".join(entries) + "\n];\n")


def legacy_game_php(project: Project) -> str:
    game, imports, methods = project.game, set(), []
    for state in sorted(game.states, key=lambda s: s.id):
        if state.args is not State.args:
            methods.append(f"    /** State {state.name}: port {comment(where(state.args))}. */\n"
                           f"    public function arg{camel(state.name)}(): array\n    {{\n"
                           + not_ported(where(state.args)) + "    }\n")
        if state.type is GAME or state.enter is not State.enter:
            exits = ", ".join(transitions(project, state.id)) or "none found"
            methods.append(f"    /** State {state.name}: port {comment(where(state.enter))}, "
                           "then nextState() with one of: "
                           f"{comment(exits)}. */\n"
                           f"    public function st{camel(state.name)}(): void\n    {{\n"
                           + not_ported(where(state.enter)) + "    }\n")
    offered: dict[str, list] = {}  # one PHP method per action, however many states offer it
    for state in sorted(game.states, key=lambda s: s.id):
        for name in possible_actions(project, state):
            offered.setdefault(name, []).append(state)
    for name, states in offered.items():
        spec = project.game.registry().action_spec(states[0], name)
        function = getattr(states[0] if name in states[0].actions else game, spec.method)
        params = parameters(spec.schema, None)
        imports.update(f"{ATTRIBUTES}\\{attribute}" for attribute in params.attributes)
        notes = "".join(f"     * {comment(note)}\n" for note in params.notes)
        if spec.out_of_turn:
            imports.add("Bga\\GameFramework\\Actions\\CheckAction")
        offering = comment(", ".join(s.name for s in states))
        methods.append(f"    /**\n     * States {offering}: port {comment(where(function))},\n"
                       f"     * then nextState() with the transition it takes.\n{notes}     */\n"
                       + ("    #[CheckAction(false)]\n" if spec.out_of_turn else "")
                       + f"    public function act{camel(name)}({', '.join(params.declarations)})\n    {{\n"
                       + not_ported(where(function)) + "    }\n")
    methods.append("    /** Port each state's zombie() or the game's zombie move (BGA zombie levels 1-2). */\n"
                   "    public function zombieTurn(array $state, int $active_player): void\n    {\n"
                   + not_ported("zombieTurn") + "    }\n")
    first = project.graph.first if project.graph.first is not None else min(s.id for s in game.states)
    return game_php(project, base="\\Table", methods=methods, first=str(first), imports=imports)
