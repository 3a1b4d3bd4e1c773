// A throw's resolution as it happens (issue #42): coins fly from the Royal Treasury to the captain's chest
// (the Ledger's Gold cell), a cannon shot crosses to the target's chest and coins come back with it, coins
// go to Skull Island on a Royal Curse, a Mutiny's chest sinks into the Treasury. Everything is read from the
// captain's log lines of the update (what the rules announced): nothing here computes what a throw does.
// The game's fast-roll setting and prefers-reduced-motion leave only the summary beside the dice (no
// flight), and the whole of it fits in the table's hold of the moment (pace.js), so the dice pass after.
import { holdFor, paceOff } from "../../pace.js";

const SHOT = 380;  // ms a cannon ball takes to cross
const COINS = 560;  // ms a coin takes to fly
const STAGGER = 70;  // ms between two coins of one payment
const MOST = 5;  // coins drawn for one payment at most (the count is written where they land)

function amount(text) {
  const coins = Number(/(\d+) coins?/.exec(text)?.[1] || 0);
  const doubloons = Number(/(\d+) doubloons?/.exec(text)?.[1] || 0);
  return { coins, doubloons };
}

/** The resolution's steps in the log's order: {shot: [from, to], blocked} and {pay: [from, to], coins,
 *  doubloons}; a place is "treasury", "reserve" or a captain's seat. Lines that move nothing are skipped. */
export function resolution(lines, captains) {
  const seatOf = new Map(captains.map((c) => [c.name, c.seat]));
  const who = (name) => (seatOf.has(name) ? seatOf.get(name) : null);
  const steps = [];
  let firing = null;  // the captain whose broadside is under way (its shields' lines name only the target)
  for (const line of lines) {
    let m;
    if ((m = /(\S+) takes (.+?) from the Royal Treasury/.exec(line)) && who(m[1]) !== null) {
      steps.push({ pay: ["treasury", who(m[1])], ...amount(m[2]) });
    } else if ((m = /(\S+) fires on every ship/.exec(line)) && who(m[1]) !== null) {
      firing = who(m[1]);
    } else if ((m = /(\S+) fires at (\S+?)(?:: (.*))?$/.exec(line)) && who(m[1]) !== null && who(m[2]) !== null) {
      const blocked = /Shield/.test(m[3] || "");
      steps.push({ shot: [who(m[1]), who(m[2])], blocked });
      if (m[3] && !blocked) steps.push({ pay: [who(m[2]), who(m[1])], ...amount(m[3]) });
    } else if ((m = /^(\S+)'s Shield takes the broadside/.exec(line)) && who(m[1]) !== null && firing !== null) {
      steps.push({ shot: [firing, who(m[1])], blocked: true });
    } else if ((m = /returns fire and takes (.+?) from (\S+)$/.exec(line)) && who(m[2]) !== null) {
      const defender = captains.find((c) => line.includes(` ${c.name} returns fire`));
      if (defender) {
        steps.push({ shot: [defender.seat, who(m[2])], blocked: false });
        if (amount(m[1]).coins) steps.push({ pay: [who(m[2]), defender.seat], ...amount(m[1]) });
      }
    } else if ((m = /(\S+) takes (\d+ coins?) from (\S+)$/.exec(line)) && who(m[1]) !== null && who(m[3]) !== null) {
      // the Duel's shot crossed when it was fired (its own update): the counter-cannon's hit brings only the coins
      if (!/The shot hits/.test(line) && !steps.some((s) => s.shot && s.shot[0] === who(m[1]) && s.shot[1] === who(m[3]))) {
        steps.push({ shot: [who(m[1]), who(m[3])], blocked: false });
      }
      steps.push({ pay: [who(m[3]), who(m[1])], ...amount(m[2]) });
    } else if ((m = /(\S+) forfeits (.+?) to Skull Island/.exec(line)) && who(m[1]) !== null) {
      steps.push({ pay: [who(m[1]), "reserve"], ...amount(m[2]) });
    } else if ((m = /(\S+) claims (.+?) from Skull Island/.exec(line)) && who(m[1]) !== null) {
      steps.push({ pay: ["reserve", who(m[1])], ...amount(m[2]) });
    } else if ((m = /(\S+)'s whole chest \((.+?)\) sinks into the Royal Treasury/.exec(line)) && who(m[1]) !== null) {
      steps.push({ pay: [who(m[1]), "treasury"], ...amount(m[2]) });
    }
  }
  return steps.filter((s) => s.shot || s.coins || s.doubloons);
}

/** No flight: the game's fast roll, the person's reduced motion, or pacing switched off (tests). */
export function flightsOff(view) {
  return Boolean(view?.fast_roll) || paceOff() || Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

function centre(el, origin) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2 - origin.left, r.top + r.height / 2 - origin.top];
}

/** Fly the resolution of ``lines`` over ``root`` (the table's own box, positioned): returns the layer of
 *  flights, or null when nothing flies. ``big``: a heist's moment, which the table holds longer. */
export function fly(root, view, lines, { big = false, sounds = null } = {}) {
  if (flightsOff(view) || !root.animate) return null;
  const steps = resolution(lines, view.captains || []);
  if (!steps.length) return null;
  const origin = root.getBoundingClientRect();
  const place = (where) => {
    const el = where === "treasury" ? root.querySelector(".treasury-coins") : where === "reserve"
      ? root.querySelector(".reserve-isle") : root.querySelector(`table.ledger tr[data-seat='${where}'] td.gold`);
    return el ? centre(el, origin) : null;
  };
  // the steps one after another, squeezed to fit the moment's hold (the dice pass when it is over)
  let at = 0;
  const timed = steps.map((step) => {
    const starts = at;
    const length = step.shot ? SHOT : COINS + STAGGER * (Math.min(MOST, step.coins + step.doubloons) - 1);
    at += step.shot ? SHOT * 0.85 : length * 0.8;
    return { step, starts, length };
  });
  const end = timed.reduce((most, t) => Math.max(most, t.starts + t.length), 0);
  const budget = Math.max(250, holdFor(big ? "big" : "move") - 60);
  const scale = Math.min(1, budget / end);
  const layer = document.createElement("div");
  layer.className = "kg-flights";
  layer.setAttribute("aria-hidden", "true");
  root.append(layer);
  let left = 0;
  const done = (el) => { el.remove(); left -= 1; if (!left) layer.remove(); };
  for (const { step, starts, length } of timed) {
    const [from, to] = step.shot || step.pay;
    const a = place(from);
    const b = place(to);
    if (!a || !b) continue;
    const lift = Math.min(120, Math.hypot(b[0] - a[0], b[1] - a[1]) / 3);
    const path = (el, delay, duration) => {
      const mid = [(a[0] + b[0]) / 2, Math.min(a[1], b[1]) - lift];
      el.style.left = "0px";
      el.style.top = "0px";
      el.style.opacity = "0";
      layer.append(el);
      left += 1;
      const go = el.animate([
        { transform: `translate(${a[0]}px, ${a[1]}px) scale(.6)`, opacity: 0 },
        { transform: `translate(${a[0]}px, ${a[1]}px) scale(.8)`, opacity: 1, offset: 0.08 },
        { transform: `translate(${mid[0]}px, ${mid[1]}px) scale(1.15)`, opacity: 1, offset: 0.5 },
        { transform: `translate(${b[0]}px, ${b[1]}px) scale(.9)`, opacity: 1 },
      ], { duration, delay, easing: "ease-in-out", fill: "backwards" });
      go.onfinish = () => done(el);
      go.oncancel = () => done(el);
      return go;
    };
    if (step.shot) {
      const ball = document.createElement("span");
      ball.className = `kg-flight kg-shot${step.blocked ? " blocked" : ""}`;
      ball.dataset.from = String(from);
      ball.dataset.to = String(to);
      path(ball, starts * scale, length * scale);
      setTimeout(() => sounds?.thud?.(), (starts + length) * scale);
      continue;
    }
    const n = Math.min(MOST, step.coins + step.doubloons);
    for (let i = 0; i < n; i++) {
      const coin = document.createElement("span");
      coin.className = `kg-flight kg-coin${i >= step.coins ? " doubloon" : ""}`;
      coin.dataset.from = String(from);
      coin.dataset.to = String(to);
      path(coin, (starts + i * STAGGER) * scale, COINS * scale);
    }
    const words = [step.coins ? `${step.coins}` : "", step.doubloons ? `${step.doubloons}D` : ""].filter(Boolean).join(" + ");
    const tag = document.createElement("span");
    tag.className = "kg-flight kg-flight-count";
    tag.textContent = `${typeof to === "number" ? "+" : ""}${words}`;
    tag.style.left = `${b[0]}px`;
    tag.style.top = `${b[1]}px`;
    tag.style.opacity = "0";
    layer.append(tag);
    left += 1;
    const shown = tag.animate([{ opacity: 0, transform: "translate(-50%, -30%)" }, { opacity: 1, transform: "translate(-50%, -110%)", offset: 0.3 },
      { opacity: 0, transform: "translate(-50%, -160%)" }], { duration: 700 * Math.max(scale, 0.5), delay: (starts + length) * scale });
    shown.onfinish = () => done(tag);
    shown.oncancel = () => done(tag);
    setTimeout(() => sounds?.coin?.(), (starts + length) * scale);
  }
  if (!left) layer.remove();
  return left ? layer : null;
}
