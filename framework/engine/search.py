"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012), over any game that can determinize.

Each iteration deals the cards the searching player cannot see at random (`Table.determinized`),
descends one tree shared by every determinization over the moves legal in this one (UCB1, where a
move's exploration term counts the iterations it was available in rather than its parent's visits),
adds one node, plays the rest out with a fast policy and backs the result up. The tree is keyed by
the moves made, never by a hidden card, so it sums the searching player's whole information set:
what the player cannot see changes nothing in how it searches (the no-peek test checks it).

Decisions made here, with why:
- A playout ends where the current hand ends (`Game.hands_played` moves on) or the game does: the
  hand is where the choices searched pay off, a game is up to dozens of hands of future deals the searching
  player knows nothing about (their noise would drown the hand's signal), and a hand-long playout is
  what makes hundreds of iterations a second possible. A game not played in hands (`hands_played`
  None) plays out to its end, capped at `MAX_PLAYOUT_MOVES`.
- The reward is the score won during the playout: for each side (a team of `Game.teams()`, each
  player alone by default) its gain minus the mean gain of the other sides, divided by the largest
  such difference seen in this search, so in [-1, 1]. Totals are kept raw and scaled when compared:
  a scale that grows during the search then never mixes two scales in one node. Partners share the
  reward because they share the side.
- Progressive widening: a node tries a new move only while it has tried fewer than about 3 times
  the square root of its visits, the game's heuristic move first. With hundreds of legal moves (a
  Zhubu lead: 791) a budget of a few hundred iterations would otherwise try each once and learn
  nothing; this way the best of those tried are searched deeply, and the expert does no worse than
  the heuristic where it has too little time.
- Who moves in the tree: the searching player at the root; elsewhere the first active player, in
  seat order, with a legal move (a multiple_active state is played one player at a time, always in
  the same order, so the tree is the same for every determinization). Out-of-turn actions (a bomb)
  are searched for the searching player at the root only, where they are among its legal moves.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .table import PLAYING

if TYPE_CHECKING:
    from .table import Table

RANDOM, HEURISTIC = "random", "heuristic"
POLICIES = (RANDOM, HEURISTIC)
# Heuristic playouts are the stronger per second where measured: on Zhubu at 300 iterations (about the
# same time per move), the expert is level with the heuristic bot with random playouts (-0.3 points a
# hand, 40% of 20 duplicate games) and ahead with heuristic ones (+24.5, 65%). A game without a
# heuristic_move plays out at random either way.
DEFAULT_POLICY = HEURISTIC
DEFAULT_ITERATIONS = 300     # the expert's budget per decision (see BENCHMARKS.md for the time it takes)
# ... and the most seconds it may think, whatever the iterations left: a player waits 3 s at most (the
# issue's bound), and the rest of a bot's move (loading, storing, pushing) takes well under half a second.
# On an idle machine here few decisions reach it (early in a hand, where playouts are longest); when it
# is reached the move depends on the machine's speed, which `bga arena` counts and `--seconds 0` avoids.
DEFAULT_SECONDS = 2.5
EXPLORATION = 0.7            # UCB1's constant, for rewards in [-1, 1] (Cowling et al. use 0.7)
WIDEST_START, WIDENING = 4, 3.0
MAX_PLAYOUT_MOVES = 5_000    # a playout that reaches neither the hand's end nor the game's stops here

Move = tuple[str, dict]


def move_key(move: Move) -> str:
    """One text per move, so moves compare across determinizations (their args are fresh dicts)."""
    return move[0] + repr(sorted(move[1].items()))


def widened(visits: int) -> int:
    """How many moves a node with `visits` may have tried (progressive widening): a few at first, more as
    it is visited, so a node with hundreds of moves (Zhubu's leads) has its best ones searched deeply
    rather than every one once; a node with a handful tries them all within a few visits."""
    return max(WIDEST_START, int(WIDENING * math.sqrt(visits + 1)))


@dataclass(eq=False)
class Node:
    """A move in the tree: who made it, and its statistics from that player's side."""

    mover: int | None = None
    move: Move | None = None
    visits: int = 0
    total: float = 0.0       # the raw rewards backed up, from the mover's side
    available: int = 0       # iterations in which this move was legal (ISMCTS's availability count)
    children: dict[tuple[int, str], Node] = field(default_factory=dict)

    def ucb(self, scale: float, exploration: float) -> float:
        return self.total / (self.visits * scale) + exploration * math.sqrt(math.log(self.available) / self.visits)


@dataclass
class SearchResult:
    """The move chosen, and what the search saw: each root move's visits and mean reward in [-1, 1]."""

    move: Move
    iterations: int
    seconds: float
    stats: list[tuple[Move, int, float]]


def teams_of(table: Table) -> dict[int, int]:
    """Each player's side (an index into `Game.teams()`)."""
    return {pid: side for side, team in enumerate(table.game.teams()) for pid in team}


def mover_and_moves(table: Table, candidates) -> tuple[int, list[Move]] | None:
    """Who acts next in the tree, and the moves searched for them: the first active player, in seat
    order, with any; None when nobody has one (the game over or stuck)."""
    for player_id in sorted(table.active_players(), key=table.game.seat_of):
        moves = candidates(table, player_id)
        if moves:
            return player_id, moves
    return None


def searched_moves(table: Table, player_id: int) -> list[Move]:
    """The moves the tree considers: the game's narrowed `search_candidates`, else every legal one."""
    if table.status != PLAYING:
        return []
    narrowed = table.game.search_candidates(player_id)
    return list(narrowed) if narrowed is not None else table.legal_actions(player_id)


class Search:
    """One search for `me` from `table`'s position, seeded by `rng`. `policy` plays the playouts:
    "heuristic" (the game's `heuristic_move`, random where none; the default) or "random" (its `random_action`)."""

    def __init__(self, table: Table, me: int, rng: random.Random, policy: str = DEFAULT_POLICY,
                 exploration: float = EXPLORATION):
        if policy not in POLICIES:
            raise ValueError(f"playout policy is one of {', '.join(POLICIES)}, not {policy!r}")
        self.table, self.me, self.rng, self.policy, self.exploration = table, me, rng, policy, exploration
        self.root = Node()
        self.scale = 1.0
        self.side = teams_of(table)
        self.sides = len(set(self.side.values()))
        self.start_scores = {pid: score for pid, (score, _aux) in table.scores().items()}
        self.start_hands = table.game.hands_played()
        # Not undo: it needs the savepoint, which a determinization drops (it holds the real hidden cards).
        self.root_moves = searched_moves(table if table.state.savepoint is None else table.copy(savepoint=False), me)
        self.root_keys = [move_key(move) for move in self.root_moves]

    def run(self, iterations: int | None = None, seconds: float | None = None) -> SearchResult:
        """Search until `iterations` are done or `seconds` have passed (whichever comes first; at least
        one iteration), and choose the root move visited most."""
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
        if not self.root_moves:
            raise ValueError(f"player {self.me} has no move to search")
        started = time.perf_counter()
        done = 0
        while True:
            self.iterate()
            done += 1
            if iterations is not None and done >= iterations:
                break
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
        children = list(self.root.children.values())
        # Most visits; ties by the better mean, then by the order moves were first tried (seeded).
        best = max(children, key=lambda n: (n.visits, n.total / max(n.visits, 1)))
        stats = [(n.move, n.visits, n.total / (max(n.visits, 1) * self.scale)) for n in children]
        return SearchResult(best.move, done, time.perf_counter() - started, stats)

    # ----- one iteration ------------------------------------------------------------------------
    def world(self) -> Table:
        """The state this iteration searches: a determinization, never the real table, on the fast path
        (no notifications, no rollback copies, no turn checks: every move applied is one the engine listed)."""
        return self.table.determinized(self.me, self.rng, fast=True)

    def iterate(self) -> None:
        world = self.world()
        node, path = self.root, []
        while not self.over(world):
            if node is self.root:  # the same in every determinization (its player's own moves): listed once
                mover, moves, keys = self.me, self.root_moves, self.root_keys
            else:
                turn = mover_and_moves(world, searched_moves)
                if turn is None:
                    break
                (mover, moves), keys = turn, None
            child, expanded = self.select(world, node, mover, moves, keys)
            world.apply(mover, *child.move, rollback=False)
            path.append(child)
            node = child
            if expanded:
                break
        self.play_out(world)
        rewards = self.rewards(world)
        self.root.visits += 1
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.mover]

    def select(self, world: Table, node: Node, mover: int, moves: list[Move],
               keys: list[str] | None) -> tuple[Node, bool]:
        """The child to follow: a move not tried here while the node may widen (the game's heuristic
        move first, then drawn at random), else the best by UCB1 among those legal now. Every child
        legal now counts this iteration as available."""
        untried, present = [], []
        for move, key in zip(moves, keys or [move_key(m) for m in moves], strict=True):
            child = node.children.get((mover, key))
            if child is None:
                untried.append(move)
            else:
                child.available += 1
                present.append(child)
        if untried and len(present) < widened(node.visits):
            move = self.first_untried(world, mover, untried) if not present else None
            move = move or untried[self.rng.randrange(len(untried))]
            child = node.children[mover, move_key(move)] = Node(mover, move, available=1)
            return child, True
        scale, exploration = self.scale, self.exploration
        return max(present, key=lambda n: n.ucb(scale, exploration)), False

    @staticmethod
    def first_untried(world: Table, mover: int, untried: list[Move]) -> Move | None:
        """The game's heuristic move, where it writes one and it is among those to try: prior knowledge
        that makes the search no worse than the heuristic where it has too little time to widen."""
        heuristic = world.game.heuristic_move(mover)
        if heuristic is None:
            return None
        key = move_key(heuristic)
        return next((move for move in untried if move_key(move) == key), None)

    def over(self, world: Table) -> bool:
        if world.status != PLAYING:
            return True
        return self.start_hands is not None and world.game.hands_played() != self.start_hands

    def play_out(self, world: Table) -> None:
        """Play on by the policy until the hand (or the game) ends."""
        game, rng, heuristic = world.game, self.rng, self.policy == HEURISTIC
        for _ in range(MAX_PLAYOUT_MOVES):
            if self.over(world):
                return
            for player_id in sorted(world.active_players(), key=game.seat_of):
                chosen = (heuristic and game.heuristic_move(player_id)) or world.random_action(player_id, rng)
                if chosen is not None:
                    world.apply(player_id, *chosen, rollback=False)
                    break
            else:
                return  # nobody can move: a stuck game ends the playout where it is

    def rewards(self, world: Table) -> dict[int, float]:
        """Each player's raw reward: their side's score gain minus the mean gain of the other sides."""
        gained: dict[int, list[int]] = {}
        for pid, (score, _aux) in world.scores().items():
            gained.setdefault(self.side[pid], []).append(score - self.start_scores[pid])
        by_side = {side: sum(gains) / len(gains) for side, gains in gained.items()}
        if self.sides < 2:
            return dict.fromkeys(self.side, 0.0)
        whole = sum(by_side.values())
        others = self.sides - 1
        reward = {side: gain - (whole - gain) / others for side, gain in by_side.items()}
        self.scale = max(self.scale, *(abs(r) for r in reward.values()))
        return {pid: reward[side] for pid, side in self.side.items()}
