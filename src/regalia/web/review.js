// "Review": the computer's review of a finished match (server/reviews.py, regalia.ai.review), on the result
// screen and in the replay. The server makes it in the background (a progress bar here) and keeps it with the
// match; this page only draws what it is sent: a graph of the match (two players: the advantage over time;
// more: each seat's expected standing), a summary per player and the moments marked inaccuracy, mistake, blunder.
import * as api from "./api.js";
import { columnHeader, h, s, seatName, shortSeatName, toast } from "./dom.js";
import { adviceStyles } from "./hint.js";

const POLL_MS = 500;
const COLOURS = ["#6b1b3a", "#1f6feb", "#2e7d32", "#b26a00", "#6a1b9a", "#00838f"];
const LABEL_WORDS = { inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" };

const path = (id) => `/api/matches/${encodeURIComponent(id)}/review`;

/** The Review section of a finished match: a button, then the progress, then the review. */
export function reviewBox(matchId, players, { label = (a) => a, onMoment = null } = {}) {
  adviceStyles();
  const named = label;
  label = (a) => { try { return named(a) || a; } catch { return a; } };  // a table's words, else the notation
  const body = h("div", { class: "review-body" });
  const button = h("button", { type: "button", id: "review-button", class: "primary", onclick: () => run() },
    "Review the match with the computer");
  const box = h("section", { class: "review panel", id: "review", "aria-label": "The computer's review" },
    h("h2", {}, "Review"), button, body);
  let timer = null;
  let stopped = false;

  async function run() {
    button.disabled = true;
    try {
      follow(await api.call("POST", path(matchId)));
    } catch (error) {
      button.disabled = false;
      toast(error.message);
    }
  }

  function follow(status) {
    if (stopped || (timer !== null && !box.isConnected)) return;  // the page moved on
    if (status.status === "done") {
      button.hidden = true;
      body.replaceChildren(...drawReview(status.review, players, label, onMoment));
      return;
    }
    const bar = h("progress", { id: "review-progress", max: status.total || 1, value: status.done || 0 });
    body.replaceChildren(h("p", { class: "muted" }, "The computer is going through every decision… ",
      status.total ? `${status.done} of ${status.total}` : ""), bar);
    timer = setTimeout(async () => {
      try { follow(await api.call("GET", path(matchId))); } catch (error) { toast(error.message); }
    }, POLL_MS);
  }

  // a review already kept with the match is shown at once
  api.call("GET", path(matchId)).then((status) => {
    if (status.status === "done" || status.status === "running") { button.disabled = true; follow(status); }
  }).catch(() => {});
  box.stop = () => { stopped = true; clearTimeout(timer); };
  return box;
}

function amount(value, unit) {
  return unit === "points" ? `${value >= 0 ? "+" : ""}${value.toFixed(1)}` : `${value.toFixed(0)}%`;
}

function drawReview(review, players, label, onMoment) {
  const unit = review.unit;
  const about = unit === "points"
    ? "Each decision valued by the exact turn solver, in expected points of the turn, from what its captain knew."
    : "Each decision valued by the computer's search, as a winning chance or standing in %, from what its player knew.";
  return [
    h("p", { class: "muted" }, about),
    graph(review, players),
    summaryTable(review, players),
    moments(review, players, label, onMoment),
  ];
}

function summaryTable(review, players) {
  const head = ["Player", ["Decisions", "Dec."], ["Average loss", "Loss"], ["Best played", "Best"],
    ["Inaccuracies", "Inacc."], ["Mistakes", "Mist."], ["Blunders", "Blund."]];
  const player = (seat) => {
    const whole = seatName(players, seat);
    const short = shortSeatName(players, seat);
    return short === whole ? whole : [h("span", { class: "long" }, whole), h("abbr", { class: "short", title: whole }, short)];
  };
  return h("table", { class: "review-summary", id: "review-summary" },
    h("thead", {}, h("tr", {}, head.map(columnHeader))),
    h("tbody", {}, review.summary.map((row) => h("tr", {},
      h("td", {}, player(row.seat)), h("td", {}, row.decisions),
      h("td", {}, unit(review, row.average_loss)), h("td", {}, row.best_played),
      h("td", {}, row.inaccuracies), h("td", {}, row.mistakes), h("td", {}, row.blunders)))));
}

function unit(review, value) {
  return review.unit === "points" ? value.toFixed(2) : `${value.toFixed(1)}%`;
}

function moments(review, players, label, onMoment) {
  const marked = review.decisions.filter((d) => d.label);
  const line = (d) => h("li", { "data-step": d.step },
    onMoment ? h("button", { type: "button", class: "review-goto", onclick: () => onMoment(d),
      "aria-label": `Show move ${d.step + 1} in the replay` }, `Move ${d.step + 1}`) : `Move ${d.step + 1}`,
    ` · ${seatName(players, d.seat)} played ${label(d.played)} (${amount(d.value_played, review.unit)})`,
    d.best !== d.played ? `; best found ${label(d.best)} (${amount(d.value_best, review.unit)})` : "",
    d.label ? h("span", { class: `label ${d.label}` }, LABEL_WORDS[d.label]) : null);
  const all = h("details", { class: "review-all" }, h("summary", {}, `Every decision (${review.decisions.length})`),
    h("ol", { class: "review-moments" }, review.decisions.map(line)));
  return h("div", {},
    h("h3", {}, marked.length ? `Moments marked (${marked.length})` : "No inaccuracy, mistake or blunder"),
    marked.length ? h("ol", { class: "review-moments", id: "review-moments" }, marked.map(line)) : null,
    all);
}

/** The match as a line: two players, the first's advantage (standing of seat 1 less seat 2's); more, one line
 *  per seat's expected standing. Marked decisions are dots on the line. */
function graph(review, players) {
  const points = review.graph || [];
  const W = 720, H = 200, L = 34, R = 8, T = 10, B = 22;
  const x = (i) => L + (points.length > 1 ? (i * (W - L - R)) / (points.length - 1) : 0);
  const two = review.players === 2;
  const y = two ? (v) => T + ((100 - v) * (H - T - B)) / 200 : (v) => T + ((100 - v) * (H - T - B)) / 100;
  const svg = s("svg", { class: "review-graph", id: "review-graph", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": two ? `Advantage over the match: above the line ${seatName(players, 0)}, below ${seatName(players, 1)}`
      : "Each player's expected standing over the match" });
  const ticks = two ? [100, 50, 0, -50, -100] : [100, 50, 0];
  for (const t of ticks) {
    svg.append(s("line", { class: "axis", x1: L, x2: W - R, y1: y(t), y2: y(t), "stroke-dasharray": t ? "3 4" : null }),
      s("text", { x: 2, y: y(t) + 4 }, two ? `${t > 0 ? "+" : ""}${t}` : `${t}%`));
  }
  svg.append(s("text", { x: L, y: H - 6 }, "start"), s("text", { x: W - R - 24, y: H - 6 }, "end"));
  if (!points.length) return svg;
  const series = two ? [points.map((p) => p.standing[0] - p.standing[1])]
    : players.map((_, seat) => points.map((p) => p.standing[seat]));
  series.forEach((values, k) => {
    const d = values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    if (two) {
      svg.append(s("path", { class: "area-up", d: `${d} L${x(values.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` }));
    }
    svg.append(s("path", { class: "advantage", d, style: two ? null : `stroke:${COLOURS[k % COLOURS.length]}`,
      "data-seat": two ? null : k }));
  });
  const byStep = new Map(points.map((p, i) => [p.step, i]));
  for (const d of review.decisions.filter((dd) => dd.label)) {
    const i = byStep.get(d.step);
    if (i === undefined) continue;
    const v = two ? series[0][i] : series[d.seat][i];
    svg.append(s("circle", { class: `dot-${d.label}`, cx: x(i), cy: y(v), r: 4 },
      s("title", {}, `Move ${d.step + 1}: ${seatName(players, d.seat)}'s ${d.label}`)));
  }
  const legend = two
    ? h("p", { class: "review-legend" }, `Above the middle line: ${seatName(players, 0)} ahead; below: ${seatName(players, 1)}. `,
      "Dots: inaccuracies (gold), mistakes (orange), blunders (red).")
    : h("p", { class: "review-legend" }, players.map((_, seat) => h("span", {},
      h("i", { style: `background:${COLOURS[seat % COLOURS.length]}` }), seatName(players, seat))));
  return h("figure", { class: "review-figure" }, svg, legend);
}
