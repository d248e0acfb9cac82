"""The designer's commands: new-game, validate, diagram, simulate, arena, replay, export-bga.

They need no app and no database: `bga <command>` (framework/console.py) finds the games through their
entry points, loading only the one named. The app registers the same command objects on its CLI, and
`flask --app framework.web <command>` then works on the games that app serves (its `GAMES` and
`GAMES_EXTRA` settings).
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

import click
from marshmallow import ValidationError

from framework.designer.arena import DEFAULT_DEALS, ArenaSettings, arena
from framework.designer.bga.project import ProjectNameError, project_name
from framework.designer.bga_export import export_bga
from framework.designer.diagram import FORMATS
from framework.designer.exchange import replay_export
from framework.designer.progress import ProgressLine
from framework.designer.proof.observed_play import Observed, observe_play
from framework.designer.proof.state_graph import build_graph
from framework.designer.proof.validation import review
from framework.designer.scaffold import new_game
from framework.designer.simulate import BOTS, DEFAULT_BOTS, DEFAULT_GAMES, DEFAULT_MAX_MOVES, Settings, simulate
from framework.designer.simulation_report import ReportUnavailable, require_plotting, summary_lines, write_report
from framework.engine import Game, GameDefinitionError
from framework.engine.bots import bot_levels, no_expert
from framework.engine.plugins import discover_games, registered
from framework.engine.search import DEFAULT_ITERATIONS, DEFAULT_POLICY, DEFAULT_SECONDS, POLICIES

ROOT = Path(__file__).resolve().parents[2]


def game_named(name: str) -> type[Game]:
    """The game a command works on; a name that is not installed is refused, naming those that are."""
    served = app_games()
    try:
        names = served.keys() if served is not None else registered().keys()
        if name not in names:
            hint = ""
            if (ROOT / "games" / name / "__init__.py").is_file():
                hint = f" (games/{name} is not registered yet: make install registers what pyproject.toml lists)"
            raise click.BadParameter(f"no game {name!r}; installed: {', '.join(sorted(names))}{hint}",
                                     param_hint="GAME")
        return served[name] if served is not None else discover_games([name])[name]
    except GameDefinitionError as err:  # a plugin that does not load, or is refused at load
        raise click.ClickException(str(err)) from None


def app_games() -> dict[str, type[Game]] | None:
    """The games the app serves when the command runs as `flask --app framework.web <command>`: click's
    context object is then Flask's ScriptInfo, whose `load_app()` gives the app already built. None when
    it runs as `bga <command>`, which builds no app."""
    load_app = getattr(click.get_current_context().obj, "load_app", None)
    return load_app().extensions["games"] if load_app is not None else None


SIMULATE = click.option(
    "--simulate", "games_played", default=0, show_default=True, type=click.IntRange(0, 100_000), metavar="N",
    help="play N random games (each stops after its first few hundred moves) and add the transitions they take")


def observed_with_progress(game_cls, games: int) -> Observed:
    """N random games' transitions and notifications (none for 0), with a progress bar."""
    if not games:
        return Observed()
    with click.progressbar(length=games, label=f"{game_cls.name}: playing {games} games", file=sys.stderr) as bar:
        try:
            observed = observe_play(game_cls, games, progress=lambda done: bar.update(done - bar.pos))
        except Exception as err:  # a game that breaks in random play: `simulate` finds and saves it
            raise click.ClickException(f"a random game broke: {type(err).__name__}: {err} "
                                       f"(`simulate {game_cls.name}` saves such a game to replay)") from None
    click.echo(f"played {observed.games} games ({observed.moves} moves): {len(observed.transitions)} "
               "transitions taken", err=True)
    return observed


@click.command("validate")
@click.argument("game")
@SIMULATE
def validate_command(game: str, games_played: int) -> None:
    """Check a plugin's states, transitions, actions and zombie behaviour; say which exits the source
    cannot prove (--simulate N adds the transitions N random games take)."""
    game_cls = game_named(game)
    observed = observed_with_progress(game_cls, games_played)
    found = review(game_cls, observed.transitions, observed.games)
    for problem in found.problems:
        click.echo(f"error: {problem}", err=True)
    for doubt in found.doubts:
        click.echo(f"warning: {doubt}", err=True)
    if found.problems:
        sys.exit(1)
    click.echo(f"{game}: no problem found" + (f"; {len(found.doubts)} warnings: what the source does not prove"
                                              if found.doubts else ""))


@click.command("diagram")
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(sorted(FORMATS)), default="mermaid", show_default=True)
@SIMULATE
def diagram_command(game: str, fmt: str, games_played: int) -> None:
    """Print the state machine: states by type, transitions by name (--simulate N: with the transitions
    N random games take, dashed where the source does not show them)."""
    game_cls = game_named(game)
    graph = build_graph(game_cls, observed_with_progress(game_cls, games_played).transitions)
    try:
        click.echo(FORMATS[fmt](game_cls, graph), nl=False)
    except RuntimeError as err:
        raise click.ClickException(str(err)) from None


@click.command("simulate")
@click.argument("game")
@click.option("--games", "count", default=DEFAULT_GAMES, show_default=True, type=click.IntRange(1, 1_000_000))
@click.option("--bot", default=DEFAULT_BOTS, show_default=True,
              help="random, heuristic, or a comma list given to the seats in turn (random,heuristic)")
@click.option("--seed", default=None, help="base seed; game n uses SEED-n (default: a random one, printed)")
@click.option("--options", "options_json", default=None, help="table options as JSON")
@click.option("--hands", type=click.IntRange(1, 10_000), default=None,
              help="stop each game after N hands (counted as unfinished, with the score trend)")
@click.option("--max-moves", type=click.IntRange(1, 10_000_000), default=DEFAULT_MAX_MOVES, show_default=True,
              help="stop a game after N moves (counted as unfinished, with the score trend)")
@click.option("--check-leaks", is_flag=True, help="also check every view and notification for leaks")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="processes to play on (the results do not depend on it)")
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="write DIR/index.html: charts of scores, wins, lengths and actions (needs the [report] extra)")
def simulate_command(game: str, count: int, bot: str, seed: str | None, options_json: str | None,
                     hands: int | None, max_moves: int, check_leaks: bool, jobs: int,
                     report_dir: Path | None) -> None:
    """Play N games by bots in-process, check each, and print a summary: finished games, games
    stopped at a limit (unfinished), failures with a file that replays them."""
    game_cls = game_named(game)
    levels = bot_list(game_cls, bot, "--bot")
    options = table_options(game_cls, options_json)
    if hands is not None and game_cls.hands_played is Game.hands_played:
        raise click.BadParameter(f"{game} does not count hands: it defines no Game.hands_played "
                                 "(docs/writing-a-game.md)", param_hint="--hands")
    if report_dir is not None:
        try:
            require_plotting()
        except ReportUnavailable as missing:
            raise click.ClickException(str(missing)) from None
    seed = seed if seed is not None else str(random.SystemRandom().randrange(10**9))
    settings = Settings(levels, seed, options, check_leaks, hands, max_moves)
    click.echo(f"{game}: {count} games by {bot} bots, seed {seed} (--seed {seed} plays them again)")
    line, outcomes = ProgressLine(sys.stderr, game, count), Counter()

    def tally() -> str:  # "12 finished, 3 unfinished"
        return ", ".join(f"{number} {outcome}" for outcome, number in sorted(outcomes.items()))

    def progress(result) -> None:
        outcomes[result.outcome] += 1
        line.update(outcomes.total(), tally())

    summary = simulate(game_cls, count, settings, jobs, progress)
    line.finish(tally())
    for text in summary_lines(summary):
        click.echo(text)
    for failure in summary.failed:
        path = Path(f"simulate-failure-{failure.seed}.json")
        if failure.failure_file is not None:
            path.write_text(json.dumps(failure.failure_file, indent=1))
        click.echo(f"FAILED seed {failure.seed}: {failure.error}\n  reproduce: bga replay {path}", err=True)
    if report_dir is not None:
        click.echo(f"report: {write_report(summary, report_dir, sys.stderr)}")
    if summary.failed:
        sys.exit(1)


def bot_list(game_cls: type[Game], text: str, param: str) -> tuple[str, ...]:
    """The bot levels a comma list names, each one this game offers (expert only where it determinizes)."""
    levels = tuple(level.strip() for level in text.split(","))
    for level in levels:
        if level not in BOTS:
            raise click.BadParameter(f"bots are {', '.join(BOTS)}", param_hint=param)
        if level not in bot_levels(game_cls):
            raise click.BadParameter(no_expert(game_cls), param_hint=param)
    return levels


@click.command("arena")
@click.argument("game")
@click.option("--bots", default="expert,heuristic", show_default=True,
              help="the two bots, A,B: every deal is played twice, the seats swapped")
@click.option("--deals", default=DEFAULT_DEALS, show_default=True, type=click.IntRange(1, 100_000))
@click.option("--iterations", default=DEFAULT_ITERATIONS, show_default=True, type=click.IntRange(1, 1_000_000),
              help="the expert's search budget per move")
@click.option("--seconds", type=click.FloatRange(0, 600), default=DEFAULT_SECONDS, show_default=True,
              help="the cap on each search, as at a table (a capped move depends on the machine; 0: no cap, "
                   "the results then depend on the seeds alone)")
@click.option("--policy", type=click.Choice(POLICIES), default=DEFAULT_POLICY, show_default=True,
              help="how the expert plays its searches out")
@click.option("--seed", default="arena", show_default=True, help="deal n is the table seed SEED-n")
@click.option("--options", "options_json", default=None, help="table options as JSON")
@click.option("--hands", type=click.IntRange(1, 10_000), default=None,
              help="stop each game after N hands (the leader then wins it)")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="processes to play on (the results do not depend on it; the times may)")
def arena_command(game: str, bots: str, deals: int, iterations: int, seconds: float | None, policy: str,
                  seed: str, options_json: str | None, hands: int | None, jobs: int) -> None:
    """Two bots on duplicate deals: each deal twice, the seats swapped, so the luck of the deal cancels.
    Prints the score difference per hand with its 95% interval, the games won and the time per move."""
    game_cls = game_named(game)
    levels = bot_list(game_cls, bots, "--bots")
    if len(levels) != 2 or levels[0] == levels[1]:
        raise click.BadParameter("give two different bots, such as expert,heuristic", param_hint="--bots")
    if hands is not None and game_cls.hands_played is Game.hands_played:
        raise click.BadParameter(f"{game} does not count hands: it defines no Game.hands_played", param_hint="--hands")
    settings = ArenaSettings(levels, seed, iterations, seconds or None, policy, table_options(game_cls, options_json),
                             hands)
    line = ProgressLine(sys.stderr, f"{game}: {levels[0]} against {levels[1]}", 2 * deals)
    done = []

    def progress(played) -> None:
        done.append(played)
        line.update(len(done))

    summary = arena(game_cls, deals, settings, jobs, progress)
    line.finish()
    for text in summary.lines():
        click.echo(text)


@click.command("replay")
@click.argument("file", type=click.File())
@click.option("--verify", is_flag=True, help="exit non-zero unless every move replays and the hash matches")
@click.option("--until", type=click.IntRange(0), default=None, help="stop after move N")
def replay_command(file, verify: bool, until: int | None) -> None:
    """Replay an export file move by move against the current rules."""
    export = json.load(file)
    report = replay_export(game_named(export["game"]), export, until,
                           on_move=lambda n, move, made: click.echo(
                               f"{n:5} {move.player:>6} {move.action} {json.dumps(move.args)}"))
    if report.table is not None:
        click.echo(f"state hash {report.table.state_hash()} after {report.replayed} moves")
    if report.traceback:
        click.echo(report.traceback, err=True, nl=False)
    if report.error:
        click.echo(f"error: {report.error}", err=True)
    elif report.hash_matches:
        click.echo("matches the file's hash")
    if verify and report.error:
        sys.exit(1)


@click.command("new-game")
@click.argument("name")
@click.option("--title", default=None, help="display name (default: from NAME)")
@click.option("--standalone", type=click.Path(file_okay=False, path_type=Path), default=None, metavar="DIR",
              help="write a package of its own in DIR (pyproject.toml, tests, README) instead of games/NAME")
def new_game_command(name: str, title: str | None, standalone: Path | None) -> None:
    """Create a small playable game, its RULES.md and its tests, to grow from: games/NAME, registered in
    pyproject.toml, or with --standalone a package of its own to `pip install -e` next to the framework."""
    try:
        written = new_game(name, ROOT, title, standalone)
    except (ValueError, FileExistsError) as err:
        raise click.ClickException(str(err)) from None
    for path in written:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        click.echo(f"{'registered in' if path.name == 'pyproject.toml' and not standalone else 'created'} {shown}")
    if standalone:
        click.echo(f"next: .venv/bin/pip install -e {standalone} (the framework then serves {name!r}), "
                   f"and its tests: cd {standalone} && python -m pytest")
    else:
        click.echo(f"next: make test (it reinstalls the project, which registers {name!r}), then make run and "
                   f"create a table of {name!r}: the generic renderer plays it until you write "
                   f"games/{name}/client.js")


@click.command("export-bga")
@click.argument("game")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="folder to write the BGA Studio files into")
@click.option("--name", default=None, help="the BGA project name, lower-case letters only "
                                           "(default: the game's name without its other characters)")
@click.option("--legacy-states", is_flag=True, help="the older layout: states.inc.php, and every "
                                                    "action in Game.php, instead of State classes")
@SIMULATE
def export_bga_command(game: str, out: Path, name: str | None, legacy_states: bool, games_played: int) -> None:
    """Write what a BGA Studio project starts from: Game.php, a State class per state, notifications,
    options, stats, infos, dbmodel.sql and a README of what to port."""
    game_cls = game_named(game)
    try:
        project_name(game_cls, name)  # refused before any game is played or file written
    except ProjectNameError as err:
        raise click.BadParameter(str(err), param_hint="--name") from None
    exported = export_bga(game_cls, out, name=name, legacy=legacy_states,
                          observed=observed_with_progress(game_cls, games_played))
    click.echo(f"BGA project {exported.project.name!r}")
    for path in exported.files:
        click.echo(f"wrote {path}")
    for note in exported.notes:
        click.echo(f"note: {note}")


def table_options(game_cls, options_json: str | None) -> dict | None:
    """`--options` JSON, checked against the game's options now rather than in every game."""
    if not options_json:
        return None
    try:
        options = json.loads(options_json)
        game_cls.load_options(options)
    except (ValueError, ValidationError) as err:
        raise click.BadParameter(str(err), param_hint="--options") from None
    return options


# Every command here, for `bga` and for the app's CLI.
COMMANDS = (new_game_command, validate_command, diagram_command, simulate_command, arena_command, replay_command,
            export_bga_command)
