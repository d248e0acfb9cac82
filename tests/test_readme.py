"""The README's plugin example is a sound, playable plugin, as printed."""
import re
import types
from pathlib import Path

from framework.designer.proof.validation import validate
from framework.testing import play_random_game

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_plugin_example_validates_and_plays():
    text = README.read_text()
    section = text.split("## A game plugin in thirty lines", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    module = types.ModuleType("readme_oracle")
    exec(compile(code, "README.md", "exec"), module.__dict__)
    assert validate(module.Oracle) == []
    played = play_random_game(module.Oracle, "readme-example")
    assert played.table.status == "finished" and played.notifications[-1].type == "won"
