// Crown the Queen's table: every procession laid out on its eight stations, the centre pack and the
// face-up pile, the card passed to you (shown to you alone: the server sends it only to you), swap or
// keep, your hand fanned (click a card to pass it), and the rubber's score sheet.
//
//   seat n  [Policeman][Soldier][Sailor][Airman][Coach][Page][Archbishop][Queen]
//   ...
//   [pack n]  [face-up: top]        [card passed to you]  Swap · Keep
//                 ╲ ╲ │ ╱ ╱   your hand, fanned
import { columnHeader, h, playerName, s, seatName, svgButton } from "../dom.js";

const COLOURS = { Policeman: "#1f3a93", Soldier: "#b22222", Sailor: "#1b6fa8", Airman: "#5a7fa8", "Royal Coach": "#8a6400",
  Page: "#6b1b3a", Archbishop: "#5b2c83", Queen: "#d4a017" };

function card(name, { x = 0, y = 0, w = 60, hgt = 86, rotate = 0, faceDown = false, ghost = false } = {}) {
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
  if (name === "Queen") g.append(s("path", { d: `M${w / 2 - 16} 58 l4 -18 8 10 4 -14 4 14 8 -10 4 18z`, fill: "#d4a017", stroke: "#8a6400" }));
  else g.append(s("text", { x: w / 2, y: 58, "text-anchor": "middle", "font-size": 24, fill: colour, "font-weight": "bold" }, name[0]));
  if (!COLOURS[name]) g.append(s("text", { x: w / 2, y: 78, "text-anchor": "middle", "font-size": 8, fill: "#777" }, "no value"));
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

/** The log names seats by number ("Seat 3 passes a card to Seat 1"): a seat known by another name (a
 * computer, a profile) shows its number beside its hand, so that every log line can be matched to a row. */
function numbered(players, seat) {
  return playerName(players, seat) === `Seat ${seat + 1}` ? "" : `Seat ${seat + 1} · `;
}

export function render(board, update, ctx) {
  const v = update.view;
  const legal = new Set(ctx.legal);
  const seats = v.hand_sizes.length;
  const me = update.seat;
  const you = !ctx.replay;  // a replay shows some seat's cards to whoever watches it: "Seat 2's hand"
  // a phone (narrow screen) lays each procession's stations four to a line and the hand under the pack, so
  // that the table is half as wide and its cards twice as large as the desktop's one line of eight
  const narrow = window.matchMedia?.("(max-width: 600px)").matches;
  const perLine = narrow ? 4 : 8;
  const rowH = narrow ? 192 : 100;
  const width = narrow ? 420 : 820;
  const below = narrow ? 280 : 250;
  const top = 10;
  const svg = s("svg", { viewBox: `0 0 ${width} ${top + seats * rowH + below}`, class: "cq-table", role: "group", "aria-label": "Crown the Queen table" },
    s("rect", { width, height: top + seats * rowH + below, rx: 12, fill: "#2f5d3a" }));

  const processions = v.is_over && v.last_processions?.length ? v.last_processions : v.processions;
  processions.forEach((laid, seat) => {
    const y = top + seat * rowH;
    const row = s("g", { transform: `translate(10 ${y})`, role: "img",
      "aria-label": `${seatName(update.players, seat)}'s procession: ${laid.length ? laid.join(", ") : "nothing laid yet"}; ${v.hand_sizes[seat]} cards in hand` });
    // the name fits the 112 units before the turn marker and the first card (a long one is narrowed)
    const name = `${playerName(update.players, seat)}${seat === me && you ? " (you)" : ""}`;  // the number is under it
    row.append(s("text", { x: 0, y: 14, fill: seat === v.turn ? "#f2c230" : "#fff", "font-size": 13, "font-weight": "bold",
      class: "cq-seat-name", ...fitted(name, LABEL_WIDTH, 8) }, name),
    s("text", { x: 0, y: 32, fill: "#cfe3d3", "font-size": 11, "data-seat-number": seat + 1 },
      `${numbered(update.players, seat)}${v.hand_sizes[seat]} in hand`));
    if (seat === v.turn) row.append(s("text", { x: LABEL_WIDTH + 3, y: 14, fill: "#f2c230", "font-size": 13, "aria-hidden": "true" }, "◀"));
    // the stations of rule 8 come from the rules package (its board); without them, the cards laid in a row
    const stations = ctx.geometry?.procession || laid;
    stations.forEach((station, i) => {
      const placed = laid.find((c) => c === station);
      row.append(card(placed || station, { x: 130 + (i % perLine) * 68, y: 4 + Math.floor(i / perLine) * 92, w: 60, hgt: 86,
        ghost: !placed }));
    });
    svg.append(row);
  });

  const table = s("g", { transform: `translate(10 ${top + seats * rowH + 10})` });
  table.append(card("", { x: 0, y: 0, faceDown: true }),
    s("text", { x: 30, y: 104, "text-anchor": "middle", fill: "#fff", "font-size": 12 }, `pack: ${v.pack}`));
  if (v.face_up.length) table.append(card(v.face_up[v.face_up.length - 1], { x: 80, y: 0 }));
  table.append(s("text", { x: 110, y: 104, "text-anchor": "middle", fill: "#fff", "font-size": 12 }, `face up: ${v.face_up.length}`));
  if (v.passed) {
    const toMe = v.turn === me;
    const words = toMe ? (you ? "passed to you" : `passed to Seat ${me + 1}`) : (you ? "you passed" : `Seat ${me + 1} passed`);
    table.append(s("g", { class: "cq-passed", role: "img", "aria-label": `${words}: ${v.passed}` },
      card(v.passed, { x: 180, y: 0 }),
      s("text", { x: 210, y: 104, "text-anchor": "middle", fill: "#f2c230", "font-size": 12 }, words)));
  } else if (v.passed_from !== null && v.passed_from !== undefined) {
    table.append(card("", { x: 180, y: 0, faceDown: true }),
      s("text", { x: 210, y: 104, "text-anchor": "middle", fill: "#fff", "font-size": 12 }, `Seat ${v.passed_from + 1} → Seat ${v.turn + 1}`));
  }

  if (v.hand) {
    const n = v.hand.length;
    const hand = s("g", { class: "cq-hand", transform: narrow ? "translate(0 120)" : "translate(420 0)", role: "group",
      "aria-label": you ? "Your hand" : `Seat ${me + 1}'s hand` });
    v.hand.forEach((name, i) => {
      const angle = (i - (n - 1) / 2) * 9;
      const c = card(name, { x: 70 + i * 62, y: 10 + Math.abs(i - (n - 1) / 2) * 6, rotate: angle, w: 68, hgt: 96 });
      const action = `pass ${name}`;
      if (legal.has(action)) {
        svgButton(c, label(action), () => ctx.play(action));
        c.dataset.pass = name;
      } else c.setAttribute("aria-label", name);
      hand.append(c);
    });
    hand.append(s("text", { x: 70 + (n - 1) * 31 + 34, y: 136, "text-anchor": "middle", fill: "#fff", "font-size": 12,
      class: "cq-hand-name" }, you ? "your hand" : `Seat ${me + 1}'s hand`));
    table.append(hand);
  }
  svg.append(table);

  const choice = (legal.has("swap") || legal.has("keep")) ? h("div", { class: "cq-choice", role: "group", "aria-label": "The card passed to you" },
    h("button", { type: "button", class: "primary", "data-cq": "swap", onclick: () => ctx.play("swap") }, label("swap")),
    h("button", { type: "button", class: "primary", "data-cq": "keep", onclick: () => ctx.play("keep") }, label("keep")))
    : [...legal].some((a) => a.startsWith("pass ")) ? h("p", { class: "kg-note" }, "Choose the card to pass: click it in your hand.") : null;

  board.replaceChildren(h("div", { class: "crown-the-queen" }, svg, choice, lastGame(v, update.players),
    scoreSheet(v, update.players)));
}

const ENDINGS = { queen: "the Queen was crowned (CQ-2)", pack: "the centre pack ran out (CQ-3)",
  deadlock: "no card was taken from the pack for two full rounds (CQ-5)" };

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
  return h("table", { class: "ledger score-sheet", "aria-label": "The rubber's score sheet" },
    h("caption", {}, `Score sheet · game ${v.game_number} of ${v.games}`),
    h("thead", {}, h("tr", {}, h("th", {}, ""), Array.from({ length: seats }, (_, i) => columnHeader([seatName(players, i), `Seat ${i + 1}`])))),
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
