// Gold Crown's mat, painted from the geometry the rules package serves (ctx.geometry, GET
// /api/games/gold-crown/board): every box with its zone's pattern, the stone outline of the castle, the
// throne room's and chambers' outlines, the battlefield's rows 1-4, the ram tracks, and the coordinates of
// the log's notation on the four edges. Nothing of the mat is known here: a different mat served is
// painted as served. The pieces and the apparatus are drawn over it from the view (gold-crown-pieces.js).
import { s } from "../dom.js";

export const CELL = 28;
export const COORD = 16;   // the ring of coordinates round the mat
export const OUTER = 46;   // the ring beyond it, behind each baron's lines: his catapult
export const PAD = COORD + OUTER;

/** Zones inside the castle's stone outline. */
const CASTLE = new Set(["wall", "deck", "gate", "tower", "tower guard", "chamber", "chamber guard", "throne",
  "throne guard", "crown"]);
const THRONE = new Set(["throne", "throne guard", "crown"]);
/** The pattern each zone is painted with (told apart by texture and outline, not by hue alone). */
const ZONE_FILL = { field: "gc-grass", separator: "gc-hatch", wall: "gc-brick", deck: "gc-planks", gate: "gc-wood",
  tower: "gc-cobble", "tower guard": "gc-guardbox", chamber: "gc-tiles", "chamber guard": "gc-guardbox",
  throne: "gc-carpet", "throne guard": "gc-guardbox", crown: "gc-carpet" };

export function centre(box) {
  return [box.col * CELL + CELL / 2, box.row * CELL + CELL / 2];
}

/** The <defs> of the mat's patterns. */
export function patterns() {
  const p = (id, w, hgt, ...shapes) => s("pattern", { id, width: w, height: hgt, patternUnits: "userSpaceOnUse" }, ...shapes);
  return s("defs", {},
    p("gc-grass", 14, 14, s("rect", { width: 14, height: 14, fill: "#b5cf8f" }),
      s("path", { d: "M3 11l1-4M4 11l2-3M10 5l1-4M11 5l2-3", stroke: "#7d9a5a", "stroke-width": 0.9 })),
    p("gc-hatch", 7, 7, s("rect", { width: 7, height: 7, fill: "#5b4a2f" }),
      s("path", { d: "M0 7L7 0M-2 2L2 -2M5 9L9 5", stroke: "#a08a5c", "stroke-width": 1.4 })),
    p("gc-brick", 14, 10, s("rect", { width: 14, height: 10, fill: "#9a9690" }),
      s("path", { d: "M0 .5H14M0 5.5H14M4 .5V5.5M11 5.5V10", stroke: "#5f5b55", "stroke-width": 1 })),
    p("gc-planks", 28, 7, s("rect", { width: 28, height: 7, fill: "#c9b48b" }),
      s("path", { d: "M0 .5H28M9 .5V7M23 .5V7", stroke: "#8c7650", "stroke-width": 0.8 })),
    p("gc-wood", 6, 28, s("rect", { width: 6, height: 28, fill: "#7a5230" }),
      s("path", { d: "M.5 0V28", stroke: "#4e3119", "stroke-width": 1 })),
    p("gc-cobble", 12, 12, s("rect", { width: 12, height: 12, fill: "#8d8a84" }),
      s("circle", { cx: 3, cy: 3, r: 2.6, fill: "#a9a59d", stroke: "#615d57", "stroke-width": 0.7 }),
      s("circle", { cx: 9, cy: 9, r: 2.6, fill: "#a9a59d", stroke: "#615d57", "stroke-width": 0.7 })),
    p("gc-tiles", 14, 14, s("rect", { width: 14, height: 14, fill: "#ecdcb2" }),
      s("path", { d: "M7 0L14 7 7 14 0 7z", fill: "none", stroke: "#c2aa70", "stroke-width": 0.8 })),
    p("gc-carpet", 8, 8, s("rect", { width: 8, height: 8, fill: "#c9a24b" }),
      s("rect", { width: 4, height: 4, fill: "#b0852c" }), s("rect", { x: 4, y: 4, width: 4, height: 4, fill: "#b0852c" })),
    p("gc-guardbox", 28, 28, s("rect", { width: 28, height: 28, fill: "#1d1d1d" })));
}

export function zoneFill(zone) {
  return ZONE_FILL[zone] ? `url(#${ZONE_FILL[zone]})` : "#ccc";
}

/** What is printed on a box besides its zone: the starting dash, the shield, the white triangle, a number. */
export function printed(box, x, y) {
  const out = [];
  if (box.mark === "dash") out.push(s("line", { x1: x + 9, y1: y + 14, x2: x + 19, y2: y + 14, stroke: "#5d7040", "stroke-width": 2 }));
  if (box.zone.endsWith("guard")) {
    out.push(s("polygon", { points: `${x + 14},${y + 5} ${x + 23},${y + 22} ${x + 5},${y + 22}`, fill: "#f4f1e8", class: "gc-triangle" }));
  }
  if (box.mark === "shield") {
    out.push(s("polygon", { points: `${x + 5},${y + 5} ${x + 23},${y + 5} ${x + 23},${y + 14} ${x + 14},${y + 24} ${x + 5},${y + 14}`,
      fill: "none", stroke: "#6b4e16", "stroke-width": 1.2 }));
  }
  if (box.number) {
    out.push(s("text", { x: x + 2.5, y: y + 9, "font-size": 8, "font-weight": "bold", fill: box.zone === "field" ? "#3b2a0a" : "#f5e6b8" }, box.number));
  }
  return out;
}

/** The lines between boxes: the stone outline, the throne room, the chambers, the rows of each field. */
export function outlines(geometry) {
  const at = new Map(geometry.boxes.map((b) => [`${b.col},${b.row}`, b]));
  const stone = [];
  const throne = [];
  const chamber = [];
  const rows = [];
  const seg = (b, side) => {
    const x = b.col * CELL;
    const y = b.row * CELL;
    return side === "E" ? `M${x + CELL} ${y}V${y + CELL}` : `M${x} ${y + CELL}H${x + CELL}`;
  };
  for (const b of geometry.boxes) {
    for (const [side, dc, dr] of [["E", 1, 0], ["S", 0, 1]]) {
      const o = at.get(`${b.col + dc},${b.row + dr}`);
      if (!o) continue;
      if (CASTLE.has(b.zone) !== CASTLE.has(o.zone)) stone.push(seg(b, side));
      else if (THRONE.has(b.zone) !== THRONE.has(o.zone)) throne.push(seg(b, side));
      else if ((b.chamber || o.chamber) && b.chamber !== o.chamber) chamber.push(seg(b, side));
      else if (b.zone === "field" && o.zone === "field" && b.face === o.face && b.line !== o.line
        && Math.min(b.line, o.line) <= 4) rows.push(seg(b, side));
    }
  }
  return s("g", { class: "gc-outlines", "pointer-events": "none" },
    s("path", { d: rows.join(""), stroke: "#6d8a4a", "stroke-width": 1, "stroke-dasharray": "3 3", fill: "none" }),
    s("path", { d: chamber.join(""), stroke: "#2b2b2b", "stroke-width": 1.8, fill: "none" }),
    s("path", { d: throne.join(""), stroke: "#000", "stroke-width": 3.2, fill: "none" }),
    s("path", { class: "gc-stone", d: stone.join(""), stroke: "#4a4744", "stroke-width": 6, "stroke-linecap": "square", fill: "none" }),
    s("path", { d: stone.join(""), stroke: "#c9c3b6", "stroke-width": 3, "stroke-dasharray": "7 2", fill: "none" }));
}

/** The ram's track of each face: rails through its numbered boxes 2, 3 and 4. */
export function tracks(geometry, byName) {
  const g = s("g", { class: "gc-tracks", "pointer-events": "none" });
  for (const face of geometry.faces) {
    const pts = face.numbered.slice(1).map((n) => byName.get(n)).filter(Boolean).map(centre);
    if (pts.length < 2) continue;
    const d = `M${pts.map((p) => p.join(" ")).join("L")}`;
    g.append(s("path", { d, stroke: "#6b4e16", "stroke-width": 16, "stroke-opacity": 0.35, fill: "none", "stroke-linecap": "round" }),
      s("path", { d, stroke: "#6b4e16", "stroke-width": 1, "stroke-dasharray": "2 3", fill: "none" }));
  }
  return g;
}

/** Each face's rows 1-4 numbered at both ends of the row (the archers' range). */
export function rowNumbers(geometry) {
  const g = s("g", { class: "gc-rows", "pointer-events": "none" });
  const rows = new Map();
  for (const b of geometry.boxes) {
    if (b.zone !== "field" || !b.line || b.line > 4) continue;
    const key = `${b.face}:${b.line}`;
    if (!rows.has(key)) rows.set(key, []);
    rows.get(key).push(b);
  }
  for (const [key, boxes] of rows) {
    const line = key.split(":")[1];
    const across = boxes.every((b) => b.row === boxes[0].row) ? "col" : "row";
    boxes.sort((a, b) => a[across] - b[across]);
    for (const b of [boxes[0], boxes[boxes.length - 1]]) {
      const [x, y] = centre(b);
      g.append(s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#2f4a1a",
        "fill-opacity": 0.75, class: "gc-row-number", "data-row": line }, line));
    }
  }
  return g;
}

/** The coordinates of the log's notation on all four edges: column letters above and below, numbers at the
 *  sides; both read from the served boxes' names. */
export function coordinates(geometry) {
  const g = s("g", { class: "gc-coords", "font-size": 10, fill: "#3b2a0a", "text-anchor": "middle", "pointer-events": "none" });
  const cols = new Map();
  const rowNums = new Map();
  for (const b of geometry.boxes) {
    const m = /^([a-z]+)(\d+)$/.exec(b.name);
    if (!m) continue;
    cols.set(b.col, m[1]);
    rowNums.set(b.row, m[2]);
  }
  const size = geometry.columns * CELL;
  const tall = geometry.rows * CELL;
  for (const [col, letter] of cols) {
    const x = col * CELL + CELL / 2;
    g.append(s("text", { x, y: -5, class: "gc-coord", "data-coord": letter }, letter),
      s("text", { x, y: tall + 12, class: "gc-coord", "data-coord": letter }, letter));
  }
  for (const [row, number] of rowNums) {
    const y = row * CELL + CELL / 2 + 3.5;
    g.append(s("text", { x: -COORD / 2, y, class: "gc-coord", "data-coord": number }, number),
      s("text", { x: size + COORD / 2, y, class: "gc-coord", "data-coord": number }, number));
  }
  return g;
}
