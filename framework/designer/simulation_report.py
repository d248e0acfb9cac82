"""What `bga simulate` shows: the summary in lines of text, and with `--report DIR` one HTML page
of charts (SVG drawn by matplotlib, the `[report]` extra, inlined so the page is a single file)."""
from __future__ import annotations

import html
import io
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from .progress import ProgressLine
from .simulate import HAND_LIMIT, MOVE_LIMIT, Summary

INSTALL_HINT = "pip install 'bga-flask[report]' (in this repository: .venv/bin/pip install -e '.[report]')"
TIES = ("a seat wins when no seat has a better score, then tie-break (score_aux): seats that share "
        "both (partners, ties) each count a win")


class ReportUnavailable(RuntimeError):
    pass


def require_plotting() -> None:
    """Fail before any game is played when the charts cannot be drawn."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ReportUnavailable(f"--report draws its charts with matplotlib, which is not installed: "
                                f"{INSTALL_HINT}") from None


def by_seat(values, form: Callable = lambda v: f"{v:.1f}") -> str:
    return ", ".join(f"{seat}: {form(value)}" for seat, value in enumerate(values))


def summary_lines(summary: Summary) -> list[str]:
    count, seconds = len(summary.results), max(summary.seconds, 1e-9)
    finished, unfinished = summary.finished, summary.unfinished
    processes = summary.processes
    lines = [f"games: {len(finished)} of {count} finished, {len(unfinished)} unfinished, "
             f"{len(summary.failed)} failed",
             f"speed: {count / seconds:.1f} games/s, {summary.actions / seconds:.0f} actions/s, "
             f"{seconds:.1f} s on {processes} process{'es' if processes > 1 else ''}"]
    if finished:
        lengths = [r.moves for r in finished]
        length = (f"length: {sum(lengths) / len(lengths):.1f} actions per finished game on average "
                  f"({min(lengths)} to {max(lengths)})")
        if all(r.hands is not None for r in finished):
            length += f", {sum(r.hands for r in finished) / len(finished):.1f} hands"
        lines.append(length)
        lines.append("average score by seat: " + by_seat(summary.mean_scores(finished)))
        rates = summary.win_rates()
        lines.append("wins by seat: " + by_seat(
            zip(summary.wins_by_seat(), rates, strict=True),
            lambda w: f"{w[0]} ({w[1][0]:.0%}, 95% interval {w[1][1]:.0%}-{w[1][2]:.0%})"))
        lines.append(f"ties: {TIES}; {summary.shared_wins()} of {len(finished)} games had a shared first place")
        lines.append("wins by bot: " + ", ".join(f"{k}: {v}" for k, v in sorted(summary.wins_by_bot().items())))
    if unfinished:
        settings = summary.settings
        limits = [f"{summary.stopped_at(HAND_LIMIT)} at the hand limit ({settings.hands})"] if settings.hands else []
        limits.append(f"{summary.stopped_at(MOVE_LIMIT)} at the move limit ({settings.max_moves})")
        lines.append(f"unfinished: {len(unfinished)} games stopped, {', '.join(limits)}")
        lines.append("score at the limit by seat: " + by_seat(summary.mean_scores(unfinished)))
        trend, unit = summary.score_trend()
        note = "" if any(change > 0 for change in trend) else \
            " (no seat's score rises: a game that ends at a target score may never end with these bots)"
        lines.append(f"score trend per {unit} by seat: " + by_seat(trend, lambda v: f"{v:+.1f}") + note)
    totals = Counter()
    for actions in summary.actions_by_state().values():
        totals.update(actions)
    if totals:
        lines.append("actions taken: " + ", ".join(f"{k} {v}" for k, v in totals.most_common()))
    return lines


# ----- the HTML page --------------------------------------------------------------------------------
SEAT_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
STYLE = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}p.why{color:#555;margin:.2rem 0 .6rem}
ul.summary{font-family:ui-monospace,monospace;font-size:.85rem;padding-left:1rem}
section svg{max-width:100%;height:auto}"""


def write_report(summary: Summary, directory: Path, out: TextIO) -> Path:
    """Write `directory/index.html`; `out` shows the progress of drawing the charts."""
    require_plotting()
    import matplotlib

    line = ProgressLine(out, "report", len(CHARTS))
    sections = []
    # Text stays text (searchable, small); a fixed salt keeps the SVG ids the same from run to run.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "simulate", "font.size": 9}):
        for number, (title, why, draw) in enumerate(CHARTS, start=1):
            drawn = draw(summary)
            if drawn is not None:
                sections.append((title, why, svg(drawn)))
            line.update(number)
    line.finish()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "index.html"
    path.write_text(page(summary, sections), encoding="utf-8")
    return path


def svg(figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg"):]  # inline: no XML prolog or doctype inside HTML


def page(summary: Summary, sections: list[tuple[str, str, str]]) -> str:
    game, settings = summary.game, summary.settings
    title = f"{game.title or game.name}: {len(summary.results)} simulated games"
    items = "".join(f"<li>{html.escape(text)}</li>" for text in summary_lines(summary))
    failures = "".join(f"<li>seed {html.escape(r.seed)}: {html.escape(r.error or '')} "
                       f"(<code>bga replay simulate-failure-{html.escape(r.seed)}.json</code>)</li>"
                       for r in summary.failed)
    options = html.escape(str(settings.options or game.default_options()))
    body = [f"<h1>{html.escape(title)}</h1>",
            f"<p>Bots by seat: {html.escape(', '.join(settings.levels))}; seed {html.escape(settings.seed)}; "
            f"options {options}; {html.escape(TIES)}.</p>",
            f"<ul class=summary>{items}</ul>"]
    if failures:
        body.append(f"<h2>Failures</h2><ul>{failures}</ul>")
    for heading, why, drawing in sections:
        body.append(f"<section><h2>{html.escape(heading)}</h2><p class=why>{html.escape(why)}</p>{drawing}</section>")
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def figure(width: float = 7.0, height: float = 3.2):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def seat_labels(summary: Summary) -> list[str]:
    return [f"seat {seat}\n{summary.level(seat)}" for seat in range(summary.seats)]


def score_distribution(summary: Summary):
    games, when = (summary.finished, "final") if summary.finished else (summary.unfinished, "at the limit")
    if not games:
        return None
    fig = figure()
    ax = fig.add_subplot()
    scores = [[r.scores[seat][0] for r in games] for seat in range(summary.seats)]
    boxes = ax.boxplot(scores, tick_labels=seat_labels(summary), patch_artist=True, widths=0.5,
                       showfliers=False)
    for patch, colour in zip(boxes["boxes"], SEAT_COLOURS, strict=False):
        patch.set(facecolor=colour, alpha=0.35)
    for seat, values in enumerate(scores):  # every game as a dot beside its box
        ax.scatter([seat + 1.35] * len(values), values, s=8, alpha=0.5, color=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    ax.set_ylabel(f"score ({when})")
    ax.set_title(f"{len(games)} games")
    return fig


def win_rates(summary: Summary):
    if not summary.finished:
        return None
    rates = summary.win_rates()
    fig = figure()
    ax = fig.add_subplot()
    seats = range(summary.seats)
    values = [r[0] for r in rates]
    below = [r[0] - r[1] for r in rates]
    above = [r[2] - r[0] for r in rates]
    ax.bar(seats, values, color=[SEAT_COLOURS[s % len(SEAT_COLOURS)] for s in seats], alpha=0.7,
           yerr=[below, above], capsize=6)
    even = sum(values) / len(values)
    ax.axhline(even, color="#555", linestyle="--", linewidth=1)
    ax.annotate("no seat favoured", (len(values) - 0.5, even), va="bottom", ha="right", color="#555")
    ax.set_xticks(list(seats), seat_labels(summary))
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    ax.set_ylabel("games won")
    ax.set_title(f"{len(summary.finished)} finished games; bars: 95% interval")
    return fig


def game_length(summary: Summary):
    from matplotlib.ticker import MaxNLocator

    played = summary.finished + summary.unfinished
    if not played:
        return None
    counts_hands = all(r.hands is not None for r in played)
    fig = figure(height=3.0)
    axes = fig.subplots(1, 2 if counts_hands else 1, squeeze=False)[0]
    groups = [(summary.finished, "finished", "#1f77b4"), (summary.unfinished, "unfinished", "#ff7f0e")]
    shown = [(g, label, colour) for g, label, colour in groups if g]
    axes[0].hist([[r.moves for r in g] for g, _, _ in shown], bins=20, stacked=True,
                 label=[label for _, label, _ in shown], color=[colour for _, _, colour in shown])
    axes[0].set_xlabel("moves per game")
    axes[0].set_ylabel("games")
    axes[0].legend()
    if counts_hands:
        hands = [[r.hands for r in g] for g, _, _ in shown]
        top = max(max(h) for h in hands)
        axes[1].hist(hands, bins=[edge - 0.5 for edge in range(top + 2)], stacked=True,
                     color=[colour for _, _, colour in shown])
        axes[1].set_xlabel("hands per game")
    for ax in axes:  # games are counted whole
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    return fig


def score_trend(summary: Summary):
    played = [r for r in summary.finished + summary.unfinished if len(r.trend) > 1]
    if not played:
        return None
    fig = figure()
    ax = fig.add_subplot()
    longest = max(len(r.trend) for r in played)
    for seat in range(summary.seats):
        means = []
        for hand in range(longest):
            reached = [r.trend[hand][seat] for r in played if len(r.trend) > hand]
            means.append(sum(reached) / len(reached))
        ax.plot(range(longest), means, label=f"seat {seat} ({summary.level(seat)})",
                color=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    target = (summary.settings.options or {}).get("target", summary.game.default_options().get("target"))
    if isinstance(target, int):
        ax.axhline(target, color="#555", linestyle="--", linewidth=1)
        ax.annotate("target", (0, target), va="bottom", color="#555")
    ax.set_xlabel("hands played")
    ax.set_ylabel("average score")
    ax.legend()
    return fig


def actions_by_state(summary: Summary):
    by_state = summary.actions_by_state()
    if not by_state:
        return None
    states = sorted(by_state)
    actions = sorted({action for counts in by_state.values() for action in counts})
    shares = [[by_state[s][a] / sum(by_state[s].values()) for a in actions] for s in states]
    fig = figure(max(4.0, 1.1 * len(actions) + 2), max(2.0, 0.5 * len(states) + 1.2))
    ax = fig.add_subplot()
    image = ax.imshow(shares, cmap="Blues", vmin=0, vmax=1, aspect="auto")
    for row, state in enumerate(states):
        for column, action in enumerate(actions):
            count = by_state[state][action]
            if count:
                share = shares[row][column]
                ax.text(column, row, f"{share:.0%}\n{count}" if share >= 0.01 else f"<1%\n{count}", ha="center",
                        va="center",
                        color="white" if share > 0.6 else "black", fontsize=7)
    ax.set_xticks(range(len(actions)), actions, rotation=30, ha="right")
    ax.set_yticks(range(len(states)), states)
    fig.colorbar(image, ax=ax, label="share of the moves made in the state")
    return fig


CHARTS = [
    ("Score distribution by seat", "Each seat's scores over the games: the box holds the middle half, the "
     "dots are the games.", score_distribution),
    ("Win rate by seat", "How often each seat won, with its 95% confidence interval; a seat whose interval "
     "misses the dashed line is favoured (or not) by the rules or the bots. " + TIES[0].upper() + TIES[1:] + ".",
     win_rates),
    ("Game length", "Moves (and hands) per game; unfinished games stopped at a limit.", game_length),
    ("Score trend", "Average score by seat after each hand, over the games that reached it: scores that "
     "do not climb towards the target mean games that do not end.", score_trend),
    ("Actions by state", "How often each action is taken in each state, as a share of the moves made there "
     "(and the count).", actions_by_state),
]
