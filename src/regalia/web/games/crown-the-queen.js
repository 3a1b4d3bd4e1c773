// Crown the Queen's table: every procession laid out on its eight stations, and under it the dock (kept in
// sight at the bottom of the screen): whose turn it is, the centre pack and the face-up pile, the card passed
// (face up to you alone: the server sends it only to you; its back to the others), Keep or Swap, your hand
// fanned (click a card to pass it), then the rubber's score sheet. The cards just laid, turned up or passed
// are marked (``last-to``) and slide from where they were; ``moment`` names a Queen crowned or a game won.
//
//   seat n  [Policeman][Soldier][Sailor][Airman][Coach][Page][Archbishop][Queen]
//   ...
//   Your turn: click a card in your hand to pass it.
//   [pack n]  [face-up: top]  [card passed]  Keep it · Swap it     ╲ ╲ │ ╱ ╱  your hand, fanned
import { boxesOf, slideFromBox } from "../animate.js";
import { columnHeader, h, s, seatName, shortSeatName, svgButton } from "../dom.js";
import { markLastMove } from "../highlight.js";
import { cardMark } from "./crown-the-queen-cards.js";
import { holdFor } from "../pace.js";

const COLOURS = { Policeman: "#1f3a93", Soldier: "#b22222", Sailor: "#1b6fa8", Airman: "#5a7fa8", "Royal Coach": "#8a6400",
  Page: "#6b1b3a", Archbishop: "#5b2c83", Queen: "#d4a017" };

/** A card drawn face up (its band, name and picture), face down, or as a station's ghost. */
export function card(name, { x = 0, y = 0, w = 60, hgt = 86, rotate = 0, faceDown = false, ghost = false } = {}) {
  const g = s("g", { transform: `translate(${x} ${y}) rotate(${rotate} ${w / 2} ${hgt})`, class: "cq-card" });
  if (faceDown) {
    g.append(s("rect", { width: w, height: hgt, rx: 6, fill: "#6b1b3a", stroke: "#f2c230", "stroke-width": 2 }),
      s("path", { d: `M${w / 2 - 12} ${hgt / 2 + 6} l4 -12 4 6 4 -10 4 10 4 -6 4 12z`, fill: "#f2c230" }));
    return g;
  }
  if (ghost) {
    g.append(s("rect", { width: w, height: hgt, rx: 6, fill: "none", stroke: "#d9cba0", "stroke-dasharray": "4 3" }),
      s("text", { x: w / 2, y: hgt / 2 + 4, "text-anchor": "middle", "font-size": 9, fill: "#b3a47a" }, shortName(name)));
    return g;
  }
  const colour = COLOURS[name] || "#777";
  g.append(s("rect", { width: w, height: hgt, rx: 6, fill: "#fffdf5", stroke: "#333" }),
    s("rect", { x: 3, y: 3, width: w - 6, height: 18, rx: 4, fill: colour }),
    s("text", { x: w / 2, y: 16, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold",
      class: "cq-card-name", ...fitted(shortName(name), w - 10) }, shortName(name)));
  // the card's picture (crown-the-queen-cards.js) in the middle of the face, under its name
  const size = Math.min(w - 12, hgt - 40);
  const mark = cardMark(name);
  if (mark) g.append(s("g", { transform: `translate(${(w - size) / 2} ${24 + (hgt - 40 - size) / 2}) scale(${size / 40})` }, mark));
  if (!COLOURS[name]) g.append(s("text", { x: w / 2, y: hgt - 6, "text-anchor": "middle", "font-size": 8, fill: "#777" }, "no value"));
  return g;
}

/** A bold label narrowed to ``room`` where it would run past it (``perChar``: a character's width at its
 * size, 6.4 for the 10-unit names on a card's band, 8 for the 13-unit names of the seats). */
function fitted(text, room, perChar = 6.4) {
  return text.length * perChar > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
}

function shortName(name) {
  return name.length > 11 ? name.replace("Houses of Parliament", "Parliament").replace("Buckingham Palace", "Palace").replace("Royal ", "") : name;
}

export function label(action) {
  if (action === "swap") return "Swap: turn it face up and draw";
  if (action === "keep") return "Keep the card passed to you";
  if (action.startsWith("pass ")) return `Pass the ${action.slice(5)} card`;  // "the Canada card", not "the Canada"
  return action;
}

const LABEL_WIDTH = 112;

/** Every legal move is made on the table: a card of the hand, Keep or Swap (the list stays folded). */
export const onTable = true;

/** What the player is to do now, in a line (the side panel's, above the folded list of moves). */
export function prompt(update) {
  const legal = update.legal;
  if (legal.includes("swap") || legal.includes("keep")) return "Keep the card passed to you, or swap it: on the table.";
  return "Choose the card to pass: click it in your hand.";
}

function endedGame(before, update) {
  const was = before.view.results.length;
  return update.view.results.length > was ? was + 1 : 0;
}

/** A big moment between two updates: a Queen crowned, a game of the rubber won (banner.js shows it). */
export function moment(before, update) {
  const v = update.view;
  const number = endedGame(before, update);
  if (!number) return null;
  const names = (seats) => seats.map((seat) => seatName(update.players, seat)).join(" and ");
  const points = v.results[number - 1];
  const best = Math.max(...points);
  const winners = points.map((p, seat) => (p === best ? seat : -1)).filter((seat) => seat >= 0);
  const game = v.games > 1 ? `Game ${number} of the rubber to ${names(winners)} (${best} points)`
    : `${names(winners)} ${winners.length > 1 ? "win" : "wins"} the game (${best} points)`;
  const crowner = v.ending === "queen" ? v.last_processions.findIndex((laid) => laid.includes("Queen")) : -1;
  // the crowd's cheer and fanfare of a crowning are the table's sound(); the match's end has table.js's fanfare
  if (crowner >= 0) return { banner: `${seatName(update.players, crowner)} crowns the Queen! ${game}`, sound: null, icon: "crown" };
  return { banner: game, sound: v.is_over ? null : "fanfare" };
}

/** The step between the update drawn before and this one, as the table shows it: the cards newly laid in
 *  each procession, a card turned face up by a swap, a card passed. Nothing is judged: views are compared. */
function lastStep(before, update) {
  if (!before) return null;
  const was = before.view;
  const v = update.view;
  // a step that ended a game: the table is dealt afresh at once, the processions it ended on are last_processions
  const ended = v.results.length > was.results.length;
  if (!ended && (was.game_number !== v.game_number || was.results.length !== v.results.length)) return null;
  const now = ended ? v.last_processions : v.processions;
  return {
    ended,
    laid: now.map((laid, seat) => laid.slice((was.processions[seat] || []).length)),
    turnedUp: !ended && v.face_up.length > was.face_up.length,
    passed: !ended && v.passed_from !== null && v.passed_from !== undefined && was.turn !== v.turn,  // a pass hands the turn on
    sameSeat: before.seat === update.seat,
  };
}

export function render(board, update, ctx) {
  const v = update.view;
  const legal = new Set(ctx.legal);
  const seats = v.hand_sizes.length;
  const me = update.seat;
  const you = !ctx.replay;  // a replay shows some seat's cards to whoever watches it: "Anne's hand"
  // a phone (narrow screen) lays each procession's stations four to a line and the hand under the pack, so
  // that the table is half as wide and its cards twice as large as the desktop's one line of eight
  const narrow = window.matchMedia?.("(max-width: 600px)").matches;
  const perLine = narrow ? 4 : 8;
  const rowH = narrow ? 192 : 100;
  const width = narrow ? 420 : 820;
  const top = 10;
  const step = lastStep(ctx.previous, update);
  // a game of the rubber just ended: its processions (the Queen just crowned) stay on the table for the
  // moment's pause, then the new deal's are drawn (the match's last game ends on them anyway)
  const endHold = step?.ended && !v.is_over && ctx.fresh ? holdFor("big") : 0;
  const showEnd = v.is_over || endHold > 0;
  // where things were before this redraw (to slide what moved from there): the old table's cards
  const old = ctx.fresh ? {
    hand: boxesOf(board, ".cq-hand [data-card]", "data-card"),
    rows: boxesOf(board, ".cq-row", "data-seat"),
    passed: board.querySelector(".cq-passed-card")?.getBoundingClientRect(),
    pack: board.querySelector(".cq-pack")?.getBoundingClientRect(),
  } : null;
  const slides = [];

  const svg = s("svg", { viewBox: `0 0 ${width} ${top + seats * rowH}`, class: "cq-table", role: "group", "aria-label": "Crown the Queen table" },
    s("rect", { width, height: top + seats * rowH, rx: 12, fill: "#2f5d3a" }));

  const processions = showEnd && v.last_processions?.length ? v.last_processions : v.processions;
  processions.forEach((laid, seat) => {
    const y = top + seat * rowH;
    const row = s("g", { transform: `translate(10 ${y})`, role: "img", class: `cq-row${seat === v.turn ? " cq-to-move" : ""}`,
      "data-seat": seat,
      "aria-label": `${seatName(update.players, seat)}'s procession: ${laid.length ? laid.join(", ") : "nothing laid yet"}; ${v.hand_sizes[seat]} cards in hand` });
    // the name fits the 112 units before the turn marker and the first card (a long one is narrowed)
    const name = `${seatName(update.players, seat)}${seat === me && you ? " (you)" : ""}`;  // as the log names it
    row.append(s("text", { x: 0, y: 14, fill: seat === v.turn ? "#f2c230" : "#fff", "font-size": 13, "font-weight": "bold",
      class: "cq-seat-name", ...fitted(name, LABEL_WIDTH, 8) }, name),
    s("text", { x: 0, y: 32, fill: "#cfe3d3", "font-size": 11, "data-seat-number": seat + 1 },
      `${v.hand_sizes[seat]} in hand`));
    if (seat === v.turn) row.append(s("text", { x: LABEL_WIDTH + 3, y: 14, fill: "#f2c230", "font-size": 13, "aria-hidden": "true" }, "◀"));
    // the stations of rule 8 come from the rules package (its board); without them, the cards laid in a row
    const stations = ctx.geometry?.procession || laid;
    const fresh = step && (!step.ended || showEnd) ? [...step.laid[seat]] : [];
    stations.forEach((station, i) => {
      const placed = laid.find((c) => c === station);
      const slot = s("g", { class: "cq-slot", "data-station": station },
        card(placed || station, { x: 130 + (i % perLine) * 68, y: 4 + Math.floor(i / perLine) * 92, w: 60, hgt: 86,
          ghost: !placed }));
      if (placed && fresh.includes(placed)) {
        fresh.splice(fresh.indexOf(placed), 1);
        markLastMove(null, slot);  // the card just laid
        slides.push([slot, seat === me && step.sameSeat && old?.hand.get(placed)?.shift() || old?.rows.get(String(seat))?.[0]]);
      }
      row.append(slot);
    });
    svg.append(row);
  });

  const dockH = narrow ? (v.hand ? 276 : 126) : 150;  // a phone's hand goes under the pack
  const dock = s("svg", { viewBox: `0 0 ${width} ${dockH}`, class: "cq-dock-table", role: "group",
    "aria-label": "The pack, the face-up pile, the card passed and your hand" },
  s("rect", { width, height: dockH, rx: 12, fill: "#264d30" }));
  const table = s("g", { transform: "translate(10 10)" });
  table.append(s("g", { class: "cq-pack" }, card("", { x: 0, y: 0, faceDown: true })),
    s("text", { x: 30, y: 104, "text-anchor": "middle", fill: "#fff", "font-size": 12 }, `pack: ${v.pack}`));
  if (v.face_up.length) {
    const upturned = s("g", { class: `cq-face-up${step?.turnedUp ? " last-to" : ""}` }, card(v.face_up[v.face_up.length - 1], { x: 80, y: 0 }));
    if (step?.turnedUp) slides.push([upturned, old?.passed]);  // a swap: the card passed turns face up
    table.append(upturned);
  }
  table.append(s("text", { x: 110, y: 104, "text-anchor": "middle", fill: "#fff", "font-size": 12 }, `face up: ${v.face_up.length}`));
  if (v.passed || (v.passed_from !== null && v.passed_from !== undefined)) {
    // the card passed: face up to its passer and its receiver, face down (its back) to everyone else
    const toMe = v.turn === me;
    const named = (seat) => seatName(update.players, seat);
    const words = !v.passed ? `to ${named(v.turn)}`
      : toMe ? (you ? "passed to you" : `passed to ${named(me)}`) : (you ? "you passed" : `${named(me)} passed`);
    const passed = s("g", { class: `cq-passed${step?.passed ? " last-to" : ""}`, role: "img",
      "aria-label": v.passed ? `${words}: ${v.passed}` : `a card passed face down, ${named(v.passed_from)} → ${named(v.turn)}` },
    s("g", { class: "cq-passed-card" }, card(v.passed || "", { x: 160, y: 0, faceDown: !v.passed })),
    s("text", { x: 190, y: 104, "text-anchor": "middle", fill: v.passed ? "#f2c230" : "#fff", "font-size": 12,
      ...fitted(words, 130, 6.2) }, words));
    if (step?.passed) {
      const from = v.passed_from === me && step.sameSeat && v.passed ? old?.hand.get(v.passed)?.shift() : old?.rows.get(String(v.passed_from))?.[0];
      slides.push([passed.firstChild, from]);
    }
    table.append(passed);
  }
  // rule 7 on the table: beside the card passed, Keep it or Swap it for the top card of the pack
  if (legal.has("swap") || legal.has("keep")) {
    const choice = s("g", { class: "cq-choice", role: "group", "aria-label": "The card passed to you" });
    [["keep", 0], ["swap", 1]].forEach(([action, i]) => {
      if (!legal.has(action)) return;
      const words = action === "keep" ? "Keep it" : "Swap it";
      const button = s("g", { class: "cq-button", "data-cq": action, "data-lit": action },
        s("rect", { x: 240, y: i * 56, width: narrow ? 160 : 120, height: 50, rx: 8, fill: action === "keep" ? "#f2c230" : "#fffdf5", stroke: "#7a5a00", "stroke-width": 2 }),
        s("text", { x: 240 + (narrow ? 80 : 60), y: i * 56 + 31, "text-anchor": "middle", "font-size": 16, "font-weight": "bold", fill: "#2a1e10" }, words));
      svgButton(button, label(action), () => ctx.play(action));
      choice.append(button);
    });
    table.append(choice);
  }

  if (v.hand) {
    const n = v.hand.length;
    const left = narrow ? Math.max(0, (width - 20 - (n - 1) * 62 - 68) / 2) - 70 : 330;
    const hand = s("g", { class: "cq-hand", transform: narrow ? `translate(${left} 116)` : `translate(${left} 0)`, role: "group",
      "aria-label": you ? "Your hand" : `${seatName(update.players, me)}'s hand` });
    const drawn = step && step.sameSeat && ctx.previous?.view.hand ? [...ctx.previous.view.hand] : null;
    v.hand.forEach((name, i) => {
      const angle = (i - (n - 1) / 2) * 9;
      const c = card(name, { x: 70 + i * 62, y: 10 + Math.abs(i - (n - 1) / 2) * 6, rotate: angle, w: 68, hgt: 96 });
      c.dataset.card = name;
      const action = `pass ${name}`;
      if (legal.has(action)) {
        svgButton(c, label(action), () => ctx.play(action));
        c.dataset.pass = name;
        c.dataset.lit = action;
      } else c.setAttribute("aria-label", name);
      const slot = s("g", { class: "cq-slot" }, c);
      if (drawn) {
        if (drawn.includes(name)) drawn.splice(drawn.indexOf(name), 1);
        else slides.push([slot, name === ctx.previous.view.passed ? old?.passed : old?.pack]);  // a card taken
      }
      hand.append(slot);
    });
    hand.append(s("text", { x: 70 + (n - 1) * 31 + 34, y: 136, "text-anchor": "middle", fill: "#fff", "font-size": 12,
      class: "cq-hand-name" }, you ? "your hand" : `${seatName(update.players, me)}'s hand`));
    table.append(hand);
  }
  dock.append(table);

  const turnLine = h("p", { class: "cq-turn", role: "status" }, endHold
    ? `Game ${v.results.length} is over: ${ENDINGS[v.ending] || v.ending}.` : turnWords(update, ctx));
  board.replaceChildren(h("div", { class: "crown-the-queen" }, svg,
    h("div", { class: `cq-dock${v.is_over || ctx.replay ? " still" : ""}` }, turnLine, dock), lastGame(v, update.players), scoreSheet(v, update.players)));
  for (const [el, from] of slides) slideFromBox(el, from);
  const drawn = {};
  board.cqDrawn = drawn;
  if (endHold) {
    setTimeout(() => {  // the moment seen: the new deal, unless the table has been drawn again or a move is on its way
      if (board.cqDrawn === drawn && !board.classList.contains("waiting")) render(board, update, { ...ctx, previous: null, fresh: false });
    }, endHold);
  }
}

/** Whose turn it is, and what the player is to do, in the dock's line. */
function turnWords(update, ctx) {
  const v = update.view;
  const game = v.games > 1 ? ` · game ${v.game_number} of ${v.games}` : "";
  if (v.is_over) return `The ${v.games > 1 ? "rubber" : "game"} is over.`;
  const legal = ctx.legal;
  if (legal.length && !ctx.replay) {
    return (legal.includes("swap") || legal.includes("keep")
      ? "Your turn: keep the card passed to you, or swap it for the top card of the pack." : "Your turn: click a card in your hand to pass it.") + game;
  }
  return `${seatName(update.players, v.turn)} to play${game}.`;
}

const ENDINGS = { queen: "the Queen was crowned", pack: "the centre pack ran out",
  deadlock: "no card was taken from the pack for two full rounds" };

/** Between the games of a rubber the table is dealt afresh at once: how the last game ended and the
 * processions that scored it stay at hand (open through the new game's first round). */
function lastGame(v, players) {
  const number = v.results.length;
  if (!number || v.is_over) return null;
  const seats = v.hand_sizes.length;
  const points = v.results[number - 1];
  return h("details", { class: "cq-last-game", open: v.record.length < seats },
    h("summary", {}, `Game ${number} is over: ${ENDINGS[v.ending] || v.ending}`),
    h("ul", {}, v.last_processions.map((laid, seat) => h("li", {},
      h("strong", {}, seatName(players, seat)), ` · ${points[seat]} · ${laid.length ? laid.join(", ") : "nothing laid"}`))));
}

function scoreSheet(v, players) {
  const seats = v.hand_sizes.length;
  const rows = v.results.map((r, g) => h("tr", {}, h("th", { scope: "row" }, `Game ${g + 1}`), r.map((p) => h("td", {}, p))));
  return h("table", { class: "ledger score-sheet", "aria-label": v.games > 1 ? "The rubber's score sheet" : "The score sheet" },
    h("caption", {}, v.games > 1 ? `Score sheet · game ${v.game_number} of ${v.games}` : "Score sheet"),
    h("thead", {}, h("tr", {}, h("th", {}, ""), Array.from({ length: seats }, (_, i) => columnHeader([seatName(players, i), shortSeatName(players, i)])))),
    h("tbody", {}, rows, h("tr", { class: "at-helm" }, h("th", { scope: "row" }, "Total"), v.totals.map((t) => h("td", {}, t)))));
}

export function sound(previous, update, sounds) {
  const cheers = update.log.map((line) => /the crowd cheers(!+)/.exec(line)).filter(Boolean);
  if (cheers.length) {
    const loudest = Math.max(...cheers.map((m) => m[1].length));
    sounds.cheer(loudest / 8);
    if (update.log.some((line) => line.includes("crowns the Queen"))) setTimeout(() => sounds.fanfare(), 600);
  } else sounds.click();
}

/** Where the hint's choice is on the table (hint.js rings it): the card to pass, or the Keep / Swap button. */
export function hintMarks(action) {
  return [`[data-lit='${action.replace(/'/g, "\\'")}']`, `[data-cq='${action.replace(/'/g, "\\'")}']`];
}
