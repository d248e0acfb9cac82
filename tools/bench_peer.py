"""`make bench`, the engine beside its peer: random self-play of Dragon and Phoenix on the fast path (the
tables the expert's search plays on) against frohlfing/tichu, the public Python Tichu engine, measured
alternately in one run on this machine. The peer is never part of this repository: the bench runs it
from a checkout whose path `BGA_PEER_TICHU` gives, at the pinned commit, with its own interpreter
(`BGA_PEER_TICHU_PYTHON`, else the checkout's `.venv/bin/python`, else this one), in a subprocess
(tools/peer_tichu_runner.py), and skips the row with a note when there is none.

To set one up (the peer needs python-dotenv and aiohttp):
    git clone https://github.com/frohlfing/tichu /tmp/tichu && git -C /tmp/tichu checkout PEER_COMMIT
    python3 -m venv /tmp/tichu/.venv && /tmp/tichu/.venv/bin/pip install python-dotenv aiohttp
    BGA_PEER_TICHU=/tmp/tichu make bench
"""
from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from framework.engine import Table
from framework.engine.plugins import load_game
from framework.testing import default_players
from framework.testing.random_play import fewer_collections

PEER_REPO = "frohlfing/tichu"
PEER_COMMIT = "83e71b07f52f87b58c4af0635b74d0f3b548a817"  # 2025-08-30, its newest when first measured
PEER_ENV, PEER_PYTHON_ENV = "BGA_PEER_TICHU", "BGA_PEER_TICHU_PYTHON"
RUNNER = Path(__file__).with_name("peer_tichu_runner.py")
TARGET_RATIO = 3.0  # the expert's search needs the engine 3 times the peer's speed (issue #29)


def fast_self_play(name: str, seconds: float) -> float:
    """Hands per second of random play by fast tables (`Table.create(..., fast=True)`, moves drawn by the
    game's `random_action`): games one after another until the time is up (random calls lose so often
    that a random game of Dragon and Phoenix may never reach its end: hands are what compare)."""
    game = load_game(name)
    players = default_players(game.max_players)
    hands, seed = 0, 0
    started = time.perf_counter()
    with fewer_collections():
        while time.perf_counter() - started < seconds:
            seed += 1
            table = Table.create(game, players, None, f"bench-fast-{seed}", fast=True)
            rng = random.Random(seed)
            while table.status == "playing" and time.perf_counter() - started < seconds:
                player = table.active_players()[0]
                table.apply(player, *table.random_action(player, rng))
            hands += table.game.hands_played()
    return hands / (time.perf_counter() - started)


@dataclass
class Peer:
    checkout: Path
    python: str


def find_peer() -> tuple[Peer | None, str]:
    """The peer's checkout and interpreter, or None with the note saying why the row is skipped."""
    where = os.environ.get(PEER_ENV)
    if not where:
        return None, (f"Skipped: set {PEER_ENV} to a checkout of {PEER_REPO} at {PEER_COMMIT[:12]} "
                      "(see tools/bench_peer.py).")
    checkout = Path(where)
    if not (checkout / "src" / "game_engine.py").is_file():
        return None, f"Skipped: {PEER_ENV}={where} is not a checkout of {PEER_REPO} (no src/game_engine.py)."
    head = subprocess.run(["git", "-C", str(checkout), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode != 0 or head.stdout.strip() != PEER_COMMIT:
        found = head.stdout.strip()[:12] or "no git commit"
        return None, (f"Skipped: {PEER_ENV}={where} is at {found}, not the pinned {PEER_COMMIT[:12]} "
                      "(another commit's figures would not compare).")
    python = os.environ.get(PEER_PYTHON_ENV) or next(
        (str(p) for p in [checkout / ".venv" / "bin" / "python"] if p.is_file()), sys.executable)
    return Peer(checkout, python), ""


def peer_self_play(peer: Peer, seconds: float) -> float:
    """Hands per second of the peer's random self-play, timed inside its own process."""
    done = subprocess.run([peer.python, str(RUNNER), str(seconds)], cwd=peer.checkout, capture_output=True,
                          text=True, timeout=seconds * 10 + 60)
    if done.returncode != 0:
        raise RuntimeError(f"the peer's self-play failed: {done.stderr.strip()[-500:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result["hands"] / result["seconds"]


def side_by_side(seconds: float, rounds: int = 3) -> dict:
    """Ours and the peer's, alternately `rounds` times each for `seconds`: the medians and their ratio;
    only {"note": why} when there is no peer to run."""
    peer, note = find_peer()
    if peer is None:
        return {"note": note}
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(fast_self_play("dragon_phoenix", seconds))
        theirs.append(peer_self_play(peer, seconds))
    mine, peers = statistics.median(ours), statistics.median(theirs)
    return {"ours": mine, "peer": peers, "ratio": mine / peers, "ours_all": ours, "peer_all": theirs,
            "python": peer.python}


def peer_report(seconds: float) -> list[str]:
    """`make bench`'s lines for the side-by-side row (a note where the peer is absent)."""
    lines = ["", "The search's engine beside the peer: random self-play of Dragon and Phoenix on fast tables (the "
             "search's: no notification records, no rollback copies, no turn checks), against "
             f"{PEER_REPO} at {PEER_COMMIT[:12]} (four random agents, its own interpreter, one process), "
             f"measured alternately 3 times each ({seconds:.0f} s a run); medians:", ""]
    peer = side_by_side(seconds)
    if "note" in peer:
        return [*lines, peer["note"]]
    runs = {"this engine, fast tables": (peer["ours"], peer["ours_all"]), PEER_REPO: (peer["peer"], peer["peer_all"])}
    lines += ["| engine | hands/s | each run |", "|---|---|---|"]
    lines += [f"| {name} | {median:.0f} | {', '.join(f'{v:.0f}' for v in each)} |"
              for name, (median, each) in runs.items()]
    return [*lines, "", f"Ratio {peer['ratio']:.2f} (target {TARGET_RATIO:.0f})."]
