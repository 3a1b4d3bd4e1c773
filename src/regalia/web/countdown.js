// The turn clock on the table (Blackbeard's Blitz): the server keeps the time and calls it; this only
// counts down from the "clock" frame it sends after each update (seconds left when it was sent).
import { h } from "./dom.js";

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
    this.el.hidden = true;
  }
}
