"""Dragon and Phoenix: a Tichu for a standard deck, 4 players in two teams."""
from .game import DragonPhoenix

GAME = DragonPhoenix
