// Gold Crown's table: the 1966 mat (gold-crown-mat.js: castle, field, rows, ram tracks, coordinates), the
// pieces and apparatus over it (gold-crown-pieces.js), the spinner with its result and what it lets the baron
// do, and the turn's choices as buttons and lit targets on the mat: a knight marched in one gesture (click it,
// then a lit box up to the move points left, or drag it there: the path the server's ``view.reach`` gives is
// drawn and sent whole, ``move e7-e6-e5``, one action the server judges), the catapult aimed at a ringed box
// (the boulder's flight and scatter drawn when it lands), the knight that falls to the archers picked on the mat. Every legal move also stays in "All moves" (table.js, folded).
//
// The mat is not drawn from here: the rules package publishes it (regalia/games/gold_crown/mat.py, read by
// layout.py; GET /api/games/gold-crown/board, ctx.geometry) and this table paints what it is given.
// Big moments (the bridge dropped, the gates crashed or shut, a breach, a chamber taken) are ``moment``s:
// table.js shows a banner and holds the table longer (pace.js's "big" hold) so the apparatus is seen moving.
import { columnHeader, h, namedLine, namedSeat, s, svgButton } from "../dom.js";
import { markLastMove } from "../highlight.js";
import { CELL, PAD, coordinates, outlines, patterns, printed, rowNumbers, tracks, zoneFill } from "./gold-crown-mat.js";
import { BARON_COLOURS, BARON_NAMES, apparatus, boulder, fallen, flag, guard, knight } from "./gold-crown-pieces.js";

let selected = null;
let selectedAt = null;
let zoom = null;  // "fit" (the whole mat in the page) or "play" (boxes of 44 px, panned); null: by screen width
let scrollAt = null;  // where the mat's pan stood before a redraw
let playHeight = null;  // zoomed in: the height that ends the mat with the window's first screen
let lastSpin = null;  // { number, seat }: the spin that decided the turn drawn last (the view forgets it once the turn ends)
let stylesLoaded = false;
const panned = new WeakSet();  // boards whose zoomed mat has been brought to the player's face

export const onTable = true;

/** Each box a knight can march to, with its whole path, from the view's ``reach`` ("d<p ...": the box each is
 *  reached from, as the server found it) and the single steps the legal list offers. */
function marches(name, reach, moves) {
  const out = new Map();
  const came = new Map(splitBoxes(reach?.[name]).map((pair) => pair.split("<")));
  for (const box of came.keys()) {
    const path = [box];
    while (path[path.length - 1] !== name && path.length < 16) path.push(came.get(path[path.length - 1]));
    path.reverse();
    out.set(box, path.length === 2 ? `move ${name}-${box}` : `move ${path.join("-")}`);
  }
  for (const a of moves) if (a.startsWith(`move ${name}-`)) out.set(a.split("-")[1], a);
  return out;
}

/** A march this table may send besides the listed actions: a path the server's view offered (it judges). */
export function compound(action, update) {
  const m = /^move ([a-u]\d+)-(?:[a-u]\d+-)+([a-u]\d+)$/.exec(action || "");
  return Boolean(m && update?.view?.reach && marches(m[1], update.view.reach, []).get(m[2]) === action);
}

function loadStyles() {
  if (stylesLoaded || document.querySelector("link[data-gc-styles]")) return;
  stylesLoaded = true;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./gold-crown.css", import.meta.url).href, "data-gc-styles": "",
    onload: () => { const wrap = document.querySelector(".gold-crown .gc-wrap"); if (wrap && zoomIs() === "play") fitPlay(wrap); } }));
}

function spinner(number, fresh, faces) {
  const g = s("g", { transform: "translate(70 70)", role: "img", "aria-label": `Spinner: ${number || "not spun"}` });
  const count = faces.length;
  faces.forEach((face, i) => {
    const a0 = (i / count) * 2 * Math.PI;
    const a1 = ((i + 1) / count) * 2 * Math.PI;
    g.append(s("path", { d: `M0 0 L${60 * Math.sin(a0)} ${-60 * Math.cos(a0)} A60 60 0 0 1 ${60 * Math.sin(a1)} ${-60 * Math.cos(a1)}z`,
      fill: face.number === number ? "#f2c230" : i % 2 ? "#f5e6b8" : "#e9d49a", stroke: "#6b4e16", "stroke-width": 0.8 }));
    const m = (a0 + a1) / 2;
    g.append(s("text", { x: 47 * Math.sin(m), y: -47 * Math.cos(m) + 4, "text-anchor": "middle", "font-size": 11, fill: "#4a3510" }, face.number));
  });
  const at = faces.findIndex((face) => face.number === number);
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
  if (action === "march") return "Move instead";
  if (action === "ram") return "Roll the ram onto the drawbridge";
  if (action === "ram back") return "Roll the ram back to boxes 3 and 4";
  if (action === "storm") return "Storm the throne room (6 knights)";
  if (action === "end") return "End the turn";
  if (action === "retreat") return "Retreat (skip the spin)";
  if (action === "pass") return "Pass the turn";
  if (action.startsWith("move ")) return `Move ${action.slice(5).replaceAll("-", " → ")}`;
  if (action.startsWith("fire ")) return `Fire the catapult at ${action.slice(5)}`;
  if (action.startsWith("lose ")) return `The knight on ${action.slice(5)} falls`;
  if (action.startsWith("scale ")) {
    const boxes = action.slice(6).split(" ");
    return boxes.length > 1 ? `Scale with ${boxes.join(" and ")}` : `Scale with ${boxes[0]}`;
  }
  return action.charAt(0).toUpperCase() + action.slice(1);
}

/** What the spin lets the baron do now, in words (from the phase and the legal actions, not from a rule). */
function offer(v, legal) {
  if (!legal.length) return null;
  if (legal.includes("spin")) return legal.includes("retreat") ? "Spin, or retreat your knights behind your lines." : "Spin to start your turn.";
  if (legal.includes("pass")) return "You have retreated: pass, or spin to come back into the siege.";
  if (legal.some((a) => a.startsWith("lose "))) return "The archers hit: pick on the mat (ringed red) the knights that fall.";
  if (v.phase === "choice") {
    if (legal.some((a) => a.startsWith("fire "))) return `Fire the catapult (click a ringed box) or take ${v.spin} move points.`;
    if (legal.some((a) => a.startsWith("scale "))) return `Scale with the knights below, or take ${v.spin} move points.`;
    return `Take ${v.spin} move points.`;
  }
  const parts = [];
  if (legal.some((a) => a.startsWith("move "))) parts.push(`${v.points} move point${v.points === 1 ? "" : "s"}: click or drag a knight to a lit box`);
  if (legal.includes("ram")) parts.push("roll the ram onto the bridge");
  if (legal.includes("ram back")) parts.push("roll the ram back");
  if (legal.includes("storm")) parts.push("storm the throne room");
  if (legal.includes("end")) parts.push("or end the turn");
  return parts.length ? `${parts.join("; ")}.` : null;
}

const splitBoxes = (text) => (text || "").split(" ").filter(Boolean);

function owners(view) {
  const owner = new Map();
  for (const [seat, boxes] of Object.entries(view.knights)) for (const b of splitBoxes(boxes)) owner.set(b, Number(seat));
  return owner;
}

/** The knights and guards that fell between two views (a move's own start box is not a fall). */
function fallenBetween(before, now, last) {
  if (!before) return [];
  const was = owners(before);
  const is = owners(now);
  const moved = /^move (\w+)-/.exec(last?.action || "");
  const out = [];
  for (const [box, seat] of was) {
    if (moved && moved[1] === box) continue;
    if (is.get(box) !== seat && before.barons[seat] && now.barons[seat] && now.barons[seat].count < before.barons[seat].count) out.push(box);
  }
  const guards = new Set(splitBoxes(now.guards));
  for (const box of splitBoxes(before.guards)) if (!guards.has(box)) out.push(box);
  return out;
}

/** A big moment between two updates, for table.js's banner and its longer hold (pace.js). */
export function moment(before, update) {
  const was = before?.view;
  const v = update.view;
  if (!was?.barons || !v?.barons) return null;
  for (let seat = 0; seat < v.barons.length; seat += 1) {
    const a = was.barons[seat];
    const b = v.barons[seat];
    if (!a || !b) continue;
    const who = BARON_NAMES[seat];
    if (a.gates !== "open" && b.gates === "open") return { banner: `The ram crashes ${who}'s gates open!`, sound: "thud" };
    if (a.gates === "open" && b.gates === "closed") return { banner: `${who}'s gates close, the bridge is raised`, sound: "thud" };
    if (a.bridge === "up" && b.bridge === "down") return { banner: `The spy drops ${who}'s drawbridge`, sound: "thud" };
    if (b.breaches.length > a.breaches.length) return { banner: `${who}'s boulder breaches the castle at ${b.breaches.filter((x) => !a.breaches.includes(x)).join(" ")}`, sound: "thud" };
    if (a.gates !== "destroyed" && b.gates === "destroyed") return { banner: `${who}'s boulder smashes the gates`, sound: "thud" };
    if (b.chambers > a.chambers) return { banner: `${who} takes a chamber`, sound: null };
  }
  if (v.winner !== null && v.winner !== undefined && (was.winner === null || was.winner === undefined) && v.barons[v.winner]) {
    return { banner: `${BARON_NAMES[v.winner]} takes the Gold Crown!`, icon: "crown" };
  }
  return null;
}

export function prompt(update) {
  return offer(update.view, update.legal) || "Play on the table.";
}

function zoomIs() {
  if (zoom) return zoom;
  return window.innerWidth < 700 ? "play" : "fit";
}

export function render(board, update, ctx) {
  loadStyles();
  const v = update.view;
  const geometry = ctx.geometry;
  if (!geometry) {
    board.replaceChildren(h("p", { class: "kg-note" }, "The mat could not be loaded from the server: reload the page."));
    return;
  }
  if (selectedAt !== update.version) { selected = null; selectedAt = update.version; }
  const spun = /^spin (\d+)$/.exec(update.last?.action || "");
  if (update.last?.action === "spin") lastSpin = null;
  if (spun && v.barons) lastSpin = { number: Number(spun[1]), version: update.version };
  // a 5, 6 or 7 ends the turn (the view forgets the spin): the log's last spin line says it
  const logged = [...(update.log || [])].reverse().map((line) => / spins (\d+): /.exec(line)).find(Boolean);
  if (!v.spin && logged) lastSpin = { number: Number(logged[1]), version: update.version };
  if (v.spin) lastSpin = { number: v.spin, version: update.version };
  const shownSpin = lastSpin?.number || v.spin || 0;

  const legal = ctx.legal;
  const moves = legal.filter((a) => a.startsWith("move "));
  const aims = new Set(legal.filter((a) => a.startsWith("fire ")).map((a) => a.slice(5)));
  const losses = new Set(legal.filter((a) => a.startsWith("lose ")).map((a) => a.slice(5)));
  const reach = moves.length ? v.reach || {} : {};
  const from = new Set([...moves.map((a) => a.slice(5).split("-")[0]), ...Object.keys(reach)]);
  const marchTo = selected ? marches(selected, reach, moves) : new Map();
  const targets = new Set(marchTo.keys());
  const owner = owners(v);
  const guards = new Set(splitBoxes(v.guards));
  const breachOf = new Map();
  v.barons.forEach((b, seat) => b.breaches.forEach((x) => breachOf.set(x, seat)));
  const byName = new Map(geometry.boxes.map((b) => [b.name, b]));
  const was = ctx.previous?.view?.barons ? ctx.previous.view : null;
  const fell = new Set(fallenBetween(was, v, update.last));
  const held = new Map();  // chamber name -> seat
  for (const [name, seat] of Object.entries(v.chambers || {})) if (seat !== null && seat !== undefined) held.set(name, seat);

  const width = CELL * geometry.columns;
  const height = CELL * geometry.rows;
  const mat = s("svg", { viewBox: `${-PAD} ${-PAD} ${width + 2 * PAD} ${height + 2 * PAD}`, class: `gc-mat zoom-${zoomIs()}`,
    // the size is set here, not only in gold-crown.css: the first drawing may come before the sheet has loaded
    style: zoomIs() === "play" ? `width:${Math.round(((width + 2 * PAD) * 44) / CELL)}px;max-width:none;height:auto`
      : "width:min(100%, 780px, calc(100vh - 210px));height:auto",  // the whole mat in the window's height too
    role: "grid", "aria-label": "The Gold Crown mat" },
  patterns(), s("rect", { x: -PAD, y: -PAD, width: width + 2 * PAD, height: height + 2 * PAD, fill: "#efe4c6", rx: 8 }),
  s("rect", { x: -2, y: -2, width: width + 4, height: height + 4, fill: "none", stroke: "#6b4e16", "stroke-width": 2 }));
  const boxes = s("g", { class: "gc-boxes" });
  const pieces = s("g", { class: "gc-pieces" });
  const cells = new Map();
  for (const box of geometry.boxes) {
    const name = box.name;
    const x = box.col * CELL;
    const y = box.row * CELL;
    const lit = targets.has(name) || aims.has(name) || losses.has(name);
    const held_ = box.chamber !== undefined && held.has(box.chamber) ? held.get(box.chamber) : null;
    const cell = s("g", { "data-box": name, "data-zone": box.zone, "data-mark": box.mark || null, "data-held": held_ ?? null,
      class: ["box", lit ? "target" : "", selected === name ? "selected" : "", aims.has(name) ? "aim" : ""].join(" ") },
    s("rect", { x, y, width: CELL, height: CELL, fill: zoneFill(box.zone), stroke: "#5d5035", "stroke-width": 0.4 }),
    ...printed(box, x, y));
    if (held_ !== null) cell.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: BARON_COLOURS[held_], "fill-opacity": 0.35, stroke: BARON_COLOURS[held_], "stroke-width": 2 }));
    if (box.zone === "crown") cell.append(s("path", { d: `M${x + 5} ${y + 20}l2-12 5 6 2-8 2 8 5-6 2 12z`, fill: "#f2c230", stroke: "#6b4e16", "stroke-width": 1 }));
    if (lit || selected === name) {
      cell.append(s("rect", { x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, class: "gc-lit",
        fill: aims.has(name) || losses.has(name) ? "#ff9b85" : selected === name ? "#e9c46a" : "#f7e27a", "fill-opacity": 0.75,
        stroke: aims.has(name) || losses.has(name) ? "#b22222" : "#8a6400", "stroke-width": 2 }));
    }
    cells.set(name, cell);
    boxes.append(cell);

    if (breachOf.has(name)) {
      pieces.append(s("path", { class: "gc-crack", d: `M${x + 3} ${y + 3}l8 9-5 3 11 10`, stroke: "#111", "stroke-width": 1.6, fill: "none", "pointer-events": "none" }));
      const bl = boulder(x, y);
      bl.setAttribute("data-breach", name);
      bl.setAttribute("data-by", breachOf.get(name));
      pieces.append(bl);
    }
    if (guards.has(name)) pieces.append(guard(x, y));
    if (owner.has(name)) pieces.append(knight(x, y, owner.get(name)));
    if (box.zone === "chamber guard" && held_ !== null && !owner.has(name) && !guards.has(name)) pieces.append(flag(x, y, held_));
    if (fell.has(name)) pieces.append(fallen(x, y, name));
    if (aims.has(name)) pieces.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 8, fill: "none", stroke: "#b22222", "stroke-width": 2, "pointer-events": "none" }));

    const kind = box.mark && box.mark !== box.zone ? `${box.zone}, ${box.mark}` : box.zone;
    const what = `${name} (${kind})${owner.has(name) ? `: ${BARON_NAMES[owner.get(name)]} knight` : guards.has(name) ? ": a guard" : ""}`;
    if (targets.has(name)) {
      const go = marchTo.get(name);
      cell.dataset.lit = `to:${name}`;
      cell.dataset.path = go.slice(5);
      svgButton(cell, `${name}: march ${selected} here (${go.slice(5).split("-").length - 1} move point${go.split("-").length > 2 ? "s" : ""})`,
        () => ctx.play(go));
      cell.addEventListener("pointerenter", () => showPath(go));
      cell.addEventListener("focus", () => showPath(go));
    } else if (losses.has(name)) {
      cell.dataset.lit = `lose:${name}`;
      svgButton(cell, `${what}; this knight falls`, () => ctx.play(`lose ${name}`));
    } else if (from.has(name)) {
      cell.dataset.lit = `from:${name}`;
      svgButton(cell, `${what}; show its moves`, () => { selected = selected === name ? null : name; ctx.sounds.click(); render(board, update, ctx); });
    } else if (aims.has(name)) {
      cell.dataset.lit = `fire:${name}`;
      svgButton(cell, `${name}: aim the catapult here`, () => ctx.play(`fire ${name}`));
    } else cell.setAttribute("aria-label", what);
  }
  const trail = s("g", { class: "gc-path", "pointer-events": "none" });
  const centre = (name) => { const b = byName.get(name); return b ? [b.col * CELL + CELL / 2, b.row * CELL + CELL / 2] : null; };
  function showPath(action) {  // the march's path: a dotted line from the knight through each box it crosses
    trail.replaceChildren();
    const pts = (action || "").slice(5).split("-").map(centre).filter(Boolean);
    if (pts.length < 2) return;
    trail.dataset.path = action.slice(5);
    trail.append(s("polyline", { points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#1f3f8a", "stroke-width": 3,
      "stroke-dasharray": "5 4", "stroke-linecap": "round", "stroke-linejoin": "round" }),
    ...pts.slice(1).map(([cx, cy], i) => s("circle", { cx, cy, r: i === pts.length - 2 ? 5 : 3, fill: "#1f3f8a" })));
  }
  mat.append(boxes, outlines(geometry), tracks(geometry, byName), rowNumbers(geometry), coordinates(geometry),
    apparatus(geometry, byName, v, was), pieces, trail);
  const fired = lastShot(update.log || []);
  if (fired) mat.append(flight(fired, centre, geometry, ctx.fresh && ctx.previous && !lastShot(ctx.previous.log || [])));
  const step = /^move (\w+)-(?:\w+-)*(\w+)$/.exec(update.last?.action || "");
  if (step) markLastMove(cells.get(step[1]), cells.get(step[2]));
  dragMarch(mat, from, reach, moves, showPath, ctx, (name) => { selected = name; ctx.sounds.click(); render(board, update, ctx); });

  const specials = legal.filter((a) => !/^(move|fire|lose|scale) /.test(a));
  const scales = legal.filter((a) => a.startsWith("scale "));
  const button = (a) => h("button", { type: "button", class: "primary", "data-gc": a, "data-lit": `gc:${a}`, onclick: () => ctx.play(a) }, label(a));
  const words = offer(v, legal);
  const result = shownSpin ? h("p", { class: "gc-spun", "data-spin": shownSpin },
    h("strong", {}, `Spun ${shownSpin}: `), geometry.spinner.find((f) => f.number === shownSpin)?.text || v.spin_text || "") : null;
  const turn = h("div", { class: "gc-turn" }, spinner(shownSpin, update.last?.action?.startsWith("spin ") && ctx.fresh, geometry.spinner),
    h("div", { class: "gc-turn-text" },
      result,
      h("p", { class: "gc-points", "data-points": v.points }, `Move points left: ${v.points}`),
      h("p", { class: "muted" }, `Round ${v.round} of ${v.max_rounds}`),
      words ? h("p", { class: "gc-offer" }, words) : null,
      selected ? h("p", { class: "kg-note" }, `${selected} selected: click a lit box.`) : null,
      v.unfinished ? h("p", { class: "kg-note" }, v.unfinished) : null,
      h("div", { class: "kg-controls gc-controls" }, specials.map(button)),
      scales.length ? h("div", { class: "kg-controls gc-scales" }, scales.map(button)) : null));

  const zoomBar = h("div", { class: "gc-zoom" },
    h("button", { type: "button", class: zoomIs() === "fit" ? "on" : "", "data-zoom": "fit", onclick: () => { zoom = "fit"; render(board, update, ctx); } }, "Whole mat"),
    h("button", { type: "button", class: zoomIs() === "play" ? "on" : "", "data-zoom": "play", onclick: () => { zoom = "play"; panned.delete(board); render(board, update, ctx); } }, "Zoom in"));
  const wrap = h("div", { class: "gc-wrap", "data-pans": "",  // (inline: before the sheet loads)
    style: `overflow:auto;max-height:${zoomIs() === "play" && playHeight ? `${playHeight}px` : "86vh"}` }, mat);
  const barons = h("table", { class: "ledger gc-barons", "aria-label": "The barons" },
    h("caption", {}, "The barons"),
    h("thead", {}, h("tr", {}, ["Baron", ["Knights", "Kn."], ["Chambers", "Ch."], "Gates", ["Drawbridge", "Bridge"], "Ram", ["Boulders", "Bld."], ["Breaches", "Br."]].map(columnHeader))),
    h("tbody", {}, v.barons.map((b, seat) => h("tr", { class: seat === v.baron ? "at-helm" : "" },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${BARON_COLOURS[seat]}` }), " ", namedSeat(`${BARON_NAMES[seat]} (${b.face})`, update.players, seat),
        b.retreated ? " (retreated)" : ""),
      h("td", { "data-strength": seat }, b.count), h("td", {}, b.chambers), h("td", {}, b.gates), h("td", {}, b.bridge),
      h("td", {}, b.ram), h("td", {}, b.boulders), h("td", {}, b.breaches.join(" ") || "—")))));

  const old = board.querySelector(".gc-wrap");
  if (old) scrollAt = [old.scrollLeft, old.scrollTop];
  // the mat with the turn beside it on a wide screen (the player's own face, the controls and whose turn
  // seen without scrolling), above it on a narrow one
  board.replaceChildren(h("div", { class: "gold-crown", "data-version": update.version },
    h("div", { class: "gc-play" }, h("div", { class: "gc-side" }, turn, zoomBar), wrap), barons));
  if (zoomIs() === "play") {
    if (panned.has(board) && scrollAt) [wrap.scrollLeft, wrap.scrollTop] = scrollAt;
    else panToFace(board, wrap, cells, geometry, update, 0);
  }
}

/** The boulder of this turn's catapult, read from the log's lines since the last spin: who fired, the aim,
 *  the drift and where it landed (null: none fired since). */
function lastShot(log) {
  for (let i = log.length - 1; i >= 0 && i >= log.length - 40; i -= 1) {
    const line = log[i];
    if (TURN.test(line)) return null;
    const landed = /^The boulder drifts (\S+ \S+) and lands (?:on (\w+) \(|off the mat)[^:]*: (a hit|a miss)\./.exec(line);
    if (!landed) continue;
    const aimed = /^(\w+) \((\w+)\) fires the catapult at (\w+) /.exec(log[i - 1] || "");
    if (!aimed) return null;
    return { colour: aimed[1], face: aimed[2], aim: aimed[3], drift: landed[1], land: landed[2] || null, hit: landed[3] === "a hit" };
  }
  return null;
}

/** The boulder's flight from the baron's catapult (by his shield) to the aim, its scatter to where it landed:
 *  a dashed arc, the aim ringed, the drift drawn as an arrow with its figures; it flies when just fired. */
function flight(fired, centre, geometry, fresh) {
  const face = geometry.faces.find((f) => f.name === fired.face);
  const from = face && centre(face.shield);
  const aim = centre(fired.aim);
  if (!from || !aim) return null;
  const land = fired.land ? centre(fired.land) : [aim[0] + (aim[0] - from[0]) * 0.25, aim[1] + (aim[1] - from[1]) * 0.25];
  const top = [(from[0] + aim[0]) / 2 + (aim[1] - from[1]) * 0.15, (from[1] + aim[1]) / 2 - Math.abs(aim[0] - from[0]) * 0.15 - 40];
  const arc = `M${from.join(" ")} Q${top.join(" ")} ${aim.join(" ")} L${land.join(" ")}`;
  const g = s("g", { class: "gc-flight", "data-aim": fired.aim, "data-land": fired.land || "off", "data-drift": fired.drift,
    "pointer-events": "none", "aria-label": `${fired.colour}'s boulder, aimed at ${fired.aim}, drifts ${fired.drift} and lands ${fired.land ? `on ${fired.land}` : "off the mat"}: ${fired.hit ? "a hit" : "a miss"}` },
  s("path", { d: `M${from.join(" ")} Q${top.join(" ")} ${aim.join(" ")}`, fill: "none", stroke: "#4a3510", "stroke-width": 1.5, "stroke-dasharray": "4 4", opacity: 0.8 }),
  s("circle", { cx: aim[0], cy: aim[1], r: 11, fill: "none", stroke: "#b22222", "stroke-width": 2, "stroke-dasharray": "3 3", class: "gc-aim-ring" }),
  s("line", { x1: aim[0], y1: aim[1], x2: land[0], y2: land[1], stroke: "#b22222", "stroke-width": 2.5, "stroke-linecap": "round" }),
  s("circle", { cx: land[0], cy: land[1], r: 13, fill: "none", stroke: fired.hit ? "#111" : "#777", "stroke-width": 2, class: "gc-landing" }),
  s("text", { x: land[0] + 14, y: land[1] - 12, "font-size": 10, "font-weight": "bold", fill: "#8a1c1c", stroke: "#fff", "stroke-width": 2.5, "paint-order": "stroke" },
    `${fired.drift} ${fired.hit ? "hit" : "miss"}`));
  const stone = s("circle", { r: 7, fill: "#8d8a84", stroke: "#2b2926", "stroke-width": 1.3, cx: fresh ? 0 : land[0], cy: fresh ? 0 : land[1] });
  if (fresh) stone.append(s("animateMotion", { path: arc, dur: "1.1s", fill: "freeze", calcMode: "spline", keyTimes: "0;1", keySplines: "0.3 0 0.6 1" }));
  g.append(stone);
  return g;
}

/** A knight dragged (mouse, pen or finger) onto a lit box marches there in one action; a press without a
 *  drag is left to the click (select, then a lit box). */
function dragMarch(mat, from, reach, moves, showPath, ctx, select) {
  let drag = null;
  let quietUntil = 0;
  mat.addEventListener("click", (c) => { if (performance.now() < quietUntil) { c.stopPropagation(); c.preventDefault(); } }, { capture: true });
  const boxAt = (e) => document.elementFromPoint(e.clientX, e.clientY)?.closest?.("[data-box]")?.dataset.box || null;
  mat.addEventListener("pointerdown", (e) => {
    const name = e.target.closest?.("[data-box]")?.dataset.box;
    if (!name || !from.has(name) || e.button > 0) return;
    drag = { name, x: e.clientX, y: e.clientY, moving: false, to: marches(name, reach, moves), id: e.pointerId };
  });
  mat.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moving && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
    if (!drag.moving) { drag.moving = true; try { mat.setPointerCapture(e.pointerId); } catch { /* gone */ } }
    e.preventDefault();
    showPath(drag.to.get(boxAt(e)) || null);
  });
  const finish = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.moving) return;
    const go = e.type === "pointerup" ? d.to.get(boxAt(e)) : null;
    quietUntil = performance.now() + 400;  // the click that ends a drag is not a second choice
    setTimeout(() => showPath(null), 0);
    if (go) ctx.play(go);
    else if (e.type === "pointerup") select(d.name);
  };
  // a finger on a knight that can march drags it: the mat does not pan under it (touch-action is not honoured
  // on an SVG box, so the touch's scrolling is cancelled here while a knight is held)
  mat.addEventListener("touchmove", (e) => { if (drag) e.preventDefault(); }, { passive: false });
  mat.addEventListener("pointerup", finish);
  mat.addEventListener("pointercancel", finish);
}

/** Zoomed in, the mat ends with the window's first screen: the shield, the controls and whose turn in sight. */
function fitPlay(wrap) {
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const fit = Math.round(Math.max(320, window.innerHeight - top - 8));
  if (fit === playHeight && wrap.style.maxHeight === `${fit}px`) return;
  const bottom = wrap.scrollTop + wrap.clientHeight;  // keep the pan's bottom edge where it was
  playHeight = fit;
  wrap.style.maxHeight = `${fit}px`;
  wrap.scrollTop = Math.max(0, bottom - wrap.clientHeight);
}

/** Zoomed in: bring the player's own face into view (their shield in the middle), once the mat is laid out. */
function panToFace(board, wrap, cells, geometry, update, tries) {
  if (!wrap.isConnected || !wrap.clientWidth) {
    if (tries < 30) requestAnimationFrame(() => panToFace(board, wrap, cells, geometry, update, tries + 1));
    return;
  }
  fitPlay(wrap);
  const v = update.view;
  const seat = update.seats?.length ? update.seats[0] : 0;
  const face = geometry.faces.find((f) => f.name === v.barons[seat]?.face);
  const cell = face && cells.get(face.shield);
  if (!cell) return;
  const r = cell.getBoundingClientRect();
  const w = wrap.getBoundingClientRect();
  wrap.scrollLeft += r.left - w.left - w.width / 2 + r.width / 2;
  wrap.scrollTop += r.top - w.top - w.height / 2 + r.height / 2;
  panned.add(board);
}

export function sound(previous, update, sounds) {
  const action = update.last?.action || "";
  if (action === "spin") sounds.spin();
  else if (action.startsWith("fire") || action.startsWith("ram")) sounds.thud();
  else sounds.click();
  if (update.log.some((line) => /crown/i.test(line) && /wins|captur/i.test(line))) setTimeout(() => sounds.fanfare(), 400);
}

// ----- the battle report: the log grouped by turn ------------------------------------------------------------

const TURN = /^(Gold|Silver|Crimson|Azure) \((?:South|East|North|West)\) spins (\d+): /;
const SKIP = /^(Gold|Silver|Crimson|Azure) \((?:South|East|North|West)\) (?:declares retreat|passes the turn) /;
const ACTS = [
  [/sends the knight on (.+) up the castle's stone line/, (m) => {
    const boxes = m[1].split(" and the knight on ");
    return `${boxes.length === 2 ? "two knights scale" : "a knight scales"} the ${boxes.length === 2 ? "wall" : "siege deck"} at ${boxes.join(" and ")}`;
  }],
  [/fires the catapult at (\w+)/, (m) => `fires the catapult at ${m[1]}`],
  [/^The boulder drifts .* lands (.+?): (a hit|a miss)\./, (m) => `the boulder lands ${m[1]}: ${m[2]}`],
  [/rolls the ram onto the drawbridge/, () => "rolls the ram onto the bridge"],
  [/rolls the ram back/, () => "rolls the ram back"],
  [/takes the move points \(march\)/, () => "takes the move points"],
  [/declares retreat/, () => "retreats"],
  [/passes the turn/, () => "passes"],
  [/storms the throne room with six knights/, () => "storms the throne room"],
];

/** The log's lines as turns: ``{ summary, lines, marks }`` each, a turn running from a baron's spin to the
 *  next (the opening's spins for the order of play are the first entry). The summary retells the turn in a
 *  line ("Silver spins 11: two knights scale the wall at q16 and r16"; "Gold spins 9: moves 9 boxes (2
 *  knights)"); ``marks``: what stands out (capture, chamber, treachery, throne, crown, undone). */
export function groupLog(lines) {
  const groups = [];
  let group = null;
  for (const line of lines) {
    const turn = TURN.exec(line);
    const skip = turn ? null : SKIP.exec(line);  // a turn without a spin: retreat, or a retreated baron's pass
    if (turn || skip || !group) {
      group = { baron: turn ? turn[1] : skip ? skip[1] : null, spin: turn ? Number(turn[2]) : null, lines: [], marks: new Set() };
      groups.push(group);
    }
    group.lines.push(line);
  }
  return groups.map(summarise);
}

function summarise(group) {
  const { baron, spin, lines, marks } = group;
  const parts = [];
  let boxes = 0;
  const knights = new Set();
  let moved = false;
  const losses = new Map();  // colour -> [knights lost this turn, left]
  for (const line of lines) {
    let m = / moves a knight from (\w+) to (\w+) /.exec(line);
    if (m) { boxes += 1; knights.add(m[2]); knights.delete(m[1]); moved = true; continue; }
    m = / marches a knight (\d+) boxes from (\w+) to (\w+)/.exec(line);
    if (m) { boxes += Number(m[1]); knights.add(m[3]); knights.delete(m[2]); moved = true; continue; }
    for (const [re, say] of ACTS) {
      const a = re.exec(line);
      if (a) { parts.push(say(a)); break; }
    }
    const lost = /^(Gold|Silver|Crimson|Azure) loses (\d+) knights? \((\d+) left\)/.exec(line);
    if (lost) {
      const was = losses.get(lost[1]) || [0, 0];
      losses.set(lost[1], [was[0] + Number(lost[2]), lost[3]]);
      if (baron && lost[1] !== baron && moved) marks.add("treachery");
      if (moved) marks.add("capture");
    }
    if (/A King's guard is slain|The King loses \d+ guards/.test(line)) { marks.add("capture"); parts.push(line.replace(/\.$/, "").toLowerCase()); }
    const took = /^(\w+) captures (.+?) from (.+)\.$/.exec(line);
    if (took) { marks.add("chamber"); parts.push(`takes ${took[2]} from ${took[3]}`); }
    if (/storms the throne room/.test(line)) marks.add("throne");
    if (/takes the Gold Crown|the King wins/.test(line)) { marks.add("crown"); parts.push(line.replace(/\.$/, "").replace(/^The /, "the ")); }
    if (/ are undone\./.test(line)) { marks.add("undone"); parts.push("the turn's moves into the chambers are undone"); }
    if (/drawbridge comes down|gates crash open|gates close|smashed|breaches the stone line/.test(line)) parts.push(line.replace(/^\w+'s /, "").replace(/\.$/, ""));
  }
  for (const [colour, [n, left]] of losses) {
    const who = colour === baron ? "" : `${colour} `;
    parts.push(baron && colour !== baron && moved ? `kills ${n} of ${colour}'s knights (${left} left)`
      : `${who}loses ${n} knight${n === 1 ? "" : "s"}${moved || !spin || spin > 9 ? "" : " to the archers"} (${left} left)`);
  }
  if (boxes && parts[0] === "takes the move points") parts.shift();
  if (boxes) parts.unshift(`moves ${boxes} box${boxes === 1 ? "" : "es"}${knights.size > 1 ? ` (${knights.size} knights)` : ""}`);
  let summary;
  const printed = spin !== null ? lines[0].replace(TURN, "").replace(/\.$/, "") : "";
  if (spin !== null) summary = `${baron} spins ${spin}: ${parts.length ? parts.join("; then ") : printed}`;
  else if (baron && parts.length) summary = `${baron} ${parts.join("; then ")}`;
  else summary = lines.length === 1 ? lines[0] : `${lines[0]} …`;
  return { summary, lines, marks: [...marks] };
}

const MARK_WORDS = { capture: "⚔", chamber: "⚑", treachery: "✖ treachery", throne: "♛ throne", crown: "♛", undone: "↺" };

/** The shared log's list, as this game's battle report: one entry a turn, its lines folded under it (the
 *  newest open), what stands out marked. Called by table.js instead of dom.js's showLog when a table has it. */
export function showLog(list, lines, keep, players = null) {
  const groups = groupLog(lines);
  const shown = groups.slice(-Math.max(1, Math.floor(keep / 3)));
  list.start = groups.length - shown.length + 1;
  list.classList.add("gc-report");
  list.style.paddingLeft = `${String(groups.length).length + 1.5}ch`;
  list.replaceChildren(...shown.map((g, i) => h("li", { class: ["gc-entry", ...g.marks.map((m) => `gc-${m}`)].join(" "), "data-lines": g.lines.length },
    h("details", { open: i === shown.length - 1 ? "" : null },
      h("summary", {}, g.marks.length ? h("span", { class: "gc-marks", "aria-label": g.marks.join(", ") }, g.marks.map((m) => MARK_WORDS[m]).join(" "), " ") : null,
        namedLine(g.summary, players)),
      h("ul", { class: "gc-lines" }, g.lines.map((line) => h("li", {}, namedLine(line, players))))))));
}

/** Where the hint's action is drawn on the mat (hint.js rings it): its boxes (a march's, a boulder's aim, a
 *  knight to lose), and its button where it has one (Spin, End the turn, Take the move points). */
export function hintMarks(action) {
  const boxes = action.match(/\b[a-u](?:1\d|2[01]|[1-9])\b/g) || [];
  return [...boxes.map((box) => `.gc-mat [data-box='${box}']`), `[data-gc='${action}']`];
}
