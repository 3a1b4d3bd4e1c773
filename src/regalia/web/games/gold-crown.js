// Gold Crown's table: the mat (castle, chambers, towers, rows of the battlefield), the spinner, the move
// points left, knights moved by click (a knight, then a lit box), the catapult aimed by clicking a lit
// box, the drawbridge, gates and ram of every face, breaches, and every baron's strength.
//
// The mat below is the picture of DECISIONS.md §1.3 (regalia/games/gold_crown/mat.py reads the same
// drawing for its rules; here it is only paint). Boxes are named column a..u (west to east) and
// number 1..21 (south to north): the Crown is k11.
import { h, s, seatName, svgButton } from "../dom.js";

const MAT = `
# . - - - - - - - - B - - - - - - - - . #
. # - - - - - - - - . - - - - - - - - # .
- - # . . . . . . . 4 . . . . . . . # - -
- - . # . . . . . . 3 . . . . . . # . - -
- - . . t T . . . . 2 . . . . T t . . - -
- - . . T T W . . W 1 W . . W T T . . - -
- - . . . W S S S S S S S S S W . . . - -
- - . . . . S c c c c c c c S . . . . - -
- - . . . . S c k c k c k c S . . . . - -
- - . . . W S c c K R K c c S W . . . - -
B . 4 3 2 1 S c k R C R k c S 1 2 3 4 . B
- - . . . W S c c K R K c c S W . . . - -
- - . . . . S c k c k c k c S . . . . - -
- - . . . . S c c c c c c c S . . . . - -
- - . . . W S S S S S S S S S W . . . - -
- - . . T T W . . W 1 W . . W T T . . - -
- - . . t T . . . . 2 . . . . T t . . - -
- - . # . . . . . . 3 . . . . . . # . - -
- - # . . . . . . . 4 . . . . . . . # - -
. # - - - - - - - - . - - - - - - - - # .
# . - - - - - - - - B - - - - - - - - . #`.trim().split("\n").map((row) => row.split(" "));

const COLUMNS = "abcdefghijklmnopqrstu";
const CELL = 28;
const PAINT = { "#": "#6b5b3a", ".": "#a8c686", "-": "#c8d9a8", B: "#d4a017", W: "#7d7d7d", S: "#b9b0a0", c: "#e8d9b0",
  k: "#e8d9b0", K: "#d9c48f", R: "#c9a96e", C: "#f2c230", T: "#8f8f8f", t: "#8f8f8f", 1: "#5a3a1a", 2: "#c2b280", 3: "#c2b280", 4: "#c2b280" };
const BARON_COLOURS = ["#d4a017", "#a8a8b8", "#b3261e", "#1f5fbf"];
const BARON_NAMES = ["Gold", "Silver", "Crimson", "Azure"];
const SPINNER = 12;

let selected = null;
let selectedAt = null;

const boxName = (col, row) => `${COLUMNS[col]}${21 - row}`;

function spinner(v, fresh) {
  const g = s("g", { transform: "translate(70 70)", role: "img", "aria-label": `Spinner: ${v.spin || "not spun"}. ${v.spin_text || ""}` });
  for (let i = 0; i < SPINNER; i++) {
    const a0 = (i / SPINNER) * 2 * Math.PI;
    const a1 = ((i + 1) / SPINNER) * 2 * Math.PI;
    g.append(s("path", { d: `M0 0 L${60 * Math.sin(a0)} ${-60 * Math.cos(a0)} A60 60 0 0 1 ${60 * Math.sin(a1)} ${-60 * Math.cos(a1)}z`,
      fill: i % 2 ? "#f5e6b8" : "#e9d49a", stroke: "#6b4e16", "stroke-width": 0.8 }));
    const mid = (a0 + a1) / 2;
    g.append(s("text", { x: 47 * Math.sin(mid), y: -47 * Math.cos(mid) + 4, "text-anchor": "middle", "font-size": 11, fill: "#4a3510" }, i + 1));
  }
  const angle = v.spin ? ((v.spin - 0.5) / SPINNER) * 360 : 0;
  // the needle turns in the spinner's own user space (SMIL), three full turns before it lands
  g.append(s("g", { class: "needle", transform: `rotate(${angle})` },
    s("line", { x1: 0, y1: 8, x2: 0, y2: -50, stroke: "#b22222", "stroke-width": 4, "stroke-linecap": "round" }),
    fresh ? s("animateTransform", { attributeName: "transform", type: "rotate", from: `${angle - 1080}`, to: `${angle}`,
      dur: "1.2s", calcMode: "spline", keySplines: "0.2 0.8 0.3 1", keyTimes: "0;1", fill: "freeze" }) : null),
  s("circle", { r: 6, fill: "#4a3510" }));
  return s("svg", { viewBox: "0 0 140 140", class: "gc-spinner" }, g);
}

export function label(action) {
  if (action === "spin") return "Spin the spinner";
  if (action.startsWith("move ")) return `Move ${action.slice(5).replace("-", " → ")}`;
  if (action.startsWith("fire ")) return `Fire the catapult at ${action.slice(5)}`;
  return action.charAt(0).toUpperCase() + action.slice(1);
}

export function render(board, update, ctx) {
  const v = update.view;
  if (selectedAt !== update.version) { selected = null; selectedAt = update.version; }
  const moves = ctx.legal.filter((a) => a.startsWith("move "));
  const aims = new Set(ctx.legal.filter((a) => a.startsWith("fire ")).map((a) => a.slice(5)));
  const from = new Set(moves.map((a) => a.slice(5).split("-")[0]));
  const targets = new Set(selected ? moves.filter((a) => a.startsWith(`move ${selected}-`)).map((a) => a.split("-")[1]) : []);
  const owner = {};
  for (const [seat, boxes] of Object.entries(v.knights)) for (const b of boxes.split(" ").filter(Boolean)) owner[b] = Number(seat);
  const guards = new Set((v.guards || "").split(" ").filter(Boolean));
  const breaches = new Set(v.barons.flatMap((b) => b.breaches));

  const size = CELL * 21;
  const mat = s("svg", { viewBox: `0 0 ${size} ${size}`, class: "gc-mat", role: "grid", "aria-label": "The Gold Crown mat" });
  MAT.forEach((row, r) => row.forEach((zone, c) => {
    const name = boxName(c, r);
    const x = c * CELL;
    const y = r * CELL;
    const lit = targets.has(name) || aims.has(name);
    const cell = s("g", { "data-box": name, class: ["box", lit ? "target" : "", selected === name ? "selected" : "", aims.has(name) ? "aim" : ""].join(" ") },
      s("rect", { x, y, width: CELL, height: CELL, fill: lit ? (aims.has(name) ? "#ff9b85" : "#f7e27a") : selected === name ? "#e9c46a" : PAINT[zone] || "#ccc",
        stroke: "#5d5035", "stroke-width": 0.4 }));
    if (breaches.has(name)) cell.append(s("path", { d: `M${x + 4} ${y + 4}l8 10-6 2 12 10`, stroke: "#111", "stroke-width": 2, fill: "none" }));
    if (zone === "C") cell.append(s("path", { d: `M${x + 5} ${y + 20}l2-12 5 6 2-8 2 8 5-6 2 12z`, fill: "#8a6400" }));
    if (guards.has(name)) cell.append(s("polygon", { points: `${x + CELL / 2},${y + 5} ${x + CELL - 5},${y + CELL - 5} ${x + 5},${y + CELL - 5}`, fill: "#fff", stroke: "#333" }));
    if (owner[name] !== undefined) {
      cell.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 10, fill: BARON_COLOURS[owner[name]] || "#444", stroke: "#222", "stroke-width": 1.5 }));
    }
    if (aims.has(name) && !from.has(name)) {
      cell.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 6, fill: "none", stroke: "#b22222", "stroke-width": 1.5 }));
    }
    const what = `${name}${owner[name] !== undefined ? `: ${BARON_NAMES[owner[name]]} knight` : guards.has(name) ? ": a guard" : ""}`;
    if (targets.has(name)) svgButton(cell, `${name}: move ${selected} here`, () => ctx.play(`move ${selected}-${name}`));
    else if (from.has(name)) {
      svgButton(cell, `${what}; show its moves`, () => { selected = selected === name ? null : name; ctx.sounds.click(); render(board, update, ctx); });
    } else if (aims.has(name)) svgButton(cell, `${name}: aim the catapult here`, () => ctx.play(`fire ${name}`));
    else cell.setAttribute("aria-label", what);
    mat.append(cell);
  }));

  const fresh = update.last?.action === "spin";
  const specials = ctx.legal.filter((a) => !a.startsWith("move ") && !a.startsWith("fire "));
  const barons = h("table", { class: "ledger gc-barons", "aria-label": "The barons" },
    h("caption", {}, "The barons"),
    h("thead", {}, h("tr", {}, ["Baron", "Knights", "Chambers", "Gates", "Drawbridge", "Ram", "Boulders", "Breaches"].map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, v.barons.map((b, seat) => h("tr", { class: seat === v.baron ? "at-helm" : "" },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${BARON_COLOURS[seat]}` }), ` ${BARON_NAMES[seat]} (${b.face}) · ${seatName(update.players, seat)}`,
        b.retreated ? " (retreated)" : ""),
      h("td", { "data-strength": seat }, b.count), h("td", {}, b.chambers), h("td", {}, b.gates), h("td", {}, b.bridge),
      h("td", {}, b.ram), h("td", {}, b.boulders), h("td", {}, b.breaches.join(" ") || "—")))));

  const turn = h("div", { class: "gc-turn" }, spinner(v, fresh),
    h("div", {}, h("p", { class: "gc-points", "data-points": v.points }, `Move points left: ${v.points}`),
      h("p", {}, `Round ${v.round} of ${v.max_rounds} · ${v.phase}`),
      v.spin_text ? h("p", { class: "muted" }, `Spun ${v.spin}: ${v.spin_text}`) : null,
      aims.size ? h("p", { class: "kg-note" }, "Aim the catapult: click a ringed box.") : null,
      selected ? h("p", { class: "kg-note" }, `${selected} selected: click a lit box.`) : moves.length ? h("p", { class: "muted" }, "Click one of your knights to see its moves.") : null,
      h("div", { class: "kg-controls" }, specials.map((a) => h("button", { type: "button", class: "primary", "data-gc": a, onclick: () => ctx.play(a) }, label(a))))));
  board.replaceChildren(h("div", { class: "gold-crown" }, turn, mat, barons));
}

export function sound(previous, update, sounds) {
  const action = update.last?.action || "";
  if (action === "spin") sounds.spin();
  else if (action.startsWith("fire") || action.startsWith("ram")) sounds.thud();
  else sounds.click();
  if (update.log.some((line) => /crown/i.test(line) && /wins|captur/i.test(line))) setTimeout(() => sounds.fanfare(), 400);
}
