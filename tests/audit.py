"""The hidden-information audit's plan per game, shared by its test and by `make soak`.

Each audit game is played by random bots through its first hand and that hand's scoring: every
kind of hidden card is in play there (hands, passes before they arrive, the kitty, undealt cards,
discards). Hands after the first are covered by each game's own random-play test.
"""
from framework.engine.plugins import load_game
from framework.engine.testing import AuditReport, audit_hidden_information

FIRST_HAND_OVER = {
    "dragon_phoenix": lambda table: table.state.data["hand_number"] > 1,
    "summon_dragon": lambda table: table.state.data["hand_no"] > 1,
    "zhubu_shengji": lambda table: len(table.state.data["history"]) >= 1,
}
GAMES = list(FIRST_HAND_OVER)


def audit(name: str, games: int, progress=None) -> AuditReport:
    return audit_hidden_information(load_game(name), games, stop=FIRST_HAND_OVER[name], progress=progress)
