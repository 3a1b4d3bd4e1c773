"""The balance report: one self-contained HTML file, plots embedded as base64 PNG (matplotlib, Agg).

Self-contained on purpose: the report is mailed, attached to issues and archived with a release, so
it must open anywhere without a server or a folder of images.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .analyze import Analysis
from .stats import Share

Figure = Any


def write_report(analysis: Analysis, path: Path | str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(analysis))
    return path


def render(a: Analysis) -> str:
    """The report as one HTML document."""
    fair = 1 / a.players
    decided = 1 - a.draws / a.games if a.games else 1.0
    parts = [
        f"<h1>{esc(a.title)} — balance report</h1>",
        f"<p>{a.games} matches, {a.players} seats, every seat played by <b>{esc(a.level)}</b>, "
        f"seeds {a.seed}..{a.seed + a.games - 1}; {a.draws} draws; {a.seconds:.1f} s. "
        "Intervals are 95% (Wilson for shares, Wald for Elo).</p>",
        "<h2>Win share by seat</h2>",
        figure(lambda ax: _shares_plot(ax, [f"Seat {s + 1}" for s in range(a.players)], a.seat_shares,
                                       fair * decided)),
        table(["seat", "wins", "share", "95% interval"],  # counted from 1, as the tables and logs count
              [[f"Seat {s + 1}", f"{x.wins:g}", pct(x.value), interval(x)] for s, x in enumerate(a.seat_shares)]),
        "<h2>First-player advantage</h2>",
        f"<p>The seat that made the first decision won {pct(a.first_mover.value)} of the "
        f"{a.first_mover.n} decided matches (95% interval {interval(a.first_mover)}); an even game gives "
        f"{pct(fair)}. "
        f"Matches begun by each seat: {', '.join(f'Seat {s + 1} {n}' for s, n in enumerate(a.first_seats))}.</p>",
        figure(lambda ax: _shares_plot(ax, ["first mover"], [a.first_mover], fair)),
        "<h2>Match length</h2>",
        f"<p>Decisions per match: mean {mean(a.lengths):.1f}, median {median(a.lengths):g}, "
        f"range {min(a.lengths, default=0)}–{max(a.lengths, default=0)}.</p>",
        figure(lambda ax: _lengths_plot(ax, a.lengths)),
    ]
    if a.ladder is not None:
        ladder = a.ladder
        parts += [
            "<h2>The computer levels' ladder</h2>",
            f"<p>Round robin, {ladder.games_per_group} matches per pair with seats rotated "
            f"({ladder.matches} matches). Elo by a Bradley–Terry fit, <i>random</i> = 0 when present.</p>",
            figure(lambda ax: _ladder_plot(ax, ladder)),
            table(["rank", "level", "Elo", "95% interval", "score", "matches"],
                  [[str(i), esc(r.agent), f"{r.elo:+.0f}", f"[{r.low:+.0f}, {r.high:+.0f}]", pct(r.score),
                    str(r.games)] for i, r in enumerate(ladder.ratings, start=1)]),
        ]
    for section in a.sections:
        parts += [f"<h2>{esc(section.title)}</h2>", f"<p>{esc(section.summary())}</p>",
                  figure(section.plot), table(section.columns, section.rows())]
    return PAGE.format(title=esc(f"{a.title} balance report"), body="\n".join(parts))


# ----- plots ---------------------------------------------------------------------------------------


def figure(draw: Callable[[Any], None], size: tuple[float, float] = (7.0, 3.2)) -> str:
    """An <img> of what ``draw(ax)`` plots, as an embedded PNG."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=size)
    try:
        draw(ax)
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=90)
    finally:
        plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _shares_plot(ax: Any, labels: Sequence[str], shares: Sequence[Share], fair: float) -> None:
    values = [s.value for s in shares]
    errors = [[max(s.value - s.low, 0.0) for s in shares], [max(s.high - s.value, 0.0) for s in shares]]
    ax.bar(labels, values, yerr=errors, capsize=6, color="#c9a227")
    ax.axhline(fair, color="#444", linestyle="--", linewidth=1, label=f"even game ({fair:.1%})")
    ax.set_ylabel("win share")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper right")


def _lengths_plot(ax: Any, lengths: Sequence[int]) -> None:
    bins = min(40, max(1, len(set(lengths))))
    ax.hist(lengths, bins=bins, color="#7a4e9c")
    ax.set_xlabel("decisions per match")
    ax.set_ylabel("matches")


def _ladder_plot(ax: Any, ladder: Any) -> None:
    ratings = list(reversed(ladder.ratings))
    y = range(len(ratings))
    ax.errorbar([r.elo for r in ratings], list(y), capsize=5, fmt="o", color="#1f5f8b",
                xerr=[[r.elo - r.low for r in ratings], [r.high - r.elo for r in ratings]])
    ax.set_yticks(list(y), [r.agent for r in ratings])
    ax.axvline(0, color="#444", linewidth=1)
    ax.set_xlabel("Elo (95% interval)")


# ----- html ----------------------------------------------------------------------------------------


def table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{esc(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def esc(text: object) -> str:
    return html.escape(str(text))


def pct(value: float) -> str:
    return f"{value:.1%}"


def interval(share: Share) -> str:
    return f"[{share.low:.1%}, {share.high:.1%}]"


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return 0.0
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #222; }}
h1 {{ color: #7a5c00; }} table {{ border-collapse: collapse; margin: 1rem 0; }}
th, td {{ border: 1px solid #ccc; padding: .25rem .6rem; text-align: right; }}
img {{ max-width: 100%; }}
</style></head>
<body>
{body}
</body></html>
"""
