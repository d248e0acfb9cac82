"""The notifications a game sends, read from its source (and seen in play when games were played),
written as `modules/php/Notifications.php`: type, recipients, log template marked for translation,
and args."""
from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from framework.designer.proof.observed_play import SentNotification
from framework.designer.proof.plugin_source import SourceReader, Values
from framework.engine import Game

from .php import php_string, php_value, translated

SENDERS = {"notify_all": "all", "notify_player": "player"}


@dataclass(frozen=True)
class NotificationSpec:
    type: str
    to: str                 # "all" or "player"
    log: str
    args: tuple[str, ...]   # the args' names, `player_name` included where `player_id` is given
    complete: bool = True   # False: some args are passed as **kwargs the source does not tell


def read_notifications(game: type[Game]) -> tuple[list[NotificationSpec], list[str]]:
    """Every notify_all / notify_player call in the game's modules, each possible type and log;
    and a note for each call whose type or log the source does not tell."""
    reader = SourceReader(game)
    found: list[NotificationSpec] = []
    notes: list[str] = []
    for source in reader.modules:
        for call in ast.walk(source.tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr in SENDERS):
                continue
            scope = reader.enclosing(source, call)
            keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
            positional = call.args[1:] if call.func.attr == "notify_player" else call.args
            type_node = keywords.get("type", positional[0] if positional else None)
            log_node = keywords.get("log", positional[1] if len(positional) > 1 else None)
            types = reader.values(type_node, scope) if type_node is not None else Values()
            logs = reader.values(log_node, scope) if log_node is not None else Values([""])
            args, complete = _arg_names(reader, scope, call)
            for unknown in types.unknown + logs.unknown:
                notes.append(f"a notification's type or log is computed at {unknown.where} (`{unknown.text}`): "
                             "add it to Notifications.php by hand")
            for kind in (t for t in types.found if isinstance(t, str)):
                for log in (text for text in logs.found if isinstance(text, str)):
                    found.append(NotificationSpec(kind, SENDERS[call.func.attr], log, args, complete))
    return _merged(found), notes


def _arg_names(reader: SourceReader, scope, call: ast.Call) -> tuple[tuple[str, ...], bool]:
    names, complete = [k.arg for k in call.keywords if k.arg not in (None, "type", "log")], True
    for splat in (k.value for k in call.keywords if k.arg is None):
        passed = None
        if isinstance(splat, ast.Name) and scope.node is not None and not isinstance(scope.node, ast.Lambda) \
                and scope.node.args.kwarg is not None and scope.node.args.kwarg.arg == splat.id:
            passed = reader.passed_keywords(scope)
        if passed is None:
            complete = False
        else:
            names += sorted(passed)
    if "player_id" in names and "player_name" not in names:
        names.append("player_name")  # the framework adds it, as BGA games do by hand
    return tuple(dict.fromkeys(names)), complete


def with_played(specs: list[NotificationSpec], sent: Iterable[SentNotification]) -> list[NotificationSpec]:
    """The notifications read from the source, plus those seen in play (their args as sent)."""
    return _merged([*specs, *(NotificationSpec(s.type, s.to, s.log, s.args) for s in sent)])


def _merged(specs: list[NotificationSpec]) -> list[NotificationSpec]:
    """One entry per type, recipients and log, with every arg any of them names."""
    by_key: dict[tuple[str, str, str], NotificationSpec] = {}
    for spec in specs:
        key = (spec.type, spec.to, spec.log)
        known = by_key.get(key)
        if known is None:
            by_key[key] = spec
        else:
            by_key[key] = NotificationSpec(spec.type, spec.to, spec.log, tuple(dict.fromkeys(known.args + spec.args)),
                                           known.complete and spec.complete)
    return sorted(by_key.values(), key=lambda s: (s.type, s.to, s.log))


def notifications_php(namespace: str, title: str, specs: list[NotificationSpec]) -> str:
    entries = []
    for spec in specs:
        log = translated(spec.log) if spec.log else "''"
        more = "" if spec.complete else "  // and the args its caller passes"
        entries.append(f"            ['type' => {php_string(spec.type)}, 'to' => {php_string(spec.to)}, "
                       f"'log' => {log}, 'args' => {php_value(list(spec.args))}],{more}")
    body = "\n".join(entries)
    return f"""<?php
declare(strict_types=1);

namespace {namespace};

/**
 * The notifications of {title.replace('*/', '')}, as its Python plugin sends them: each type, who receives
 * it ('all': $this->notify->all(), 'player': $this->notify->player($playerId, ...)), its log template
 * (marked for translation) and the names of its args. Send each where the Python does; the client
 * handles each type in notif_<type>(args).
 */
final class Notifications
{{
    /** @return list<array{{type: string, to: string, log: string, args: list<string>}}> */
    public static function all(): array
    {{
        return [
{body}
        ];
    }}
}}
"""
