// The end-of-match screen: places, scores, rating changes and badges, with the score explained from what
// the game itself reported (``Match.result()`` and the final view) — nothing here re-counts a rule.
//
//   ┌ The match is over ─────────────────────────────┐
//   │ 1. Anne   99   1500 → 1562 (+62)   Silver Cutlass│
//   │ 2. Ben    39   1500 → 1438 (−62)                 │
//   │ How it was scored: coins, doubloons ×5, ...      │
//   └──────────────────────────────────────────────────┘
import { h, playerName, seatName } from "./dom.js";
import { call } from "./api.js";

function signed(delta) {
  const rounded = Math.round(delta);
  return rounded >= 0 ? `+${rounded}` : `−${Math.abs(rounded)}`;
}

/** The name the panel gives ``seat`` (its places list's), or its number where the records have no row. */
function nameOf(screen, seat) {
  return screen.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
}

/** King's Gold: each captain's coins, doubloons and shields as the final view shows them (coins forfeited
 *  during play are already gone from the coins), and the Master Pirate bonus the result names. */
function kingsGold(screen) {
  const o = screen.options;
  const master = screen.result.master_pirate;
  return h("table", { class: "explained" },
    h("tr", {}, ["Captain", `Coins ×${o.coin_value ?? 1}`, `Doubloons ×${o.doubloon_value ?? 5}`,
      `Shields ×${o.shield_value ?? 2}`, "Master Pirate", "Score"].map((t) => h("th", {}, t))),
    (screen.view.captains || []).map((c) => h("tr", {},
      h("td", {}, `${c.name} · ${nameOf(screen, c.seat)}`), h("td", {}, c.coins), h("td", {}, c.doubloons), h("td", {}, c.shields),
      h("td", {}, master && master.seat === c.seat ? `+${o.master_bonus ?? 10} (heist of ${master.heist})` : ""),
      h("td", {}, c.score))));
}

/** Crown the Queen: the points of every game of the rubber, the totals and the Queens crowned (what a tie of
 *  totals goes by, as the result reports them), and the processions that scored the last game. */
function crownTheQueen(screen) {
  const deals = screen.result.games || [];
  const queens = screen.result.queens;
  const processions = screen.view.last_processions || screen.view.processions || [];
  const row = (title, bySeat) => h("tr", {}, h("th", { scope: "row" }, title),
    screen.seats.map((s) => h("td", {}, bySeat(s))));
  return [h("table", { class: "explained" },
    h("tr", {}, h("th", {}, "Game"), screen.seats.map((s) => h("th", {}, s.name))),
    deals.map((points, i) => row(`${i + 1}`, (s) => points[s.seat])),
    deals.length > 1 ? row("Total", (s) => s.score) : null,
    queens && deals.length > 1 ? row("Queens crowned", (s) => queens[s.seat]) : null),
  h("ul", { class: "processions" }, processions.map((cards, seat) =>
    h("li", {}, `${nameOf(screen, seat)}'s last procession: ${cards.join(", ") || "none"}`)))];
}

/** The other games: the figures their result reports besides winners and scores ("rounds: 61"); a list of
 *  one figure a seat is read seat by seat ("knights: Gold 19 · Silver 9" in the seats' names). */
function howWon(screen) {
  const extras = Object.entries(screen.result).filter(([key]) => !["winners", "scores", "badges"].includes(key));
  const figure = (value) => {
    if (Array.isArray(value) && value.length === screen.seats.length) {
      return value.map((v, seat) => `${nameOf(screen, seat)} ${figure(v)}`).join(" · ");
    }
    if (Array.isArray(value)) return value.map(figure).join(", ");
    if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k.replaceAll("_", " ")} ${figure(v)}`).join(", ");
    return String(value);
  };
  return h("ul", { class: "explained" }, extras.map(([key, value]) => h("li", {}, `${key.replaceAll("_", " ")}: ${figure(value)}`)));
}

const EXPLAIN = { "kings-gold": kingsGold, "crown-the-queen": crownTheQueen };

/** A seat's outcome in words: a forfeit says why the seat is last whatever its score. */
function outcomeText(outcome) {
  return outcome === "forfeit" ? "forfeit (the computer was playing for them at the end)" : outcome;
}

/** The finished match as the records keep it: each seat's place, score and outcome (a forfeit included). */
export function matchResult(matchId) {
  return call("GET", `/api/matches/${encodeURIComponent(matchId)}/result`);
}

/** The end-of-match panel for ``matchResult``'s answer. ``players`` (the match page's seats) names a guest's
 *  seat as the page does ("Seat 2"): the records call every guest "Guest", which tells two guests at one
 *  table apart from nobody. */
export function resultsPanel(result, players = null) {
  const screen = { ...result };
  if (players) {
    screen.seats = screen.seats.map((s) => (s.player == null ? { ...s, name: playerName(players, s.seat) } : s));
  }
  const named = [];  // then as the page names seats: "Computer (medium) · Seat 3" where two would read alike
  for (const s of screen.seats) named[s.seat] = { name: s.name };
  screen.seats = screen.seats.map((s) => ({ ...s, name: seatName(named, s.seat) }));
  const places = [...screen.seats].sort((a, b) => a.place - b.place || a.seat - b.seat);
  return h("section", { class: "panel results", id: "results", "aria-label": "Result" },
    h("h2", {}, "The match is over"),
    h("ul", { class: "places" }, places.map((s) => h("li", { "data-seat": s.seat },
      h("strong", {}, `${s.place}. ${s.name}`), ` · ${s.score} · ${outcomeText(s.outcome)}`,
      s.rating_after != null ? h("span", { class: "rating-change" },
        ` · ${Math.round(s.rating_before)} → ${Math.round(s.rating_after)} (${signed(s.rating_after - s.rating_before)})`) : null,
      s.badge ? h("span", { class: "badge" }, ` · ${s.badge}`) : null))),
    screen.ending ? h("p", { class: "ending", id: "ending" }, screen.ending) : null,
    h("h3", {}, "How it was scored"),
    (EXPLAIN[screen.game] || howWon)(screen));
}
