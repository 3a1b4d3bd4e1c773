"""The rating graph SVG: well-formed, deterministic, escaped, sensible for 0, 1 and many points."""

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta

from regalia.profiles.graph import render_rating_graph
from regalia.profiles.history import RatingPoint

SVG = "{http://www.w3.org/2000/svg}"
T0 = datetime(2026, 11, 1, 9, 30, tzinfo=UTC)
POINTS = [RatingPoint(T0 + timedelta(days=d), r, rd) for d, r, rd in
          [(0, 1500, 350), (1, 1580, 250), (3, 1540, 180), (7, 1622, 120), (9, 1601, 95)]]


def parse(svg):
    return ET.fromstring(svg)


def test_graph_is_well_formed_svg_with_line_band_and_points():
    root = parse(render_rating_graph(POINTS, title="Kings Gold rating"))
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 640 240"
    assert len(root.findall(f"{SVG}circle")) == 5
    assert len(root.findall(f"{SVG}polyline")) == 1 and len(root.findall(f"{SVG}polygon")) == 1
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert "2026-11-01" in labels and "2026-11-10" in labels and "1500" in labels


def test_points_go_left_to_right_in_time_and_higher_rating_is_higher_up():
    root = parse(render_rating_graph(list(reversed(POINTS))))
    circles = root.findall(f"{SVG}circle")
    xs = [float(c.get("cx")) for c in circles]
    ys = [float(c.get("cy")) for c in circles]
    assert xs == sorted(xs)
    assert ys[3] < ys[0]  # 1622 is drawn above 1500
    tips = [c.find(f"{SVG}title").text for c in circles]
    assert tips[0] == "2026-11-01 09:30 UTC: 1500 ± 350"


def test_graph_is_deterministic():
    assert render_rating_graph(POINTS) == render_rating_graph(list(POINTS))


def test_title_is_escaped():
    svg = render_rating_graph(POINTS, title='<script>alert("x")</script>')
    assert "<script>" not in svg and parse(svg) is not None


def test_empty_and_single_point():
    empty = parse(render_rating_graph([]))
    assert "No rated matches yet" in [t.text for t in empty.iter(f"{SVG}text")]
    one = parse(render_rating_graph(POINTS[:1]))
    assert len(one.findall(f"{SVG}circle")) == 1 and not one.findall(f"{SVG}polyline")


def test_same_time_points_spread_evenly():
    same = [RatingPoint(T0, 1500 + i, 100) for i in range(3)]
    xs = [float(c.get("cx")) for c in parse(render_rating_graph(same)).findall(f"{SVG}circle")]
    assert xs[1] - xs[0] == xs[2] - xs[1] > 0


def test_a_graph_of_one_day_labels_its_ends_by_the_clock_not_twice_by_the_date():
    evening = [RatingPoint(T0 + timedelta(hours=h), 1500 + 40 * h, 300) for h in (0, 2, 5)]
    labels = [t.text for t in parse(render_rating_graph(evening)).iter(f"{SVG}text")]
    assert "2026-11-01 09:30 UTC" in labels and "14:30 UTC" in labels
    assert "2026-11-01" not in labels
