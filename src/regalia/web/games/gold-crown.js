// Gold Crown's table: the mat (castle, chambers, towers, rows of the battlefield), the spinner, the move
// points left, knights moved by click (a knight, then a lit box), the catapult aimed by clicking a lit
// box, the drawbridge, gates and ram of every face, breaches, and every baron's strength.
//
// The mat is not drawn here: the rules package publishes it (regalia/games/gold_crown/mat.py, read by
// layout.py; GET /api/games/gold-crown/board) and this table paints what it is given, box by box, with
// each box's zone and mark. Only the paint, the pieces and the controls are this module's own.
import { columnHeader, h, namedSeat, s, svgButton } from "../dom.js";

const CELL = 28;
const ZONE_PAINT = { separator: "#6b5b3a", field: "#a8c686", wall: "#7d7d7d", deck: "#b9b0a0", gate: "#5a3a1a",
  tower: "#8f8f8f", "tower guard": "#8f8f8f", chamber: "#e8d9b0", "chamber guard": "#e8d9b0", throne: "#c9a96e",
  "throne guard": "#d9c48f", crown: "#f2c230" };
const MARK_PAINT = { dash: "#c8d9a8", shield: "#d4a017", drawbridge: "#c2b280", ram: "#c2b280" };
const BARON_COLOURS = ["#d4a017", "#a8a8b8", "#b3261e", "#1f5fbf"];
const BARON_NAMES = ["Gold", "Silver", "Crimson", "Azure"];

let selected = null;
let selectedAt = null;

function spinner(v, fresh, faces) {
  const g = s("g", { transform: "translate(70 70)", role: "img", "aria-label": `Spinner: ${v.spin || "not spun"}. ${v.spin_text || ""}` });
  const count = faces.length;
  faces.forEach((face, i) => {
    const a0 = (i / count) * 2 * Math.PI;
    const a1 = ((i + 1) / count) * 2 * Math.PI;
    g.append(s("path", { d: `M0 0 L${60 * Math.sin(a0)} ${-60 * Math.cos(a0)} A60 60 0 0 1 ${60 * Math.sin(a1)} ${-60 * Math.cos(a1)}z`,
      fill: i % 2 ? "#f5e6b8" : "#e9d49a", stroke: "#6b4e16", "stroke-width": 0.8 }));
    const mid = (a0 + a1) / 2;
    g.append(s("text", { x: 47 * Math.sin(mid), y: -47 * Math.cos(mid) + 4, "text-anchor": "middle", "font-size": 11, fill: "#4a3510" }, face.number));
  });
  const at = faces.findIndex((face) => face.number === v.spin);
  const angle = at >= 0 ? ((at + 0.5) / count) * 360 : 0;
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

  const geometry = ctx.geometry;
  if (!geometry) {
    board.replaceChildren(h("p", { class: "kg-note" }, "The mat could not be loaded from the server: reload the page."));
    return;
  }
  const mat = s("svg", { viewBox: `0 0 ${CELL * geometry.columns} ${CELL * geometry.rows}`, class: "gc-mat", role: "grid", "aria-label": "The Gold Crown mat" });
  for (const box of geometry.boxes) {
    const name = box.name;
    const x = box.col * CELL;
    const y = box.row * CELL;
    const lit = targets.has(name) || aims.has(name);
    const cell = s("g", { "data-box": name, "data-zone": box.zone, "data-mark": box.mark || null,
      class: ["box", lit ? "target" : "", selected === name ? "selected" : "", aims.has(name) ? "aim" : ""].join(" ") },
    s("rect", { x, y, width: CELL, height: CELL, fill: lit ? (aims.has(name) ? "#ff9b85" : "#f7e27a") : selected === name ? "#e9c46a"
      : MARK_PAINT[box.mark] || ZONE_PAINT[box.zone] || "#ccc", stroke: "#5d5035", "stroke-width": 0.4 }));
    if (box.number > 1) cell.append(s("text", { x: x + 3, y: y + 10, "font-size": 8, fill: "#4a3510" }, box.number));
    if (breaches.has(name)) cell.append(s("path", { d: `M${x + 4} ${y + 4}l8 10-6 2 12 10`, stroke: "#111", "stroke-width": 2, fill: "none" }));
    if (box.zone === "crown") cell.append(s("path", { d: `M${x + 5} ${y + 20}l2-12 5 6 2-8 2 8 5-6 2 12z`, fill: "#8a6400" }));
    if (guards.has(name)) cell.append(s("polygon", { points: `${x + CELL / 2},${y + 5} ${x + CELL - 5},${y + CELL - 5} ${x + 5},${y + CELL - 5}`, fill: "#fff", stroke: "#333" }));
    if (owner[name] !== undefined) {
      cell.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 10, fill: BARON_COLOURS[owner[name]] || "#444", stroke: "#222", "stroke-width": 1.5 }));
    }
    if (aims.has(name) && !from.has(name)) {
      cell.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 6, fill: "none", stroke: "#b22222", "stroke-width": 1.5 }));
    }
    const where = `${name} (${box.mark && box.mark !== box.zone ? `${box.zone}, ${box.mark}` : box.zone})`;
    const what = `${where}${owner[name] !== undefined ? `: ${BARON_NAMES[owner[name]]} knight` : guards.has(name) ? ": a guard" : ""}`;
    if (targets.has(name)) svgButton(cell, `${name}: move ${selected} here`, () => ctx.play(`move ${selected}-${name}`));
    else if (from.has(name)) {
      svgButton(cell, `${what}; show its moves`, () => { selected = selected === name ? null : name; ctx.sounds.click(); render(board, update, ctx); });
    } else if (aims.has(name)) svgButton(cell, `${name}: aim the catapult here`, () => ctx.play(`fire ${name}`));
    else cell.setAttribute("aria-label", what);
    mat.append(cell);
  }

  const fresh = update.last?.action === "spin";
  const specials = ctx.legal.filter((a) => !a.startsWith("move ") && !a.startsWith("fire "));
  const barons = h("table", { class: "ledger gc-barons", "aria-label": "The barons" },
    h("caption", {}, "The barons"),
    h("thead", {}, h("tr", {}, ["Baron", ["Knights", "Kn."], ["Chambers", "Ch."], "Gates", ["Drawbridge", "Bridge"], "Ram", ["Boulders", "Bld."], ["Breaches", "Br."]].map(columnHeader))),
    h("tbody", {}, v.barons.map((b, seat) => h("tr", { class: seat === v.baron ? "at-helm" : "" },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${BARON_COLOURS[seat]}` }), " ", namedSeat(`${BARON_NAMES[seat]} (${b.face})`, update.players, seat),
        b.retreated ? " (retreated)" : ""),
      h("td", { "data-strength": seat }, b.count), h("td", {}, b.chambers), h("td", {}, b.gates), h("td", {}, b.bridge),
      h("td", {}, b.ram), h("td", {}, b.boulders), h("td", {}, b.breaches.join(" ") || "—")))));

  const turn = h("div", { class: "gc-turn" }, spinner(v, fresh, geometry.spinner),
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
