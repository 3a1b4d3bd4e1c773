// Crown the Queen's card pictures: each of the 22 cards of the pack has a mark of its own, drawn in SVG in a
// 40 × 40 box (no letter standing for a picture, no emoji font needed): the procession's figures, the
// buildings, the flags, the Royal Arms and the Trumpeter of rule 10.
import { s } from "../dom.js";

const INK = "#2a1e10";

/** A Union flag in the box (x, y, w, h): the canton of three flags and a flag of its own. */
function union(x, y, w, hgt) {
  return s("g", {},
    s("rect", { x, y, width: w, height: hgt, fill: "#1f3a93" }),
    s("path", { d: `M${x} ${y}L${x + w} ${y + hgt}M${x + w} ${y}L${x} ${y + hgt}`, stroke: "#fff", "stroke-width": hgt / 5 }),
    s("path", { d: `M${x} ${y}L${x + w} ${y + hgt}M${x + w} ${y}L${x} ${y + hgt}`, stroke: "#c8102e", "stroke-width": hgt / 14 }),
    s("path", { d: `M${x + w / 2} ${y}v${hgt}M${x} ${y + hgt / 2}h${w}`, stroke: "#fff", "stroke-width": hgt / 3 }),
    s("path", { d: `M${x + w / 2} ${y}v${hgt}M${x} ${y + hgt / 2}h${w}`, stroke: "#c8102e", "stroke-width": hgt / 5 }));
}

function star(cx, cy, r, fill) {
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 ? r * 0.45 : r;
    return `${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`;
  });
  return s("polygon", { points: points.join(" "), fill });
}

/** A flag on a pole: its cloth drawn by ``cloth(x, y, w, h)`` in the box 4..38 × 8..30. */
function flag(cloth) {
  return [s("path", { d: "M3 4v34", stroke: INK, "stroke-width": 2 }), s("circle", { cx: 3, cy: 4, r: 1.6, fill: "#d4a017" }),
    s("g", {}, cloth(4, 7, 34, 22)), s("rect", { x: 4, y: 7, width: 34, height: 22, fill: "none", stroke: INK, "stroke-width": 0.8 })];
}

const MARKS = {
  // the procession
  Policeman: () => [  // the custodian helmet, its star badge
    s("path", { d: "M10 31c0-14 4-25 10-25s10 11 10 25z", fill: "#1f3a93", stroke: INK }),
    s("circle", { cx: 20, cy: 5, r: 2.5, fill: "#c0c0c0", stroke: INK, "stroke-width": 0.6 }),
    s("path", { d: "M6 32h28", stroke: INK, "stroke-width": 3, "stroke-linecap": "round" }),
    star(20, 20, 5, "#e0e0e0")],
  Soldier: () => [  // a guardsman's bearskin and red tunic
    s("ellipse", { cx: 20, cy: 14, rx: 9, ry: 12, fill: "#222" }),
    s("circle", { cx: 20, cy: 24, r: 5, fill: "#f1c9a5" }),
    s("path", { d: "M11 40c0-8 4-11 9-11s9 3 9 11z", fill: "#b22222" }),
    s("path", { d: "M20 30v10", stroke: "#d4a017", "stroke-width": 1.5, "stroke-dasharray": "1.5 2" })],
  Sailor: () => [  // the anchor
    s("circle", { cx: 20, cy: 7, r: 3.5, fill: "none", stroke: "#1b6fa8", "stroke-width": 2.5 }),
    s("path", { d: "M20 11v25M12 16h16M7 26c2 8 8 10 13 10s11-2 13-10", fill: "none", stroke: "#1b6fa8", "stroke-width": 3, "stroke-linecap": "round" }),
    s("path", { d: "M4 27l3-4 3 4zM30 27l3-4 3 4z", fill: "#1b6fa8" })],
  Airman: () => [  // a biplane seen from above
    s("path", { d: "M19 4h2l1 30h-4z", fill: "#5a7fa8" }),
    s("rect", { x: 3, y: 13, width: 34, height: 6, rx: 3, fill: "#5a7fa8" }),
    s("rect", { x: 12, y: 31, width: 16, height: 4, rx: 2, fill: "#5a7fa8" }),
    s("circle", { cx: 20, cy: 16, r: 2.5, fill: "#c8102e", stroke: "#fff", "stroke-width": 1 })],
  "Royal Coach": () => [  // the state coach on its wheels
    s("path", { d: "M8 12h24l-2 16H10z", fill: "#d4a017", stroke: "#8a6400" }),
    s("path", { d: "M15 7l5-4 5 4z", fill: "#d4a017", stroke: "#8a6400" }),
    s("rect", { x: 15, y: 15, width: 10, height: 7, fill: "#fff3c4", stroke: "#8a6400" }),
    s("circle", { cx: 12, cy: 33, r: 5, fill: "none", stroke: INK, "stroke-width": 2 }),
    s("circle", { cx: 28, cy: 33, r: 5, fill: "none", stroke: INK, "stroke-width": 2 })],
  Page: () => [  // a page's feathered cap over a cushion
    s("path", { d: "M9 18c2-8 20-8 22 0z", fill: "#6b1b3a" }),
    s("path", { d: "M27 14c6-6 10-10 10-12-5 1-10 5-12 10z", fill: "#f2c230", stroke: "#8a6400", "stroke-width": 0.6 }),
    s("rect", { x: 7, y: 25, width: 26, height: 9, rx: 4, fill: "#b22222" }),
    s("circle", { cx: 7, cy: 34, r: 2, fill: "#d4a017" }), s("circle", { cx: 33, cy: 34, r: 2, fill: "#d4a017" })],
  Archbishop: () => [  // the mitre and its cross
    s("path", { d: "M10 36V16L20 3l10 13v20z", fill: "#f6f1e1", stroke: "#5b2c83", "stroke-width": 1.5 }),
    s("path", { d: "M20 13v16M14 19h12", stroke: "#d4a017", "stroke-width": 3 }),
    s("path", { d: "M10 32h20", stroke: "#5b2c83", "stroke-width": 3 })],
  Queen: () => [  // the crown
    s("path", { d: "M4 32l3-22 8 10 5-16 5 16 8-10 3 22z", fill: "#d4a017", stroke: "#8a6400" }),
    s("circle", { cx: 20, cy: 26, r: 3, fill: "#b22222" }), s("path", { d: "M4 35h32", stroke: "#8a6400", "stroke-width": 3 })],
  // rule 10: the cards that join no procession
  Trumpeter: () => [  // a herald's trumpet with its banner
    s("path", { d: "M4 14h22l10-7v20l-10-7H4z", fill: "#d4a017", stroke: "#8a6400" }),
    s("path", { d: "M8 17h14v12l-7-3-7 3z", fill: "#b22222", stroke: "#7a1010", "stroke-width": 0.6 })],
  "Royal Arms": () => [  // a quartered shield
    s("path", { d: "M6 5h28v14c0 9-7 15-14 18C13 34 6 28 6 19z", fill: "#b22222", stroke: INK }),
    s("path", { d: "M20 5v32M6 19h28", stroke: "#d4a017", "stroke-width": 2 }),
    s("path", { d: "M6 19h14V5H6z", fill: "#1f3a93" }), s("path", { d: "M20 19h14v1c0 8-6 13-14 17z", fill: "#d4a017" }),
    star(13, 12, 4, "#f2c230"), star(27, 12, 4, "#f2c230")],
  "Buckingham Palace": () => [  // the east front, its flag flying
    s("rect", { x: 3, y: 18, width: 34, height: 18, fill: "#e8dcc0", stroke: INK }),
    s("path", { d: "M14 18l6-6 6 6z", fill: "#e8dcc0", stroke: INK }),
    ...[7, 11, 15, 19, 23, 27, 31].map((x) => s("rect", { x, y: 22, width: 2, height: 14, fill: "#8a7a5a" })),
    s("path", { d: "M20 12V3", stroke: INK }), s("path", { d: "M20 3h7v4h-7z", fill: "#b22222" })],
  "Houses of Parliament": () => [  // the long river front with the Victoria Tower and its spires
    s("rect", { x: 2, y: 24, width: 28, height: 12, fill: "#c8b27a", stroke: INK }),
    s("rect", { x: 28, y: 8, width: 9, height: 28, fill: "#c8b27a", stroke: INK }),
    s("path", { d: "M28 8l1-4 1 4m2 0 1-4 1 4m2 0 1-4 1 4", fill: "none", stroke: INK }),
    ...[4, 10, 16, 22].map((x) => s("path", { d: `M${x} 24l2-5 2 5z`, fill: "#8a7a5a" })),
    ...[5, 11, 17, 23].map((x) => s("path", { d: `M${x} 36v-7a1 1 0 0 1 2 0v7`, fill: "#6b5a3a" })),
    s("path", { d: "M30 14h5M30 20h5M30 26h5", stroke: "#6b5a3a" })],
  "Big Ben": () => [  // the clock tower
    s("path", { d: "M15 38V12h10v26z", fill: "#c8b27a", stroke: INK }),
    s("path", { d: "M14 12l6-10 6 10z", fill: "#6b5a3a", stroke: INK }),
    s("circle", { cx: 20, cy: 18, r: 4, fill: "#fff", stroke: INK }),
    s("path", { d: "M20 18v-3M20 18h2", stroke: INK, "stroke-width": 1 }),
    s("path", { d: "M17 26v10M20 26v10M23 26v10", stroke: "#8a7a5a" })],
  "Marble Arch": () => [  // the arch
    s("path", { d: "M3 36V10h34v26H26V24a6 6 0 0 0-12 0v12z", fill: "#f6f1e1", stroke: INK }),
    s("path", { d: "M3 10h34M3 14h34", stroke: INK }),
    s("path", { d: "M7 17v17M33 17v17", stroke: "#8a7a5a", "stroke-width": 2 })],
  "Hyde Park": () => [  // trees on the grass
    s("rect", { x: 2, y: 32, width: 36, height: 5, rx: 2, fill: "#5a9a3a" }),
    s("path", { d: "M13 32v-8M28 32v-6", stroke: "#6b4a2a", "stroke-width": 2.5 }),
    s("circle", { cx: 13, cy: 17, r: 9, fill: "#2f7d32" }), s("circle", { cx: 28, cy: 20, r: 7, fill: "#3f8f3a" })],
  "Union Jack": () => flag((x, y, w, hgt) => union(x, y, w, hgt)),
  Canada: () => flag((x, y, w, hgt) => s("g", {},  // the red ensign
    s("rect", { x, y, width: w, height: hgt, fill: "#c8102e" }), union(x, y, w / 2, hgt / 2),
    s("path", { d: `M${x + w * 0.75} ${y + hgt * 0.55}l-3 3 3 -1 0 3 0 -3 3 1z`, fill: "#fff", stroke: "#fff", "stroke-width": 1.5 }))),
  Australia: () => flag((x, y, w, hgt) => s("g", {},  // blue, the Union, the Commonwealth Star and the Cross
    s("rect", { x, y, width: w, height: hgt, fill: "#1f3a93" }), union(x, y, w / 2, hgt / 2),
    star(x + w / 4, y + hgt * 0.76, 3, "#fff"), star(x + w * 0.78, y + hgt * 0.25, 2, "#fff"),
    star(x + w * 0.66, y + hgt * 0.55, 2, "#fff"), star(x + w * 0.88, y + hgt * 0.55, 2, "#fff"), star(x + w * 0.78, y + hgt * 0.82, 2, "#fff"))),
  "New Zealand": () => flag((x, y, w, hgt) => s("g", {},  // blue, the Union, the Southern Cross in red
    s("rect", { x, y, width: w, height: hgt, fill: "#1f3a93" }), union(x, y, w / 2, hgt / 2),
    ...[[0.78, 0.22], [0.66, 0.5], [0.9, 0.46], [0.78, 0.8]].map(([a, b]) => star(x + w * a, y + hgt * b, 2.4, "#c8102e")))),
  "South Africa": () => flag((x, y, w, hgt) => s("g", {},  // orange, white and blue
    s("rect", { x, y, width: w, height: hgt / 3, fill: "#f08a24" }),
    s("rect", { x, y: y + hgt / 3, width: w, height: hgt / 3, fill: "#fff" }),
    s("rect", { x, y: y + (2 * hgt) / 3, width: w, height: hgt / 3, fill: "#1f3a93" }))),
  India: () => flag((x, y, w, hgt) => s("g", {},  // saffron, white and green, the wheel
    s("rect", { x, y, width: w, height: hgt / 3, fill: "#f08a24" }),
    s("rect", { x, y: y + hgt / 3, width: w, height: hgt / 3, fill: "#fff" }),
    s("rect", { x, y: y + (2 * hgt) / 3, width: w, height: hgt / 3, fill: "#138808" }),
    s("circle", { cx: x + w / 2, cy: y + hgt / 2, r: hgt / 7, fill: "none", stroke: "#1f3a93", "stroke-width": 1.2 }))),
  Ceylon: () => flag((x, y, w, hgt) => s("g", {},  // the lion flag: a gold border, the stripes, the lion's field
    s("rect", { x, y, width: w, height: hgt, fill: "#f2c230" }),
    s("rect", { x: x + 2, y: y + 2, width: 4, height: hgt - 4, fill: "#138808" }),
    s("rect", { x: x + 6, y: y + 2, width: 4, height: hgt - 4, fill: "#f08a24" }),
    s("rect", { x: x + 12, y: y + 2, width: w - 14, height: hgt - 4, fill: "#8d153a" }),
    s("path", { d: `M${x + 16} ${y + 15}l3-7 4 2 4-2 1 7z`, fill: "#f2c230" }))),
};

/** The picture of ``name`` as an SVG group, to be placed in a 40 × 40 box (null for a name the pack lacks). */
export function cardMark(name) {
  const draw = MARKS[name];
  return draw ? s("g", { class: "cq-mark", "data-mark": name, "aria-hidden": "true" }, draw()) : null;
}

/** Every card with a picture: the pack's 22 names. */
export const MARKED = Object.keys(MARKS);
