"""random_action draws a play by counting groups of plays and building only the one drawn: it must
give each of legal_actions exactly the chance `rng.choice(legal_actions)` gives it, and nothing else."""
import random

from framework.engine import RandomBot, Table
from framework.testing import drawn_weights, listed_weights, move_key
from games.zhubu_shengji import GAME
from games.zhubu_shengji.cards import NATURALS, WILDS_BY_SEAT
from games.zhubu_shengji.plays import legal_plays, nth_play, play_count, play_groups
from games.zhubu_shengji.states import LeadChoice, PlayerTurn

PLAYERS = [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]


def play_positions(seed, limit=40):
    """The table at each of the first `limit` leads and answers of a seeded random game."""
    table = Table.create(GAME, PLAYERS, None, seed)
    bot, seen = RandomBot(seed), 0
    while table.status == "playing" and seen < limit:
        player = table.active_players()[0]
        if table.current_state in (LeadChoice, PlayerTurn):
            seen += 1
            yield table, player
        table.apply(player, *bot.choose(table, player), rollback=False)


def test_each_index_draws_one_legal_move_and_each_legal_move_once():
    """The exact weights: over every index randrange can give, the moves drawn are legal_actions,
    each as many times as it is listed (so each as likely as in rng.choice)."""
    positions = 0
    for seed in ("draw-1", "draw-2", "draw-3"):
        for table, player in play_positions(seed):
            assert drawn_weights(table, player) == listed_weights(table, player)
            positions += 1
    assert positions >= 100


def test_the_groups_count_and_build_exactly_the_listed_plays():
    rng = random.Random("groups")
    for _ in range(40):
        deck = list(NATURALS)
        rng.shuffle(deck)
        hand = deck[:rng.randint(1, 14)] + [w for w in WILDS_BY_SEAT[1] if rng.random() < 0.7]
        leads = legal_plays(hand, None)
        for current in [None] + [combo for _, combo in rng.sample(leads, min(6, len(leads)))]:
            groups = play_groups(hand, current)
            listed = [move_key(p) for p in legal_plays(hand, current)]
            assert play_count(groups) == len(listed) == len(set(listed))
            assert sorted(move_key(nth_play(groups, n)) for n in range(len(listed))) == sorted(listed)
