// The turn clock on the table (Blackbeard's Blitz): the server keeps the time and calls it; this only
// counts down from the "clock" frame it sends after each update (seconds left when it was sent).
import { h } from "./dom.js";

let running = null;  // the countdown on the page now: {seat, version, seconds, ends} (performance.now() ms)

/** The turn clock running on the page, for a table that draws it (King's Gold's Blitz dial): whose it is, the
 *  turn's whole limit and the seconds left now; null when none runs. The time is the server's, as sent. */
export function clockNow() {
  if (!running) return null;
  const left = Math.max(0, (running.ends - performance.now()) / 1000);
  return { seat: running.seat, version: running.version, seconds: running.seconds, left };
}

export class Countdown {
  constructor() {
    this.el = h("p", { class: "countdown", id: "countdown", role: "timer", "aria-live": "off", hidden: true });
    this.timer = null;
    this.version = null;
  }

  /** A frame {seat, version, seconds, seconds_left}: count down from now. */
  start(frame, players) {
    this.version = frame.version;
    const ends = performance.now() + frame.seconds_left * 1000;
    const who = players?.[frame.seat]?.name || `Seat ${frame.seat + 1}`;
    clearInterval(this.timer);
    running = { seat: frame.seat, version: frame.version, seconds: frame.seconds || frame.seconds_left, ends };
    const tick = () => {
      const left = Math.max(0, (ends - performance.now()) / 1000);
      this.el.textContent = `${who}: ${left.toFixed(1)} s`;  // the hourglass is drawn by the style sheet
      this.el.classList.toggle("urgent", left <= 3);
      if (left <= 0) clearInterval(this.timer);
    };
    this.el.hidden = false;
    tick();
    this.timer = setInterval(tick, 100);
  }

  /** A new version with no clock frame for it (yet): the old countdown is over. An older version drawn late
   *  (the table shows queued moves for their moment, pace.js) leaves the newer clock running. */
  follow(version) {
    if (this.version !== version && !(version < this.version)) this.stop();
  }

  stop() {
    clearInterval(this.timer);
    running = null;
    this.el.hidden = true;
  }
}
