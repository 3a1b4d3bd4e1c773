// The Gold Battle's table: the 11×11 board with forests, gold mines and towers; click a unit to see its
// moves (the server's legal list, filtered by the square), click a lit square to move. The HUD shows
// Mines Captured n/3 and Captured Soldiers for each side; the Battle Chronicle is the log; the Royal
// Rulebook and the Difficulty selector sit beside the board.
//
//     a b c d e f g h i j k
//  11 . . t . . c . . t . .   <- Blue (Azure Lords): lower case
//  ..
//   1 . . T . . C . . T . .   <- Red (Crimson Knights): upper case;  F forest, M/m mines
import { h, s, seatName, svgButton } from "../dom.js";

const FILES = "abcdefghijk";
const CELL = 52;
const RED = "#b3261e";
const BLUE = "#1f5fbf";
const RULEBOOK = [
  ["Objective", "Win by capturing the enemy commander, or by capturing all 3 enemy gold mines."],
  ["Turn Order", "The Crimson Knights move first. Players then alternate one move per turn."],
  ["Movement", "Soldiers move exactly 1 square in any direction. Commanders move 1 or 2 squares in any direction; a 2-square move cannot pass through a blocked or occupied middle tile."],
  ["Blocked Tiles", "Units cannot move onto forests, towers, gold mines or occupied squares."],
  ["Soldier Capture", "A soldier is captured when adjacent (diagonals too) to an enemy commander, or to 2 or more enemy soldiers."],
  ["Commander Capture", "A commander is captured when adjacent to 3 or more enemy soldiers, or to the enemy commander plus at least 1 enemy soldier."],
  ["Commander Exceptions", "No capture if a commander is adjacent only to the enemy commander, or only to exactly 2 enemy soldiers."],
  ["Tower Destruction", "A tower falls to 3 adjacent enemy soldiers, or to 1 adjacent enemy commander plus 1 adjacent enemy soldier."],
  ["Freeing Captured Soldiers", "When you destroy an enemy tower, one of your captured soldiers returns to the board if a legal tile is free."],
  ["Gold Mine Capture", "After a move, only the side that moved may capture mines: a mine flips with commander adjacency or 2+ adjacent soldiers, unless the enemy contests with the same pressure."],
];

let selected = null;
let selectedAt = null;

function squareName(file, row) { return `${FILES[file]}${11 - row}`; }

function piece(letter, x, y) {
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  const red = letter === letter.toUpperCase();
  const colour = red ? RED : BLUE;
  switch (letter.toUpperCase()) {
    case "F": return s("g", {}, s("polygon", { points: `${cx},${y + 6} ${x + 10},${y + 40} ${x + CELL - 10},${y + 40}`, fill: "#2e6b2f" }),
      s("rect", { x: cx - 3, y: y + 40, width: 6, height: 7, fill: "#5a3a1a" }));
    case "M": return s("g", {}, s("polygon", { points: `${cx},${y + 8} ${x + CELL - 8},${cy} ${cx},${y + CELL - 8} ${x + 8},${cy}`,
      fill: "#f2c230", stroke: colour, "stroke-width": 4 }));
    case "T": return s("g", {}, s("rect", { x: x + 12, y: y + 14, width: CELL - 24, height: CELL - 20, fill: "#8c8c8c", stroke: colour, "stroke-width": 3 }),
      s("path", { d: `M${x + 10} ${y + 14}h6v-6h6v6h8v-6h6v6h6v4h-32z`, fill: colour }));
    case "C": return s("g", {}, s("circle", { cx, cy, r: 19, fill: colour, stroke: "#f2c230", "stroke-width": 3 }),
      s("path", { d: `M${cx - 10} ${cy + 5}l2-12 4 6 4-9 4 9 4-6 2 12z`, fill: "#f2c230" }));
    case "S": return s("g", {}, s("circle", { cx, cy, r: 14, fill: colour, stroke: "#fff", "stroke-width": 2 }));
    default: return null;
  }
}

const KIND = { F: "forest", M: "gold mine", T: "tower", C: "commander", S: "soldier" };

export function label(action) {
  if (action === "pass") return "Pass";
  if (action.startsWith("free ")) return `Free a soldier onto ${action.slice(5)}`;
  return action.replace("-", " → ");
}

export function render(board, update, ctx) {
  const v = update.view;
  if (selectedAt !== update.version) { selected = null; selectedAt = update.version; }
  const moves = ctx.legal.filter((a) => a.includes("-"));
  const frees = new Set(ctx.legal.filter((a) => a.startsWith("free ")).map((a) => a.slice(5)));
  const from = new Set(moves.map((a) => a.split("-")[0]));
  const targets = new Set(selected ? moves.filter((a) => a.startsWith(`${selected}-`)).map((a) => a.split("-")[1]) : []);
  const size = CELL * 11;
  const svg = s("svg", { viewBox: `-24 -4 ${size + 28} ${size + 28}`, class: "gb-board", role: "grid", "aria-label": "The Gold Battle board" });
  v.board.forEach((rowText, row) => {
    svg.append(s("text", { x: -12, y: row * CELL + CELL / 2 + 5, "text-anchor": "middle", "font-size": 13, fill: "#5b4a2a" }, 11 - row));
    [...rowText].forEach((letter, file) => {
      const name = squareName(file, row);
      const x = file * CELL;
      const y = row * CELL;
      const lit = targets.has(name) || frees.has(name);
      const owner = v.mines[name];
      const cell = s("g", { "data-square": name, class: ["square", selected === name ? "selected" : "", lit ? "target" : ""].join(" ") },
        s("rect", { x, y, width: CELL, height: CELL, fill: lit ? "#f7e27a" : selected === name ? "#e9c46a" : (file + row) % 2 ? "#d8c99b" : "#e6d9ad",
          stroke: "#a89863", "stroke-width": 0.6 }),
        piece(letter === "M" || letter === "m" ? (owner === "Azure" ? "m" : "M") : letter, x, y));
      const what = letter === "." ? "open ground" : `${letter === letter.toUpperCase() && letter !== "F" ? "Crimson " : letter !== "F" ? "Azure " : ""}${KIND[letter.toUpperCase()]}`;
      if (targets.has(name)) svgButton(cell, `${name}: move ${selected} here`, () => { ctx.play(`${selected}-${name}`); });
      else if (frees.has(name)) svgButton(cell, `${name}: free a soldier here`, () => ctx.play(`free ${name}`));
      else if (from.has(name)) {
        svgButton(cell, `${name}: ${what}; show its moves`, () => {
          selected = selected === name ? null : name;
          ctx.sounds.click();
          render(board, update, ctx);
        });
      } else cell.setAttribute("aria-label", `${name}: ${what}`);
      svg.append(cell);
    });
  });
  [...FILES].forEach((f, i) => svg.append(s("text", { x: i * CELL + CELL / 2, y: size + 18, "text-anchor": "middle", "font-size": 13, fill: "#5b4a2a" }, f)));

  const hud = h("div", { class: "gb-hud" }, v.sides.map((side, seat) => h("div", { class: `gb-side ${seat ? "gb-blue" : "gb-red"}`,
    "aria-label": `${side.army}` },
  h("strong", {}, `${seatName(update.players, seat)}: ${side.army}`),
  h("span", { "data-hud": `mines-${seat}` }, `Mines Captured: ${side.mines_captured} / ${side.mines_to_win}`),
  h("span", { "data-hud": `captured-${seat}` }, `Captured Soldiers: ${side.captured_soldiers}`),
  h("span", {}, `Soldiers: ${side.soldiers} · Towers: ${side.towers.length}`),
  update.players[seat]?.kind === "computer" ? difficulty(update, seat, ctx) : null)));

  const hint = selected ? `${selected} selected: click a lit square to move there.`
    : moves.length ? "Click one of your units to see its moves." : frees.size ? "Choose a square to free a soldier onto." : "";
  board.replaceChildren(h("div", { class: "gold-battle" }, hud, svg,
    hint ? h("p", { class: "kg-note" }, hint) : null,
    h("details", { class: "rulebook" }, h("summary", {}, "Royal Rulebook"),
      h("p", {}, "All commanders and soldiers must follow these laws of battle."),
      h("ol", {}, RULEBOOK.map(([title, text]) => h("li", {}, h("strong", {}, title), ". ", text))))));
}

function difficulty(update, seat, ctx) {
  const levels = ctx.levels || [];
  if (!ctx.setLevel || !levels.length || ctx.replay) return h("span", {}, `Difficulty: ${update.players[seat].level}`);
  return h("label", {}, "Difficulty: ", h("select", { "data-difficulty": seat, onchange: (e) => ctx.setLevel(seat, e.target.value) },
    levels.map((level) => h("option", { value: level, selected: level === update.players[seat].level }, level))));
}

export function sound(previous, update, sounds) {
  if (update.log.some((line) => /captur|destroy|falls/i.test(line))) sounds.thud();
  else sounds.click();
}
