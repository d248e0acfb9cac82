"""How a table's players rank and which of its statistics they are shown: one answer for the view,
the end screen, "my tables", the replay viewer and the export."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LIMITED = "limited"  # a statistic's "display": recorded for the designer, never shown to players (BGA)
_ZERO = {"int": 0, "float": 0.0, "bool": False}
STAT_TYPES = tuple(_ZERO)


def ranks(scores: Mapping[int, tuple[int, int]]) -> dict[int, int]:
    """Each player's place, 1 the best: the higher score first, then the higher score_aux (BGA's
    tie-breaker); players equal on both share a place and the next place is skipped (1, 1, 3)."""
    ordered = sorted(scores.values(), reverse=True)
    return {player: ordered.index(score) + 1 for player, score in scores.items()}


def shown_statistics(declared: Mapping[str, Any], stats: Mapping[str, Any], player_ids: list[int]) -> dict:
    """The statistics players may see, in the order the game declares them (its `statistics`):
    `{"table": [{name, label, type, value}], "player": [{name, label, type, values: {id: value}}]}`.
    Those declared `"display": "limited"` are left out; one never set counts as its type's zero
    (there is no init: `inc_stat` starts from it)."""

    def entries(kind: str) -> list[tuple[str, dict, Any]]:
        return [(name, spec, _ZERO.get(spec.get("type", "int"), 0))
                for name, spec in declared.get(kind, {}).items() if spec.get("display") != LIMITED]

    def describe(name: str, spec: dict) -> dict:
        return {"name": name, "label": spec.get("name", name), "type": spec.get("type", "int")}

    return {
        "table": [{**describe(name, spec), "value": stats["table"].get(name, zero)}
                  for name, spec, zero in entries("table")],
        "player": [{**describe(name, spec),
                    "values": {str(pid): stats["player"][str(pid)].get(name, zero) for pid in player_ids}}
                   for name, spec, zero in entries("player")],
    }
