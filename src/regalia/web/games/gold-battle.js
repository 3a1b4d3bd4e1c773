// The Gold Battle's table: the 11×11 board with forests, gold mines and towers, played on the board itself.
// Click or tap one of your units: its lit squares are the server's legal moves from there (ctx.legal, filtered
// by the square; the browser decides nothing); click a lit square to move. By keyboard, the arrow keys move a
// focus ring over the lit choices (keys.js: every element marked ``data-lit``) and Enter takes one. The list
// of every legal move stays, folded, beside the board ("All moves", moves.js: this table is ``onTable``).
//
// What the board shows besides the pieces, all read from what the server sent:
//   * the last move: its from and to squares marked (update.last; highlight.js), the unit sliding from where
//     it stood (animate.js);
//   * a fading cross where a unit fell (a unit on the previous update's board, gone from this one);
//   * units in danger (view.in_danger, listed by the rules package: a unit standing between enemies falls
//     after the enemy's next move if it is still caught): a red ring and a "!" badge;
//   * big moments (a commander taken, a mine taken, a tower destroyed) as a banner (``moment``, banner.js).
//
//     a b c d e f g h i j k
//  11 . . t . . c . . t . .   <- the Azure Lords: lower case in view.board
//  ..
//   1 . . T . . C . . T . .   <- the Crimson Knights: upper case;  F forest, M/m mines (view.mines: owner)
//
// The person playing the Azure Lords sees the board turned round, their own army at the bottom. On a phone the
// whole board fits the screen; "Zoom in" makes its squares 46 px (tap targets) in a box that pans.
import { slideFrom } from "../animate.js";
import { h, s, seatName, svgButton } from "../dom.js";
import { markLastMove } from "../highlight.js";
import { levelTitle } from "../leavers.js";

const FILES = "abcdefghijk";
const CELL = 52;
const CRIMSON = "#b3261e";
const AZURE = "#1f5fbf";
const ZOOM_CELL = 46;  // px a square when zoomed (a phone): tap targets of at least 40 px
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
const STYLE = `
.gold-battle .gb-scroll { overflow: auto; max-width: 100%; -webkit-overflow-scrolling: touch; }
.gold-battle svg.gb-board { width: min(100%, max(360px, calc(100vh - 330px))); margin: 0 auto; }  /* the whole board on screen */
.gold-battle.zoomed .gb-scroll { max-height: 70vh; }
.gold-battle.zoomed svg.gb-board { width: ${ZOOM_CELL * 11 + 26}px; max-width: none; }
.gold-battle .gb-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem .8rem; margin: .3rem 0; }
.gold-battle .gb-turn { font-weight: bold; margin: 0; }
.gold-battle .gb-zoom { min-height: 40px; min-width: 40px; }
.gold-battle .gb-hud { gap: .35rem; margin-bottom: .3rem; }
.gold-battle .gb-side { flex: 1 1 15rem; padding: .25rem .6rem; font-size: .85rem; }
.gold-battle .gb-side .gb-figures { display: flex; flex-wrap: wrap; gap: 0 .8rem; }
.gb-board .square { cursor: default; }
.gb-board .square.clickable { cursor: pointer; }
.gb-board .piece { transition: transform .35s ease; }
.gb-board .selected > rect:first-child { fill: #e9c46a; }
.gb-board .danger-ring { animation: gb-danger 1s ease-in-out infinite alternate; }
@keyframes gb-danger { from { stroke-opacity: 1; } to { stroke-opacity: .35; } }
.gb-board .fallen { animation: gb-fall 2.4s ease-out forwards; pointer-events: none; }
@keyframes gb-fall { 0% { opacity: 1; } 70% { opacity: .8; } 100% { opacity: 0; } }
@media (prefers-reduced-motion: reduce) { .gb-board .danger-ring, .gb-board .piece { animation: none; transition: none; } }
`;

let selected = null;
let selectedAt = null;
let zoomed = false;  // the person zoomed the board in (a phone: squares of at least 40 px, the board pans)
let justZoomed = false;  // the Zoom button was pressed: the zoomed board is brought into the window once

function ensureStyle() {
  if (document.getElementById("gold-battle-style")) return;
  document.head.append(h("style", { id: "gold-battle-style" }, STYLE));
}

function piece(letter, x, y) {
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  const crimson = letter === letter.toUpperCase();
  const colour = crimson ? CRIMSON : AZURE;
  switch (letter.toUpperCase()) {
    case "F": return s("g", {}, s("polygon", { points: `${cx},${y + 6} ${x + 10},${y + 40} ${x + CELL - 10},${y + 40}`, fill: "#2e6b2f" }),
      s("rect", { x: cx - 3, y: y + 40, width: 6, height: 7, fill: "#5a3a1a" }));
    case "M": return s("g", {}, s("polygon", { points: `${cx},${y + 8} ${x + CELL - 8},${cy} ${cx},${y + CELL - 8} ${x + 8},${cy}`,
      fill: "#f2c230", stroke: colour, "stroke-width": 4 }));
    case "T": return s("g", {}, s("rect", { x: x + 12, y: y + 14, width: CELL - 24, height: CELL - 20, fill: "#8c8c8c", stroke: colour, "stroke-width": 3 }),
      s("path", { d: `M${x + 10} ${y + 14}h6v-6h6v6h8v-6h6v6h6v4h-32z`, fill: colour }));
    case "C": return s("g", { class: "piece", "data-unit": crimson ? "crimson" : "azure" },
      s("circle", { cx, cy, r: 19, fill: colour, stroke: "#f2c230", "stroke-width": 3 }),
      s("path", { d: `M${cx - 10} ${cy + 5}l2-12 4 6 4-9 4 9 4-6 2 12z`, fill: "#f2c230" }));
    case "S": return s("g", { class: "piece", "data-unit": crimson ? "crimson" : "azure" },
      s("circle", { cx, cy, r: 14, fill: colour, stroke: "#fff", "stroke-width": 2 }));
    default: return null;
  }
}

const KIND = { F: "forest", M: "gold mine", T: "tower", C: "commander", S: "soldier" };
const UNIT = new Set(["C", "S", "c", "s"]);

/** The letter on ``name`` in a view's board (rank 11 first). */
function letterAt(view, name) {
  const file = FILES.indexOf(name[0]);
  const rank = Number(name.slice(1));
  return view.board[11 - rank]?.[file] ?? ".";
}

/** The squares of the last move, from update.last (the server's record of the step): [from, to] or [null, to]. */
function lastMove(update) {
  const action = update.last?.action;
  if (typeof action !== "string") return [null, null];
  if (action.startsWith("free ")) return [null, action.slice(5)];
  const [from, to] = action.split("-");
  return to ? [from, to] : [null, null];
}

export const onTable = true;

export function prompt(update) {
  const frees = update.legal.some((a) => a.startsWith("free "));
  if (frees) return "Tap a lit square to free a soldier onto it.";
  return "Tap one of your units, then a lit square. Keys: arrows and Enter.";
}

export function label(action) {
  if (action === "pass") return "Pass";
  if (action.startsWith("free ")) return `Free a soldier onto ${action.slice(5)}`;
  return action.replace("-", " → ");
}

/** A big moment between two updates (for the table's banner): a commander taken, a mine taken, a tower
 *  destroyed. Read off the two views the server sent. */
export function moment(before, update) {
  const old = before?.view;
  const now = update.view;
  if (!old?.sides || !now?.sides) return null;
  for (const seat of [0, 1]) {
    if (old.sides[seat].commander && !now.sides[seat].commander) {
      return { banner: `The ${now.sides[seat].army}' commander is captured!`, sound: "fanfare" };
    }
  }
  for (const seat of [0, 1]) {
    const fallen = old.sides[seat].towers.filter((t) => !now.sides[seat].towers.includes(t));
    if (fallen.length) return { banner: `The ${now.sides[seat].army}' tower ${fallen.join(" and ")} is destroyed!`, sound: "thud" };
  }
  const taken = Object.keys(now.mines).filter((sq) => old.mines[sq] && old.mines[sq] !== now.mines[sq]);
  if (taken.length) {
    const taker = now.sides.find((side) => side.name === now.mines[taken[0]]);
    return { banner: `The ${taker ? taker.army : now.mines[taken[0]]} take the gold mine at ${taken.join(" and ")}!`, sound: "coin" };
  }
  return null;
}

export function render(board, update, ctx) {
  ensureStyle();
  const v = update.view;
  if (selectedAt !== update.version) { selected = null; selectedAt = update.version; }
  const flip = (update.seats || []).length === 1 && update.seats[0] === 1;  // one person, playing Azure
  const place = (file, row) => (flip ? [10 - file, 10 - row] : [file, row]);  // view row 0 = rank 11
  const moves = ctx.legal.filter((a) => a.includes("-"));
  const frees = new Set(ctx.legal.filter((a) => a.startsWith("free ")).map((a) => a.slice(5)));
  const from = new Set(moves.map((a) => a.split("-")[0]));
  if (selected && !from.has(selected)) selected = null;
  const targets = new Set(selected ? moves.filter((a) => a.startsWith(`${selected}-`)).map((a) => a.split("-")[1]) : []);
  const danger = new Set(v.in_danger || []);
  const [lastFrom, lastTo] = lastMove(update);
  const before = ctx.previous?.view;
  // where a unit fell: on the board before this update, gone now (and not the unit that moved away)
  const fell = [];
  if (before?.board && ctx.previous.version !== update.version) {
    for (let row = 0; row < 11; row++) {
      for (let file = 0; file < 11; file++) {
        const name = `${FILES[file]}${11 - row}`;
        const was = before.board[row][file];
        if (UNIT.has(was) && name !== lastFrom && !UNIT.has(v.board[row][file])) fell.push([name, was]);
      }
    }
  }
  const size = CELL * 11;
  const svg = s("svg", { viewBox: `-24 -4 ${size + 28} ${size + 28}`, class: "gb-board", role: "grid",
    "aria-label": "The Gold Battle board" });
  const cells = new Map();
  const overlay = [];
  v.board.forEach((rowText, row) => {
    const [, shownRow] = place(0, row);
    svg.append(s("text", { x: -12, y: shownRow * CELL + CELL / 2 + 5, "text-anchor": "middle", "font-size": 13, fill: "#5b4a2a" }, 11 - row));
    [...rowText].forEach((letter, file) => {
      const name = `${FILES[file]}${11 - row}`;
      const [x, y] = place(file, row).map((n) => n * CELL);
      const lit = targets.has(name) || frees.has(name);
      const owner = v.mines[name];
      const shade = (file + row) % 2 ? "#d8c99b" : "#e6d9ad";
      const cell = s("g", { "data-square": name, class: ["square", selected === name ? "selected" : "", lit ? "target" : ""].join(" ") },
        s("rect", { x, y, width: CELL, height: CELL, fill: lit ? "#f7e27a" : shade, stroke: "#a89863", "stroke-width": 0.6 }),
        lit ? s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 7, fill: "#7a5a00", "fill-opacity": 0.45, "pointer-events": "none" }) : null,
        piece(letter === "M" || letter === "m" ? (owner === "Azure" ? "m" : "M") : letter, x, y));
      const crimson = letter === letter.toUpperCase();
      let what = letter === "." ? "open ground" : `${letter !== "F" ? (crimson ? "Crimson " : "Azure ") : ""}${KIND[letter.toUpperCase()]}`;
      if (danger.has(name)) {
        what += ", in danger";
        cell.classList.add("in-danger");
        overlay.push(s("g", { class: "danger", "data-danger": name, "pointer-events": "none" },
          s("circle", { class: "danger-ring", cx: x + CELL / 2, cy: y + CELL / 2, r: 23, fill: "none", stroke: "#e00000", "stroke-width": 3.5, "stroke-dasharray": "6 3" }),
          s("circle", { cx: x + CELL - 9, cy: y + 9, r: 8, fill: "#e00000", stroke: "#fff", "stroke-width": 1.5 }),
          s("text", { x: x + CELL - 9, y: y + 13.5, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#fff" }, "!")));
      }
      if (targets.has(name)) {
        cell.dataset.lit = `to:${name}`;
        svgButton(cell, `${name}: move ${selected} here`, () => { ctx.play(`${selected}-${name}`); });
      } else if (frees.has(name)) {
        cell.dataset.lit = `free:${name}`;
        svgButton(cell, `${name}: free a soldier here`, () => ctx.play(`free ${name}`));
      } else if (from.has(name)) {
        if (!selected || selected === name) cell.dataset.lit = `unit:${name}`;
        svgButton(cell, `${name}: ${what}; ${selected === name ? "put it back" : "show its moves"}`, (event) => {
          selected = selected === name ? null : name;
          ctx.sounds.click();
          render(board, update, { ...ctx, previous: null, fresh: false });
          if (event?.type === "keydown") {  // by keys: the ring goes on to the unit's first lit square
            const next = board.querySelector(selected ? ".square.target" : `[data-square='${name}']`);
            if (next) { next.classList.add("key-focus"); next.focus(); }
          }
        });
      } else cell.setAttribute("aria-label", `${name}: ${what}`);
      cells.set(name, cell);
      svg.append(cell);
    });
  });
  for (const [name, was] of fell) {
    const file = FILES.indexOf(name[0]);
    const [x, y] = place(file, 11 - Number(name.slice(1))).map((n) => n * CELL);
    overlay.push(s("g", { class: "fallen", "data-fallen": name, "pointer-events": "none" },
      s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: was.toUpperCase() === "C" ? 19 : 14, fill: was === was.toUpperCase() ? CRIMSON : AZURE, "fill-opacity": 0.35 }),
      s("path", { d: `M${x + 14} ${y + 14}L${x + CELL - 14} ${y + CELL - 14}M${x + CELL - 14} ${y + 14}L${x + 14} ${y + CELL - 14}`,
        stroke: "#3a0000", "stroke-width": 5, "stroke-linecap": "round" })));
  }
  svg.append(...overlay);
  [...FILES].forEach((f, i) => {
    const [shownFile] = place(i, 0);
    svg.append(s("text", { x: shownFile * CELL + CELL / 2, y: size + 18, "text-anchor": "middle", "font-size": 13, fill: "#5b4a2a" }, f));
  });
  markLastMove(lastFrom ? cells.get(lastFrom) : null, lastTo ? cells.get(lastTo) : null);

  const hud = h("div", { class: "gb-hud" }, v.sides.map((side, seat) => h("div", { class: `gb-side ${seat ? "gb-blue" : "gb-red"}`,
    "aria-label": `${side.army}` },
  h("strong", {}, seatName(update.players, seat) === side.army ? side.army : `${seatName(update.players, seat)}: ${side.army}`),
  h("span", { class: "gb-figures" },
    h("span", { "data-hud": `mines-${seat}` }, `Mines Captured: ${side.mines_captured} / ${side.mines_to_win}`),
    h("span", { "data-hud": `captured-${seat}` }, `Captured Soldiers: ${side.captured_soldiers}`),
    h("span", {}, `Soldiers: ${side.soldiers} · Towers: ${side.towers.length}`)),
  update.players[seat]?.kind === "computer" ? difficulty(update, seat, ctx) : null)));

  const mover = v.sides.find((side) => side.name === v.side_to_act);
  const turn = v.is_over ? "The battle is over."
    : ctx.legal.length ? (selected ? `${selected} selected: tap a lit square (or the unit again to put it back).`
      : frees.size ? "Your tower prize: tap a lit square to free a soldier." : `Your move, ${mover ? mover.army : ""}: tap a unit.`)
      : `${mover ? `The ${mover.army}` : v.side_to_act} to move…`;
  const phone = window.matchMedia?.("(max-width: 600px)").matches;
  const zoom = zoomed;
  const zoomButton = phone || zoomed ? h("button", { type: "button", class: "gb-zoom", "aria-pressed": String(zoom),
    onclick: () => { zoomed = !zoom; justZoomed = zoomed; render(board, update, { ...ctx, previous: null, fresh: false }); } },
  zoom ? "Fit board" : "Zoom in") : null;
  const scroll = h("div", { class: "gb-scroll" }, svg);
  const root = h("div", { class: `gold-battle${zoom ? " zoomed" : ""}` }, hud,
    h("div", { class: "gb-bar" }, h("p", { class: "gb-turn", role: "status" }, turn), zoomButton),
    scroll,
    danger.size ? h("p", { class: "gb-danger-note" }, `In danger, falls after the enemy's next move if still caught: ${[...danger].join(", ")}`) : null,
    h("details", { class: "rulebook" }, h("summary", {}, "Royal Rulebook"),
      h("p", {}, "All commanders and soldiers must follow these laws of battle."),
      h("ol", {}, RULEBOOK.map(([title, text]) => h("li", {}, h("strong", {}, title), ". ", text)))));
  board.replaceChildren(root);
  if (zoom) {  // the zoomed board opens on the player's own side (the bottom), the selection in sight
    const focusOn = cells.get(selected || lastTo || "");
    scroll.scrollTop = scroll.scrollHeight;
    if (focusOn) {
      const box = focusOn.getBoundingClientRect();
      const frame = scroll.getBoundingClientRect();
      scroll.scrollLeft += box.left - frame.left - frame.width / 2 + box.width / 2;
    } else scroll.scrollLeft = (scroll.scrollWidth - scroll.clientWidth) / 2;
    if (justZoomed && scroll.getBoundingClientRect().bottom > innerHeight) scroll.scrollIntoView({ block: "end" });
    justZoomed = false;
  }
  // the unit that moved slides from where it stood (only for a new update, not a redraw)
  if (ctx.fresh && lastFrom && lastTo && cells.has(lastTo)) {
    const unit = cells.get(lastTo).querySelector(".piece");
    const [fx, fy] = place(FILES.indexOf(lastFrom[0]), 11 - Number(lastFrom.slice(1)));
    const [tx, ty] = place(FILES.indexOf(lastTo[0]), 11 - Number(lastTo.slice(1)));
    if (unit && letterAt(v, lastTo) !== ".") slideFrom(unit, (fx - tx) * CELL, (fy - ty) * CELL);
  }
}

const OFFERED = ["easy", "medium", "hard"];  // the levels a player is offered (the API keeps random and uct)

function difficulty(update, seat, ctx) {
  const current = update.players[seat].level;
  const levels = (ctx.levels || []).filter((level) => OFFERED.includes(level) || level === current);
  if (!ctx.setLevel || !levels.length || ctx.replay) return h("span", {}, `Difficulty: ${levelTitle(current)}`);
  return h("label", {}, "Difficulty: ", h("select", { "data-difficulty": seat, onchange: (e) => ctx.setLevel(seat, e.target.value) },
    levels.map((level) => h("option", { value: level, selected: level === current }, levelTitle(level)))));
}

export function sound(previous, update, sounds) {
  if (update.log.some((line) => /captur|destroy|falls/i.test(line))) sounds.thud();
  else sounds.click();
}

/** Where the hint's move is drawn on the board (hint.js rings it): the unit's square and its target's. */
export function hintMarks(action) {
  return (action.match(/\b[a-k](?:10|11|[1-9])\b/g) || []).map((sq) => `[data-square='${sq}']`);
}
