// Gold Crown's pieces and apparatus over the mat, all from the view the server sends: each face's drawbridge
// (up or down), gates (closed, open, destroyed), the ram on its track (home on boxes 3-4, on the bridge), the
// catapult behind the lines with the boulders it has left, boulders lying where they breached, the barons on
// their shields, the King's guards standing, chambers held, the knights counted per baron, and the knights
// and guards that fell in the step just drawn. When the apparatus changes the change is animated (the bridge
// falls, the ram crashes the gates, the gates close), unless pacing is off (animate.js's slideTime()).
import { s } from "../dom.js";
import { slideTime } from "../animate.js";
import { CELL, COORD, OUTER, centre } from "./gold-crown-mat.js";

export const BARON_COLOURS = ["#d4a017", "#a8a8b8", "#b3261e", "#1f5fbf"];
export const BARON_NAMES = ["Gold", "Silver", "Crimson", "Azure"];
const INITIALS = ["G", "S", "C", "A"];

function animate(el, frames, origin = "50% 50%") {
  const duration = slideTime() * 2;
  if (!duration || !el.animate) return;
  el.style.transformBox = "fill-box";
  el.style.transformOrigin = origin;
  el.animate(frames, { duration, easing: "cubic-bezier(.3,.6,.4,1)" });
}

/** A face's frame: the gate, bridge and ram boxes, the direction toward the castle, its angle. */
export function faceFrame(geometry, byName, faceName) {
  const face = geometry.faces.find((f) => f.name === faceName);
  if (!face) return null;
  const [gate, bridge, r3, r4] = face.numbered.map((n) => byName.get(n));
  if (!gate || !bridge || !r3 || !r4) return null;
  const [gx, gy] = centre(gate);
  const [bx, by] = centre(bridge);
  const len = Math.hypot(gx - bx, gy - by) || 1;
  const d = [(gx - bx) / len, (gy - by) / len];
  return { face, gate, bridge, r3, r4, d, angle: (Math.atan2(d[0], -d[1]) * 180) / Math.PI,
    shield: byName.get(face.shield) };
}

const mid = (a, b) => [(centre(a)[0] + centre(b)[0]) / 2, (centre(a)[1] + centre(b)[1]) / 2];
const placed = (x, y, angle, ...children) => s("g", { transform: `translate(${x} ${y}) rotate(${angle})` }, ...children);

function drawbridge(fr, baron, was) {
  const [x, y] = centre(fr.bridge);
  const down = baron.bridge === "down";
  const plank = down
    ? s("g", { class: "gc-plank" }, s("rect", { x: -11, y: -14, width: 22, height: 28, fill: "#b08850", stroke: "#4e3119", "stroke-width": 1.2 }),
      s("path", { d: "M-11 -7H11M-11 0H11M-11 7H11", stroke: "#6e4d26", "stroke-width": 0.8 }),
      s("path", { d: "M-11 -14L-14 -17M11 -14L14 -17", stroke: "#333", "stroke-width": 1 }))
    : s("g", { class: "gc-plank" }, s("rect", { x: -11, y: -14, width: 22, height: 5, fill: "#b08850", stroke: "#4e3119", "stroke-width": 1.2 }),
      s("path", { d: "M-11 -11L-13 -2M11 -11L13 -2", stroke: "#333", "stroke-width": 1, "stroke-dasharray": "1.5 1" }));
  const g = s("g", { class: "gc-bridge", "data-face": fr.face.name, "data-bridge": baron.bridge, "pointer-events": "none" }, placed(x, y, fr.angle, plank));
  if (was && was.bridge !== baron.bridge) {
    // the bridge falls (a 5) or is raised (a 7): hinged at the gate's side
    animate(plank, down ? [{ transform: "scaleY(0.18)" }, { transform: "scaleY(1)" }] : [{ transform: "scaleY(5)" }, { transform: "scaleY(1)" }], "50% 0%");
  }
  return g;
}

function gates(fr, baron, was) {
  const [x, y] = centre(fr.gate);
  const state = baron.gates;
  let body;
  if (state === "closed") {
    const left = s("rect", { x: -12, y: -4, width: 12, height: 8, fill: "#5a3a1a", stroke: "#1e1208", "stroke-width": 1 });
    const right = s("rect", { x: 0, y: -4, width: 12, height: 8, fill: "#5a3a1a", stroke: "#1e1208", "stroke-width": 1 });
    body = s("g", {}, left, right, s("circle", { cx: -2, cy: 0, r: 1.1, fill: "#d4a017" }), s("circle", { cx: 2, cy: 0, r: 1.1, fill: "#d4a017" }));
    if (was && was.gates === "open") {  // the gates swing shut (a 7)
      animate(left, [{ transform: "scaleX(0.2)" }, { transform: "scaleX(1)" }], "0% 50%");
      animate(right, [{ transform: "scaleX(0.2)" }, { transform: "scaleX(1)" }], "100% 50%");
    }
  } else if (state === "open") {
    body = s("g", {}, s("rect", { x: -13, y: -13, width: 3.5, height: 12, fill: "#5a3a1a", stroke: "#1e1208", "stroke-width": 0.8 }),
      s("rect", { x: 9.5, y: -13, width: 3.5, height: 12, fill: "#5a3a1a", stroke: "#1e1208", "stroke-width": 0.8 }));
  } else {
    body = s("g", {}, s("path", { d: "M-12 -3l5 2-2 4 6-1 1 4M3 -4l4 5 5-2", stroke: "#1e1208", "stroke-width": 1.3, fill: "none" }),
      s("polygon", { points: "-10,6 -6,3 -3,7", fill: "#5a3a1a" }), s("polygon", { points: "5,5 9,2 11,7", fill: "#5a3a1a" }));
  }
  return s("g", { class: "gc-gates", "data-face": fr.face.name, "data-gates": state, "pointer-events": "none" }, placed(x, y, fr.angle, body));
}

function ram(fr, baron, was) {
  const onBridge = baron.ram === "bridge";
  const [x, y] = onBridge ? mid(fr.bridge, fr.r3) : mid(fr.r3, fr.r4);
  const body = placed(x, y, fr.angle,
    s("rect", { x: -6, y: -15, width: 12, height: 32, rx: 3, fill: "#8a6a3a", stroke: "#3b2a0a", "stroke-width": 1.2 }),
    s("circle", { cx: -7, cy: 12, r: 3.5, fill: "#3b2a0a" }), s("circle", { cx: 7, cy: 12, r: 3.5, fill: "#3b2a0a" }),
    s("circle", { cx: -7, cy: -10, r: 3.5, fill: "#3b2a0a" }), s("circle", { cx: 7, cy: -10, r: 3.5, fill: "#3b2a0a" }),
    s("circle", { cx: 0, cy: -17, r: 5, fill: "#d8cfc0", stroke: "#3b2a0a", "stroke-width": 1 }),
    s("path", { d: "M-4 -20q-6 -2 -4 5M4 -20q6 -2 4 5", stroke: "#3b2a0a", "stroke-width": 1.4, fill: "none" }));
  const slide = s("g", { class: "gc-ram-slide" }, body);
  const g = s("g", { class: "gc-ram", "data-face": fr.face.name, "data-ram": baron.ram, "pointer-events": "none" }, slide);
  if (was && was.ram !== baron.ram) {
    const [ox, oy] = was.ram === "bridge" ? mid(fr.bridge, fr.r3) : mid(fr.r3, fr.r4);
    const [dx, dy] = [ox - x, oy - y];
    if (was.ram === "bridge" && baron.gates !== was.gates) {
      // a 6: the ram crashes into the gates, then rolls back to boxes 3 and 4
      const hit = [dx + fr.d[0] * 10, dy + fr.d[1] * 10];
      animateSlide(slide, [[dx, dy], hit, [dx, dy], [0, 0]], [0, 0.25, 0.45, 1]);
    } else animateSlide(slide, [[dx, dy], [0, 0]], [0, 1]);
  }
  return g;
}

function animateSlide(el, points, offsets) {
  const duration = slideTime() * 3;
  if (!duration || !el.animate) return;
  el.animate(points.map(([px, py], i) => ({ transform: `translate(${px}px, ${py}px)`, offset: offsets[i] })), { duration, easing: "ease-in-out" });
}

/** The catapult behind the baron's lines, with the boulders it has left; the knights he has, counted. */
function catapult(fr, baron, seat) {
  if (!fr.shield) return null;
  const [sx, sy] = centre(fr.shield);
  const out = [-fr.d[0], -fr.d[1]];
  const far = CELL / 2 + COORD + OUTER / 2;
  const [x, y] = [sx + out[0] * far, sy + out[1] * far];
  const side = [out[1], -out[0]];
  const stones = [];
  for (let i = 0; i < baron.boulders; i += 1) {
    stones.push(s("circle", { cx: -16 + i * 8, cy: 14, r: 3.4, fill: "#8d8a84", stroke: "#3c3a36", "stroke-width": 0.8, class: "gc-ammo" }));
  }
  const machine = placed(x + side[0] * -26, y + side[1] * -26, fr.angle,
    s("rect", { x: -12, y: -6, width: 24, height: 12, rx: 2, fill: "#7a5230", stroke: "#2e1d0c", "stroke-width": 1 }),
    s("circle", { cx: -12, cy: 6, r: 3.4, fill: "#2e1d0c" }), s("circle", { cx: 12, cy: 6, r: 3.4, fill: "#2e1d0c" }),
    s("line", { x1: 0, y1: 4, x2: 0, y2: -16, stroke: "#4e3119", "stroke-width": 3 }),
    s("path", { d: "M-5 -16a5 4 0 0 0 10 0z", fill: "#4e3119" }));
  const count = s("text", { x: x + side[0] * 22, y: y + side[1] * 22 - 2, "text-anchor": "middle", "font-size": 10, "font-weight": "bold",
    fill: "#2a1e10", class: "gc-count", "data-count": seat }, `${BARON_NAMES[seat]} ${baron.count}`);
  const left = s("text", { x: x + side[0] * 22, y: y + side[1] * 22 + 10, "text-anchor": "middle", "font-size": 8, fill: "#2a1e10" },
    baron.boulders === 1 ? "1 boulder" : `${baron.boulders} boulders`);
  const ammo = placed(x + side[0] * -26, y + side[1] * -26, fr.angle, ...stones);
  return s("g", { class: "gc-catapult", "data-seat": seat, "data-face": fr.face.name, "data-boulders": baron.boulders, "pointer-events": "none" },
    machine, ammo, count, left);
}

/** The Baron on horseback on his shield. */
function baronOnShield(fr, seat, retreated) {
  if (!fr.shield) return null;
  const [x, y] = centre(fr.shield);
  return s("g", { class: "gc-baron", "data-baron": seat, "pointer-events": "none" },
    s("path", { d: `M${x - 10} ${y - 11}H${x + 10}V${y + 1}L${x} ${y + 12}L${x - 10} ${y + 1}z`, fill: BARON_COLOURS[seat], stroke: "#1a1a1a", "stroke-width": 1.4 }),
    s("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: "#111" }, INITIALS[seat]),
    retreated ? s("text", { x, y: y - 13, "text-anchor": "middle", "font-size": 7, fill: "#111" }, "retreat") : null);
}

export function knight(x, y, seat) {
  return s("g", { class: "gc-knight", "data-seat": seat, "pointer-events": "none" },
    s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 10, fill: BARON_COLOURS[seat] || "#444", stroke: "#1a1a1a", "stroke-width": 1.5 }),
    s("text", { x: x + CELL / 2, y: y + CELL / 2 + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: "#111" }, INITIALS[seat] || ""));
}

export function guard(x, y) {
  return s("g", { class: "gc-guard", "pointer-events": "none" },
    s("circle", { cx: x + 14, cy: y + 8.5, r: 4, fill: "#111", stroke: "#eee", "stroke-width": 1 }),
    s("polygon", { points: `${x + 8},${y + 24} ${x + 11},${y + 12} ${x + 17},${y + 12} ${x + 20},${y + 24}`, fill: "#111", stroke: "#eee", "stroke-width": 1 }));
}

export function boulder(x, y) {
  return s("g", { class: "gc-boulder", "pointer-events": "none" },
    s("circle", { cx: x + 15, cy: y + 15, r: 8, fill: "#8d8a84", stroke: "#2b2926", "stroke-width": 1.3 }),
    s("circle", { cx: x + 12, cy: y + 12, r: 2.2, fill: "#b7b2a8" }));
}

/** A cross where a knight or guard fell in the step just drawn. */
export function fallen(x, y, name) {
  return s("g", { class: "gc-fallen", "data-fallen": name, "pointer-events": "none" },
    s("path", { d: `M${x + 5} ${y + 5}L${x + 23} ${y + 23}M${x + 23} ${y + 5}L${x + 5} ${y + 23}`, stroke: "#c00", "stroke-width": 3.2, "stroke-linecap": "round" }));
}

/** A flag in a chamber held by a baron. */
export function flag(x, y, seat) {
  return s("g", { class: "gc-flag", "data-held": seat, "pointer-events": "none" },
    s("line", { x1: x + 6, y1: y + 3, x2: x + 6, y2: y + 25, stroke: "#111", "stroke-width": 1.5 }),
    s("polygon", { points: `${x + 7},${y + 3} ${x + 22},${y + 8} ${x + 7},${y + 13}`, fill: BARON_COLOURS[seat], stroke: "#111", "stroke-width": 1 }));
}

/** Everything of the barons' apparatus, their shields, catapults and counts. */
export function apparatus(geometry, byName, view, was) {
  const g = s("g", { class: "gc-apparatus" });
  view.barons.forEach((baron, seat) => {
    const fr = faceFrame(geometry, byName, baron.face);
    if (!fr) return;
    const before = was?.barons?.[seat];
    for (const el of [drawbridge(fr, baron, before), gates(fr, baron, before), ram(fr, baron, before)]) {
      el.setAttribute("data-seat", seat);
      g.append(el);
    }
    const c = catapult(fr, baron, seat);
    if (c) g.append(c);
    const b = baronOnShield(fr, seat, baron.retreated);
    if (b) g.append(b);
  });
  return g;
}
