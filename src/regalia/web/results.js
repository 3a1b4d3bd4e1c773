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
import { badgeMedal } from "./games/kings-gold/badges.js";

function signed(delta) {
  const rounded = Math.round(delta);
  return rounded >= 0 ? `+${rounded}` : `−${Math.abs(rounded)}`;
}

/** The name the panel gives ``seat`` (its places list's), or its number where the records have no row. */
function nameOf(screen, seat) {
  return screen.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
}

/** King's Gold: each captain's wealth counted as the manual counts it (coins ×1, Royal Doubloons ×5, unused
 *  Shields ×2, the Master Pirate bonus: the valuations the match was played with), each part's points as the
 *  game's final view gives them (``points``), and the badge each captain earned, drawn. */
function kingsGold(screen) {
  const o = screen.options;
  const master = screen.result.master_pirate;
  const badgeOf = (seat) => screen.seats.find((s) => s.seat === seat)?.badge || null;
  const part = (count, pts) => h("td", {}, `${count}`, h("span", { class: "kg-count muted" }, ` = ${pts}`));
  const table = explainedTable("explained kg-scoring", ["Captain", `Coins ×${o.coin_value ?? 1}`, `Doubloons ×${o.doubloon_value ?? 5}`,
    `Unused Shields ×${o.shield_value ?? 2}`, "Master Pirate", "Badge", "Score"],
  (screen.view.captains || []).map((c) => {
    const p = c.points || {};
    const mine = master && master.seat === c.seat;
    const bonus = p.master_pirate ?? (mine ? o.master_bonus ?? 10 : 0);
    return h("tr", { "data-seat": c.seat },
      h("td", { class: "row-name" }, nameOf(screen, c.seat) === c.name ? c.name : `${c.name} · ${nameOf(screen, c.seat)}`),
      part(c.coins, p.coins ?? c.coins * (o.coin_value ?? 1)),
      part(c.doubloons, p.doubloons ?? c.doubloons * (o.doubloon_value ?? 5)),
      part(c.shields, p.shields ?? c.shields * (o.shield_value ?? 2)),
      h("td", {}, bonus ? `+${bonus}${mine ? ` (heist of ${master.heist})` : ""}` : ""),
      h("td", { class: "kg-badge-cell" }, badgeMedal(badgeOf(c.seat)) || ""),
      h("td", { class: "kg-total" }, c.score));
  }));
  const legend = h("p", { class: "kg-badges-legend muted", style: "display:flex;flex-wrap:wrap;gap:.8rem;align-items:center" },
    BADGE_RULES.map(([name, rule]) => h("span", { style: "display:inline-flex;align-items:center;gap:.3rem" },
      badgeMedal(name, { small: true }), `${name}: ${rule}`)));
  return [table, legend];
}

/** The Captain Rank badges as the manual words them (KG-18; the game awards them, ``seats[].badge``). */
const BADGE_RULES = [
  ["Bronze Anchor", "finish with at least 20 points"],
  ["Silver Cutlass", "win with over 50 points"],
  ["Gold Pirate King", "win with over 75 points and no Skull penalty"],
];

/** Crown the Queen: the points of every game of the rubber, the totals and the Queens crowned (what a tie of
 *  totals goes by, as the result reports them), and the processions that scored the last game. */
function crownTheQueen(screen) {
  const deals = screen.result.games || [];
  const queens = screen.result.queens;
  const processions = screen.view.last_processions || screen.view.processions || [];
  const row = (title, bySeat) => h("tr", {}, h("th", { scope: "row" }, title),
    screen.seats.map((s) => h("td", {}, bySeat(s))));
  return [explainedTable("explained", ["Game", ...screen.seats.map((s) => s.name)], [
    deals.map((points, i) => row(`${i + 1}`, (s) => points[s.seat])),
    deals.length > 1 ? row("Total", (s) => s.score) : null,
    queens && deals.length > 1 ? row("Queens crowned", (s) => queens[s.seat]) : null]),
  h("ul", { class: "processions" }, processions.map((cards, seat) =>
    h("li", {}, `${nameOf(screen, seat)}'s last procession: ${cards.join(", ") || "none"}`)))];
}

/** A table of the score explained: ``columns`` head it, each row's cells are labelled with their column
 *  (``data-label``), so that on a phone (style.css) every row stands as a block of "label … value" lines
 *  and the table is never wider than the screen. */
function explainedTable(className, columns, rows) {
  const body = h("tbody", {}, rows);
  for (const tr of body.querySelectorAll("tr")) {
    [...tr.children].forEach((cell, i) => cell.setAttribute("data-label", columns[i] ?? ""));
  }
  return h("table", { class: className },
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c)))), body);
}

/** A list of names as a sentence reads it: "Anne", "Anne and Ben", "Anne, Ben and Carl". */
function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A number of points as a person says it: "1 point", "60 points". */
function points(n) {
  const value = Math.round(Number(n) * 100) / 100;
  return `${value} point${value === 1 ? "" : "s"}`;
}

/** The Gold Battle's two armies and the Gold Crown's barons, as those games' own texts name them. */
const SIDES = { "gold-battle": ["Crimson", "Azure"], "gold-crown": ["Gold", "Silver", "Crimson", "Azure"] };

/** A seat by its player's name and, where the game names sides, its side: "Anne (Crimson)", or in a
 *  sentence "Anne, playing Crimson," ("Computer (Easy) (Crimson)" would read badly). */
function sided(screen, seat, inSentence = false) {
  const side = (SIDES[screen.game] || [])[seat];
  const name = nameOf(screen, seat);
  if (!side || name.startsWith(side)) return name;  // "Crimson Knights", the game's own name: no side twice
  if (inSentence) return `${name}, playing ${side},`;
  return name.endsWith(")") ? `${name} · ${side}` : `${name} (${side})`;
}

const BATTLE_DRAWS = {
  repetition: "the same position came up for the third time",
  quiet: "60 moves went by without a capture, a tower, a mine or a freed soldier",
  cap: "the battle reached its 300-move limit",
  passes: "neither side could move",
};

const CROWN_ENDINGS = {
  king: "every Baron has fewer than 6 knights left",
  passes: "every Baron retreated and passed too often",
  siege: "the siege lasted too long and was lifted",
};

/** Who won and why, in one sentence in the game's words, the winner first. */
export function verdict(screen) {
  const r = screen.result;
  const winners = screen.seats.filter((s) => s.outcome === "win").sort((a, b) => a.seat - b.seat).map((s) => s.seat);
  const others = [...screen.seats].sort((a, b) => a.place - b.place || a.seat - b.seat).filter((s) => !winners.includes(s.seat));
  const forfeits = screen.seats.filter((s) => s.outcome === "forfeit").map((s) => nameOf(screen, s.seat));
  const gone = forfeits.length ? ` ${listed(forfeits)} left the match and forfeit${forfeits.length === 1 ? "s" : ""} it.` : "";
  const win = winners.length > 1 ? `${listed(winners.map((seat) => sided(screen, seat)))} share the win`
    : winners.length ? `${sided(screen, winners[0], true)} wins` : null;
  const rest = others.map((s) => `${nameOf(screen, s.seat)} ${points(s.score)}`).join(", ");
  const ahead = (what) => {
    if (winners.length !== 1) return "";
    const mine = screen.seats.find((s) => s.seat === winners[0]).score;
    const level = others.filter((s) => s.outcome !== "forfeit" && s.score === mine).map((s) => nameOf(screen, s.seat));
    return level.length ? `, ahead of ${listed(level)} on ${what}` : "";
  };
  switch (screen.game) {
    case "gold-battle": {
      if (!win) return `The battle is drawn: ${BATTLE_DRAWS[r.reason] || "neither side won"}.${gone}`;
      const how = r.reason === "commander" ? "by capturing the enemy commander"
        : r.reason === "mines" ? "by holding all three enemy gold mines"
          : "at the 300-move limit, holding more enemy mines or, with as many, more soldiers";
      return `${win} ${how}.${gone}`;
    }
    case "gold-crown": {
      if (win) return `${win}: ${winners.length > 1 ? "they storm" : "storms"} the Throne Room and ${winners.length > 1 ? "take" : "takes"} the Gold Crown.${gone}`;
      return `The King wins: ${CROWN_ENDINGS[r.ending] || "no Baron took the Gold Crown"}.${gone}`;
    }
    case "kings-gold": {
      if (!win) return `Nobody wins.${gone}`;
      const score = screen.seats.find((s) => s.seat === winners[0]).score;
      const king = winners.length > 1 ? `${win} of the Pirate King's title with ${points(score)} each`
        : `${win} and is crowned Pirate King with ${points(score)}${ahead("fewer Skull penalties or more Royal Doubloons")}`;
      return `${king}${rest ? `; ${rest}` : ""}.${gone}`;
    }
    case "crown-the-queen": {
      const what = (r.games || []).length > 1 ? "the rubber" : "the game";
      if (!win) return `Nobody wins ${what}.${gone}`;
      const score = screen.seats.find((s) => s.seat === winners[0]).score;
      const tied = winners.length > 1 ? ` with ${points(score)} each` : ` with ${points(score)}${ahead("Queens crowned or the best single game")}`;
      return `${win} ${what}${tied}${rest ? `; ${rest}` : ""}.${gone}`;
    }
    default: {
      if (!win) return `A draw${rest ? `: ${rest}` : ""}.${gone}`;
      const score = screen.seats.find((s) => s.seat === winners[0]).score;
      return `${win} with ${points(score)}${rest ? `; ${rest}` : ""}.${gone}`;
    }
  }
}

/** The Gold Battle: the mines each side holds of the enemy's and the soldiers it holds captive, from the
 *  final view, and the number of moves played. */
function goldBattle(screen) {
  const v = screen.view || {};
  const sides = Array.isArray(v.sides) ? v.sides : [];
  return h("ul", { class: "explained" },
    sides.map((side, seat) => h("li", {}, `${sided(screen, seat)}: `, [
      side.mines_captured != null ? `enemy mines held ${side.mines_captured} / ${side.mines_to_win ?? 3}` : null,
      side.captured_soldiers != null ? `enemy soldiers captured ${side.captured_soldiers}` : null,
      side.soldiers != null ? `soldiers on the board ${side.soldiers}` : null,
    ].filter(Boolean).join(" · "))),
    screen.result.plies != null ? h("li", {}, `Moves played: ${screen.result.plies}`) : null);
}

/** Gold Crown: the knights each Baron has left and the rounds the siege lasted. */
function goldCrown(screen) {
  const knights = screen.result.knights || [];
  return h("ul", { class: "explained" },
    knights.map((n, seat) => h("li", {}, `${sided(screen, seat)}: ${n} knight${n === 1 ? "" : "s"} left`)),
    screen.result.rounds != null ? h("li", {}, `Rounds played: ${screen.result.rounds}`) : null);
}

/** Any other game: the figures its result reports besides winners and scores, a list of one figure a
 *  seat read seat by seat ("Knights: Anne 19 · Ben 9"), in the seats' names. */
function howWon(screen) {
  const extras = Object.entries(screen.result).filter(([key]) => !["winners", "scores", "badges", "reason", "ending", "plies"].includes(key));
  const figure = (value) => {
    if (Array.isArray(value) && value.length === screen.seats.length) {
      return value.map((v, seat) => `${nameOf(screen, seat)} ${figure(v)}`).join(" · ");
    }
    if (Array.isArray(value)) return value.map(figure).join(", ");
    if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k.replaceAll("_", " ")} ${figure(v)}`).join(", ");
    return String(value);
  };
  const title = (key) => { const words = key.replaceAll("_", " "); return words.charAt(0).toUpperCase() + words.slice(1); };
  return h("ul", { class: "explained" }, extras.map(([key, value]) => h("li", {}, `${title(key)}: ${figure(value)}`)));
}

const EXPLAIN = { "kings-gold": kingsGold, "crown-the-queen": crownTheQueen, "gold-battle": goldBattle, "gold-crown": goldCrown };

/** Games whose result counts points a person reads ("116 points"); the others' scores only mark the winner. */
const COUNTS_POINTS = new Set(["kings-gold", "crown-the-queen"]);

/** A seat's outcome in words: a forfeit says why the seat is last whatever its score; in Gold Crown nobody
 *  winning means the King won (the barons did not draw). */
function outcomeText(outcome, game) {
  if (outcome === "forfeit") return "forfeit (the computer was playing for them at the end)";
  if (outcome === "draw" && game === "gold-crown") return "the King won";
  return outcome;
}

/** The game's own last line, with the seats it names by number ("Seat 2 wins the game") called as the page
 *  calls them. */
function endingText(screen) {
  return screen.ending.replace(/\bSeat (\d+)\b/g, (whole, n) =>
    (screen.seats.some((s) => s.seat === Number(n) - 1) ? nameOf(screen, Number(n) - 1) : whole));
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
  const scored = COUNTS_POINTS.has(screen.game) || !(screen.game in SIDES);
  return h("section", { class: "panel results", id: "results", "aria-label": "Result" },
    h("h2", {}, "The match is over"),
    h("p", { class: "verdict", id: "verdict" }, verdict(screen)),
    h("ul", { class: "places" }, places.map((s) => h("li", { "data-seat": s.seat },
      h("strong", {}, `${s.place}. ${s.name}`), scored ? ` · ${points(s.score)}` : "", ` · ${outcomeText(s.outcome, screen.game)}`,
      s.rating_after != null ? h("span", { class: "rating-change" },
        ` · ${Math.round(s.rating_before)} → ${Math.round(s.rating_after)} (${signed(s.rating_after - s.rating_before)})`) : null,
      s.badge ? h("span", { class: "badge" }, ` · `, screen.game === "kings-gold" ? badgeMedal(s.badge, { small: true }) : null, `${s.badge}`) : null))),
    screen.ending ? h("p", { class: "ending muted", id: "ending" }, endingText(screen)) : null,
    h("h3", {}, "How it was scored"),
    (EXPLAIN[screen.game] || howWon)(screen));
}
