"""`modules/php/Game.php`: the game class, its option ids, its Decks, the first state, the
game-wide actions sent out of turn, and what to port from the plugin's Game class."""
from __future__ import annotations

from framework.engine import Game

from .database import property_name, table_name
from .options import option_constants, options_of
from .params import ATTRIBUTES, parameters
from .php import camel, comment
from .project import Project
from .states import class_names, not_ported, where


def header(project: Project) -> str:
    game = project.game
    return (f"/**\n * {comment(game.title)}: the BGA Studio project exported from the Python plugin '{game.name}' "
            f"(version {game.version})\n * by `bga export-bga`. States, options, statistics and notifications "
            "are exported exactly;\n * the rules are Python: each method says what to port (README.md).\n */\n")


def global_actions(project: Project, magic: bool, imports: set[str]) -> list[str]:
    """The game-wide actions sent out of turn (BGA `#[CheckAction(false)]`), as Game methods."""
    methods = []
    for name, spec in project.game.registry().global_actions.items():
        if not spec.out_of_turn:
            continue
        params = parameters(spec.schema, "currentPlayerId" if magic else None)
        imports.update(f"{ATTRIBUTES}\\{attribute}" for attribute in params.attributes)
        imports.add("Bga\\GameFramework\\Actions\\CheckAction")
        function = getattr(project.game, spec.method)
        notes = "".join(f"     * {comment(note)}\n" for note in params.notes)
        methods.append("    /**\n     * Any player state, out of turn: "
                       f"port {comment(where(function))}.\n{notes}     */\n"
                       "    #[CheckAction(false)]\n"
                       f"    public function act{camel(name)}({', '.join(params.declarations)})\n    {{\n"
                       + not_ported(where(function)) + "    }\n")
    return methods


def game_php(project: Project, *, base: str = "\\Bga\\GameFramework\\Table", methods: list[str] = (),
             first: str | None = None, imports: set[str] | None = None) -> str:
    """Game.php; `methods` and `first` (the first state, as PHP) come from the layout chosen."""
    game: type[Game] = project.game
    imports = set() if imports is None else imports
    names = class_names(game)
    if first is None:
        target = project.graph.first
        first = f"{names[target]}::class" if target in names else "/* the first state: see setup() */ 2"
        if target in names:
            imports.add(f"{project.namespace}\\States\\{names[target]}")
    options, _ = options_of(game)
    constants = option_constants(options)
    options_block = ("    // Table options (gameoptions.json): $this->tableOptions->get(self::OPTION_...).\n"
                     + "\n".join(constants) + "\n\n") if constants else ""
    decks = "".join(f"    /** The Deck {deck!r} (table `{table_name(deck)}` in dbmodel.sql). */\n"
                    f"    public \\Bga\\GameFramework\\Components\\Deck ${property_name(deck)};\n"
                    for deck in project.decks)
    made = "".join(f"        $this->{property_name(deck)} = $this->deckFactory->createDeck('{table_name(deck)}');\n"
                   for deck in project.decks)
    body = [global_actions(project, base != "\\Table", imports), list(methods)]
    uses = "".join(f"use {name};\n" for name in sorted(imports))
    all_datas = game.get_all_datas
    return (f"<?php\n{header(project)}declare(strict_types=1);\n\nnamespace {project.namespace};\n\n"
            + (uses + "\n" if uses else "")
            + f"class Game extends {base}\n{{\n{options_block}{decks}{chr(10) if decks else ''}"
            "    public function __construct()\n    {\n        parent::__construct();\n" + made + "    }\n\n"
            f"    /**\n     * Port {comment(where(game.setup))}: the players, the statistics of stats.json, the deal\n"
            "     * (with the Deck where the Python uses one). The first state is the Python's.\n     */\n"
            "    protected function setupNewGame($players, $options = [])\n    {\n"
            f"        return {first};\n    }}\n\n"
            f"    /** Port {comment(where(all_datas))}: only what the current player may see, and 'players'. */\n"
            "    protected function getAllDatas(): array\n    {\n" + not_ported(where(all_datas)) + "    }\n\n"
            f"    /** Port {comment(where(game.progression))}: 0 to 100. */\n"
            "    public function getGameProgression()\n    {\n" + not_ported(where(game.progression)) + "    }\n\n"
            "    public function upgradeTableDb($from_version)\n    {\n    }\n"
            + "".join("\n" + method for group in body for method in group)
            + "}\n")
