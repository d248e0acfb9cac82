"""`make bench`'s side-by-side row (tools/bench_peer.py): skipped with a note saying what to set up when
the peer's checkout is absent or at another commit, and its runner speaks to the peer's engine the way
frohlfing/tichu's own arena does (here a stand-in checkout with the same entry points)."""
import subprocess
import sys
import textwrap

import pytest

from tools.bench_peer import PEER_COMMIT, PEER_ENV, Peer, fast_self_play, find_peer, peer_report, peer_self_play


def test_without_a_checkout_the_row_is_skipped_with_what_to_set(monkeypatch):
    monkeypatch.delenv(PEER_ENV, raising=False)
    lines = peer_report(0.1)
    assert lines[-1].startswith("Skipped:") and PEER_ENV in lines[-1] and PEER_COMMIT[:12] in lines[-1]
    assert not any(line.startswith("| ") for line in lines)


def test_a_checkout_at_another_commit_is_not_measured(monkeypatch, tmp_path):
    stand_in(tmp_path)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x",
                    "--allow-empty"], check=True)
    monkeypatch.setenv(PEER_ENV, str(tmp_path))
    peer, note = find_peer()
    assert peer is None and "not the pinned" in note
    monkeypatch.setenv(PEER_ENV, str(tmp_path / "nowhere"))
    assert "is not a checkout" in find_peer()[1]


def test_the_runner_plays_the_peers_games_and_reports_hands_per_second(tmp_path):
    stand_in(tmp_path)
    rate = peer_self_play(Peer(tmp_path, sys.executable), 0.3)
    assert 1_000 < rate < 2_200
    assert not (tmp_path / "data").exists()  # the peer's log files went to a throwaway folder


def test_a_failing_peer_is_reported_not_measured(tmp_path):
    stand_in(tmp_path, rounds="1 / 0")
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        peer_self_play(Peer(tmp_path, sys.executable), 0.1)


def test_our_fast_self_play_plays_hands():
    assert fast_self_play("dragon_phoenix", 0.5) > 0


def stand_in(root, rounds: str = "22") -> None:
    """A checkout with frohlfing/tichu's entry points: src.config, GameEngine, RandomAgent; its logger
    writes under DATA_PATH at import, as the real one does."""
    files = {
        "src/__init__.py": "",
        "src/config.py": "import os\nLOG_LEVEL = 0\nDATA_PATH = os.getenv('DATA_PATH', 'data')\n",
        "src/players/__init__.py": "",
        "src/players/random_agent.py": "class RandomAgent:\n    def __init__(self, seed=None):\n        pass\n",
        "src/game_engine.py": textwrap.dedent(f"""\
            import os
            import time
            from types import SimpleNamespace
            from src import config
            open(os.path.join(config.DATA_PATH, "logs", "app.log"), "a").close()

            class GameEngine:
                def __init__(self, name, default_agents, seed):
                    assert len(default_agents) == 4
                async def run_game_loop(self):
                    time.sleep(0.01)  # a game of 22 hands in 10 ms: 2,200 hands/s at most
                    return SimpleNamespace(round_counter={rounds})
            """),
    }
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
