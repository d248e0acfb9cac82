"""Scenario helpers: four named players, fixed deals written as the hands after passing."""
from framework.engine import Table
from games.dragon_phoenix import GAME
from games.dragon_phoenix.cards import DECK, RANK, SUIT, sort_cards

ANNA, BEN, CARLA, DAN = 11, 22, 33, 44  # seats 0-3: Anna and Carla against Ben and Dan
PLAYERS = [{"id": ANNA, "name": "Anna"}, {"id": BEN, "name": "Ben"}, {"id": CARLA, "name": "Carla"},
           {"id": DAN, "name": "Dan"}]
IDS = [ANNA, BEN, CARLA, DAN]


def complete(*partial: list[str]) -> list[list[str]]:
    """Fill each seat's hand to 13 with the unused cards, spreading ranks and suits round the
    table so that the filler makes no bomb of its own."""
    hands = [list(h) for h in partial] + [[] for _ in range(4 - len(partial))]
    used = {c for h in hands for c in h}
    for number, card in enumerate(sort_cards([c for c in DECK if c not in used])):
        rank, suit = RANK.get(card), SUIT.get(card)
        seats = [s for s in range(4) if len(hands[s]) < 13]
        seat = min(seats, key=lambda s: (sum(RANK.get(c) == rank for c in hands[s]),
                                         sum(SUIT.get(c) == suit for c in hands[s]), (s - number) % 4))
        hands[seat].append(card)
    return hands


def deal_and_passes(final: list[list[str]]) -> tuple[dict, dict]:
    """The deal and the passes that leave each seat holding `final[seat]` after passing: the last
    three cards of each final hand arrive from the right-hand neighbour's left pass, the partner
    and the left-hand neighbour's right pass."""
    dealt, passes = [], {}
    for giver in range(4):
        give = {"left": final[(giver + 1) % 4][10], "partner": final[(giver + 2) % 4][11],
                "right": final[(giver + 3) % 4][12]}
        dealt.append(final[giver][:10] + [give["left"], give["partner"], give["right"]])
        passes[IDS[giver]] = give
    return {"hands": dealt}, passes


def new_table(final: list[list[str]], options: dict | None = None, calls=(), seed="scenario") -> Table:
    """A table at the first lead, every seat holding `final[seat]`; `calls` call High Flight."""
    deal, passes = deal_and_passes(final)
    table = Table.create(GAME, PLAYERS, {**(options or {}), "deal": deal}, seed)
    for pid in IDS:
        table.apply(pid, "highFlight", {"call": pid in calls})
    for pid in IDS:
        table.apply(pid, "passCards", passes[pid])
    for seat, pid in enumerate(IDS):
        assert table.view(pid)["data"]["hand"] == sort_cards(final[seat])
    return table


def data(table):
    return table.state.data


def play(table, pid, *cards, **extra):
    return table.apply(pid, "playCards", {"cards": list(cards), **extra})


def pass_(table, pid):
    return table.apply(pid, "pass", {})


def active(table):
    return table.active_players()
