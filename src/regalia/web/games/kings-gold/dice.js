// King's Gold's Pirate Dice, drawn in the skin a captain chose (KG-24: unlocked by badges, purely cosmetic):
// each skin differs in its colour, its marks (the pips of a Coin, the engraving) and its faces' carving.
//   classic  cream wood, black ink, a gold "G" coin
//   ebony    black ebony, silver inlay, ivory symbols, a starred silver coin
//   gold     gold leaf, an engraved border, brown engraving, a red-enamel crest, a sunburst coin
//   bone     old bone, rounded and speckled, symbols carved in outline, a ringed coin of three pips
import { h, s } from "../../dom.js";

if (!document.getElementById("kg-style")) {
  document.head.append(h("link", { id: "kg-style", rel: "stylesheet", href: new URL("./kings-gold.css", import.meta.url).href }));
}

export const SKINS = {
  classic: { body: "#fffbe8", edge: "#5b3a00", rx: 14, ink: "#1d1d1d", paper: "#fffbe8", coin: "#f2c230", coinEdge: "#8a6400",
    metal: "#333", wheel: "#6b3e1d", crest: "#2d5ec4", crestEdge: "#12306e", crown: "#f2c230", carved: false },
  ebony: { body: "#1e1510", edge: "#c0c7cf", rx: 10, ink: "#efe9da", paper: "#1e1510", coin: "#cfd6dd", coinEdge: "#6f7a84",
    metal: "#cfd6dd", wheel: "#8a99a6", crest: "#cfd6dd", crestEdge: "#efe9da", crown: "#1e1510", carved: false },
  gold: { body: "#e9b824", edge: "#6e4a00", rx: 12, ink: "#4a2c00", paper: "#e9b824", coin: "#9c6a00", coinEdge: "#4a2c00",
    metal: "#4a2c00", wheel: "#7a4f00", crest: "#a3162b", crestEdge: "#4a2c00", crown: "#ffe27a", carved: false },
  bone: { body: "#ece1c4", edge: "#8b7555", rx: 26, ink: "#5b4632", paper: "#ece1c4", coin: "none", coinEdge: "#5b4632",
    metal: "none", wheel: "none", crest: "none", crestEdge: "#5b4632", crown: "none", carved: true },
};

/** The skin in use on this page (the profile's choice, set on the page by the table's setting). */
export function currentSkin() {
  const skin = document.documentElement.dataset.diceSkin;
  return SKINS[skin] ? skin : "classic";
}

function coinMark(k, skin) {
  if (skin === "ebony") {  // a silver coin struck with a star
    return s("path", { d: "M40 27l3.8 8.2 9 .9-6.7 6.1 1.9 8.8L40 46.6 32 51l1.9-8.8-6.7-6.1 9-.9z", fill: "#1e1510" });
  }
  if (skin === "gold") {  // a sunburst engraved
    return [s("circle", { cx: 40, cy: 40, r: 7, fill: k.crown }),
      [0, 45, 90, 135, 180, 225, 270, 315].map((a) => s("path", { d: "M40 27v-4", stroke: k.crown, "stroke-width": 3,
        transform: `rotate(${a} 40 40)`, "stroke-linecap": "round" }))];
  }
  if (skin === "bone") {  // carved rings and three pips
    return [s("circle", { cx: 40, cy: 40, r: 14, fill: "none", stroke: k.ink, "stroke-width": 1.5 }),
      [[33, 40], [40, 33], [47, 40]].map(([x, y]) => s("circle", { cx: x, cy: y, r: 2.8, fill: k.ink }))];
  }
  return s("text", { x: 40, y: 48, "text-anchor": "middle", "font-size": 22, "font-weight": "bold", fill: k.coinEdge }, "G");
}

/** The symbol of face ``name`` in skin ``skin`` (80 x 80 units). */
export function faceMarks(name, skin = "classic") {
  const k = SKINS[skin] || SKINS.classic;
  const line = k.carved ? { stroke: k.ink, "stroke-width": 2.5 } : {};
  switch (name) {
    case "Skull": return [s("circle", { cx: 40, cy: 34, r: 18, fill: k.carved ? "none" : k.ink, ...line }),
      s("rect", { x: 30, y: 46, width: 20, height: 12, rx: 2, fill: k.carved ? "none" : k.ink, ...line }),
      s("circle", { cx: 33, cy: 33, r: 5, fill: k.carved ? k.ink : k.paper }), s("circle", { cx: 47, cy: 33, r: 5, fill: k.carved ? k.ink : k.paper }),
      s("path", { d: "M36 50v8M40 50v8M44 50v8", stroke: k.carved ? k.ink : k.paper, "stroke-width": 1.5 })];
    case "Cannon": return [s("rect", { x: 18, y: 30, width: 40, height: 14, rx: 7, fill: k.metal, ...line, transform: "rotate(-20 40 40)" }),
      s("circle", { cx: 30, cy: 54, r: 9, fill: k.wheel, ...line }), s("circle", { cx: 50, cy: 54, r: 9, fill: k.wheel, ...line })];
    case "Coin": return [s("circle", { cx: 40, cy: 40, r: 22, fill: k.coin, stroke: k.coinEdge, "stroke-width": 3 }), coinMark(k, skin)];
    case "Crest": return [s("path", { d: "M40 16 60 24v16c0 12-10 20-20 24-10-4-20-12-20-24V24z", fill: k.crest, stroke: k.crestEdge, "stroke-width": k.carved ? 2.5 : 2 }),
      s("path", { d: "M32 28l4 6 4-8 4 8 4-6v10H32z", fill: k.carved ? k.ink : k.crown })];
    default: return [s("text", { x: 40, y: 50, "text-anchor": "middle", "font-size": 28, fill: k.carved ? k.edge : "#b8a77a" }, "?")];
  }
}

/** A skin's own marks on the body: ebony's silver inlay, gold's engraved border, bone's speckles and crack. */
function bodyMarks(k, skin) {
  if (skin === "ebony") return s("rect", { x: 5, y: 5, width: 70, height: 70, rx: 7, fill: "none", stroke: "#c0c7cf", "stroke-width": 1.5 });
  if (skin === "gold") {
    return [s("rect", { x: 4, y: 4, width: 72, height: 72, rx: 9, fill: "none", stroke: "#fff2a8", "stroke-width": 2, "stroke-dasharray": "4 3" }),
      s("path", { d: "M8 20Q8 8 20 8", fill: "none", stroke: "#fff7c8", "stroke-width": 3, opacity: 0.8 })];
  }
  if (skin === "bone") {
    return [[[14, 62], [62, 14], [66, 60], [18, 20], [58, 70]].map(([x, y]) => s("circle", { cx: x, cy: y, r: 1.4, fill: "#a8946e" })),
      s("path", { d: "M70 30l-6 4 3 5-5 3", fill: "none", stroke: "#a8946e", "stroke-width": 1 })];
  }
  return null;
}

/** The body of a die and its face, in ``skin``; ``stroke``/``width``: a held or locked die's edge. The body's
 *  rect sits in its own group (the page's older style sheet colours ``.die-body > rect``). */
export function dieBody(name, skin = "classic", { stroke = null, width = null } = {}) {
  const k = SKINS[skin] || SKINS.classic;
  return [s("g", { class: "die-bg" }, s("rect", { width: 80, height: 80, rx: k.rx, fill: k.body, stroke: stroke || k.edge,
    "stroke-width": width || (skin === "classic" ? 2 : 3) }), bodyMarks(k, skin)), faceMarks(name, skin)];
}

/** A die alone (the profile's skin picker, a preview): ``face`` in ``skin``, ``size`` px. */
export function dieSvg(face, skin, size = 48) {
  return s("svg", { viewBox: "-2 -2 84 84", width: size, height: size, class: "kg-die-preview", "data-skin": skin, role: "img",
    "aria-label": `${face} in the ${skin} skin` }, s("g", { class: "die-body" }, dieBody(face, skin)));
}

/** The skin preview beside a picker: a Coin, a Skull and a Crest in the chosen skin. */
export function skinPreview(skin) {
  return h("span", { class: "kg-skin-preview", "data-skin": skin }, ["Coin", "Skull", "Crest"].map((f) => dieSvg(f, skin, 36)));
}
