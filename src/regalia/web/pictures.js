// A picture of each game for the lobby, drawn inline (no image files).
import { s } from "./dom.js";

function die(x, y, pips, skull = false) {
  const g = s("g", { transform: `translate(${x} ${y})` }, s("rect", { width: 26, height: 26, rx: 5, fill: "#fffbe8", stroke: "#5b3a00" }));
  if (skull) {
    g.append(s("circle", { cx: 13, cy: 11, r: 7, fill: "#222" }), s("rect", { x: 9, y: 15, width: 8, height: 5, fill: "#222" }),
      s("circle", { cx: 10.5, cy: 11, r: 2, fill: "#fffbe8" }), s("circle", { cx: 15.5, cy: 11, r: 2, fill: "#fffbe8" }));
  } else {
    for (const [px, py] of pips) g.append(s("circle", { cx: px, cy: py, r: 2.6, fill: "#5b3a00" }));
  }
  return g;
}

const DRAW = {
  "kings-gold": () => [
    s("rect", { width: 160, height: 90, fill: "#0e4d64" }),
    s("path", { d: "M0 70 Q40 60 80 70 T160 70 V90 H0z", fill: "#1b7a8c" }),
    die(20, 30, [[7, 7], [19, 19]]), die(52, 22, [], true), die(84, 34, [[7, 7], [13, 13], [19, 19]]),
    s("circle", { cx: 132, cy: 30, r: 14, fill: "#f2c230", stroke: "#8a6400", "stroke-width": 2 }),
    s("text", { x: 132, y: 35, "text-anchor": "middle", "font-size": 14, fill: "#8a6400" }, "$"),
  ],
  "gold-battle": () => {
    const out = [s("rect", { width: 160, height: 90, fill: "#e8dcb5" })];
    for (let i = 0; i < 11; i++) {
      for (let j = 0; j < 6; j++) {
        out.push(s("rect", { x: 25 + i * 10, y: 10 + j * 12, width: 10, height: 12,
          fill: (i + j) % 2 ? "#cdbf8e" : "#d9cc9d", stroke: "#a89863", "stroke-width": 0.3 }));
      }
    }
    out.push(s("rect", { x: 35, y: 22, width: 20, height: 24, fill: "#3f7d3a" }),
      s("circle", { cx: 100, cy: 40, r: 5, fill: "#b22222" }), s("circle", { cx: 80, cy: 58, r: 5, fill: "#2d5ec4" }),
      s("path", { d: "M115 22h10v14h-10z M113 20h14v4h-14z", fill: "#6b6b6b" }),
      s("polygon", { points: "60,62 66,56 72,62 66,68", fill: "#f2c230", stroke: "#8a6400" }));
    return out;
  },
  "crown-the-queen": () => {
    const out = [s("rect", { width: 160, height: 90, fill: "#6b1b3a" })];
    [-24, -8, 8, 24].forEach((angle, i) => out.push(s("g", { transform: `translate(80 95) rotate(${angle}) translate(-14 -78)` },
      s("rect", { width: 28, height: 40, rx: 3, fill: "#fffdf5", stroke: "#333" }),
      s("text", { x: 14, y: 25, "text-anchor": "middle", "font-size": 14 }, ["P", "S", "C", "Q"][i]))));
    out.push(s("path", { d: "M66 14 70 4l5 6 5-8 5 8 5-6 4 10z", fill: "#f2c230", stroke: "#8a6400" }));
    return out;
  },
  "gold-crown": () => [
    s("rect", { width: 160, height: 90, fill: "#7aa35c" }),
    s("path", { d: "M40 70V35h8v-8h8v8h8v-8h8v8h8v-8h8v8h8v35z", fill: "#9c9c9c", stroke: "#555" }),
    s("rect", { x: 70, y: 50, width: 16, height: 20, fill: "#5a3a1a" }),
    s("circle", { cx: 132, cy: 26, r: 16, fill: "#f5e6b8", stroke: "#6b4e16" }),
    s("line", { x1: 132, y1: 26, x2: 142, y2: 16, stroke: "#b22222", "stroke-width": 3 }),
    s("path", { d: "M70 22 74 12l4 6 4-8 4 8 4-6 4 10z", fill: "#f2c230", stroke: "#8a6400" }),
  ],
};

export function gamePicture(gameId, title) {
  const parts = (DRAW[gameId] || (() => [s("rect", { width: 160, height: 90, fill: "#444" }),
    s("text", { x: 80, y: 50, "text-anchor": "middle", fill: "#fff", "font-size": 14 }, title)]))();
  return s("svg", { viewBox: "0 0 160 90", class: "picture", role: "img", "aria-label": `${title}` }, parts);
}
