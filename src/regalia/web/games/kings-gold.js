// King's Gold's table: five Pirate Dice (click to hold; Skulls locked), the Royal Treasury, the Skull
// Island Reserve, the Captain's Ledger and the round chronometer. Every button plays an action string
// that the server listed in ``legal``; nothing here decides what is allowed.
//
//   ┌ Royal Treasury ┐  ┌ Skull Island ┐  ┌ chronometer ┐
//   [die 1][die 2][die 3][die 4][die 5]      <- click a die to hold it
//   Roll · Re-roll n · Stop · Crest: convert/shield
//   Captain's Ledger (Fire! on a row when a Cannon is aimed)
import { columnHeader, h, namedSeat, s, seatName, svgButton } from "../dom.js";
import { diceSkinSetting } from "../profile.js";
import { blitzDial } from "./kings-gold/clock.js";
import { currentSkin, dieBody } from "./kings-gold/dice.js";
import { duelPanel, revealed } from "./kings-gold/duel.js";
import { fly } from "./kings-gold/flights.js";

let drawn = null;  // [board, update, ctx] drawn last: redrawn in the new skin when the captain picks one
new MutationObserver(() => {
  if (drawn?.[0].isConnected) render(drawn[0], drawn[1], { ...drawn[2], fresh: false });
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-dice-skin"] });
let skinAsked = false;  // a replay asks the profile for its skin once (the table's setting does it at play)

let held = new Set();
let heldFor = null;
let animated = null;  // the version whose throw was animated: a redraw (a die held, an answer refused) rolls nothing
let lastThrow = null;  // {captain, dice, locked, lines}: the last throw in the log and what followed it
let linesFor = null;  // the version whose log lines were counted into lastThrow

/** The moments of rule 3 (and the Mutiny) as the captain's log announces them: a banner and a sound each. The
 *  heists' words come from the rules (the served board's ``heists``, in rule 3's order), never from a copy here. */
const HEIST_LOOKS = [
  { sound: "ransom", kind: "kg-ransom" },
  { sound: "broadside", kind: "kg-broadside" },
  { sound: "amnesty", kind: "kg-amnesty" },
];
const MUTINY = { line: "Mutiny!", sound: "mutiny", kind: "kg-mutiny" };

export function heistMoments(geometry) {
  const heists = geometry?.heists || [];
  return heists.map((line, i) => ({ line, ...HEIST_LOOKS[i] })).concat([MUTINY]);
}

/** A padlock over a locked Skull, drawn the moment it lands. */
function lockMark() {
  return s("g", { class: "lock-mark", "aria-hidden": "true" },
    s("circle", { cx: 70, cy: 10, r: 13, fill: "#b22222", stroke: "#fff", "stroke-width": 2 }),
    s("path", { d: "M65 10v-3a5 5 0 0 1 10 0v3", fill: "none", stroke: "#fff", "stroke-width": 2 }),
    s("rect", { x: 63, y: 9, width: 14, height: 9, rx: 2, fill: "#fff" }));
}

const THROW_LINE = /^(\S+) (?:rolls|now shows) ((?:Skull|Cannon|Coin|Crest)(?: (?:Skull|Cannon|Coin|Crest)){4})$/;

/** Follow the throws in the captain's log (its throw line names all five dice, as they lie): a turn that ends
 *  on its throw (three Skulls, a Mutiny) arrives with the dice already passed on, so the table draws the last
 *  throw and what it did from the log until the next captain throws. */
function followThrow(update) {
  const v = update.view;
  const key = `${update.match}:${update.version}`;
  if (!String(linesFor).startsWith(`${update.match}:`)) lastThrow = null;  // another match: its own throws
  if (linesFor !== key) {
    linesFor = key;
    for (const line of update.log || []) {
      const thrown = THROW_LINE.exec(line);
      if (thrown) {
        const captain = v.captains.find((c) => c.name === thrown[1])?.seat ?? v.captain;
        const dice = thrown[2].split(" ");
        lastThrow = { captain, dice, locked: dice.map((f, i) => (f === "Skull" ? i + 1 : 0)).filter(Boolean), lines: [line] };
      } else if (lastThrow) {
        lastThrow.lines = [...lastThrow.lines, line].slice(-8);
      }
    }
  }
  return v.dice.every((f) => f === null) && lastThrow ? lastThrow : null;
}

/** A replay's step that ended a turn on its throw: that throw and what followed, from the step's own lines. */
function throwOfStep(update) {
  const v = update.view;
  if (!v.dice.every((f) => f === null)) return null;
  let found = null;
  for (const line of update.log || []) {
    const thrown = THROW_LINE.exec(line);
    if (thrown) {
      const dice = thrown[2].split(" ");
      found = { captain: v.captains.find((c) => c.name === thrown[1])?.seat ?? v.captain, dice,
        locked: dice.map((f, i) => (f === "Skull" ? i + 1 : 0)).filter(Boolean), lines: [line] };
    } else if (found) {
      found.lines.push(line);
    }
  }
  return found;
}

function rerollAction(view) {
  const free = view.dice.map((f, i) => i + 1).filter((n) => view.dice[n - 1] !== null && !view.locked.includes(n) && !held.has(n));
  return free.length ? `reroll ${free.join(" ")}` : null;
}

function thrownNow(update) {
  const action = update.last?.action || "";
  if (action === "roll") return new Set([1, 2, 3, 4, 5]);
  if (action.startsWith("reroll ")) return new Set(action.slice(7).split(" ").map(Number));
  return new Set();
}

/** A captain as the Ledger and the action list name it: "Ben · Computer (medium)" (the seat as the players' bar names it). */
function captainName(update, seat) {
  const captain = update?.view?.captains?.find((c) => c.seat === seat);
  const player = seatName(update?.players, seat);
  return captain && captain.name !== player ? `${captain.name} · ${player}` : player;  // "Anne", not "Anne · Anne"
}

export const onTable = true;  // every action has its control on the table (dice, buttons, Fire!, cards): "All moves" folds

export function label(action, update) {
  if (action === "roll") return "Roll the dice";
  if (action === "stop") return "Stop and resolve";
  if (action.startsWith("reroll ")) return `Re-roll dice ${action.slice(7).replaceAll(" ", ", ")}`;
  if (action === "crest convert") return "Crest: pair with a Coin (Doubloon)";
  if (action === "crest shield") return "Crest: take a Shield";
  if (action.startsWith("fire ")) return `Fire a Cannon at ${captainName(update, Number(action.slice(5)))}`;
  const dealt = update?.view?.duel?.hand?.dealt;
  if (action.startsWith("keep ") && dealt) return `Keep ${dealt[Number(action.slice(5)) - 1]}`;
  if (action === "pass") return update?.view?.pending?.against === "theft" ? "Throw the counter-cannon die" : "Let the Curse be";
  if (action.startsWith("play Powder Monkey ")) return `Play Powder Monkey on die ${action.split(" ").pop()}`;
  if (action.startsWith("play ")) return `Play ${action.slice(5)}`;
  return action;
}

export function render(board, update, ctx) {
  const v = update.view;
  drawn = [board, update, ctx];
  if (ctx.replay && !skinAsked && !document.documentElement.dataset.diceSkin) {
    skinAsked = true;
    diceSkinSetting().catch(() => null);  // sets the page's skin from the profile (none: classic)
  }
  const skin = currentSkin();
  const key = `${update.version}`;
  if (heldFor !== key) { held = new Set(); heldFor = key; }
  const legal = new Set(ctx.legal);
  const canReroll = [...legal].some((a) => a.startsWith("reroll "));
  // the turn before's last throw, the dice passed on (a replay's step: the throw of its own log lines only)
  const shown = ctx.replay ? throwOfStep(update) : followThrow(update);
  // a throw rolls once, when its update is new (not on a redraw, a die held, or a page opened on a finished match)
  const thrown = animated === update.version || (shown && !ctx.replay) || !(ctx.fresh || ctx.replay) ? new Set() : thrownNow(update);
  const resolving = ctx.fresh && animated !== update.version;  // its resolution flies once, when it is new
  animated = update.version;
  const justHeld = ctx.justHeld || 0;
  const faces = shown ? shown.dice : v.dice;
  const lockedDice = shown ? shown.locked : v.locked;

  const dice = s("g", { class: `dice${shown ? " last-throw" : ""}`, transform: "translate(20 150)" });
  faces.forEach((name, i) => {
    const n = i + 1;
    const locked = lockedDice.includes(n);
    const isHeld = !shown && held.has(n);
    const die = s("g", { class: ["die", locked ? "locked" : "", isHeld ? "held" : "", thrown.has(n) ? "rolling" : "",
      thrown.has(n) && locked ? "landed-skull" : "", justHeld === n ? "just-held" : "", shown ? "last-throw" : ""].join(" ").replace(/\s+/g, " ").trim(),
    transform: `translate(${i * 150 + 30} 0)`, "data-die": n, "data-face": name || "" },
    s("g", { class: "die-body" }, dieBody(name, skin,
      { stroke: locked ? "#b22222" : isHeld ? "#d4a017" : null, width: locked || isHeld ? 5 : null })),
    locked ? lockMark() : null,
    s("text", { x: 40, y: 102, "text-anchor": "middle", "font-size": 14, fill: locked ? "#ffb3b3" : "#fff", class: "kg-die-label" },
      locked ? "locked" : isHeld ? "held" : name ? `die ${n}` : ""));
    if (!shown && !locked && name && canReroll) {
      svgButton(die, `Die ${n}: ${name}${isHeld ? ", held" : ""}. Press to ${isHeld ? "release" : "hold"} it.`, () => {
        if (held.has(n)) held.delete(n); else held.add(n);
        ctx.sounds.click();
        render(board, update, { ...ctx, justHeld: n });
      });
    } else {
      die.setAttribute("aria-label", `Die ${n}: ${name || "not thrown"}${locked ? ", a Skull locked for the turn" : ""}`);
      die.setAttribute("role", "img");
    }
    dice.append(die);
  });

  const treasury = s("g", { transform: "translate(20 15)", class: "treasury", role: "img",
    "aria-label": `Royal Treasury: ${v.treasury.coins} gold coins, ${v.treasury.doubloons} doubloons` },
  s("rect", { width: 240, height: 100, rx: 10, fill: "#5a3a1a", stroke: "#f2c230", "stroke-width": 2 }),
  s("text", { x: 120, y: 24, "text-anchor": "middle", fill: "#f2c230", "font-size": 16, "font-weight": "bold", class: "kg-title" }, "Royal Treasury"),
  s("circle", { cx: 50, cy: 62, r: 18, fill: "#f2c230", stroke: "#8a6400", "stroke-width": 2, class: "treasury-coins" }),
  s("text", { x: 80, y: 69, fill: "#fff", "font-size": 20, class: "kg-num" }, `${v.treasury.coins}`),
  s("circle", { cx: 150, cy: 62, r: 18, fill: "#e0e0e0", stroke: "#8a6400", "stroke-width": 2 }),
  s("text", { x: 150, y: 68, "text-anchor": "middle", "font-size": 14, fill: "#8a6400" }, "D"),
  s("text", { x: 180, y: 69, fill: "#fff", "font-size": 20, class: "kg-num" }, `${v.treasury.doubloons}`));

  const reserve = s("g", { transform: "translate(280 15)", class: "reserve", role: "img", "aria-label": `Skull Island Reserve: ${v.reserve} coins` },
    s("rect", { width: 240, height: 100, rx: 10, fill: "#1b4d3e", stroke: "#9fd6b8", "stroke-width": 2 }),
    s("text", { x: 120, y: 24, "text-anchor": "middle", fill: "#cfeede", "font-size": 16, "font-weight": "bold", class: "kg-title kg-wide" }, "Skull Island Reserve"),
    s("text", { x: 120, y: 24, "text-anchor": "middle", fill: "#cfeede", "font-size": 16, "font-weight": "bold", class: "kg-title kg-narrow" }, "Skull Island"),
    s("path", { d: "M30 85 Q70 40 120 50 T210 85z", fill: "#c2a36b", class: "reserve-isle" }),
    s("circle", { cx: 120, cy: 60, r: 12, fill: "#1d1d1d" }),
    s("text", { x: 120, y: 95, "text-anchor": "middle", fill: "#fff", "font-size": 18, class: "kg-num" }, `${v.reserve}`));

  const round = Math.max(v.round, 1); // the view counts rounds from 1 (0 while the captains roll off for the helm)
  const rounds = v.navy_rounds ? `${round} / ${v.navy_rounds}` : `${round}`;
  const dial = s("g", { transform: "translate(540 15)", role: "img",
    "aria-label": `Round ${rounds}; ${v.rolls_left} throws left this turn` },
  s("rect", { width: 240, height: 100, rx: 10, fill: "#2a1e10", stroke: "#d4a017", "stroke-width": 2 }),
  s("text", { x: 120, y: 24, "text-anchor": "middle", fill: "#d4a017", "font-size": 16, "font-weight": "bold", class: "kg-title" }, "Chronometer"),
  // Blackbeard's Blitz: the face is the turn's clock, draining; otherwise its hand points at the round
  v.clock?.turn_seconds ? blitzDial(55, 62, v, ctx.replay ? [] : update.seats || [], ctx.sounds) : [
    s("circle", { cx: 55, cy: 62, r: 28, fill: "#fbf6e9", stroke: "#d4a017", "stroke-width": 3 }),
    s("line", { x1: 55, y1: 62, x2: 55 + 22 * Math.sin((round % 12) * Math.PI / 6), y2: 62 - 22 * Math.cos((round % 12) * Math.PI / 6),
      stroke: "#6b1b3a", "stroke-width": 3, "stroke-linecap": "round" })],
  s("text", { x: 150, y: 60, "text-anchor": "middle", fill: "#fff", "font-size": 15, class: "kg-round" }, `Round ${rounds}`),
  [0, 1, 2].map((i) => s("circle", { cx: 125 + i * 25, cy: 80, r: 8, fill: i < v.rolls_left ? "#d4a017" : "#555" })));

  const sea = s("svg", { viewBox: "0 0 800 290", class: "kg-table", role: "group", "aria-label": "King's Gold table", "data-skin": skin },
    s("rect", { width: 800, height: 290, fill: "#0e4d64", rx: 12 }),
    s("path", { d: "M0 270 Q100 250 200 270 T400 270 T600 270 T800 270 V290 H0z", fill: "#1b7a8c" }),
    treasury, reserve, dial, dice,
    shown ? s("text", { x: 400, y: 140, "text-anchor": "middle", fill: "#fff", "font-size": 15, class: "last-throw-caption" },
      `${captainName(update, shown.captain)}'s last throw`) : null);

  const reroll = rerollAction(v);
  const controls = h("div", { class: "kg-controls", role: "group", "aria-label": "Dice controls" },
    ["roll", "stop", "crest convert", "crest shield"].filter((a) => legal.has(a)).map((a) =>
      h("button", { type: "button", class: "primary", "data-kg": a, onclick: () => ctx.play(a) }, label(a))),
    canReroll ? h("button", { type: "button", class: "primary", "data-kg": "reroll", disabled: !(reroll && legal.has(reroll)),
      onclick: () => ctx.play(reroll) }, reroll ? `Re-roll ${reroll.slice(7).split(" ").length} dice` : "Hold fewer dice to re-roll") : null,
    canReroll ? h("span", { class: "muted" }, "Click a die to hold it.") : null);

  // Score counts the Master Pirate bonus of the largest heist so far; the bonus is shown apart as its own
  // mark beside it, so a 5-point heist does not read as 15. Threat: what a rival could take next turn, as
  // the view words it.
  const bonusOf = (c) => c.points?.master_pirate || 0;
  // the Master Pirate's row also says which haul holds the record (the largest of the match so far)
  const haul = v.record?.points || 0;
  const mark = (c) => bonusOf(c) ? [h("span", { class: "mp-bonus" }, `+${bonusOf(c)} Master Pirate${v.is_over ? "" : ", for now"}`),
    haul && v.record.holder === c.seat ? h("span", { class: "mp-haul", title: "The single largest haul of the match so far" },
      `largest haul: ${haul} point${haul === 1 ? "" : "s"}`) : null] : "";
  const risk = (c) => (c.at_risk >= 4 ? "threat-high" : c.at_risk > 0 ? "threat-medium" : "threat-low");
  const ledger = h("table", { class: "ledger", "aria-label": "Captain's Ledger" },
    h("caption", {}, "Captain's Ledger"),
    h("thead", {}, h("tr", {}, ["Captain", "Gold", ["Doubloons", "Dbl."], ["Shields", "Shd."], "Score", "Bonus",
      ["A rival could take next turn", "Threat"], ""].map(columnHeader))),
    h("tbody", {}, v.captains.map((c) => h("tr", { "data-seat": c.seat,
      class: [c.seat === v.captain ? "at-helm" : "", c.eliminated ? "out" : "", bonusOf(c) ? "master-pirate-row" : ""].join(" ").trim() },
      h("th", { scope: "row" }, namedSeat(c.name, update.players, c.seat), c.seat === v.captain ? " ⚓" : "", c.immune ? " (immune)" : ""),
      h("td", { class: "gold" }, c.coins), h("td", {}, c.doubloons), h("td", {}, c.shields),
      h("td", { class: "score" }, c.score), h("td", { class: "master-pirate" }, mark(c)),
      h("td", { class: `threat ${risk(c)}` }, c.threat),
      h("td", {}, legal.has(`fire ${c.seat}`) ? h("button", { type: "button", class: "fire", "data-kg": `fire ${c.seat}`,
        onclick: () => ctx.play(`fire ${c.seat}`) }, "Fire!") : "")))));

  const notes = [];
  if (v.pending?.decision === "crest") notes.push(`${v.pending.crests_left} Crest(s) to assign.`);
  if (v.pending?.decision === "fire") notes.push(`${v.pending.cannons_left} Cannon(s) to aim: choose a ship in the Ledger.`);
  if (v.end_triggered && !v.is_over) notes.push("The end is near: this round is the last.");
  const summary = shown ? lastThrowSummary(update, shown) : null;
  const root = h("div", { class: "kings-gold" }, sea, summary, controls,
    notes.length ? h("p", { class: "kg-note" }, notes.join(" ")) : null, duelPanel(update, ctx), ledger);
  board.replaceChildren(root);
  // the throw's resolution as it happens (coins, cannon shots, the Curse), read from this update's log lines
  if (resolving) fly(root, v, update.log || [], { big: Boolean(moment(null, update, ctx)?.banner), sounds: ctx.sounds });
}

/** What the last throw did (the log's lines of its resolution), beside the dice kept in sight. */
function lastThrowSummary(update, shown) {
  const lines = shown.lines.filter((line) => !/ is dealt | keeps one card/.test(line));
  const fast = update.view.fast_roll;
  return h("div", { class: "kg-last", role: "status", "aria-label": "The last throw" },
    h("strong", {}, `${captainName(update, shown.captain)}'s turn ended:`),
    fast ? h("span", {}, ` ${lines.slice(-2).join(" · ")}`) : h("ul", {}, lines.slice(-5).map((line) => h("li", {}, line))));
}

/** A big moment of this update, for the table's banner (banner.js; its sound through sound.js, muted with the
 *  page): a heist, a Mutiny, an ability card revealed. Read from the log's announcements and the views. */
export function moment(before, update, ctx = {}) {
  const lines = update.log || [];
  for (const heist of heistMoments(ctx.geometry)) {
    const line = lines.find((l) => l.startsWith(heist.line));
    if (line) return { banner: line, sound: heist.sound, kind: heist.kind };
  }
  const card = revealed(before, update);
  return card ? { banner: card, sound: "reveal" } : null;
}

export function sound(previous, update, sounds, ctx = {}) {
  const action = update.last?.action || "";
  if (action === "roll" || action.startsWith("reroll")) sounds.roll();
  else if (action.startsWith("fire")) sounds.thud();
  else sounds.click();
  // a heist's own sound comes with its banner (moment())
  const skulls = (v) => v.dice.filter((f) => f === "Skull").length;
  if (previous && skulls(update.view) > skulls(previous.view)) setTimeout(() => sounds.skull(), 450);
}

/** Where the hint's choice is on the table (hint.js rings it): its button (Roll, Stop, Fire!, a Crest's use)
 *  and, for a re-roll, the dice it would throw again. */
export function hintMarks(action) {
  const marks = [`[data-kg='${action}']`];
  if (action.startsWith("reroll ")) {
    marks.push("[data-kg='reroll']", ...action.slice(7).split(" ").map((n) => `.die[data-die='${n}']`));
  }
  return marks;
}
