// King's Gold's Captain Rank badges (seed §2.7, KG-18), drawn (SVG) so each is seen, not only named:
// Bronze Anchor, Silver Cutlass, Gold Pirate King.
import { h, s } from "../../dom.js";

const METAL = { "Bronze Anchor": ["#cd7f32", "#7a4a1a"], "Silver Cutlass": ["#d9dde3", "#6b7580"], "Gold Pirate King": ["#f2c230", "#8a6400"] };

const DRAWING = {
  "Bronze Anchor": (ink) => [
    s("circle", { cx: 24, cy: 11, r: 4, fill: "none", stroke: ink, "stroke-width": 3 }),
    s("path", { d: "M24 15v22M16 21h16M10 29q2 10 14 10 12 0 14-10", fill: "none", stroke: ink, "stroke-width": 3, "stroke-linecap": "round" }),
    s("path", { d: "M7 30l3-4 3 4M35 30l3-4 3 4", fill: "none", stroke: ink, "stroke-width": 2.5 })],
  "Silver Cutlass": (ink) => [
    s("path", { d: "M14 36 34 10q4 8-2 14L18 38z", fill: "#fff", stroke: ink, "stroke-width": 2 }),
    s("path", { d: "M10 32l8 8", stroke: ink, "stroke-width": 4, "stroke-linecap": "round" }),
    s("path", { d: "M9 40q-2-4 2-6", fill: "none", stroke: ink, "stroke-width": 2.5 })],
  "Gold Pirate King": (ink) => [
    s("path", { d: "M8 32 10 14l8 8 6-12 6 12 8-8 2 18z", fill: "#fff3b0", stroke: ink, "stroke-width": 2.5, "stroke-linejoin": "round" }),
    s("circle", { cx: 24, cy: 26, r: 4, fill: "#fff", stroke: ink, "stroke-width": 1.5 }),
    s("path", { d: "M22 25h1M25 25h1M22 28h4", stroke: ink, "stroke-width": 1.2 }),
    s("rect", { x: 8, y: 33, width: 32, height: 5, rx: 2, fill: ink })],
};

/** A badge drawn as a medal with its name beside it; ``name`` is what the records give (null: none). */
export function badgeMedal(name, { small = false } = {}) {
  if (!name || !DRAWING[name]) return null;
  const [fill, ink] = METAL[name];
  const size = small ? 28 : 44;
  return h("span", { class: "kg-badge", "data-badge": name },
    s("svg", { viewBox: "0 0 48 48", width: size, height: size, role: "img", "aria-label": `${name} badge`, class: "kg-badge-medal" },
      s("circle", { cx: 24, cy: 24, r: 22, fill, stroke: ink, "stroke-width": 3 }),
      s("circle", { cx: 24, cy: 24, r: 17, fill: "none", stroke: ink, "stroke-width": 1, "stroke-dasharray": "2 2" }),
      DRAWING[name](ink)),
    small ? null : h("span", { class: "kg-badge-name" }, name));
}
