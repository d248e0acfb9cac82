"""`bga export-bga`: a BGA Studio project in BGA's current layout (a State class per state), or
the older `states.inc.php` one, that loads on a stand-in of BGA's framework (bga_stub/check.php)
with every state, action, parameter, option, notification and Deck as the plugin declares them."""
import json
import re

import pytest

from framework.designer.bga.params import parameters
from framework.designer.bga.php import camel
from framework.designer.bga_export import (
    ProjectNameError,
    export_bga,
    game_options,
    make_project,
    states_inc_php,
    stats_json,
)
from framework.designer.proof.observed_play import observe_play
from framework.engine.plugins import discover_games
from tests.framework.designer.bga_harness import check_project, php_lint
from tests.framework.designer.draw_game import DrawGame
from tests.sample_game import Climb

SHIPPED = discover_games()
GAMES = [Climb, DrawGame, *SHIPPED.values()]


def exported(game, folder, **kwargs):
    """The export of `game` into `folder`, and the stand-in's report on it, which must find no problem."""
    result = export_bga(game, folder, **kwargs)
    for path in result.files:
        if path.suffix == ".php":
            php_lint(path)
        elif path.suffix == ".json":
            json.loads(path.read_text())
    report = check_project(folder, result.project.name)
    assert report["problems"] == []
    return result, report


def possible_actions(game, state):
    """The act* methods BGA must find possible in a state: its own, and game-wide ones sent in turn."""
    names = list(state.actions)
    if state.is_player_state:
        names += [n for n, spec in game.registry().global_actions.items() if not spec.out_of_turn]
    return sorted("act" + camel(n) for n in set(names))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_game_loads_as_state_classes_with_its_states_actions_and_translations(game, tmp_path):
    result, report = exported(game, tmp_path)
    assert not (tmp_path / "states.inc.php").exists()
    states = {s["id"]: s for s in report["states"]}
    assert sorted(states) == sorted(s.id for s in game.states)
    for state in game.states:
        php = states[state.id]
        assert (php["name"], php["type"]) == (state.name, {"active_player": "activeplayer", "game": "game",
                                                           "multiple_active": "multipleactiveplayer"}[state.type])
        assert (php["description"], php["descriptionMyTurn"]) == (state.description, state.description_my_turn)
        assert php["updateGameProgression"] == state.update_progression
        assert sorted(a["name"] for a in php["actions"]) == possible_actions(game, state)
        assert php["zombie"] == (state.type != "game")
        for text in (state.description, state.description_my_turn):
            assert not text or text in report["translated"], f"{state.name}: {text!r} is not marked for translation"
    first = result.project.graph.first
    assert report["game"]["first"].endswith("\\" + next(s["class"] for s in report["states"] if s["id"] == first))
    out_of_turn = sorted("act" + camel(n) for n, spec in game.registry().global_actions.items() if spec.out_of_turn)
    assert [a["name"] for a in report["game"]["actions"] if a["out_of_turn"]] == out_of_turn
    assert all(n["log"] in report["translated"] for n in report["notifications"] if n["log"])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_older_layout_is_kept_behind_an_option(game, tmp_path):
    result, report = exported(game, tmp_path, legacy=True)
    assert not (tmp_path / "modules" / "php" / "States").exists()
    machine = report["legacy"]
    assert sorted(int(i) for i in machine) == sorted([1, 99, *(s.id for s in game.states)])
    for state in game.states:
        declared = machine[str(state.id)]
        assert sorted(declared.get("possibleactions", [])) == possible_actions(game, state)
        for text in (state.description, state.description_my_turn):
            assert not text or text in report["translated"]


def test_the_stand_in_catches_what_bga_would_refuse(tmp_path):
    """Each mistake a hand edit or an exporter bug could make is reported by check.php."""
    result, _ = exported(Climb, tmp_path)
    states = tmp_path / "modules" / "php" / "States"
    original = {path: path.read_text() for path in states.glob("*.php")}
    turn = states / "PlayerTurn.php"
    mistakes = {
        "no zombie(): BGA needs one": (turn, lambda t: re.sub(r"    /\*\* A player who left.*?\n    }\n", "", t,
                                                              flags=re.S)),
        "has no type BGA reads": (turn, lambda t: t.replace("string $card", "$card")),
        "Unknown named parameter $minimum": (turn, lambda t: t.replace(
            "string $card", "#[\\Bga\\GameFramework\\Actions\\Types\\IntParam(minimum: 1)] int $card")),
        "leads to 77, no state": (turn, lambda t: t.replace("transitions: [", "transitions: ['lost' => 77, ")),
        "does not load": (turn, lambda t: t.replace("string $card", "string $card = 'x', int $more")),
        "without #[JsonParam] or #[IntArrayParam]": (turn, lambda t: t.replace("string $card", "array $card")),
        "does not declare": (turn, lambda t: t.replace("class PlayerTurn", "class Turn")),
        "is filled in by BGA as int": (turn, lambda t: t.replace("int $activePlayerId", "?int $activePlayerId")),
    }
    for expected, (path, change) in mistakes.items():
        path.write_text(change(original[path]))
        problems = check_project(tmp_path, result.project.name)["problems"]
        assert any(expected in p for p in problems), (expected, problems)
        path.write_text(original[path])


def test_parameters_are_typed_optional_nullable_bounded_and_enumerated(tmp_path):
    _, report = exported(SHIPPED["summon_dragon"], tmp_path / "summon")
    actions = {a["name"]: {p["name"]: p for p in a["params"]} for s in report["states"] for a in s["actions"]}
    suit = actions["actPlayCard"]["suit"]
    assert (suit["type"], suit["nullable"], suit["optional"], suit["default"]) == ("string", True, True, None)
    assert suit["attributes"] == ["StringParam"]
    turn = (tmp_path / "summon" / "modules" / "php" / "States" / "PlayerTurn.php").read_text()
    assert "#[StringParam(enum: ['earth', 'wind', 'fire', 'water'])] ?string $suit = null" in turn
    _, report = exported(SHIPPED["dragon_phoenix"], tmp_path / "dp")
    play = next(a for s in report["states"] if s["name"] == "playerTurn" for a in s["actions"]
                if a["name"] == "actPlayCards")
    params = {p["name"]: p for p in play["params"]}
    assert [p["name"] for p in play["params"]] == ["currentPlayerId", "cards", "phoenix", "wish"]
    assert params["cards"]["attributes"] == ["JsonParam"] and not params["cards"]["optional"]
    for optional in ("phoenix", "wish"):  # optional ranks: not required arrays any more
        assert (params[optional]["nullable"], params[optional]["optional"], params[optional]["default"]) == \
               (True, True, None)
    assert play["out_of_turn"]
    _, report = exported(DrawGame, tmp_path / "draw")
    draw = next(a for s in report["states"] for a in s["actions"] if a["name"] == "actDraw")
    count = next(p for p in draw["params"] if p["name"] == "count")
    assert (count["type"], count["optional"], count["default"], count["attributes"]) == ("int", True, 1, ["IntParam"])
    turn = (tmp_path / "draw" / "modules" / "php" / "States" / "Turn.php").read_text()
    assert "#[IntParam(min: 1, max: 2)] int $count = 1" in turn


def test_a_custom_argument_field_is_read_as_text_with_what_it_accepts():
    found = parameters(SHIPPED["dragon_phoenix"].states[5].actions["playCards"].schema, "currentPlayerId")
    assert "?string $phoenix = null" in found.declarations
    assert any("RankField" in note and '"J"' in note for note in found.notes)


def test_options_keep_ranges_enumerations_and_yes_no():
    summon = game_options(SHIPPED["summon_dragon"])["100"]
    assert summon["name"] == "target" and summon["default"] == 500
    assert [int(v) for v in summon["values"]] == [50, 100, 200, 500, 1000, 2000, 5000]  # not its default alone
    dragon = game_options(SHIPPED["dragon_phoenix"])
    assert [o["name"] for o in dragon.values()] == ["target", "wish"]
    assert dragon["101"]["values"] == {"0": {"name": "No"}, "1": {"name": "Yes"}} and dragon["101"]["default"] == 1
    draw = game_options(DrawGame)
    assert draw["101"] == {"name": "pace", "default": 1, "values": {"1": {"name": "calm"}, "2": {"name": "brisk"}}}
    assert draw["100"]["values"] == {str(n): {"name": str(n)} for n in (1, 2, 3)}


def test_option_ids_are_named_in_game_php(tmp_path):
    exported(DrawGame, tmp_path)
    game_php = (tmp_path / "modules" / "php" / "Game.php").read_text()
    assert "public const OPTION_PACE = 101;  // 1 = calm, 2 = brisk" in game_php


def test_notifications_are_listed_with_their_args_as_play_sends_them(tmp_path):
    game = SHIPPED["summon_dragon"]
    _, report = exported(game, tmp_path)
    listed = {(n["type"], n["log"]): set(n["args"]) for n in report["notifications"]}
    played = observe_play(game, 30)
    for sent in played.notifications:
        assert (sent.type, sent.log) in listed, sent
        assert set(sent.args) <= listed[(sent.type, sent.log)], sent
    # a log passed to a helper as a parameter is found through its callers
    assert ("cardsReceived", "The kitty held ${card_names}") in listed


def test_a_game_with_a_deck_gets_its_table_and_its_deck(tmp_path):
    _, report = exported(DrawGame, tmp_path)
    sql = (tmp_path / "dbmodel.sql").read_text()
    table = re.search(r"CREATE TABLE IF NOT EXISTS `cards` \((.*?)\) ENGINE=InnoDB", sql, re.S)
    assert table, sql
    columns = re.findall(r"`(card_\w+)`", table.group(1))
    assert columns[:5] == ["card_id", "card_type", "card_type_arg", "card_location", "card_location_arg"]
    assert report["game"]["decks"] == ["cards"] and "cards" in report["game"]["properties"]
    exported(Climb, tmp_path / "climb")
    assert "CREATE TABLE" not in (tmp_path / "climb" / "dbmodel.sql").read_text()


def test_project_names_follow_bga_rules():
    assert {name: make_project(game).name for name, game in SHIPPED.items()} == {
        "dragon_phoenix": "dragonphoenix", "summon_dragon": "summondragon", "zhubu_shengji": "zhubushengji"}
    with pytest.raises(ProjectNameError, match="try --name lostcities"):
        make_project(Climb, "lost_cities")
    with pytest.raises(ProjectNameError, match="try --name climb"):
        make_project(Climb, "Climb2")
    assert make_project(Climb, "lostcities").namespace == "Bga\\Games\\Lostcities"


def test_states_inc_php_keeps_ids_names_types_actions_and_transitions():
    text = states_inc_php(make_project(Climb))
    assert "    2 => [\n        'name' => 'pickCharm'," in text
    assert "'type' => 'multipleactiveplayer'," in text
    assert "'possibleactions' => ['actPickCharm']," in text
    assert "'transitions' => ['played' => 11]," in text
    assert "'transitions' => ['toPlayerTurn' => 10, 'toGameEnd' => 99]," in text  # returned, not declared
    assert "clienttranslate('${you} must pick a charm')" in text


def test_stats_carry_over():
    assert stats_json(Climb) == {"table": {"turns": {"id": 10, "name": "Turns", "type": "int"}},
                                 "player": {"cheers": {"id": 10, "name": "Cheers", "type": "int"},
                                            "points_dealt": {"id": 11, "name": "Points dealt", "type": "int",
                                                             "display": "limited"}}}


def test_the_tie_breaker_is_described_for_bga(tmp_path):
    """score_aux breaks ties; BGA asks the game to say how (gameinfos tie_breaker_description)."""
    export_bga(Climb, tmp_path)
    assert "'tie_breaker_description' => totranslate('The highest card played')," in (
        tmp_path / "gameinfos.inc.php").read_text()


def test_export_bga_command(tmp_path):
    from tests.conftest import make_app

    app = make_app(f"sqlite:///{tmp_path / 'x.sqlite'}")
    runner = app.test_cli_runner()
    result = runner.invoke(args=["export-bga", "climb", "--out", str(tmp_path / "bga")])
    assert result.exit_code == 0 and "BGA project 'climb'" in result.output
    assert "modules/php/States/PlayerTurn.php" in result.output
    assert "To port by hand" in (tmp_path / "bga" / "README.md").read_text()
    refused = runner.invoke(args=["export-bga", "climb", "--out", str(tmp_path / "no"), "--name", "lost_cities"])
    assert refused.exit_code == 2 and "try --name lostcities" in refused.output
    assert not (tmp_path / "no").exists()
    legacy = runner.invoke(args=["export-bga", "climb", "--out", str(tmp_path / "old"), "--legacy-states"])
    assert legacy.exit_code == 0 and (tmp_path / "old" / "states.inc.php").exists()
