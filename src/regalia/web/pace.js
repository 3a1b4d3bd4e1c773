// Moments you can see: updates from the server are drawn one after another, each held on the table for a
// short pause before the next replaces it (BGA's notification queue), so the card laid, the dice that ended
// a turn or the capture made stay in sight. A person's own move releases the hold at once.
//
//   frame 1 ──draw──▶ [held 0.8 s] ──▶ frame 2 ──draw──▶ [held] ...     act() ─▶ hold released
//
// "Fast" (a toggle on the table, kept in localStorage) shortens every pause; tests switch pacing off
// (window.REGALIA_PACE = "off", or localStorage "regalia.pace" = "off").
import { h } from "./dom.js";

const FAST_KEY = "regalia.fast";
/** The pause after an ordinary move, and after a big moment (a banner), in ms: [normal, fast]. */
export const HOLD = { move: [800, 300], big: [2000, 700] };

/** Pacing switched off (tests): no pause, no animation. */
export function paceOff() {
  return window.REGALIA_PACE === "off" || localStorage.getItem("regalia.pace") === "off";
}

export function isFast() { return localStorage.getItem(FAST_KEY) === "1"; }

export function setFast(value) { localStorage.setItem(FAST_KEY, value ? "1" : "0"); }

/** How long a moment of ``kind`` ("move" or "big") stays on the table now. */
export function holdFor(kind = "move") {
  if (paceOff()) return 0;
  return (HOLD[kind] || HOLD.move)[isFast() ? 1 : 0];
}

/** A queue's gate: ``ready()`` waits until the last drawn moment has been shown for its time. */
export class Pacer {
  constructor() {
    this.until = 0;
    this.release = null;
    this.rushing = false;
  }

  /** Hold the table ``ms`` from now (the moment just drawn). */
  hold(ms) { this.until = performance.now() + ms; }

  /** The next update may be drawn: the hold is over (or released by the person's own move). */
  ready() {
    const left = this.rushing ? 0 : this.until - performance.now();
    if (left <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.release = null; resolve(); }, left);
      this.release = () => { clearTimeout(timer); this.release = null; resolve(); };
    });
  }

  /** A turn on the clock has come for the person (a timed match): draw what is queued without a pause until
   *  it is on the table (``arrived()``), so that no second of their time is spent watching a hold. */
  rush() {
    this.rushing = true;
    this.go();
  }

  /** The update the rush was for is drawn. */
  arrived() { this.rushing = false; }

  /** The person acted: what they waited on has been seen. */
  go() {
    this.until = 0;
    this.release?.();
  }
}

/** The table's "Fast" toggle (computer moves and pauses quicker). */
export function fastToggle() {
  const box = h("input", { type: "checkbox", id: "fast-toggle", onchange: (e) => setFast(e.target.checked) });
  box.checked = isFast();
  return h("label", { class: "fast-toggle", title: "Shorter pauses between moves" }, box, " Fast");
}
