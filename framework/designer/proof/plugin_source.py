"""Reading a game's Python source for what the checks and the exports need: where a state's actions
and `enter()` may lead, and which notifications the game sends.

An expression is followed to the values it may take: constants and names of its module, local
names through their assignments, a helper's parameters through the calls that pass them (in the
game's own modules), what a helper function returns, both branches of `a if c else b`, a method's
`self` and a state's `self.game`. What cannot be followed (a value computed from data, a lookup)
is an `Unknown` kept with its place in the source, so a designer sees which line could not be read.
"""
from __future__ import annotations

import ast
import inspect
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

from framework.engine import Game

from .syntax_tree import ModuleSource, Scope, Unknown, Values, own_nodes

__all__ = ["Instance", "Method", "SourceReader", "Unknown", "Values", "next_state_argument"]

# The state machine's calls that name the next state, and where that argument is.
NEXT_STATE_CALLS = {"next_state": 0, "set_all_players_non_multiactive": 0, "set_player_non_multiactive": 1,
                    "set_players_multiactive": 1}


@dataclass(frozen=True)
class Instance:
    """Some object of class `cls`: a method's `self`, a state's `self.game`."""

    cls: type


@dataclass(frozen=True)
class Method:
    """A function read as an attribute of an `Instance`: called, it runs with that `self`."""

    function: FunctionType
    owner: type


class SourceReader:
    """Reads one game's source: its module, its states' modules and the modules of its package
    they use. Helpers are followed only inside those modules, never into the framework."""

    def __init__(self, game: type):
        self.game = game
        self._sources: dict[str, ModuleSource | None] = {}
        self._returns: dict[tuple, Values] = {}
        self._parameters: dict[tuple, Values] = {}
        self._scopes: dict[tuple, Scope] = {}
        self._busy: set[tuple] = set()

    # ----- the game's modules ---------------------------------------------------------------------
    @cached_property
    def package(self) -> str:
        module = self.game.__module__
        return module.rpartition(".")[0] or module

    def _in_package(self, name: str) -> bool:
        return name == self.package or name.startswith(self.package + ".")

    @cached_property
    def modules(self) -> list[ModuleSource]:
        """The game's module, its states' modules and the package modules they use, read once."""
        todo = [self.game.__module__, *(state.__module__ for state in self.game.states)]
        seen: dict[str, ModuleSource] = {}
        while todo:
            name = todo.pop()
            if name in seen or not self._in_package(name):
                continue
            source = self.module_source(name)
            if source is None:
                continue
            seen[name] = source
            for value in vars(source.module).values():
                used = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
                if isinstance(used, str) and self._in_package(used):
                    todo.append(used)
        return list(seen.values())

    def module_source(self, name: str) -> ModuleSource | None:
        if name not in self._sources:
            module = sys.modules.get(name)
            try:
                path = Path(inspect.getsourcefile(module))
                text = path.read_text()
                self._sources[name] = ModuleSource(module, path, text, ast.parse(text))
            except (TypeError, OSError, SyntaxError):
                self._sources[name] = None
        return self._sources[name]

    def scope(self, source: ModuleSource, node: ast.AST | None, owner: type | None) -> Scope:
        """One Scope per function and owner: its assignments are read once."""
        key = (id(source), id(node), owner)
        if key not in self._scopes:
            self._scopes[key] = Scope(source, node, owner)
        return self._scopes[key]

    def scope_of(self, function: Any, owner: type | None) -> Scope | None:
        """The scope of a Python function (or lambda) as its source defines it; None when unread."""
        function = inspect.unwrap(function)
        code = getattr(function, "__code__", None)
        source = self.module_source(getattr(function, "__module__", "") or "")
        if code is None or source is None:
            return None
        for node in source.functions_at.get(code.co_firstlineno, []):
            name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
            if name == function.__name__:
                return self.scope(source, node, owner)
        return None

    # ----- what a function may return, and where it may send the state machine --------------------
    def returns(self, function: Any, owner: type | None) -> Values:
        """Every value `function` may return (None included), helpers followed."""
        key = (getattr(function, "__code__", function), owner)
        if key in self._returns:
            return self._returns[key]
        if key in self._busy:
            return Values()  # a recursive call: its returns are those being gathered
        scope = self.scope_of(function, owner)
        if scope is None:
            return Values(unknown=[Unknown(getattr(function, "__qualname__", repr(function)), "source not found")])
        self._busy.add(key)
        try:
            if isinstance(scope.node, ast.Lambda):
                found = self.values(scope.node.body, scope)
            else:
                found = Values()
                for node in own_nodes(scope.node):
                    if isinstance(node, ast.Return):
                        found.merge(self.values(node.value, scope) if node.value is not None else Values([None]))
        finally:
            self._busy.discard(key)
        self._returns[key] = found
        return found

    def exits(self, function: Any, owner: type | None) -> Values:
        """Where a state's action or `enter()` may lead: what it returns, and the targets it gives
        the state machine (`next_state`, `set_player_non_multiactive`, ...) in it and in the helpers
        of the game it calls."""
        found = Values().merge(self.returns(function, owner))
        scope = self.scope_of(function, owner)
        if scope is not None:
            self._state_machine_targets(scope, found, set())
        return found

    def _state_machine_targets(self, scope: Scope, found: Values, visited: set) -> None:
        if scope.key in visited:
            return
        visited.add(scope.key)
        for node in own_nodes(scope.node):
            if not isinstance(node, ast.Call):
                continue
            argument = next_state_argument(node)
            if argument is not None:
                found.merge(self.values(argument, scope))
                continue
            for callee in self.values(node.func, scope).found:
                called = self._followed(callee)
                if called is not None and (inner := self.scope_of(*called)) is not None:
                    self._state_machine_targets(inner, found, visited)

    def _followed(self, callee: Any) -> tuple[FunctionType, type | None] | None:
        """A callee of the game's own code, with the class its `self` is; None for anything else."""
        if isinstance(callee, Method):
            function, owner = callee.function, callee.owner
        elif isinstance(callee, FunctionType):
            function, owner = callee, None
        else:
            return None
        function = inspect.unwrap(function)
        return (function, owner) if self._in_package(getattr(function, "__module__", "") or "") else None

    # ----- the values of an expression ------------------------------------------------------------
    def values(self, node: ast.expr, scope: Scope) -> Values:
        if isinstance(node, ast.Constant):
            return Values([node.value])
        if isinstance(node, ast.IfExp):
            return Values().merge(self.values(node.body, scope)).merge(self.values(node.orelse, scope))
        if isinstance(node, ast.BoolOp):
            found = Values()
            for value in node.values:
                found.merge(self.values(value, scope))
            return found
        if isinstance(node, ast.Name):
            return self._name(node, scope)
        if isinstance(node, ast.Attribute):
            return self._attribute(node, scope)
        if isinstance(node, ast.Call):
            return self._call(node, scope)
        return scope.source.unknown(node)

    def _name(self, node: ast.Name, scope: Scope) -> Values:
        name = node.id
        if name == "self" and scope.owner is not None and name in scope.params:
            return Values([Instance(scope.owner)])
        key = (*scope.key, name)
        if key in self._busy:
            return Values()
        self._busy.add(key)
        try:
            found = Values()
            assigned = scope.assignments.get(name)
            if assigned is not None:
                for value in assigned:
                    found.merge(self.values(value, scope) if value is not None else scope.source.unknown(node))
            if name in scope.params:
                found.merge(self.parameter(scope, name, node))
            if assigned is None and name not in scope.params:
                namespace = vars(scope.source.module)
                found.merge(Values([namespace[name]]) if name in namespace else scope.source.unknown(node))
            return found
        finally:
            self._busy.discard(key)

    def _attribute(self, node: ast.Attribute, scope: Scope) -> Values:
        found = Values()
        bases = self.values(node.value, scope)
        found.unknown += bases.unknown
        for base in bases.found:
            if isinstance(base, Instance):
                found.merge(self._instance_attribute(base, node, scope))
            elif isinstance(base, (ModuleType, type)) and hasattr(base, node.attr):
                found.add(getattr(base, node.attr))
            else:
                found.merge(scope.source.unknown(node))
        return found

    def _instance_attribute(self, base: Instance, node: ast.Attribute, scope: Scope) -> Values:
        if node.attr == "game" and not issubclass(base.cls, Game):
            return Values([Instance(self.game)])  # a state (or a state's mixin) reaches its game so
        value = inspect.getattr_static(base.cls, node.attr, None)
        if isinstance(value, FunctionType):
            return Values([Method(value, base.cls)])
        if value is None or isinstance(value, (property, cached_property, staticmethod, classmethod)):
            return scope.source.unknown(node)
        return Values([value])

    def _call(self, node: ast.Call, scope: Scope) -> Values:
        found = Values()
        callees = self.values(node.func, scope)
        found.unknown += callees.unknown
        for callee in callees.found:
            called = self._followed(callee)
            found.merge(self.returns(*called) if called is not None else scope.source.unknown(node))
        return found

    # ----- parameters, through the calls that pass them ---------------------------------------------
    def parameter(self, scope: Scope, name: str, node: ast.AST) -> Values:
        """A parameter's values: what the calls of its function in the game's modules pass (or its
        default where a call leaves it out)."""
        key = (*scope.key, name)
        if key in self._parameters:
            return self._parameters[key]
        found = Values()
        sites = list(self.call_sites(scope))
        if not sites:
            return scope.source.unknown(node)
        for call, caller, offset in sites:
            argument = self._argument(call, scope, name, offset)
            if argument is not None:
                found.merge(self.values(argument, caller))
            elif (default := self._default(scope, name)) is not None:
                found.merge(self.values(default, scope))
            else:
                found.merge(caller.source.unknown(call))
        self._parameters[key] = found
        return found

    def passed_keywords(self, scope: Scope) -> set[str] | None:
        """The keyword names the calls of a function with `**kwargs` pass into it; None when unread."""
        if scope.node is None or isinstance(scope.node, ast.Lambda) or scope.node.args.kwarg is None:
            return set()
        names, sites = set(), list(self.call_sites(scope))
        for call, _caller, _offset in sites:
            for keyword in call.keywords:
                if keyword.arg is None:
                    return None
                if keyword.arg not in scope.params:
                    names.add(keyword.arg)
        return names if sites else None

    def call_sites(self, scope: Scope) -> Iterator[tuple[ast.Call, Scope, int]]:
        """Calls of the scope's function by name in the game's modules: (call, caller scope, how many
        leading parameters the call does not pass: 1 for `obj.method(...)`)."""
        if scope.node is None or isinstance(scope.node, ast.Lambda):
            return
        name, method = scope.node.name, bool(scope.params) and scope.params[0] in ("self", "cls")
        for source in self.modules:
            for call in source.calls.get(name, []):
                func = call.func
                if isinstance(func, ast.Attribute) and func.attr == name:
                    yield call, self.enclosing(source, call), 1 if method else 0
                elif isinstance(func, ast.Name) and func.id == name and not method:
                    yield call, self.enclosing(source, call), 0

    def enclosing(self, source: ModuleSource, node: ast.AST) -> Scope:
        """The scope a node is in: its function (with its class as `self`), or the module."""
        parent = source.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            parent = source.parents.get(parent)
        if parent is None:
            return self.scope(source, None, None)
        holder = source.parents.get(parent)
        owner = vars(source.module).get(holder.name) if isinstance(holder, ast.ClassDef) else None
        return self.scope(source, parent, owner if isinstance(owner, type) else None)

    @staticmethod
    def _argument(call: ast.Call, scope: Scope, name: str, offset: int) -> ast.expr | None:
        for keyword in call.keywords:
            if keyword.arg == name:
                return keyword.value
        position = scope.params.index(name) - offset
        positional = call.args
        if any(isinstance(a, ast.Starred) for a in positional[:position + 1]):
            return None
        if 0 <= position < len(positional) and position < len(scope.node.args.posonlyargs) + len(
                scope.node.args.args) - offset:
            return positional[position]
        return None

    @staticmethod
    def _default(scope: Scope, name: str) -> ast.expr | None:
        args = scope.node.args
        positional = [*args.posonlyargs, *args.args]
        names = [a.arg for a in positional]
        if name in names:
            index = names.index(name) - (len(positional) - len(args.defaults))
            return args.defaults[index] if index >= 0 else None
        for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
            if arg.arg == name:
                return default
        return None


def next_state_argument(call: ast.Call) -> ast.expr | None:
    """The next-state argument of a call to the state machine, or None for any other call."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in NEXT_STATE_CALLS:
        return None
    for keyword in call.keywords:
        if keyword.arg == "next_state" or (keyword.arg == "target" and func.attr == "next_state"):
            return keyword.value
    position = NEXT_STATE_CALLS[func.attr]
    return call.args[position] if len(call.args) > position else None
