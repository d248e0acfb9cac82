"""Zhubu Shengji (Escalation): a 2-player climbing game, with its bidding variant."""
from .game import ZhubuShengji

GAME = ZhubuShengji
