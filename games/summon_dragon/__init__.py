"""Summon the Dragon: a 4-player partnership bidding trick-taker with a kitty and a wild Dragon."""
from .game import SummonTheDragon

GAME = SummonTheDragon

__all__ = ["GAME", "SummonTheDragon"]
