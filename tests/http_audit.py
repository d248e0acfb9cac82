"""The hidden-information audit over HTTP: what a browser can fetch, not only what the
engine builds.

A seeded game is played over the test client by random legal moves, each sent by the seat's own
player, until its first scoring (as tests/audit.py plays the engine audit). At every `every`-th
move, and at the last, each seat's player and a spectator (a stranger, who must get 404s, at a
private table) fetch the view, their legal actions (the summary and a page of the moves), their new
notifications, `/log`, `/replay` and `/export`, and describe one of their legal moves (`/describe`),
and every card code they get is checked against what the game hides from them (`Game.hidden_from`,
as the engine audit checks it):
- a notification against what was hidden when it was sent (the server's tables are watched);
- `/replay?move=j` against what was hidden from that seat after move j;
- `/log`: an entry names its player and action only to the mover or to a viewer whom that move
  sent a notification, and arguments only to the mover (all of it once the game is over);
- `/export` holds every hand and the seed: while the game runs only its players get it (the audit
  runs in development mode, for its seeds; elsewhere nobody does), after the end anyone who sees it;
- the view's and `/replay`'s statistics: none while the game runs (a count may tell what a hand
  holds), and never one the game declares `"display": "limited"`.
No answer but the export may contain the table's seed. Leaks are collected, not raised.
"""
from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass, field

from framework.engine import FINISHED, Game, Table
from framework.engine.plugins import discover_games
from framework.engine.results import LIMITED
from framework.engine.views import leaves
from framework.store import db
from framework.testing.random_play import hidden_sets, record_hidden_sets
from tests.audit import MIN_MOVES
from tests.conftest import Api, make_app
from tests.http_play import server_table
from tests.sample_game import Climb

MAX_MOVES = 400  # a bound on one audited game (no shipped game's first hand is this long)


@dataclass
class HttpAudit:
    """What the HTTP audit looked at, and every leak it found."""

    games: int = 0
    ended: int = 0      # games played to their end (the others stop at their first scoring)
    moves: int = 0
    positions: int = 0  # sampled moves at which every viewer fetched every route
    requests: int = 0
    leaks: list[str] = field(default_factory=list)


@contextlib.contextmanager
def hidden_when_sent():
    """While it lasts, every engine table the server makes notes, for each notification it sends,
    what each viewer could not see at that moment (the engine audit's `record_hidden_sets`).
    Yields a lookup: seq -> {viewer: hidden}, for an app serving one table."""
    recorded: list[dict] = []
    merged: dict[int, dict] = {}
    made = Table.__init__

    def init(self, *args, **kwargs):
        made(self, *args, **kwargs)
        recorded.append(record_hidden_sets(self))

    def lookup(seq: int) -> dict | None:
        while recorded:
            merged.update(recorded.pop())
        return merged.get(seq)

    Table.__init__ = init
    try:
        yield lookup
    finally:
        Table.__init__ = made


def audit_app(tmp_path, game: str, seed: str, viewers: list[str]):
    """An app serving `game` (the tests' Climb is always served), on a SQLite file of its own."""
    app = make_app(f"sqlite:///{tmp_path / (seed + '.sqlite')}", GAMES=[] if game == "climb" else [game],
                   EVENTS_STREAM_SECONDS=0)  # a push stream answers what it has, then ends
    api = Api(app.test_client())
    for name in viewers:
        api.register(name)
    return app, api


def audit_over_http(tmp_path, game: str, seed: str, report: HttpAudit, *, seats: int | None = None,
                    every: int = 5, private: bool = False, options: dict | None = None) -> HttpAudit:
    """Play one seeded game over HTTP and audit it (see the module's docstring); adds to `report`."""
    with hidden_when_sent() as hidden_then:
        seats = seats or _game_class(game).max_players
        players = [f"p{seat + 1}" for seat in range(seats)]
        outsider = "stranger" if private else "spectator"
        app, api = audit_app(tmp_path, game, seed, [*players, outsider])
        table_id = _started_table(api, game, players, seed, private, options or {})
        run = _Run(app, api, table_id, seed, players, outsider, private, hidden_then, report, game)
        run.play(every)
        with app.app_context():
            db.engine.dispose()
    report.games += 1
    return report


def _game_class(name: str) -> type[Game]:
    return Climb if name == "climb" else discover_games([name])[name]


def _started_table(api: Api, game: str, players: list[str], seed: str, private: bool, options: dict) -> int:
    created = api.post("/api/tables", players[0], json={"game": game, "players": len(players), "seed": seed,
                                                        "private": private, "options": options})
    assert created.status_code == 201, created.json
    for name in players[1:]:
        joined = (api.post("/api/join", name, json={"code": created.json["invite_code"]}) if private
                  else api.post(f"/api/tables/{created.json['id']}/join", name))
        assert joined.status_code == 200, joined.json
    return created.json["id"]


class _Run:
    """One audited game: plays it, and checks every viewer at the sampled moves."""

    def __init__(self, app, api, table_id, seed, players, outsider, private, hidden_then, report, game):
        self.app, self.api, self.table_id, self.seed = app, api, table_id, seed
        self.players, self.outsider, self.private = players, outsider, private
        self.hidden_then, self.report, self.game = hidden_then, report, game
        self.ids = {name: api.ids[name] for name in players}
        self.hidden_at: list[dict] = []        # after move j: viewer -> hidden
        self.after = dict.fromkeys([*players, outsider], 0)  # the last notification seq fetched
        self.told: dict[str, set[int]] = {name: set() for name in [*players, outsider]}  # moves that told them
        self.chooser = random.Random(f"http-audit:{seed}")
        statistics = _game_class(game).statistics
        self.limited = {stat for kind in statistics.values() for stat, spec in kind.items()
                        if spec.get("display") == LIMITED}

    def play(self, every: int) -> None:
        table = server_table(self.app, self.table_id)
        start = json.dumps(table.state.scores, sort_keys=True)
        while True:
            self.hidden_at.append(hidden_sets(table))
            over = table.status == FINISHED or table.move >= MAX_MOVES or (
                table.move >= MIN_MOVES and json.dumps(table.state.scores, sort_keys=True) != start)
            if over or table.move % every == 0:
                self.check_position(table.move, table.status == FINISHED)
            if over:
                self.report.ended += table.status == FINISHED
                self.check_revoked_sessions()
                return
            self.move(table)
            table = server_table(self.app, self.table_id)

    def move(self, table: Table) -> None:
        """A random legal move by an active seat, sent by its player (its answer is checked too)."""
        active = [name for name in self.players if self.ids[name] in table.active_players()]
        self.chooser.shuffle(active)
        for name in active:
            chosen = table.random_action(self.ids[name], self.chooser)
            if chosen is not None:
                action, args = chosen
                answer = self.get_json("post", f"/actions/{action}", name, json={**args, "move": table.move})
                self.check_notes(answer["notifications"], name, table.move + 1, f"the answer to {action}")
                self.report.moves += 1
                return
        raise AssertionError(f"{self.game} seed {self.seed}: no active seat has a move at move {table.move}")

    # ----- one position, every viewer ---------------------------------------------------------
    def check_position(self, move: int, finished: bool) -> None:
        self.report.positions += 1
        for name in self.players:
            self.check_viewer(name, self.ids[name], move, finished)
        if self.private:
            self.check_stranger()
        else:
            self.check_viewer(self.outsider, None, move, finished)

    def check_viewer(self, name: str, viewer: int | None, move: int, finished: bool) -> None:
        hidden = self.hidden_at[move][viewer]
        view = self.get_json("get", "", name)
        self.check(view, hidden, name, "the view")
        self.check_statistics(view, name, "the view", finished)
        self.check(self.get_json("get", "/legal-actions", name), hidden, name, "/legal-actions")
        # The moves themselves, a page of the list (the first 200: a Summon discard's 6,188 share their cards).
        self.check(self.get_json("get", "/legal-actions?moves=true&limit=200", name), hidden, name,
                   "/legal-actions?moves=true")
        while notes := self.get_json("get", f"/notifications?after={self.after[name]}", name)["notifications"]:
            self.check_notes(notes, name, move, "/notifications")
            self.after[name] = notes[-1]["seq"]
        self.check_pushed(name, move)
        self.check_log(name, viewer, finished)
        self.check_replays(name, viewer, move, finished)
        self.check_export(name, viewer, finished)
        self.check_describe(name, viewer, move, finished)

    def check_notes(self, notes: list[dict], name: str, move: int, route: str) -> None:
        viewer = self.ids.get(name)
        for note in notes:
            then = self.hidden_then(note["seq"])
            self.told[name].add(note["move"])
            hidden = then[viewer] if then else self.hidden_at[min(move, len(self.hidden_at) - 1)][viewer]
            self.check(note, hidden, name, f"{route} (seq {note['seq']})")

    def check_pushed(self, name: str, move: int) -> None:
        """The push stream from the start: its notification events are checked as the notifications
        route's are, and must be exactly what that route gives this viewer."""
        stream = self.api.get(f"/api/tables/{self.table_id}/events?after=0", name)
        self.report.requests += 1
        assert stream.status_code == 200, (name, stream.status_code)
        text = stream.get_data(as_text=True)
        stream.close()  # as a server closes the answer: the stream's lease goes back (one viewer's streams are bounded)
        if self.seed in text:
            self.leak(name, "/events", "shows the table's seed")
        pushed = [json.loads(data) for kind, data in server_sent_events(text) if kind == "notification"]
        self.check_notes(pushed, name, move, "/events")
        routed = self.get_json("get", "/notifications?after=0", name)["notifications"]
        if pushed != routed:
            self.leak(name, "/events", f"pushed {len(pushed)} notifications, the route gives {len(routed)}")

    def log_pages(self, name: str) -> list[dict]:
        """The whole log, read a few moves a page (every page is audited, not only the first)."""
        entries, after = [], 0
        while after is not None:
            page = self.get_json("get", f"/log?limit=7&after={after}", name)
            entries += page["moves"]
            after = page["next"]
        return entries

    def check_log(self, name: str, viewer: int | None, finished: bool) -> None:
        for entry in self.log_pages(name):
            number, mine = entry["move"], viewer is not None and entry["player"] == viewer
            where = f"/log move {number}"
            if not (finished or mine or number in self.told[name]) and (entry["player"] or entry["action"]):
                self.leak(name, where, f"names {entry['action']} by {entry['player']}, which told them nothing")
            if entry["args"] is not None and not (finished or mine):
                self.leak(name, where, f"shows another player's arguments {entry['args']}")
            if not finished:  # the mover's own arguments are what they sent: theirs to see
                shown = {**entry, "args": None} if mine else entry
                self.check(shown, self.hidden_at[number][viewer], name, where)

    def check_replays(self, name: str, viewer: int | None, move: int, finished: bool) -> None:
        """While the game runs, a player replays their own seat at an earlier move; after the end,
        anyone replays any seat as that seat saw it."""
        earlier = self.chooser.randrange(move + 1)
        if finished:
            seat = self.chooser.randrange(len(self.players))
            answer = self.get_json("get", f"/replay?move={earlier}&seat={seat}", name)
            self.check(answer, self.hidden_at[earlier][self.ids[self.players[seat]]], name, f"/replay at {earlier}")
            self.check_statistics(answer, name, f"/replay at {earlier}", finished)
        elif viewer is None:
            self.expect_refused("get", "/replay", name, "/replay of a running game")
        else:
            answer = self.get_json("get", f"/replay?move={earlier}", name)
            self.check(answer, self.hidden_at[earlier][viewer], name, f"/replay at {earlier}")
            self.check_statistics(answer, name, f"/replay at {earlier}", finished)
            other = (self.players.index(name) + 1) % len(self.players)
            self.expect_refused("get", f"/replay?seat={other}", name, "/replay of another seat")

    def check_statistics(self, answer: dict, name: str, where: str, finished: bool) -> None:
        shown = answer["statistics"]
        if shown is not None and not finished:
            self.leak(name, where, "shows the statistics before the end")
        limited = {entry["name"] for entries in (shown or {}).values() for entry in entries} & self.limited
        if limited:
            self.leak(name, where, f"shows the limited statistics {sorted(limited)}")

    def check_export(self, name: str, viewer: int | None, finished: bool) -> None:
        if finished or viewer is not None:
            self.get_json("get", "/export", name, seed_allowed=True)
        else:
            self.expect_refused("get", "/export", name, "/export")

    def check_describe(self, name: str, viewer: int | None, move: int, finished: bool) -> None:
        """A move described before it is sent tells its player nothing their view does not: one of their legal
        moves, described. Only a seated player asks; nothing of a finished game is described."""
        if viewer is None:
            self.expect_refused("post", "/describe/anything", name, "/describe")
            return
        table = server_table(self.app, self.table_id)
        moves = [] if finished else table.legal_actions(viewer)
        if not moves:
            return
        action, args = random.Random(f"{self.seed}:{move}:{name}").choice(moves)  # not the game's own chooser
        answer = self.get_json("post", f"/describe/{action}", name, json=args)
        self.check(answer, self.hidden_at[move][viewer], name, f"/describe/{action}")

    def check_revoked_sessions(self) -> None:
        """A session logged out reads nothing more: not the stream (which also ends, open, at its next wake:
        tests/web/test_stream_bounds.py), not the notifications, not the view."""
        for name in self.players:
            token = self.api.post("/api/login", json={"name": name, "password": "secret-pass"}).json["token"]
            headers = {"Authorization": f"Bearer {token}"}
            assert self.api.client.post("/api/logout", headers=headers).status_code == 200
            for path in ("/events?after=0", "/notifications?after=0", ""):
                answer = self.api.client.get(f"/api/tables/{self.table_id}{path}", headers=headers)
                self.report.requests += 1
                if answer.status_code != 401:
                    self.leak(name, path or "the view", f"answers {answer.status_code} to a logged-out session")
                answer.close()

    def check_stranger(self) -> None:
        """At a private table every route is a 404 to someone who is neither player nor invited."""
        for path in ("", "/notifications", "/events", "/log", "/replay", "/export", "/chat", "/legal-actions",
                     "/legal-actions?moves=true"):
            self.expect_refused("get", path, self.outsider, path or "the view", status=404)
        self.expect_refused("post", "/describe/anything", self.outsider, "/describe", status=404)

    # ----- requests and findings --------------------------------------------------------------
    def get_json(self, method: str, path: str, name: str, seed_allowed: bool = False, **kwargs) -> dict:
        answer = getattr(self.api, method)(f"/api/tables/{self.table_id}{path}", name, **kwargs)
        self.report.requests += 1
        assert answer.status_code in (200, 201), (path, name, answer.json)
        if not seed_allowed and self.seed in answer.get_data(as_text=True):
            self.leak(name, path or "the view", "shows the table's seed")
        return answer.json

    def expect_refused(self, method: str, path: str, name: str, what: str, status: int = 403) -> None:
        answer = getattr(self.api, method)(f"/api/tables/{self.table_id}{path}", name)
        self.report.requests += 1
        if answer.status_code != status:
            self.leak(name, what, f"answers {answer.status_code}, not {status}")

    def check(self, body, hidden: set[str], name: str, where: str) -> None:
        seen = leaves(body) & hidden
        if seen:
            self.leak(name, where, f"shows hidden {sorted(seen)[:6]}")

    def leak(self, name: str, where: str, what: str) -> None:
        self.report.leaks.append(f"{self.game} seed {self.seed}: {where} to {name} {what}")


def server_sent_events(text: str) -> list[tuple[str, str]]:
    """(event, data) of each event in a whole text/event-stream answer (comments skipped)."""
    found = []
    for block in text.split("\n\n"):
        fields = [line.partition(":") for line in block.split("\n") if line and not line.startswith(":")]
        kind = next((value.strip() for name, _, value in fields if name == "event"), "message")
        data = "\n".join(value.removeprefix(" ") for name, _, value in fields if name == "data")
        if data:
            found.append((kind, data))
    return found
