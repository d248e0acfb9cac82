"""Everything a table is between two moves, typed; saved as JSON (the snapshot) after each move."""
from __future__ import annotations

import hashlib
import json
import marshal
from dataclasses import dataclass
from typing import Any

from .states import GAME_SETUP_ID


def deep_copy(value: Any) -> Any:
    """A fast deep copy of JSON-like data (marshal is several times faster than copy.deepcopy)."""
    return marshal.loads(marshal.dumps(value))


@dataclass(slots=True)
class TableState:
    """One owner for the table's situation: `Table` reads and writes it, `GameStateMachine` moves
    it from state to state, and `Game` reaches its `data`, scores and statistics through them.

    Per-player entries (`scores`, `stats["player"]`) are keyed by the player id as a string, as
    JSON keeps them; games reach them through `Game` methods that take the id as a number.
    """

    state_id: int              # the id of the State the table is in
    active: int | None         # the active player of an active_player state
    multiactive: list[int]     # the active players of a multiple_active state, in seat order
    data: dict                 # the game's own data (BGA: its tables), JSON only
    scores: dict[str, list[int]]  # player id -> [score, score_aux]
    stats: dict                # {"table": {...}, "player": {player id: {...}}}
    seq: int                   # notifications made so far
    rng_draws: int             # random streams drawn so far (each action that draws takes one)
    move: int                  # accepted moves so far
    progression: int           # 0-100
    savepoint: dict | None     # the situation at the last undo savepoint (BGA undoSavepoint)

    @classmethod
    def blank(cls, player_ids: list[int]) -> TableState:
        ids = [str(pid) for pid in player_ids]
        return cls(state_id=GAME_SETUP_ID, active=None, multiactive=[], data={},
                   scores={pid: [0, 0] for pid in ids}, stats={"table": {}, "player": {pid: {} for pid in ids}},
                   seq=0, rng_draws=0, move=0, progression=0, savepoint=None)

    @classmethod
    def from_json(cls, snapshot: dict) -> TableState:
        """The state a snapshot describes; it shares the snapshot's containers (no copy)."""
        return cls(state_id=snapshot["state"], active=snapshot["active"], multiactive=snapshot["multiactive"],
                   data=snapshot["data"], scores=snapshot["scores"], stats=snapshot["stats"],
                   seq=snapshot["seq"], rng_draws=snapshot["rng"], move=snapshot["move"],
                   progression=snapshot["progression"], savepoint=snapshot["savepoint"])

    def reset_to(self, snapshot: dict) -> None:
        """Become what `snapshot` describes, in place (a refused action rolls back this way, so
        whoever holds this object keeps holding the table's state)."""
        other = TableState.from_json(snapshot)
        for name in self.__slots__:
            setattr(self, name, getattr(other, name))

    def copied(self, keep_savepoint: bool = True) -> TableState:
        """An independent copy, the mutable parts copied in one marshal round trip (no snapshot dict
        built and read back); `keep_savepoint=False` leaves the savepoint out rather than copy it."""
        savepoint = self.savepoint if keep_savepoint else None
        multiactive, data, scores, stats, savepoint = deep_copy(
            (self.multiactive, self.data, self.scores, self.stats, savepoint))
        return TableState(self.state_id, self.active, multiactive, data, scores, stats, self.seq,
                          self.rng_draws, self.move, self.progression, savepoint)

    def to_json(self) -> dict:
        """The snapshot: what the store saves and `from_json` reads back (keys kept short and stable)."""
        return {"state": self.state_id, "active": self.active, "multiactive": self.multiactive,
                "data": self.data, "scores": self.scores, "stats": self.stats, "seq": self.seq,
                "rng": self.rng_draws, "move": self.move, "progression": self.progression,
                "savepoint": self.savepoint}

    def hash(self) -> str:
        """Equal hashes mean equal tables: data, state, active players, scores, stats, move, rng.

        The notification counter is left out: the server adds messages of its own ("Anna left
        the table") that a replay of the moves does not make.
        """
        snapshot = self.to_json()
        del snapshot["seq"]
        text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # ----- undo (BGA undoSavepoint / undoRestorePoint) -----------------------------------------
    def save_point(self) -> None:
        """The situation now becomes the savepoint, with nobody having acted since."""
        saved = self.to_json()
        for counter in ("savepoint", "seq", "move"):  # the counters go on across an undo
            del saved[counter]
        self.savepoint = {**deep_copy(saved), "acted": []}

    def note_acted(self, player_id: int) -> None:
        """`player_id` made a move since the savepoint: an undo by anyone else would erase it."""
        if self.savepoint is not None:
            acted = self.savepoint.setdefault("acted", [])
            if player_id not in acted:
                acted.append(player_id)

    def acted_since_savepoint(self) -> list[int]:
        """The players who made a move since the savepoint, in the order they first did."""
        return list(self.savepoint.get("acted", [])) if self.savepoint is not None else []

    def restore_point(self) -> bool:
        """Back to the savepoint; False when there is none."""
        if self.savepoint is None:
            return False
        saved = deep_copy(self.savepoint)
        self.state_id, self.active, self.multiactive = saved["state"], saved["active"], saved["multiactive"]
        self.data, self.scores, self.stats = saved["data"], saved["scores"], saved["stats"]
        self.rng_draws, self.progression = saved["rng"], saved["progression"]
        self.savepoint["acted"] = []  # back where it was taken: nobody has acted since
        return True
