"""`export-bga` writes the game's client as BGA's current client module, modules/js/Game.js: the game's
own client.js with the framework's helpers inlined and a bridge to BGA's `bga`; a skeleton for a game without one.
(tests/e2e/test_bga_client_export.py runs each exported Game.js on a stand-in of BGA's client API.)"""
import subprocess

import pytest

from framework.designer.bga_client_export import client_folder, game_js
from framework.designer.bga_export import export_bga
from framework.engine.plugins import discover_games
from tests import programs
from tests.sample_game import Climb

SHIPPED = sorted(discover_games())


def parses_as_a_module(path, tmp_path) -> None:
    node = programs.node()
    copy = tmp_path / "Game.mjs"   # .mjs: Node reads it as an ES module, as BGA's page loads Game.js
    copy.write_text(path.read_text())
    checked = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("name", SHIPPED)
def test_a_games_client_module_becomes_bgas_game_js(name, tmp_path):
    game = discover_games()[name]
    exported = export_bga(game, tmp_path)
    script, style = tmp_path / "modules" / "js" / "Game.js", tmp_path / f"{exported.project.name}.css"
    assert script in exported.files and style in exported.files   # BGA names the style sheet after the project
    text = script.read_text()
    parses_as_a_module(script, tmp_path)
    assert "/static/js/" not in text.split("*/", 1)[1].replace("// ----- /static/js/", "")   # every import inlined
    assert "class GameModule {" in text and "export class Game extends GameModule {" in text
    assert text.count("export class Game") == 1
    assert "TO PORT: BGA never calls onGamedatasUpdate" in text   # what the shipped renderers lean on
    client = (client_folder(game) / "client.js").read_text()
    assert client.split("export class Game", 1)[1] in text        # the game's code, as written
    assert (client_folder(game) / "client.css").read_text() in style.read_text()
    # Dragon and Phoenix names its selection with our describe endpoint, which BGA lacks: the port is said.
    assert ("TO PORT: describeAction" in text) == ("describeAction(" in client)


def test_a_game_without_a_client_gets_a_skeleton_naming_its_states_and_actions(tmp_path):
    export_bga(Climb, tmp_path)
    script = tmp_path / "modules" / "js" / "Game.js"
    text = script.read_text()
    parses_as_a_module(script, tmp_path)
    expected = {"pickCharm": ["pickCharm"], "playerTurn": ["playCard"], "confirmTurn": ["confirm", "undo"]}
    for state, actions in expected.items():
        assert f'case "{state}":' in text
        for name in actions:
            assert f'performAction("{name}"' in text
    assert "export class Game {" in text and "constructor(bga)" in text
    assert not (tmp_path / "climb.css").exists()


def test_an_import_it_cannot_inline_is_kept_and_named_at_the_top(tmp_path):
    source = ('import { h } from "/static/js/dom.js";\nimport { Stock } from "https://example.org/stock.js";\n'
              "export class Game { setup() {} }\n")
    text = game_js(Climb, source, tmp_path)
    assert 'TO PORT: import { Stock } from "https://example.org/stock.js"; is not inlined' in text
    assert 'import { Stock } from "https://example.org/stock.js";' in text.split("*/", 1)[1]
    assert "const { h } = __dom_js;" in text and "onGamedatasUpdate" not in text


def test_a_module_in_another_form_is_refused_with_the_reason(tmp_path):
    with pytest.raises(ValueError, match="no `export class Game`"):
        game_js(Climb, "export function setup(root, data, ctx) {}\n", tmp_path)
