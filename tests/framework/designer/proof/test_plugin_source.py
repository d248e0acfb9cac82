"""The source reader follows a value through local names, helpers, their callers' arguments and
`self`, and names the line of what it cannot follow."""
from framework.designer.proof.plugin_source import SourceReader
from framework.engine import ACTIVE_PLAYER, Game, State, action

LATER = "later"


def pick(game, choice):
    """Returns what its callers give it, or a module constant."""
    chosen = choice if game else LATER
    return chosen


def announce(game, log, **args):
    game.notify_all("said", log, **args)


class Ask(State):
    id = 10
    type = ACTIVE_PLAYER
    description = "d"

    @action()
    def ask(self, player_id):
        announce(self.game, "${player_name} asks", player_id=player_id, mood="calm")
        return pick(self.game, "now") or self.game.route()

    @action()
    def guess(self, player_id):
        return self.game.data["where"]


class Quiz(Game):
    name = "quiz"
    states = [Ask]

    def setup(self):
        return Ask

    def route(self):
        return Ask if self.data else 99


def test_values_are_followed_through_locals_helpers_callers_and_self():
    reader = SourceReader(Quiz)
    found = reader.exits(Ask.ask, Ask)
    assert set(found.found) == {"now", "later", Ask, 99} and found.unknown == []
    guessed = reader.exits(Ask.guess, Ask)
    assert guessed.found == [] and len(guessed.unknown) == 1
    unknown = guessed.unknown[0]
    assert unknown.text == 'self.game.data["where"]' and unknown.where.endswith("test_plugin_source.py:31")


def test_keywords_passed_into_a_helper_are_found():
    reader = SourceReader(Quiz)
    source = next(s for s in reader.modules if s.module.__name__ == __name__)
    scope = reader.enclosing(source, source.calls["notify_all"][0])
    assert reader.passed_keywords(scope) == {"player_id", "mood"}
    log = scope.node.body[0].value.args[1]
    assert reader.values(log, scope).found == ["${player_name} asks"]
