"""Dragon and Phoenix notes who has shown they lack the wished rank (`wish_lacks`), Summon the Dragon
the voids each player has shown (`voids`): what every player may deduce of the others' hands, which
the expert bot's determinization deals by

Revision ID: 0016
Revises: 0015
Create Date: 2027-01-20 10:00:00

A data migration: each stored snapshot of the two games gets its key as a replay of its moves with
today's rules makes it, read from the public notifications of the hand under way (games/*/RULES.md,
"What the expert bot may know"; the rules are written out again here, as they were when this was
written). Its state hash is then computed again, as the engine computes it, so `flask verify-games`
still agrees.
"""
import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None

TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("game", sa.String),
                  sa.column("snapshot", sa.JSON), sa.column("state_hash", sa.String))
NOTES = sa.table("notifications", sa.column("table_id", sa.Integer), sa.column("seq", sa.Integer),
                 sa.column("recipient", sa.Integer), sa.column("type", sa.String), sa.column("args", sa.JSON))
KEYS = {"dragon_phoenix": "wish_lacks", "summon_dragon": "voids"}

# Dragon and Phoenix (games/dragon_phoenix/cards.py, combos.py)
RANK_WORDS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
              "Jack": 11, "Queen": 12, "King": 13, "Ace": 14}
CODE_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}
BOMBS = ("fourOfAKind", "straightFlush")
# Summon the Dragon (games/summon_dragon/cards.py, rules.py)
SUITS = ("earth", "wind", "fire", "water")


def state_hash(snapshot: dict) -> str:
    text = json.dumps({k: v for k, v in snapshot.items() if k != "seq"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def natural_rank(code: str) -> int | None:
    """A Dragon and Phoenix card's rank, None for the four specials."""
    if code in ("herald", "fox", "phoenix", "dragon"):
        return None
    return CODE_RANKS.get(code[:-1]) or int(code[:-1])


def wish_lacks(notes: list[tuple[str, dict]]) -> list[int]:
    """rounds.note_wish_lacking over the notifications: a lead (a play on an empty table), a play
    that is no bomb, or a pass, made without the wished rank on a single below it (D14)."""
    lacks: list[int] = []
    wish, top = None, None
    for kind, args in notes:
        if kind == "newHand":
            lacks, wish, top = [], None, None
        elif kind in ("collect", "foxLead"):
            top = None
        elif kind == "wishFulfilled":
            lacks, wish = [], None
        elif kind == "wish":
            lacks, wish = [], RANK_WORDS[args["rank"]]
        elif kind in ("playCards", "pass"):
            player = args["player_id"]
            counts = kind == "pass" or top is None or args["combo"]["type"] not in BOMBS
            holds = kind == "playCards" and any(natural_rank(c) == wish for c in args["cards"])
            shows = top is None or (top["type"] == "single" and top["rank"] < (wish or 0))
            if wish is not None and counts and not holds and shows and player not in lacks:
                lacks.append(player)
            if kind == "playCards":
                top = args["combo"]
    return lacks


def shown_voids(card: str, led: str | None, trump: str | None) -> list[str]:
    """rules.shown_voids: the suits a card played to a trick led in `led` shows are gone (D12-D14)."""
    suit = trump if card == "dragon" else card.split("-")[1]
    if led is None or suit == led or (trump is None and card == "dragon"):
        return []
    if trump is None or led == trump or suit == trump:
        return [led]
    return [led, trump]


def voids(notes: list[tuple[str, dict]], data: dict) -> dict:
    """Each player's voids shown in the hand under way, as game.play_card notes them."""
    found = {player: [] for player in data["hands"]}
    contract = data.get("contract")
    trump = contract["designation"] if contract and contract["designation"] in SUITS else None
    led = None
    for kind, args in notes:
        if kind == "newDeal":
            found, led = {player: [] for player in data["hands"]}, None
        elif kind == "trickWin":
            led = None
        elif kind == "playCard":
            gone = found[str(args["player_id"])]
            gone.extend(s for s in shown_voids(args["card"], led, trump) if s not in gone)
            led = led or args["suit"]
    return found


def public_notes(connection, table_id: int, kinds: tuple[str, ...]) -> list[tuple[str, dict]]:
    rows = connection.execute(sa.select(NOTES.c.type, NOTES.c.args).where(
        NOTES.c.table_id == table_id, NOTES.c.recipient.is_(None), NOTES.c.type.in_(kinds)).order_by(NOTES.c.seq)).all()
    return [(kind, json.loads(args) if isinstance(args, str) else args) for kind, args in rows]


def derived(connection, game: str, table_id: int, data: dict) -> dict:
    if game == "dragon_phoenix":
        if "won" not in data:  # no hand dealt yet
            return {}
        kinds = ("newHand", "collect", "foxLead", "wishFulfilled", "wish", "playCards", "pass")
        return {"wish_lacks": wish_lacks(public_notes(connection, table_id, kinds))}
    return {"voids": voids(public_notes(connection, table_id, ("newDeal", "trickWin", "playCard")), data)}


def rewrite(change) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(TABLES.c.id, TABLES.c.game, TABLES.c.snapshot).where(
        TABLES.c.game.in_(tuple(KEYS)), TABLES.c.snapshot.is_not(None))).all()
    for table_id, game, snapshot in rows:
        snapshot = dict(json.loads(snapshot) if isinstance(snapshot, str) else snapshot)
        snapshot["data"] = change(connection, game, table_id, dict(snapshot["data"]))
        connection.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(
            snapshot=snapshot, state_hash=state_hash(snapshot)))


def upgrade():
    rewrite(lambda connection, game, table_id, data: {**data, **derived(connection, game, table_id, data)})


def downgrade():
    rewrite(lambda connection, game, table_id, data: {k: v for k, v in data.items() if k != KEYS[game]})
