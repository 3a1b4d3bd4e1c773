"""The rating graph of a profile as a standalone SVG string (no plotting library, no browser script).

Layout (``width`` x ``height`` user units; the plot keeps margins for the labels):

    ┌────────────────────────────────────────────────────────┐
    │ title                                                   │  <- TOP
    │ 1700 ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
    │      ░░░░░░░░░░░░░░░░░░░░░░░░░  <- rating ± RD band     │
    │ 1600 ┄┄┄┄┄┄┄┄┄┄┄•━━━━━━•━━━━━━━━━•┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
    │         •━━━━━━•                   ━━━•  <- rating line │
    │ 1500 ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
    │      2026-11-01                           2026-11-29    │  <- BOTTOM
    └────────────────────────────────────────────────────────┘
      LEFT                                             RIGHT

x is time (even spacing when every point has the same time); y is rating, with ticks on a round step.
The band is each point's rating ± RD, clipped to the plot. Each point carries a ``<title>`` tooltip.
All text is escaped; numbers are rounded, so the same points always give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .history import RatingPoint, rating_series

LEFT, RIGHT, TOP, BOTTOM = 48, 12, 28, 28
STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
LINE, BAND, GRID, INK = "#b8860b", "#f3e3b3", "#d9d9d9", "#333333"


def _n(x: float) -> str:
    """A coordinate with at most one decimal, without a trailing ``.0``."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _tick_step(span: float, most: int = 6) -> int:
    return next((s for s in STEPS if span / s <= most), STEPS[-1])


def render_rating_graph(
    points: Sequence[RatingPoint],
    *,
    width: int = 640,
    height: int = 240,
    title: str = "Rating",
    graph_id: str = "rating-graph",
) -> str:
    """An SVG document of the rating over time, or of a short message when there is nothing to draw.

    ``graph_id`` names the plot's clip path: give each graph inlined in one HTML page its own.
    """
    clip = escape(f"{graph_id}-plot")
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" role="img" aria-label="{escape(title)}" font-family="sans-serif" font-size="11">'
            f"<title>{escape(title)}</title>")
    series = rating_series(points)
    if not series:
        return (head + f'<text x="{width / 2:g}" y="{height / 2:g}" text-anchor="middle" fill="{INK}">'
                "No rated matches yet</text></svg>")
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    ratings = [p.rating for p in series]
    low, high = min(ratings), max(ratings)
    step = _tick_step(max(high - low, 1.0))
    low = ((low - step / 2) // step) * step  # half a step of air below and above the line
    high = ((high + step / 2) // step + 1) * step
    t0, t1 = series[0].at.timestamp(), series[-1].at.timestamp()

    def x(i: int) -> float:
        if len(series) == 1:
            return LEFT + plot_w / 2
        if t1 == t0:
            return LEFT + plot_w * i / (len(series) - 1)
        return LEFT + plot_w * (series[i].at.timestamp() - t0) / (t1 - t0)

    def y(rating: float) -> float:
        return TOP + plot_h * (high - rating) / (high - low)

    parts = [head, f'<text x="{LEFT}" y="16" fill="{INK}" font-weight="bold">{escape(title)}</text>',
             f'<defs><clipPath id="{clip}"><rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}"/>'
             "</clipPath></defs>"]
    upper = [f"{_n(x(i))},{_n(y(p.rating + p.rd))}" for i, p in enumerate(series)]
    lower = [f"{_n(x(i))},{_n(y(p.rating - p.rd))}" for i, p in reversed(list(enumerate(series)))]
    if len(series) > 1:
        parts.append(f'<polygon points="{" ".join(upper + lower)}" fill="{BAND}" clip-path="url(#{clip})"/>')
    tick = low
    while tick <= high:
        parts.append(f'<line x1="{LEFT}" y1="{_n(y(tick))}" x2="{LEFT + plot_w}" y2="{_n(y(tick))}" '
                     f'stroke="{GRID}" stroke-dasharray="2 3"/>'
                     f'<text x="{LEFT - 6}" y="{_n(y(tick) + 4)}" text-anchor="end" fill="{INK}">{tick:.0f}</text>')
        tick += step
    if len(series) > 1:
        line = " ".join(f"{_n(x(i))},{_n(y(p.rating))}" for i, p in enumerate(series))
        parts.append(f'<polyline points="{line}" fill="none" stroke="{LINE}" stroke-width="2" '
                     'stroke-linejoin="round"/>')
    for i, p in enumerate(series):
        tip = f"{p.at:%Y-%m-%d %H:%M} UTC: {p.rating:.0f} ± {p.rd:.0f}"
        parts.append(f'<circle cx="{_n(x(i))}" cy="{_n(y(p.rating))}" r="3" fill="{LINE}">'
                     f"<title>{escape(tip)}</title></circle>")
    base = TOP + plot_h + 18
    first, last = series[0].at, series[-1].at
    if len(series) > 1 and first.date() == last.date():  # one day: the ends differ by the clock alone
        left, right = f"{first:%Y-%m-%d %H:%M} UTC", f"{last:%H:%M} UTC"
    else:
        left, right = f"{first:%Y-%m-%d}", f"{last:%Y-%m-%d}"
    parts.append(f'<text x="{LEFT}" y="{base}" fill="{INK}">{left}</text>')
    if len(series) > 1:
        parts.append(f'<text x="{LEFT + plot_w}" y="{base}" text-anchor="end" fill="{INK}">{right}</text>')
    parts.append("</svg>")
    return "".join(parts)
