"""The state graph is complete: exits returned through helpers are read from the source, play's
transitions can be merged in (`--simulate N`), and what cannot be proven is said, never skipped."""
import pytest
from marshmallow import fields

from framework.designer.bga_export import export_bga
from framework.designer.diagram import to_dot, to_mermaid
from framework.designer.proof.observed_play import observe_play
from framework.designer.proof.state_graph import Transition, build_graph, successors
from framework.designer.proof.validation import review, validate
from framework.engine import ACTIVE_PLAYER, GAME, GAME_END_ID, Game, State, action
from framework.engine.plugins import discover_games
from tests.conftest import make_app
from tests.framework.designer.bga_harness import check_project
from tests.sample_game import Climb

SHIPPED = discover_games()


def settle(game, target):
    """A helper handing back the state it is given: the reader follows `target` to the callers."""
    game.data["settled"] = True
    return target


class Spin(State):
    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must spin"

    @action()
    def spin(self, player_id):
        return self.game.data["next"]  # computed from data: the source cannot tell where it goes

    @action()
    def hold(self, player_id):
        return settle(self.game, Win)

    def legal_actions(self, player_id):
        return [("spin", {})] if self.game.gamestate.is_player_active(player_id) else []


class Win(State):
    id = 20
    type = GAME

    def enter(self):
        return GAME_END_ID


class Orphan(State):
    id = 30
    type = ACTIVE_PLAYER
    description = "${actplayer} waits"

    @action({"x": fields.Integer()})
    def wait(self, player_id, x=0):
        return GAME_END_ID

    def zombie(self, player_id):
        return "wait", {}


class Lottery(Game):
    name = "lottery"
    title = "Lottery"
    min_players = max_players = 2
    states = [Spin, Win, Orphan]

    def setup(self):
        self.data["next"] = "win"
        self.gamestate.change_active_player(self.player_ids[0])
        return Spin


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_transition_of_500_games_is_in_the_diagram_validate_and_the_export(name, tmp_path):
    game = SHIPPED[name]
    played = observe_play(game, 500)
    taken = {(t.source, t.target) for t in played.transitions}
    assert len(taken) >= len(game.states) and played.games == 500
    checked = review(game)
    assert checked.problems == [] and checked.doubts == []  # every exit proven from the source alone
    nexts = successors(checked.graph)
    dot, mermaid = to_dot(game), to_mermaid(game)
    result = export_bga(game, tmp_path / "classes")
    report = check_project(tmp_path / "classes", result.project.name)
    classes = {s["id"]: s for s in report["states"]}
    legacy = check_project(tmp_path / "legacy", export_bga(game, tmp_path / "legacy", legacy=True).project.name)
    for source, target in sorted(taken):
        assert target in nexts[source], f"validate's graph misses {source} -> {target}"
        assert f"s{source} -> s{target}" in dot and f"s{source} --> s{target}" in mermaid
        assert target in legacy["legacy"][str(source)]["transitions"].values()
        if source == 1:
            assert report["game"]["first"].endswith("\\" + classes[target]["class"])
        else:
            assert target in classes[source]["transitions"].values(), f"{classes[source]['class']} misses {target}"


def test_exits_returned_through_helpers_are_read():
    graph = build_graph(SHIPPED["dragon_phoenix"])
    plays = {(e.target, e.via) for e in graph.edges if e.source == 50}  # playerTurn
    assert {(50, "playCards"), (60, "playCards"), (70, "playCards"), (50, "pass"), (60, "pass")} <= plays
    assert graph.unproven == []
    lottery = build_graph(Lottery)
    assert any(e.source == 10 and e.target == 20 and e.via == "hold" for e in lottery.edges)  # via a parameter


def test_validate_says_what_it_cannot_prove_and_keeps_checking():
    assert validate(Lottery) == []  # nothing certain is wrong...
    found = review(Lottery)
    unproven = next(d for d in found.doubts if d.startswith("lottery: could not prove where action spin"))
    assert '`self.game.data["next"]` (tests/framework/designer/proof/test_state_graph.py:' in unproven
    assert "validate --simulate N" in unproven
    # ...and reachability is still checked: the orphan is unreachable by what is proven
    assert ("lottery: state orphan (id 30) is reached by no proven exit (the unproven exits of spin may lead "
            "there)") in found.doubts


def test_played_transitions_are_merged_and_named():
    played = observe_play(Lottery, 3)
    assert Transition(10, 20, "", "spin") in played.transitions and Transition(1, 10, "", "setup") in played.transitions
    found = review(Lottery, played.transitions, played.games)
    assert "in 3 games play went to win" in next(d for d in found.doubts if "could not prove" in d)
    assert "lottery: play went from spin to win by spin, which the source does not show" not in found.doubts
    assert any("orphan (id 30) is reached by no proven exit" in d for d in found.doubts)
    climb = observe_play(Climb, 2).transitions
    assert {Transition(10, 11, "played", "playCard"), Transition(11, 20, "confirmed", "confirm"),
            Transition(20, 10, "", "enter")} <= climb


def test_transitions_only_seen_in_play_are_drawn_dashed():
    graph = build_graph(Lottery, [Transition(10, 30, "", "spin")])
    assert 's10 -> s30 [label="spin", style=dashed' in to_dot(Lottery, graph)
    assert "s10 --> s30 : spin (seen in play)" in to_mermaid(Lottery, graph)
    assert "lottery: play went from spin to orphan by spin, which the source does not show" in \
        review(Lottery, [Transition(10, 30, "", "spin")], 1).doubts


def test_validate_command_simulates_on_request(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'x.sqlite'}",
                   GAMES_EXTRA=["tests.sample_game:Climb", "tests.framework.designer.proof.test_state_graph:Lottery"])
    runner = app.test_cli_runner()
    plain = runner.invoke(args=["validate", "lottery"])
    assert plain.exit_code == 0 and "warning: lottery: could not prove where action spin of state spin" in plain.output
    assert "lottery: no problem found; 2 warnings" in plain.output
    simulated = runner.invoke(args=["validate", "lottery", "--simulate", "4"])
    assert simulated.exit_code == 0 and "in 4 games play went to win" in simulated.output
    drawn = runner.invoke(args=["diagram", "lottery", "--simulate", "2", "--format", "dot"])
    assert drawn.exit_code == 0 and 's10 -> s20 [label="hold"];' in drawn.output
