"""Random self-play of frohlfing/tichu (the public Python Tichu engine), for `make bench`'s side-by-side row.

Run by the peer's own interpreter with the peer's checkout as the working directory; it imports nothing
of this project. It plays whole games of four `RandomAgent`s in one process, as the peer's own arena does
with one worker (`src/arena.py`: `GameEngine(...).run_game_loop()` under `asyncio.run`, log level
WARNING), for about the seconds given, and prints one JSON line: hands (the peer's rounds) and seconds.
A game under way when the time is up is played to its end and counted.
"""
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time


def main() -> int:
    seconds = float(sys.argv[1])
    sys.path.insert(0, os.getcwd())
    # The peer's logger writes to DATA_PATH/logs from import on: a throwaway folder, not the checkout.
    data = tempfile.mkdtemp(prefix="peer-tichu-")
    os.makedirs(os.path.join(data, "logs"))
    os.environ["DATA_PATH"] = data
    try:
        return play(seconds)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def play(seconds: float) -> int:
    from src import config
    config.LOG_LEVEL = "WARNING"  # as the peer's bin/run_arena.py sets it before importing the engine
    from src.game_engine import GameEngine
    from src.players.random_agent import RandomAgent

    agents = [RandomAgent(seed=seat + 1) for seat in range(4)]
    hands, games = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        engine = GameEngine(f"bench-{games}", default_agents=agents, seed=games + 1)
        state = asyncio.run(engine.run_game_loop())
        hands += state.round_counter
        games += 1
    print(json.dumps({"hands": hands, "games": games, "seconds": time.perf_counter() - started}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
